/**
 * A dizqueTV channel file as ExternalJson playouts read it: programmes played back to back from
 * `startTime`, no looping (past the end the channel is offline).
 */
export interface ExternalChannel {
  /** Channel epoch, epoch ms (a date-time without an offset is UTC). */
  startTime: number;
  /** Programmes shorter than this are left out of the guide. */
  guideMinimumDurationSeconds: number;
  programs: ExternalProgram[];
}

export interface ExternalProgram {
  durationMs: number;
  /** A flex/offline slot: plays nothing for its duration. */
  isOffline: boolean;
  title: string;
  showTitle?: string;
  season?: number;
  episode?: number;
  year?: number;
  icon?: string;
  type?: string;
  /** Local path of the media; absent for offline slots and for programmes that only name a Plex key. */
  file?: string;
}

export interface ChannelFileError {
  /** JSON path of the offending value, e.g. `programs[3].duration`. */
  path: string;
  message: string;
}

export type ChannelFileResult = { ok: true; channel: ExternalChannel } | { ok: false; errors: ChannelFileError[] };
