import { checkStreamHeaders, checkStreamUrl } from "../../domain/remote-stream";
import type { ScannedRemoteStream } from "../../domain/scan-protocol";
import type { Violations } from "../validation/violations";

/** What the scanner reports for a remote stream item is checked again here: the same URL and header rules. */
export function checkScannedStream(v: Violations, field: string, stream: ScannedRemoteStream | undefined): void {
  if (!stream) {
    v.add(field, "a remote stream item needs its stream");
    return;
  }
  if (stream.url !== null) {
    const url = checkStreamUrl(stream.url);
    if (!url.ok) v.add(`${field}.url`, url.message);
  } else if (!stream.error) v.add(`${field}.error`, "an item without a URL says why");
  for (const error of checkStreamHeaders(stream.headers, `${field}.headers`).errors) v.add(error.field, error.message);
}
