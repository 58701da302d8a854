/**
 * The candidate that `word` most likely misspells, for "did you mean" hints: an exact match
 * ignoring case, or the closest candidate within a small edit distance (transpositions count 1).
 */
export function suggest(word: string, candidates: Iterable<string>): string | undefined {
  const lower = word.toLowerCase();
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    if (candidate === word) continue;
    if (candidate.toLowerCase() === lower) return candidate;
    const limit = Math.max(1, Math.floor(Math.max(word.length, candidate.length) / 3));
    if (Math.abs(candidate.length - word.length) > limit || word.length < 2) continue;
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance <= limit && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Optimal string alignment distance: insertions, deletions, substitutions, adjacent swaps. */
function editDistance(a: string, b: string): number {
  if (a.length > 64 || b.length > 64) return Number.POSITIVE_INFINITY;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i += 1) rows.push([i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j += 1) rows[0][j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[i - 2][j - 2] + 1);
      rows[i][j] = value;
    }
  }
  return rows[a.length][b.length];
}
