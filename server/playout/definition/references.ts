import type { FileReport } from "./file-report";
import type { Path } from "./path";

export type RollKind = "pre_roll" | "post_roll" | "mid_roll";

/** A key written in one place that must name a content source or a sequence defined somewhere. */
export interface Reference {
  target: "content" | "sequence";
  key: string;
  /** Path of the value holding the key. */
  path: Path;
  report: FileReport;
  /** Set when the sequence is switched on as a pre-, post- or mid-roll. */
  roll?: RollKind;
  /** True for a `sequence: KEY` instruction, which inlines the sequence (an edge of the nesting graph). */
  inlines: boolean;
  /** The sequence whose items hold the reference; undefined for `playout` and `reset`. */
  ownerSequence?: string;
}

/** Which list an element sits in, which decides what it may do. */
export interface ElementOwner {
  section: "playout" | "reset" | "sequence" | "content";
  /** Key of the enclosing sequence definition, when `section` is "sequence" and the key is known. */
  sequenceKey?: string;
}
