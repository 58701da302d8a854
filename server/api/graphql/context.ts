import type { Services } from "../../services";
import { createGraphqlLoaders, type GraphqlLoaders } from "./loaders";

/** Per-request state of a GraphQL operation. */
export interface GraphqlContext {
  services: Services;
  /** Scheme and host the client used, for absolute URLs. */
  baseUrl: string;
  /** The request carried the write key, or none is configured. */
  mayWrite: boolean;
  loaders: GraphqlLoaders;
}

export function createGraphqlContext(services: Services, baseUrl: string, mayWrite: boolean): GraphqlContext {
  return { services, baseUrl, mayWrite, loaders: createGraphqlLoaders(services) };
}
