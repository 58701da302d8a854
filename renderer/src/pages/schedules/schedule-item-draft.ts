import type { CollectionType, PlayoutMode, ScheduleItemFieldsFragment, ScheduleItemInput } from "../../graphql/generated";
import type { ServerFieldError } from "../../graphql/server-errors";

/** An item being edited: the input fields plus a key that follows it through reordering. */
export type ItemDraft = ScheduleItemInput & { key: string };

let nextKey = 0;
export const newKey = () => `item-${++nextKey}`;

/** Which input field names the content, per content kind (the form shows one picker). */
export const TARGET_FIELD: Partial<Record<CollectionType, "collectionId" | "mediaItemId" | "multiCollectionId" | "smartCollectionId" | "playlistId" | "searchQuery">> = {
  Collection: "collectionId",
  TelevisionShow: "mediaItemId",
  TelevisionSeason: "mediaItemId",
  MultiCollection: "multiCollectionId",
  SmartCollection: "smartCollectionId",
  Playlist: "playlistId",
  SearchQuery: "searchQuery",
};

/** Fields each mode's form shows (the other modes' fields are not sent). */
export const MODE_FIELDS: Record<PlayoutMode, readonly (keyof ScheduleItemInput)[]> = {
  One: [],
  Multiple: ["multipleMode", "count"],
  Flood: [],
  Duration: ["playoutDuration", "tailMode", "discardToFillAttempts", "tailFillerId"],
};
const ALL_MODE_FIELDS = new Set(Object.values(MODE_FIELDS).flat());
const TARGET_FIELDS = new Set(Object.values(TARGET_FIELD));

export function emptyDraft(): ItemDraft {
  return { key: newKey(), playoutMode: "One", collectionType: "Collection", playbackOrder: "Chronological" };
}

export function draftOf(item: ScheduleItemFieldsFragment): ItemDraft {
  const draft: ItemDraft = { key: newKey(), playoutMode: item.playoutMode, collectionType: item.collectionType, playbackOrder: item.playbackOrder };
  for (const [name, value] of Object.entries(item)) {
    if (name === "id" || name === "index" || name === "__typename" || value === null || value === undefined) continue;
    (draft as Record<string, unknown>)[name] = value;
  }
  return draft;
}

/** The input the server gets for a draft: only the fields its mode and content kind show. */
export function inputOf(draft: ItemDraft, index: number): ScheduleItemInput {
  const modeFields = new Set(MODE_FIELDS[draft.playoutMode]);
  const target = TARGET_FIELD[draft.collectionType];
  const input: Record<string, unknown> = { index };
  for (const [name, value] of Object.entries(draft)) {
    if (name === "key" || name === "index" || value === undefined || value === null || value === "") continue;
    if (ALL_MODE_FIELDS.has(name as keyof ScheduleItemInput) && !modeFields.has(name as keyof ScheduleItemInput)) continue;
    if (TARGET_FIELDS.has(name as never) && name !== target) continue;
    if (name === "count" && draft.multipleMode && draft.multipleMode !== "Count") continue;
    input[name] = value;
  }
  return input as ScheduleItemInput;
}

/** The server's `items[2].playoutDuration` errors spread over the drafts that were sent, by key. */
export function itemErrorsOf(errors: readonly ServerFieldError[], sentKeys: readonly string[]): { byItem: Record<string, Record<string, string>>; rest: ServerFieldError[] } {
  const byItem: Record<string, Record<string, string>> = {};
  const rest: ServerFieldError[] = [];
  for (const error of errors) {
    const match = /^(?:input\.)?items\[(\d+)\]\.?([\w]*)/.exec(error.field);
    const key = match ? sentKeys[Number(match[1])] : undefined;
    if (!match || !key) {
      rest.push(error);
      continue;
    }
    const field = match[2] || "general";
    const fields = (byItem[key] ??= {});
    fields[field] = fields[field] ? `${fields[field]}; ${error.message}` : error.message;
  }
  return { byItem, rest };
}

export function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || to < 0 || to >= list.length) return [...list];
  const copy = [...list];
  const [moved] = copy.splice(from, 1);
  copy.splice(to, 0, moved!);
  return copy;
}
