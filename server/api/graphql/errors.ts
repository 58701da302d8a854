import { unwrapResolverError } from "@apollo/server/errors";
import type { GraphQLFormattedError } from "graphql";
import { DomainError } from "../../services/domain-error";

/** GraphQL error codes clients branch on. */
export const GraphqlErrorCode = {
  NotFound: "NOT_FOUND",
  ValidationFailed: "VALIDATION_FAILED",
  PayloadTooLarge: "PAYLOAD_TOO_LARGE",
  Unauthorized: "UNAUTHORIZED",
  Forbidden: "FORBIDDEN",
  TooManyRequests: "TOO_MANY_REQUESTS",
  Internal: "INTERNAL_SERVER_ERROR",
} as const;

const CLIENT_ERROR_CODES = new Set([
  "GRAPHQL_PARSE_FAILED",
  "GRAPHQL_VALIDATION_FAILED",
  "BAD_USER_INPUT",
  "BAD_REQUEST",
  "PERSISTED_QUERY_NOT_FOUND",
  "PERSISTED_QUERY_NOT_SUPPORTED",
  "OPERATION_RESOLUTION_FAILURE",
  GraphqlErrorCode.Unauthorized,
  GraphqlErrorCode.Forbidden,
]);

const DOMAIN_CODES: Record<DomainError["kind"], string> = {
  NotFound: GraphqlErrorCode.NotFound,
  Validation: GraphqlErrorCode.ValidationFailed,
  TooLarge: GraphqlErrorCode.PayloadTooLarge,
  Unauthorized: GraphqlErrorCode.Unauthorized,
  RateLimited: GraphqlErrorCode.TooManyRequests,
};

/** Domain errors become coded GraphQL errors; anything unexpected is masked. */
export function formatGraphqlError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (original instanceof DomainError) {
    const code = DOMAIN_CODES[original.kind];
    return { ...formatted, message: original.message, extensions: { code, errors: original.errors } };
  }
  const code = formatted.extensions?.code;
  if (typeof code === "string" && CLIENT_ERROR_CODES.has(code)) return formatted;
  return { message: "Internal server error", locations: formatted.locations, path: formatted.path, extensions: { code: GraphqlErrorCode.Internal } };
}
