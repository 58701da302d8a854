/** Channel numbers such as 4 or 4.1 (what media players accept). */
export const CHANNEL_NUMBER_PATTERN = /^[0-9]{1,5}(\.[0-9]{1,2})?$/;
export const CHANNEL_NUMBER_RULE = "must be 1 to 5 digits, optionally followed by a dot and 1 or 2 digits (e.g. 4 or 4.1)";

/** `007` is channel `7` and `4.10` is `4.1`: one number, one spelling (media players compare them as numbers). */
export function normalizeChannelNumber(value: string): string {
  const match = /^([0-9]+)(?:\.([0-9]+))?$/.exec(value);
  if (!match) return value;
  const whole = match[1].replace(/^0+(?=\d)/, "");
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}
