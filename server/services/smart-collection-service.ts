import type { Database } from "../db/database";
import { SmartCollection } from "../db/entities/collection";
import type { Repositories } from "../db/repositories";
import type { SearchNode } from "../db/search/ast";
import { DomainError } from "./domain-error";
import { MAX_PAGE_SIZE, type Page } from "./media-service";
import type { MediaItem } from "../db/entities/media-item";
import { parseAndExpandSearchQuery, SearchQueryError, validateSmartCollectionQuery } from "./search";
import { Violations } from "./validation/violations";

export interface SmartCollectionInput {
  /** 1–50 characters, unique without regard to letter case. */
  name?: string;
  /** A search query, e.g. `type:episode AND show_title:"The Simpsons"`. */
  query?: string;
}

const MAX_QUERY_LENGTH = 4000;
const REFERENCE = /smart_collection\s*:\s*(?:"((?:[^"\\]|\\.)*)"|(\S+))/gi;

/** Names a query refers to with `smart_collection:`. */
function referencedNames(query: string): string[] {
  return [...query.matchAll(REFERENCE)].map((m) => (m[1] ?? m[2]).replace(/\\(.)/g, "$1").toLowerCase());
}

export class SmartCollectionService {
  constructor(
    private readonly db: Database,
    private readonly clock: () => number = Date.now,
  ) {}

  list(): Promise<SmartCollection[]> {
    return this.db.read((repos) => repos.smartCollections.list());
  }

  async get(id: number): Promise<SmartCollection> {
    const found = await this.db.read((repos) => repos.smartCollections.findById(id));
    if (!found) throw DomainError.notFound("Smart collection", id);
    return found;
  }

  create(input: SmartCollectionInput): Promise<SmartCollection> {
    return this.db.write((repos) => this.createIn(repos, input));
  }

  /** Creates a smart collection inside the caller's transaction, by the same rules as `create`. */
  async createIn(repos: Repositories, input: SmartCollectionInput): Promise<SmartCollection> {
    const collection = new SmartCollection();
    await this.apply(repos, collection, input, true);
    return repos.smartCollections.save(collection);
  }

  update(id: number, input: SmartCollectionInput): Promise<SmartCollection> {
    return this.db.write(async (repos) => {
      const collection = await repos.smartCollections.findById(id);
      if (!collection) throw DomainError.notFound("Smart collection", id);
      await this.apply(repos, collection, input, false);
      return repos.smartCollections.save(collection);
    });
  }

  delete(id: number): Promise<void> {
    return this.db.write(async (repos) => {
      const collection = await repos.smartCollections.findById(id);
      if (!collection) throw DomainError.notFound("Smart collection", id);
      const v = new Violations();
      const users = (await repos.smartCollections.list()).filter((other) => other.id !== id && referencedNames(other.query).includes(collection.name.toLowerCase()));
      if (users.length) v.add("id", `smart collection(s) ${users.map((u) => `"${u.name}"`).join(", ")} refer to it`);
      const multi = await repos.smartCollections.countInMultiCollections(id);
      if (multi) v.add("id", `it is part of ${multi} multi collection(s)`);
      const targets = await repos.smartCollections.countTargets(id);
      if (targets.scheduleItems) v.add("id", `it is used by ${targets.scheduleItems} schedule item(s)`);
      if (targets.fillerPresets) v.add("id", `it is used by ${targets.fillerPresets} filler preset(s)`);
      v.throwIfAny();
      await repos.smartCollections.delete(id);
    });
  }

  /** The media a smart collection matches, a page at a time. */
  async items(id: number, pageNumber = 0, pageSize = 50): Promise<Page<MediaItem>> {
    const collection = await this.get(id);
    return this.search(`smart_collection:"${collection.name.replace(/(["\\])/g, "\\$1")}"`, pageNumber, pageSize);
  }

  /** Runs an ad-hoc query (what the YAML `search` content form uses). */
  async search(query: string, pageNumber = 0, pageSize = 50): Promise<Page<MediaItem>> {
    const v = new Violations();
    v.integer("pageNumber", pageNumber, 0, 1_000_000);
    v.integer("pageSize", pageSize, 1, MAX_PAGE_SIZE);
    if (!query.trim()) v.add("query", "must not be empty");
    else if (query.length > MAX_QUERY_LENGTH) v.add("query", `must not be longer than ${MAX_QUERY_LENGTH} characters`);
    v.throwIfAny();
    return this.db.read(async (repos) => {
      const node = await this.parse(repos, query);
      const page = await repos.mediaSearch.search(node, { now: this.clock(), pageNumber, pageSize });
      const byId = new Map((await repos.mediaItems.findByIds(page.ids)).map((i) => [i.id, i]));
      return { pageNumber, pageSize, totalCount: page.totalCount, items: page.ids.map((i) => byId.get(i)!).filter(Boolean) };
    });
  }

  /** Every media id a query matches (for playout builds). */
  async matchingIds(query: string): Promise<number[]> {
    return this.db.read(async (repos) => repos.mediaSearch.ids(await this.parse(repos, query), { now: this.clock() }));
  }

  private async parse(repos: Repositories, query: string): Promise<SearchNode> {
    const byName = new Map((await repos.smartCollections.list()).map((c) => [c.name.toLowerCase(), c.query]));
    return parseAndExpandSearchQuery(query, (name) => byName.get(name.toLowerCase()));
  }

  private async apply(repos: Repositories, collection: SmartCollection, input: SmartCollectionInput, isNew: boolean): Promise<void> {
    const v = new Violations();
    const name = v.text("name", input.name ?? collection.name, 1, 50);
    if (!v.has("name") && (await repos.smartCollections.isNameTaken(name, isNew ? undefined : collection.id))) {
      v.add("name", `a smart collection named "${name}" already exists`);
    }
    const query = (input.query ?? collection.query ?? "").trim();
    if (!query) v.add("query", "must not be empty");
    else if (query.length > MAX_QUERY_LENGTH) v.add("query", `must not be longer than ${MAX_QUERY_LENGTH} characters`);
    const others = (await repos.smartCollections.list()).filter((c) => isNew || c.id !== collection.id);
    if (!isNew && name && collection.name.toLowerCase() !== name.toLowerCase()) {
      const users = others.filter((c) => referencedNames(c.query).includes(collection.name.toLowerCase()));
      if (users.length) v.add("name", `cannot rename: smart collection(s) ${users.map((u) => `"${u.name}"`).join(", ")} refer to it by name`);
    }
    if (!v.has("query") && !v.has("name")) {
      // The collection's own (new) name maps to the new query, so a reference to itself is a cycle now.
      const byName = new Map(others.map((c) => [c.name.toLowerCase(), c.query]));
      byName.set(name.toLowerCase(), query);
      try {
        validateSmartCollectionQuery(query, (n) => byName.get(n.toLowerCase()), { name });
      } catch (error) {
        if (!(error instanceof SearchQueryError)) throw error;
        v.add("query", error.message);
      }
    }
    v.throwIfAny();
    collection.name = name;
    collection.query = query;
  }
}
