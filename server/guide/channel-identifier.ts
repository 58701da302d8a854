/**
 * Stable guide ids for channels, shared by the M3U `tvg-id` and the XMLTV `<channel id>`:
 * `C{number}.{sum}.{domain}`, where sum adds up the ASCII codes of the decimal digits of the
 * integer `number × 100` (`1.23` → 123 → 49+50+51 = 150 → `C1.23.150.airwave`). An instance id,
 * when set, is inserted before the domain so two servers on one LAN do not collide.
 */

export const DEFAULT_GUIDE_ID_DOMAIN = "airwave";

export interface ChannelIdOptions {
  instanceId?: string;
  domain?: string;
}

export function channelGuideId(number: string, options: ChannelIdOptions = {}): string {
  const domain = options.domain ?? DEFAULT_GUIDE_ID_DOMAIN;
  const parts = [`C${number}`, String(digitCodeSum(number))];
  if (options.instanceId) parts.push(options.instanceId);
  parts.push(domain);
  return parts.join(".");
}

/** Sum of `(digit + 48)` over the decimal digits of `number × 100` (computed on the string, no float error). */
export function digitCodeSum(number: string): number {
  const [whole = "0", fraction = ""] = number.trim().split(".");
  const hundredths = BigInt(`${whole}${fraction.padEnd(2, "0").slice(0, 2)}`);
  return [...hundredths.toString()].reduce((sum, digit) => sum + digit.charCodeAt(0), 0);
}
