/** One rule a request broke, named by the field (JSON path of the input) it concerns. */
export interface FieldError {
  field: string;
  message: string;
}

export type DomainErrorKind = "NotFound" | "Validation" | "TooLarge" | "Unauthorized" | "RateLimited";

/**
 * The one error type services throw for expected failures: the addressed thing does not exist, or
 * the input breaks a domain rule, or the input is larger than the server will hold for one request.
 * Each API layer maps it in exactly one place.
 */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly errors: readonly FieldError[] = [],
    /** RateLimited: seconds until another try is taken. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "DomainError";
  }

  static notFound(what: string, id: number | string): DomainError {
    return new DomainError("NotFound", `${what} ${id} does not exist`);
  }

  static validation(errors: readonly FieldError[]): DomainError {
    return new DomainError("Validation", errors.map((e) => `${e.field}: ${e.message}`).join("; "), errors);
  }

  static invalid(field: string, message: string): DomainError {
    return DomainError.validation([{ field, message }]);
  }

  /** The caller's credential (the owner password) is wrong (HTTP 401). */
  static unauthorized(message: string): DomainError {
    return new DomainError("Unauthorized", message);
  }

  /** Too many failed tries: none is taken for `retryAfterSeconds` (HTTP 429 with Retry-After). */
  static rateLimited(message: string, retryAfterSeconds: number): DomainError {
    return new DomainError("RateLimited", message, [], retryAfterSeconds);
  }

  /** `field` is over `limitBytes` (HTTP 413); the message names the limit. */
  static tooLarge(field: string, limitBytes: number): DomainError {
    const message = `is larger than the limit of ${describeBytes(limitBytes)}`;
    return new DomainError("TooLarge", `${field}: ${message}`, [{ field, message }]);
  }
}

/** `262144 bytes (256 KiB)`: the exact figure and a readable one. */
export function describeBytes(bytes: number): string {
  const readable = bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : bytes % 1024 === 0 ? `${bytes / 1024} KiB` : undefined;
  return readable ? `${bytes} bytes (${readable})` : `${bytes} bytes`;
}
