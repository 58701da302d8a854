import { MediaServerError, type MediaServerErrorReason } from "../../media-servers/types";
import { DomainError } from "../domain-error";

const FIELD: Record<MediaServerErrorReason, string> = { unreachable: "url", tls: "url", "wrong-kind": "kind", unauthorized: "credential", "server-error": "url" };
const LABEL: Record<MediaServerErrorReason, string> = {
  unreachable: "unreachable",
  tls: "TLS failed",
  "wrong-kind": "not that kind of server",
  unauthorized: "401 unauthorized: the server refused the credential",
  "server-error": "server error",
};

/** A failed server conversation as the one domain error, naming the field and what failed; anything else is rethrown. */
export function asDomainError(error: unknown): never {
  if (error instanceof MediaServerError) throw DomainError.invalid(FIELD[error.reason], `${LABEL[error.reason]} (${error.reason}): ${error.message}`);
  throw error;
}

/** The short text a failed sync records on the library. */
export function failureText(error: unknown): string {
  if (error instanceof MediaServerError) return `${LABEL[error.reason]} (${error.reason}): ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
