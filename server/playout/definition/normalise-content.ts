import type { ElementReader } from "./element-reader";
import type { ContentForm } from "./forms";
import type { ContentOrder, ContentSource, Guid, MarathonGroupBy } from "./model";

const ORDERS: readonly ContentOrder[] = ["chronological", "shuffle"];
const GROUP_BY: readonly MarathonGroupBy[] = ["show", "season", "artist", "album"];

/** The model of one content definition; undefined when a field is unusable (already reported). */
export function normaliseContent(form: ContentForm, r: ElementReader): ContentSource | undefined {
  const base = { key: contentKey(r), index: 0, location: r.location() };
  const source = build(form, r, base);
  return r.failed ? undefined : source;
}

type Base = { key: string; index: number; location: ContentSource["location"] };

function build(form: ContentForm, r: ElementReader, base: Base): ContentSource {
  const order = (): ContentOrder => r.oneOf("order", ORDERS) ?? "chronological";
  switch (form.kind) {
    case "show":
      return { kind: "show", ...base, guids: guids(r), order: order() };
    case "search":
      return { kind: "search", ...base, query: r.string("query"), order: order() };
    case "collection":
      return { kind: "collection", ...base, name: r.string("collection"), order: order() };
    case "multiCollection":
      return { kind: "multiCollection", ...base, name: r.string("multi_collection"), order: order() };
    case "smartCollection":
      return { kind: "smartCollection", ...base, name: r.string("smart_collection"), order: order() };
    case "playlist":
      return { kind: "playlist", ...base, name: r.string("playlist"), group: r.string("playlist_group") };
    case "marathon":
      return marathon(r, base);
  }
}

function contentKey(r: ElementReader): string {
  const key = r.string("key");
  if (r.has("key") && typeof r.value("key") === "string" && key.trim() === "") r.fail("key", "key must not be empty");
  return key;
}

function guids(r: ElementReader): Guid[] {
  const raw = r.value("guids");
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry: unknown) => {
    const guid = entry as { source?: unknown; value?: unknown } | null;
    const value = guid?.value;
    if (typeof guid?.source !== "string" || (typeof value !== "string" && !Number.isInteger(value))) {
      r.failed = true;
      return [];
    }
    return [{ source: guid.source, value: String(value) }];
  });
}

/**
 * Upstream accepts a marathon without `group_by`, or without guids and searches, and then
 * silently plays nothing (reference §5.6, §9 #16); both are reported here instead.
 */
function marathon(r: ElementReader, base: Base): ContentSource {
  const groupBy = r.oneOf("group_by", GROUP_BY);
  if (!r.has("group_by")) {
    r.failAtKey("marathon", `a marathon needs "group_by" (one of ${GROUP_BY.join(", ")}); without it it has no items`);
  }
  const searches = r.value("searches");
  const searchList = Array.isArray(searches) && searches.every((s) => typeof s === "string") ? (searches as string[]) : [];
  if (r.has("searches") && searchList.length === 0 && !(Array.isArray(searches) && searches.length === 0)) r.failed = true;
  const noSearches = !r.has("searches") || (Array.isArray(searches) && searches.length === 0);
  if (!r.has("guids") && noSearches) {
    r.failAtKey("marathon", `a marathon needs "guids" or "searches"; without them it has no items`);
  }
  return {
    kind: "marathon",
    ...base,
    guids: r.has("guids") ? guids(r) : [],
    searches: searchList,
    groupBy: groupBy ?? "show",
    itemOrder: r.oneOf("item_order", ORDERS) ?? "shuffle",
    playAllItems: r.boolean("play_all_items", false),
    shuffleGroups: r.boolean("shuffle_groups", false),
  };
}
