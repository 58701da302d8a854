/**
 * HDHomeRun device ids: 8 hex digits whose last digit is a check digit. Clients that validate ids
 * (SiliconDust's library and apps) XOR the digits, every other one passed through a fixed nibble
 * permutation, and accept the id when the result is 0.
 */

const PERMUTATION = [0xa, 0x5, 0xf, 0x6, 0x7, 0xc, 0x1, 0xb, 0x9, 0x2, 0x8, 0xd, 0x4, 0x3, 0xe, 0x0] as const;

/** XOR of the first seven digits (digits 1, 3, 5, 7 permuted); the check digit must equal it. */
function checkDigit(digits: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < 7; i++) sum ^= i % 2 === 0 ? PERMUTATION[digits[i]!]! : digits[i]!;
  return sum;
}

export function isValidHdhrDeviceId(id: string): boolean {
  if (!/^[0-9A-Fa-f]{8}$/.test(id)) return false;
  const digits = [...id].map((c) => Number.parseInt(c, 16));
  return checkDigit(digits) === digits[7];
}

/** A new valid id from seven random hex digits; `random` returns [0, 1) (a seeded one in tests). */
export function newHdhrDeviceId(random: () => number): string {
  const digits = Array.from({ length: 7 }, () => Math.floor(random() * 16) & 0xf);
  digits.push(checkDigit(digits));
  return digits.map((d) => d.toString(16).toUpperCase()).join("");
}
