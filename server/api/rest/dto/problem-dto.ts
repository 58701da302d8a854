/** RFC 7807 problem details, the body of every error response under /api. */
export interface ProblemDetails {
  /** @isInt */
  status: number;
  title: string;
  detail: string;
}

export interface FieldErrorDto {
  /** The input field (JSON path) the message concerns. */
  field: string;
  message: string;
}

export interface ValidationProblemDetails extends ProblemDetails {
  errors: FieldErrorDto[];
}
