import { MediaServerError } from "./types";

const TLS_CODES = new Set([
  "DEPTH_ZERO_SELF_SIGNED_CERT", "SELF_SIGNED_CERT_IN_CHAIN", "UNABLE_TO_VERIFY_LEAF_SIGNATURE", "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "CERT_HAS_EXPIRED", "CERT_NOT_YET_VALID", "ERR_TLS_CERT_ALTNAME_INVALID", "ERR_SSL_WRONG_VERSION_NUMBER", "EPROTO",
]);

/** The reason for an error that happened before any HTTP answer (Node's error `code`, from fetch's cause). */
export function networkFailure(code: string | undefined, what: string): MediaServerError {
  if (code && (TLS_CODES.has(code) || code.startsWith("CERT_") || code.startsWith("ERR_TLS") || code.startsWith("ERR_SSL"))) {
    return new MediaServerError("tls", `${what}: the TLS connection failed (${code})`);
  }
  return new MediaServerError("unreachable", `${what}: the server did not answer (${code ?? "no response"})`);
}

/** The reason for an HTTP answer that is not a success. */
export function statusFailure(status: number, what: string): MediaServerError {
  if (status === 401 || status === 403) return new MediaServerError("unauthorized", `${what}: the server refused the credential (HTTP ${status})`, status);
  if (status === 404) return new MediaServerError("wrong-kind", `${what}: the server does not know this request (HTTP 404)`, status);
  return new MediaServerError("server-error", `${what}: the server answered HTTP ${status}`, status);
}

/** Node's error code of a failed `fetch` (its `cause`), or of an error that carries one. */
export function errorCode(error: unknown): string | undefined {
  const withCode = (e: unknown): string | undefined => (e && typeof e === "object" && "code" in e && typeof e.code === "string" ? e.code : undefined);
  if (error && typeof error === "object" && "cause" in error) return withCode(error.cause) ?? withCode(error);
  if (error instanceof Error && error.name === "TimeoutError") return "ETIMEDOUT";
  return withCode(error);
}
