import type { Access } from "../../http/write-key";
import type { Services } from "../../services";
import { createGraphqlLoaders, type GraphqlLoaders } from "./loaders";

/** Per-request state of a GraphQL operation. */
export interface GraphqlContext {
  services: Services;
  /** Scheme and host the client used, for absolute URLs. */
  baseUrl: string;
  /** Mutations may run: the request carried the write key or the owner's session, or neither is needed. */
  mayWrite: boolean;
  /** Why a mutation would be refused, if it would. */
  writeAccess: WriteAccess;
  /** Why a query would be refused (only while an owner password is set), if it would. */
  readAccess: WriteAccess;
  /** What the request proved for changes of credentials: the current write key, and where it came from. */
  proof: { writeKeyPresented: boolean; address: string };
  loaders: GraphqlLoaders;
}

/** `needs-credential`: the write key or the owner's session is wanted; `cross-site`: a page of another site sent it without the key. */
export type WriteAccess = Access;

export function createGraphqlContext(
  services: Services,
  baseUrl: string,
  access: { read: WriteAccess; write: WriteAccess },
  proof: GraphqlContext["proof"],
): GraphqlContext {
  return { services, baseUrl, mayWrite: access.write === "allowed", writeAccess: access.write, readAccess: access.read, proof, loaders: createGraphqlLoaders(services) };
}
