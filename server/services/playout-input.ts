import type { DayOfWeek, PlayoutKind } from "../domain/enums";

/**
 * Assigns a block template to the dates it matches (Block playouts). A date matches when every given
 * filter matches it; among matching assignments the highest priority wins.
 */
export interface PlayoutTemplateAssignmentInput {
  /** @isInt */
  templateId: number;
  /** Higher wins when several assignments match a date; default 0. @isInt */
  priority?: number;
  daysOfWeek?: DayOfWeek[];
  /** 1–31. */
  daysOfMonth?: number[];
  /** 1–12. */
  monthsOfYear?: number[];
  /** First date (yyyy-MM-dd, inclusive) the assignment applies. */
  startDate?: string;
  /** Last date (yyyy-MM-dd, inclusive). */
  endDate?: string;
}

/** The kind-specific source of a playout, as create and update take it. */
export interface PlayoutSourceInput {
  /** Classic: the schedule (it must have items). @isInt */
  scheduleId?: number;
  /**
   * Sequential: absolute path of a YAML definition (imports resolve next to it). ExternalJson: absolute path of a
   * dizqueTV channel JSON file. Scripted: a command line whose first token is an existing script.
   */
  scheduleFile?: string;
  /** Sequential: YAML definition text stored with the playout (imports resolve under `<data>/definitions/`). */
  definition?: string;
  /** Block: which block templates play on which dates. */
  templates?: PlayoutTemplateAssignmentInput[];
}

/** A new playout; which source fields it takes depends on `kind`. */
export interface PlayoutCreateInput extends PlayoutSourceInput {
  /** @isInt */
  channelId: number;
  kind: PlayoutKind;
}

/** Replaces a playout's source (the kind stays). */
export type PlayoutUpdateInput = PlayoutSourceInput;

export interface PlayoutPreviewInput {
  definition: string;
  /** Epoch ms or ISO 8601; default now. */
  start?: string;
  /** 1–168; default 24. */
  hours?: number;
  /** Default 1. */
  seed?: number;
}
