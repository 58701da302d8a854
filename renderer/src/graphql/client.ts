import { cacheExchange, Client, fetchExchange, makeOperation, mapExchange } from "urql";
import { ownerAccessChanged } from "./owner-session";
import { isUnauthorized } from "./server-errors";
import { writeHeaders } from "./write-key";

/**
 * Every operation carries the write key header when this browser has one (with an owner password set,
 * queries need it too, unless signed in); a refusal (401) makes the app ask whether it must sign in.
 */
const writeKeyExchange = mapExchange({
  onResult(result) {
    if (isUnauthorized(result.error)) ownerAccessChanged();
  },
  onOperation(operation) {
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
