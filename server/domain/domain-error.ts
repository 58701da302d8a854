/** One rule a request broke, named by the field (JSON path of the input) it concerns. */
export interface FieldError {
  field: string;
  message: string;
}

export type DomainErrorKind = "NotFound" | "Validation";

/**
 * The one error type services throw for expected failures: the addressed thing does not exist, or
 * the input breaks a domain rule. Each API layer maps it in exactly one place.
 */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly errors: readonly FieldError[] = [],
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
}
