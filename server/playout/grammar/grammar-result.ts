/**
 * Outcome of parsing one value with a grammar. `offset` (0-based, into the input text) points at
 * the character that broke the parse, when one can be named.
 */
export type GrammarResult<T> = { ok: true; value: T } | { ok: false; message: string; offset?: number };

export function success<T>(value: T): GrammarResult<T> {
  return { ok: true, value };
}

export function failure<T>(message: string, offset?: number): GrammarResult<T> {
  return offset === undefined ? { ok: false, message } : { ok: false, message, offset };
}
