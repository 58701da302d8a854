import type { Services } from "../../services";
import { createGraphqlLoaders, type GraphqlLoaders } from "./loaders";

/** Per-request state of a GraphQL operation. */
export interface GraphqlContext {
  services: Services;
  /** Scheme and host the client used, for absolute URLs. */
  baseUrl: string;
  /** The request carried the write key, or none is configured and the request is not from another site. */
  mayWrite: boolean;
  /** Why a mutation would be refused, if it would. */
  writeAccess: WriteAccess;
  loaders: GraphqlLoaders;
}

/** `needs-key`: a key is set and the request lacks it; `cross-site`: no key is set and a page of another site sent it. */
export type WriteAccess = "allowed" | "needs-key" | "cross-site";

export function createGraphqlContext(services: Services, baseUrl: string, writeAccess: WriteAccess): GraphqlContext {
  return { services, baseUrl, mayWrite: writeAccess === "allowed", writeAccess, loaders: createGraphqlLoaders(services) };
}
