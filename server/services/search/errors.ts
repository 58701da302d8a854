import { DomainError } from "../domain-error";

/**
 * A search query that cannot be parsed or makes no sense (unknown field, bad value, smart-collection
 * cycle). `position` is the 1-based character column in the query text the user wrote; the message
 * always ends its first clause with "at position N", e.g. `expected ")" at position 17`. It is a
 * validation `DomainError` (field `query`), so the API answers 422 with the message.
 */
export class SearchQueryError extends DomainError {
  constructor(
    message: string,
    readonly position: number,
    field = "query",
  ) {
    super("Validation", message, [{ field, message }]);
    this.name = "SearchQueryError";
  }

  /** `${what} at position ${position}`, then `; ${hint}` when there is one. */
  static at(position: number, what: string, hint?: string): SearchQueryError {
    return new SearchQueryError(`${what} at position ${position}${hint ? `; ${hint}` : ""}`, position);
  }
}

/** The 1-based character (code point) column of a UTF-16 offset in `text`. */
export function columnOf(text: string, offset: number): number {
  return Array.from(text.slice(0, offset)).length + 1;
}
