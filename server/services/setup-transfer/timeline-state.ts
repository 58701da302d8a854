/**
 * Media ids inside a builder's saved state (JSON): enumerator anchors (`id`, `showId`), shuffle positions
 * (`last`, `avoid`) and content keys that name a media item (`show:12`, `season:…`, `artist:…`, `item:…`,
 * also inside history keys). A setup export names these media by identity and the import writes this
 * server's ids in their place, so the state continues over the same media however the ids were numbered.
 */
const ID_FIELDS = new Set(["id", "showId", "last", "avoid", "mediaItemId"]);
const CONTENT_KEY = /\b(show|season|artist|item):(\d+)\b/g;

/** Applies `map` to every media id of a parsed state (unknown ids keep their value); returns the new state. */
export function mapStateMediaIds(value: unknown, map: (id: number) => number): unknown {
  if (typeof value === "string") return mapContentKeys(value, map);
  if (Array.isArray(value)) return value.map((entry) => mapStateMediaIds(entry, map));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    out[mapContentKeys(key, map)] = ID_FIELDS.has(key) && Number.isInteger(entry) ? map(entry as number) : mapStateMediaIds(entry, map);
  }
  return out;
}

/** `show:12` → `show:<map(12)>`, wherever content keys appear in the text. */
export function mapContentKeys(text: string, map: (id: number) => number): string {
  return text.includes(":") ? text.replace(CONTENT_KEY, (_all, kind: string, id: string) => `${kind}:${map(Number(id))}`) : text;
}

/** Every media id the state names (for the export's identities). */
export function stateMediaIds(value: unknown): Set<number> {
  const ids = new Set<number>();
  mapStateMediaIds(value, (id) => (ids.add(id), id));
  return ids;
}
