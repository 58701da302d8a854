import type { SearchNode } from "../../db/search/ast";
import { SearchQueryError } from "./errors";
import { parseSearchQuery } from "./parser";

/** The saved query text of the smart collection with this name, or undefined if there is none. */
export type SmartCollectionResolver = (name: string) => string | undefined;

/** `smart_collection:` references may nest this deep (a chain of 100 collections is fine, 101 is not). */
export const MAX_SMART_COLLECTION_DEPTH = 100;

/** Expansion stops after this many references in all, so that a query cannot grow exponentially. */
export const MAX_SMART_COLLECTION_EXPANSIONS = 10_000;

export interface ExpandOptions {
  /**
   * The name of the smart collection whose query is being expanded, if any: a reference to it from
   * inside is then reported as a cycle right away.
   */
  name?: string;
}

/**
 * Replaces every `smart_collection:"Name"` with the parsed query of that collection, recursively.
 *
 * An unknown name is an error, not a clause that never matches (ErsatzTV's behaviour): a channel
 * whose collection silently became empty is harder to notice than a refusal, and it is the smart
 * collection service's job to keep references valid. A cycle (also a collection naming itself), a
 * chain deeper than `MAX_SMART_COLLECTION_DEPTH`, or an invalid query inside a referenced collection
 * is an error too. Every error's position is that of the reference in the query given here, so
 * problems deep in a chain point at the clause the user wrote. Names compare case-insensitively.
 */
export function expandSmartCollections(node: SearchNode, resolver: SmartCollectionResolver, options: ExpandOptions = {}): SearchNode {
  const expander = new Expander(resolver);
  const path = options.name === undefined ? [] : [options.name];
  return expander.expand(node, path, null);
}

/** Parses `query` and expands its smart-collection references. */
export function parseAndExpandSearchQuery(query: string, resolver: SmartCollectionResolver, options: ExpandOptions = {}): SearchNode {
  return expandSmartCollections(parseSearchQuery(query), resolver, options);
}

/**
 * Checks a smart collection's query before it is saved and returns it expanded. To catch a
 * collection that refers to itself, the caller passes a resolver that already maps the collection's
 * (new) name to the new query, or names it in `options.name`. Throws `SearchQueryError`.
 */
export function validateSmartCollectionQuery(query: string, resolver: SmartCollectionResolver, options: ExpandOptions = {}): SearchNode {
  return parseAndExpandSearchQuery(query, resolver, options);
}

class Expander {
  private readonly parsed = new Map<string, SearchNode>();
  private expansions = 0;

  constructor(private readonly resolver: SmartCollectionResolver) {}

  /**
   * `path` holds the names of the collections being expanded, outermost first; `at` is the position
   * of the outermost reference in the caller's query (null while still in that query).
   */
  expand(node: SearchNode, path: readonly string[], at: number | null): SearchNode {
    switch (node.type) {
      case "and":
      case "or":
        return {
          ...node,
          // An expanded collection of the same operator joins its parent: (a AND (b AND c)) → (a AND b AND c).
          children: node.children.map((child) => this.expand(child, path, at)).flatMap((child) => (child.type === node.type ? child.children : [child])),
        } as SearchNode;
      case "not":
        return { ...node, child: this.expand(node.child, path, at) };
      case "smart_collection":
        return this.reference(node.name, node.position, path, at);
      default:
        return node;
    }
  }

  private reference(name: string, position: number, path: readonly string[], outer: number | null): SearchNode {
    const at = outer ?? position;
    const referrer = path.length ? path[path.length - 1] : undefined;
    const by = referrer === undefined ? "" : ` (referenced by "${referrer}")`;
    const start = path.findIndex((entry) => entry.toLowerCase() === name.toLowerCase());
    if (start >= 0) {
      const cycle = [...path.slice(start), name].map((entry) => `"${entry}"`).join(" → ");
      throw SearchQueryError.at(at, `smart collections refer to each other in a cycle ${cycle}`);
    }
    if (path.length >= MAX_SMART_COLLECTION_DEPTH) {
      throw SearchQueryError.at(at, `smart collections nest more than ${MAX_SMART_COLLECTION_DEPTH} levels deep`, `"${name}" is level ${path.length + 1}`);
    }
    if (++this.expansions > MAX_SMART_COLLECTION_EXPANSIONS) {
      throw SearchQueryError.at(at, `smart collections expand to more than ${MAX_SMART_COLLECTION_EXPANSIONS} references`);
    }
    const key = name.toLowerCase();
    let parsed = this.parsed.get(key);
    if (!parsed) {
      const query = this.resolver(name);
      if (query === undefined) throw SearchQueryError.at(at, `unknown smart collection "${name}"${by}`);
      try {
        parsed = parseSearchQuery(query);
      } catch (error) {
        if (!(error instanceof SearchQueryError)) throw error;
        throw new SearchQueryError(`smart collection "${name}"${by} has an invalid query (reference at position ${at}): ${error.message}`, at);
      }
      this.parsed.set(key, parsed);
    }
    return this.expand(parsed, [...path, name], at);
  }
}
