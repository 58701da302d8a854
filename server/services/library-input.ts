import type { LibraryKind } from "../domain/enums";

export interface LibraryInput {
  /** 1–50 characters, unique without regard to letter case. */
  name?: string;
  /** Fixed once the library has been created. */
  kind?: LibraryKind;
  /** Absolute folder paths; each must exist, be readable and not overlap another library's path. */
  paths?: string[];
  /** RemoteStreams libraries: an IPTV M3U playlist (http or https) whose entries become live items; null removes it. */
  m3uUrl?: string | null;
}
