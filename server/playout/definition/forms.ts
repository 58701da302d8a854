import { CONTENT_DEFS, INSTRUCTION_DEFS, RESET_DEFS } from "./json-schema-defs";
import type { ContentSource, Instruction, ResetInstruction } from "./model";

/** One YAML form: the key that identifies it, its `$defs` entry and its model kind. */
export interface FormSpec<Kind extends string = string> {
  key: string;
  defName: string;
  kind: Kind;
}

export type ContentForm = FormSpec<ContentSource["kind"]>;
export type InstructionForm = FormSpec<Instruction["kind"]>;
export type ResetForm = FormSpec<ResetInstruction["kind"]>;

/** Spec §2.2, in spec order; each form is recognised by its marker key. */
export const CONTENT_FORMS: readonly ContentForm[] = [
  { key: "show", defName: "showContent", kind: "show" },
  { key: "search", defName: "searchContent", kind: "search" },
  { key: "collection", defName: "collectionContent", kind: "collection" },
  { key: "multi_collection", defName: "multiCollectionContent", kind: "multiCollection" },
  { key: "smart_collection", defName: "smartCollectionContent", kind: "smartCollection" },
  { key: "playlist", defName: "playlistContent", kind: "playlist" },
  { key: "marathon", defName: "marathonContent", kind: "marathon" },
];

/** Spec §2.4, in spec order; each form is recognised by its leading key. */
export const INSTRUCTION_FORMS: readonly InstructionForm[] = [
  { key: "all", defName: "allInstruction", kind: "all" },
  { key: "count", defName: "countInstruction", kind: "count" },
  { key: "duration", defName: "durationInstruction", kind: "duration" },
  { key: "pad_to_next", defName: "padToNextInstruction", kind: "padToNext" },
  { key: "pad_until", defName: "padUntilInstruction", kind: "padUntil" },
  { key: "sequence", defName: "sequenceInstruction", kind: "sequence" },
  { key: "epg_group", defName: "epgGroupInstruction", kind: "epgGroup" },
  { key: "pre_roll", defName: "preRollInstruction", kind: "preRoll" },
  { key: "post_roll", defName: "postRollInstruction", kind: "postRoll" },
  { key: "mid_roll", defName: "midRollInstruction", kind: "midRoll" },
  { key: "repeat", defName: "repeatInstruction", kind: "repeat" },
  { key: "shuffle_sequence", defName: "shuffleSequenceInstruction", kind: "shuffleSequence" },
  { key: "skip_items", defName: "skipItemsInstruction", kind: "skipItems" },
  { key: "skip_to_item", defName: "skipToItemInstruction", kind: "skipToItem" },
  { key: "wait_until", defName: "waitUntilInstruction", kind: "waitUntil" },
  { key: "watermark", defName: "watermarkInstruction", kind: "watermark" },
];

/** Spec §2.5. */
export const RESET_FORMS: readonly ResetForm[] = [
  { key: "rewind", defName: "rewindInstruction", kind: "rewind" },
  { key: "skip_items", defName: "skipItemsInstruction", kind: "skipItems" },
  { key: "skip_to_item", defName: "skipToItemInstruction", kind: "skipToItem" },
  { key: "wait_until", defName: "waitUntilInstruction", kind: "waitUntil" },
];

/**
 * `sequence` is also a property of pre/post/mid_roll, and `repeat` of `sequence`, so those two are
 * tried last. The choice never depends on key order (upstream's does: reference §1.1).
 */
const INSTRUCTION_PRECEDENCE: readonly InstructionForm[] = [
  ...INSTRUCTION_FORMS.filter((form) => form.key !== "sequence" && form.key !== "repeat"),
  ...INSTRUCTION_FORMS.filter((form) => form.key === "sequence"),
  ...INSTRUCTION_FORMS.filter((form) => form.key === "repeat"),
];

export type ElementKind = "content" | "instruction" | "reset";

const FORMS_BY_ELEMENT: Readonly<Record<ElementKind, readonly FormSpec[]>> = {
  content: CONTENT_FORMS,
  instruction: INSTRUCTION_PRECEDENCE,
  reset: RESET_FORMS,
};

export function formsFor(element: ElementKind): readonly FormSpec[] {
  return element === "instruction" ? INSTRUCTION_FORMS : FORMS_BY_ELEMENT[element];
}

/** The form of a mapping, by the first identifying key in precedence order (not document order). */
export function chooseForm(element: ElementKind, value: Readonly<Record<string, unknown>>): FormSpec | undefined {
  return FORMS_BY_ELEMENT[element].find((form) => Object.hasOwn(value, form.key));
}

const FORM_DEFS = { ...CONTENT_DEFS, ...INSTRUCTION_DEFS, ...RESET_DEFS };

const KNOWN_PROPERTIES = new Map<ElementKind, ReadonlySet<string>>();

/** Every property name some form of this list accepts, e.g. `content`, `searches`. */
export function knownProperties(element: ElementKind): ReadonlySet<string> {
  let names = KNOWN_PROPERTIES.get(element);
  if (!names) {
    names = new Set(
      formsFor(element).flatMap((form) => Object.keys((FORM_DEFS[form.defName] as { properties?: object }).properties ?? {})),
    );
    KNOWN_PROPERTIES.set(element, names);
  }
  return names;
}
