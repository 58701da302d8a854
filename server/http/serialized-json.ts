import { createHash } from "node:crypto";

/**
 * A response body already serialised (and its ETag already computed), for hot read routes that
 * cache their answer between writes: `res.json` sends it as it is.
 */
export class SerializedJson {
  readonly etag: string;

  constructor(readonly text: string) {
    this.etag = `W/"${createHash("sha1").update(text).digest("base64url")}"`;
  }
}

/**
 * Keeps the last few serialised answers of one route per owner (a running server's services), keyed
 * by what they depend on, e.g. the database write version and the request's base URL.
 */
export class SerializedJsonCache<Owner extends object> {
  private readonly byOwner = new WeakMap<Owner, Map<string, SerializedJson>>();

  constructor(private readonly capacity = 8) {}

  get(owner: Owner, key: string, build: () => unknown): SerializedJson {
    let entries = this.byOwner.get(owner);
    if (!entries) this.byOwner.set(owner, (entries = new Map()));
    let hit = entries.get(key);
    if (!hit) {
      hit = new SerializedJson(JSON.stringify(build()));
      if (entries.size >= this.capacity) entries.delete(entries.keys().next().value!);
      entries.set(key, hit);
    }
    return hit;
  }
}
