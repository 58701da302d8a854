/**
 * Whether a number can be the id of a stored row. Ids are whole numbers within JavaScript's safe range;
 * anything else (1e24, 1.5, -2^70) finds nothing, as on SQLite, instead of PostgreSQL failing the query
 * on a value out of its bigint range.
 */
export const isStoredId = (id: number): boolean => Number.isSafeInteger(id);

/** The ids of `ids` that can be stored ids. */
export const storedIds = (ids: readonly number[]): number[] => ids.filter(isStoredId);
