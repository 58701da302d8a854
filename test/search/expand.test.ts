import { describe, expect, it } from "vitest";
import { compileSearchQuery } from "../../server/db/search";
import { MediaItemKind } from "../../server/domain/enums";
import {
  expandSmartCollections,
  MAX_SMART_COLLECTION_DEPTH,
  parseAndExpandSearchQuery,
  parseSearchQuery,
  SearchQueryError,
  validateSmartCollectionQuery,
  type SearchNode,
  type SmartCollectionResolver,
} from "../../server/services/search";

/** Resolves names case-insensitively, as the smart_collection table's NOCASE names do. */
function resolverOf(collections: Record<string, string>): SmartCollectionResolver & { calls: string[] } {
  const byName = new Map(Object.entries(collections).map(([name, query]) => [name.toLowerCase(), query]));
  const calls: string[] = [];
  const resolve = (name: string) => {
    calls.push(name);
    return byName.get(name.toLowerCase());
  };
  return Object.assign(resolve, { calls });
}

function expansionError(run: () => unknown): SearchQueryError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(SearchQueryError);
    return error as SearchQueryError;
  }
  throw new Error("expected the expansion to fail");
}

/** A tree without positions, to compare an expansion with the query written out by hand. */
function shape(node: SearchNode): unknown {
  return JSON.parse(JSON.stringify(node, (key, value) => (key === "position" ? undefined : value)));
}

describe("smart_collection expansion", () => {
  it("replaces references by the referenced queries, three levels deep", () => {
    const resolver = resolverOf({
      Weekend: 'smart_collection:"Cartoons" OR type:movie',
      Cartoons: 'smart_collection:"classic cartoons" season_number:[1 TO 8]',
      "Classic Cartoons": 'show_genre:animation -show_title:"Family Guy"',
    });
    const expanded = parseAndExpandSearchQuery('smart_collection:"Weekend" NOT genre:horror', resolver);
    expect(shape(expanded)).toEqual(
      shape(parseSearchQuery('((show_genre:animation -show_title:"Family Guy") season_number:[1 TO 8] OR type:movie) NOT genre:horror')),
    );
    expect(JSON.stringify(expanded)).not.toContain("smart_collection");
  });

  it("parses each referenced collection once, however often it is referenced", () => {
    const resolver = resolverOf({ A: 'smart_collection:"C" OR smart_collection:"B"', B: 'smart_collection:"c" genre:x', C: "type:movie" });
    const expanded = parseAndExpandSearchQuery('smart_collection:"A"', resolver);
    expect(shape(expanded)).toEqual(shape(parseSearchQuery("type:movie OR (type:movie genre:x)")));
    expect(resolver.calls.map((name) => name.toLowerCase()).sort()).toEqual(["a", "b", "c"]);
  });

  it("refuses a collection that refers to itself, before it is saved (resolver maps the new name to the new query)", () => {
    const newQuery = 'type:movie OR smart_collection:"Self"';
    const existing = resolverOf({ Other: "type:show" });
    const resolver = (name: string) => (name.toLowerCase() === "self" ? newQuery : existing(name));
    const error = expansionError(() => validateSmartCollectionQuery(newQuery, resolver));
    expect(error.message).toBe('smart collections refer to each other in a cycle "Self" → "Self" at position 15');
    expect(error.position).toBe(15);
    // Naming the collection finds it without asking the resolver.
    const named = expansionError(() => validateSmartCollectionQuery(newQuery, existing, { name: "Self" }));
    expect(named.message).toBe('smart collections refer to each other in a cycle "Self" → "Self" at position 15');
    expect(existing.calls).toEqual([]);
  });

  it("refuses a two-collection cycle and names it, at the position of the reference the user wrote", () => {
    const resolver = resolverOf({ A: 'genre:x OR smart_collection:"B"', B: 'smart_collection:"a"' });
    const error = expansionError(() => parseAndExpandSearchQuery('type:movie smart_collection:"A"', resolver));
    expect(error.message).toBe('smart collections refer to each other in a cycle "A" → "B" → "a" at position 12');
    expect(error.position).toBe(12);
    // Saving B with a query that closes the cycle is caught by validation.
    const saving = expansionError(() => validateSmartCollectionQuery('smart_collection:"A"', resolver, { name: "B" }));
    expect(saving.message).toBe('smart collections refer to each other in a cycle "B" → "A" → "B" at position 1');
  });

  it("allows a chain of 100 nested collections and refuses 101", () => {
    const chain = (length: number) => {
      const collections: Record<string, string> = {};
      for (let i = 1; i <= length; i++) collections[`c${i}`] = i < length ? `smart_collection:c${i + 1}` : "type:episode";
      return resolverOf(collections);
    };
    expect(MAX_SMART_COLLECTION_DEPTH).toBe(100);
    expect(parseAndExpandSearchQuery("smart_collection:c1", chain(100))).toEqual({ type: "kind", position: 1, kind: MediaItemKind.Episode });
    const error = expansionError(() => parseAndExpandSearchQuery("x smart_collection:c1", chain(101)));
    expect(error.message).toBe('smart collections nest more than 100 levels deep at position 3; "c101" is level 101');
    expect(error.position).toBe(3);
  });

  it("refuses an unknown collection rather than matching nothing, also deep in a chain", () => {
    const resolver = resolverOf({ A: 'smart_collection:"B"', B: 'genre:x OR smart_collection:"Gone"' });
    const top = expansionError(() => parseAndExpandSearchQuery('genre:x smart_collection:"Nope"', resolver));
    expect(top.message).toBe('unknown smart collection "Nope" at position 9');
    expect(top.position).toBe(9);
    const deep = expansionError(() => parseAndExpandSearchQuery('  smart_collection:"A"', resolver));
    expect(deep.message).toBe('unknown smart collection "Gone" (referenced by "B") at position 3');
    expect(deep.position).toBe(3);
  });

  it("reports an invalid query inside a referenced collection at the reference", () => {
    const resolver = resolverOf({ Broken: "(genre:x OR gnre:y" });
    const error = expansionError(() => parseAndExpandSearchQuery('type:movie smart_collection:"Broken"', resolver));
    expect(error.message).toBe('smart collection "Broken" has an invalid query (reference at position 12): unknown field "gnre" at position 13; did you mean "genre"?');
    expect(error.position).toBe(12);
  });

  it("stops a reference graph that would expand exponentially", () => {
    const collections: Record<string, string> = {};
    for (let i = 1; i < 30; i++) collections[`d${i}`] = `smart_collection:d${i + 1} OR smart_collection:d${i + 1}`;
    collections.d30 = "type:movie";
    const error = expansionError(() => parseAndExpandSearchQuery("smart_collection:d1", resolverOf(collections)));
    expect(error.message).toBe("smart collections expand to more than 10000 references at position 1");
  });

  it("leaves a query without references unchanged", () => {
    const node = parseSearchQuery("genre:comedy OR (type:movie -title:x)");
    expect(expandSmartCollections(node, () => undefined)).toEqual(node);
  });

  it("is required before compiling", () => {
    expect(() => compileSearchQuery(parseSearchQuery('smart_collection:"A"'), { now: 0, timeZone: "UTC" })).toThrow(/must be expanded/);
  });
});
