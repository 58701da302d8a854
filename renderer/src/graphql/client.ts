import { cacheExchange, Client, fetchExchange, makeOperation, mapExchange } from "urql";
import { writeHeaders } from "./write-key";

/** Mutations carry the write key header; queries never do. */
const writeKeyExchange = mapExchange({
  onOperation(operation) {
    if (operation.kind !== "mutation") return operation;
    const previous = operation.context.fetchOptions;
    const base = typeof previous === "function" ? previous() : (previous ?? {});
    return makeOperation(operation.kind, operation, {
      ...operation.context,
      fetchOptions: { ...base, headers: { ...(base.headers as Record<string, string> | undefined), ...writeHeaders() } },
    });
  },
});

export function createGraphqlClient(): Client {
  return new Client({
    url: "/graphql",
    exchanges: [writeKeyExchange, cacheExchange, fetchExchange],
    requestPolicy: "cache-and-network",
    preferGetMethod: false,
  });
}
