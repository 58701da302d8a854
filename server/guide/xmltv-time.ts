/** XMLTV timestamps: `yyyyMMddHHmmss ±hhmm` in a given IANA time zone. */
import { DateTime } from "luxon";

export function formatXmltvTime(epochMs: number, timeZone: string): string {
  const time = DateTime.fromMillis(epochMs, { zone: timeZone });
  if (!time.isValid) throw new RangeError(`Invalid XMLTV time zone or time: ${timeZone} / ${epochMs} (${time.invalidExplanation ?? ""})`);
  return time.toFormat("yyyyMMddHHmmss ZZZ");
}

/** XMLTV `<date>` from `YYYY`, `YYYY-MM` or `YYYY-MM-DD` (dashes dropped); undefined when malformed. */
export function formatXmltvDate(releaseDate: string | undefined): string | undefined {
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(releaseDate?.trim() ?? "");
  if (!match) return undefined;
  return `${match[1]}${match[2] ?? ""}${match[2] ? (match[3] ?? "") : ""}`;
}
