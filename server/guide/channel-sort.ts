/** Numeric ordering of channel numbers: 1, 1.1, 1.2, 2, 10 (not 1, 10, 2). */

export function compareChannelNumbers(a: string, b: string): number {
  const [aWhole, aFraction] = splitNumber(a);
  const [bWhole, bFraction] = splitNumber(b);
  return aWhole - bWhole || aFraction - bFraction || a.localeCompare(b);
}

export function sortByChannelNumber<T extends { number: string }>(channels: readonly T[]): T[] {
  return [...channels].sort((x, y) => compareChannelNumbers(x.number, y.number));
}

function splitNumber(number: string): [number, number] {
  const [whole = "", fraction = ""] = number.trim().split(".");
  const w = Number.parseInt(whole, 10);
  const f = fraction === "" ? 0 : Number(`0.${fraction}`);
  return [Number.isNaN(w) ? Number.MAX_SAFE_INTEGER : w, Number.isNaN(f) ? 0 : f];
}
