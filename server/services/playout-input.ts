import type { PlayoutKind } from "../domain/enums";

/** A new playout. Sequential playouts take exactly one of `scheduleFile` or `definition`. */
export interface PlayoutCreateInput {
  /** @isInt */
  channelId: number;
  kind: PlayoutKind;
  /** Absolute path of a YAML definition on the server (imports resolve next to it). */
  scheduleFile?: string;
  /** YAML definition text stored with the playout (imports resolve under `<data>/definitions/`). */
  definition?: string;
}

/** Replaces a Sequential playout's definition (exactly one of the two). */
export interface PlayoutUpdateInput {
  scheduleFile?: string;
  definition?: string;
}

export interface PlayoutPreviewInput {
  definition: string;
  /** Epoch ms or ISO 8601; default now. */
  start?: string;
  /** 1–168; default 24. */
  hours?: number;
  /** Default 1. */
  seed?: number;
}
