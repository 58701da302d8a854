import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { BaseItemDto, EmbyItemExtras, ItemsPage, PublicSystemInfo, SystemInfo } from "../../../../server/media-servers/mediabrowser/dto";
import { defaultMediaSource, type FakeItem, type FakeLibrary } from "./fake-library";

/** What tells the two kinds apart on the wire. */
export interface Flavor {
  /** Route prefix (Emby: `/emby`; its routes also answer without it). */
  prefix: string;
  publicInfo: PublicSystemInfo;
  /** The credential the request carries, as this kind reads it. */
  credential(req: http.IncomingMessage, query: URLSearchParams): string | undefined;
  /** How this kind writes an item's requested fields (Emby: tags as `TagItems`); absent: as stored. */
  wire?(dto: BaseItemDto): BaseItemDto & EmbyItemExtras;
}

/** Only what a request asked for in `Fields` (plus what the servers always send) goes out, as the real servers do. */
const OPTIONAL_FIELDS = ["Path", "Genres", "Tags", "Studios", "Overview", "ProviderIds", "MediaStreams", "Chapters", "SortName", "OriginalTitle", "MediaSources", "MediaSourceCount"] as const;

/** Items the servers report media sources for. */
const VIDEO_TYPES = new Set(["Movie", "Episode", "Video", "MusicVideo", "Audio"]);

export interface RequestRecord {
  path: string;
  query: URLSearchParams;
  authorized: boolean;
  range?: string;
}

/**
 * A protocol-faithful MediaBrowser server (Jellyfin or Emby) on loopback: the routes Airwave calls,
 * the credential enforced (401), `StartIndex`/`Limit` paging with `TotalRecordCount`, `MinDateLastSaved`,
 * requested `Fields` only, images, and static streams of real files with Range support.
 */
export class FakeMediaBrowserServer {
  readonly libraries: FakeLibrary[] = [];
  readonly items = new Map<string, FakeItem>();
  readonly requests: RequestRecord[] = [];
  /** The image every item with an image tag serves. */
  image: Buffer = Buffer.alloc(0);
  /** How far this server's clock is from the test's (ms; negative: behind): its `Date` headers, and what `now()` gives. */
  clockOffsetMs = 0;
  /** Answer this status to item listings once this many more listing requests were served. */
  itemsFault: { afterRequests: number; status: number } | null = null;
  /** While set, every request is answered `302 Found` to this origin with the same path and query (a server moved behind a proxy). */
  redirectTo: string | null = null;
  private server: http.Server | undefined;
  url = "";

  constructor(
    private readonly flavor: Flavor,
    public apiKey: string,
    private readonly systemInfo: SystemInfo,
  ) {}

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      try {
        this.handle(req, res);
      } catch (error) {
        res.writeHead(500).end(String(error));
      }
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = undefined;
  }

  /** The server's clock (save times of items changed "now" on the server). */
  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  add(item: FakeItem): FakeItem {
    this.items.set(item.dto.Id!, item);
    return item;
  }

  /** Changes an item as an edit on the server would (a new save time). */
  update(id: string, change: Partial<BaseItemDto>, savedAt: number): void {
    const item = this.items.get(id);
    if (!item) throw new Error(`no fake item ${id}`);
    Object.assign(item.dto, change);
    item.savedAt = savedAt;
  }

  remove(id: string): void {
    this.items.delete(id);
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? "/", "http://fake");
    const query = lowerKeys(url.searchParams);
    let route = url.pathname;
    if (this.flavor.prefix && route.toLowerCase().startsWith(`${this.flavor.prefix}/`)) route = route.slice(this.flavor.prefix.length);
    route = route.toLowerCase();
    const authorized = this.flavor.credential(req, query) === this.apiKey;
    this.requests.push({ path: route, query, authorized, range: req.headers.range });
    // Kestrel dates every answer by the server's clock.
    res.setHeader("Date", new Date(this.now()).toUTCString());
    if (this.redirectTo) return void res.writeHead(302, { Location: `${this.redirectTo}${req.url ?? "/"}` }).end();
    if (req.method !== "GET") return void res.writeHead(405).end();
    if (route === "/system/info/public") return json(res, this.flavor.publicInfo);
    if (!authorized) return void res.writeHead(401, { "Content-Type": "text/plain" }).end("Unauthorized");
    if (route === "/system/info") return json(res, this.systemInfo);
    if (route === "/library/mediafolders") {
      const items: BaseItemDto[] = this.libraries.map((l) => ({ Id: l.id, Name: l.name, CollectionType: l.collectionType, Type: "CollectionFolder", IsFolder: true }));
      return json(res, { Items: items, TotalRecordCount: items.length, StartIndex: 0 } satisfies ItemsPage);
    }
    if (route === "/items") return this.listItems(res, query);
    const playlist = /^\/playlists\/([^/]+)\/items$/.exec(route);
    if (playlist) return this.page(res, query, (this.items.get(playlist[1])?.children ?? []).flatMap((id) => this.items.get(id) ?? []));
    const image = /^\/items\/([^/]+)\/images\/(primary|backdrop|logo|banner|thumb)$/.exec(route);
    if (image) {
      if (!this.items.has(image[1])) return void res.writeHead(404).end();
      return void res.writeHead(200, { "Content-Type": "image/png", "Content-Length": this.image.length }).end(this.image);
    }
    const stream = /^\/(videos|audio)\/([^/]+)\/stream$/.exec(route);
    if (stream) {
      // `mediaSourceId` (any case) picks one of the item's versions; its own id or none is the first.
      const item = this.items.get(stream[2]);
      const source = query.get("mediasourceid");
      return this.stream(req, res, source && source !== stream[2] ? item?.sourceFiles?.get(source) : item?.file);
    }
    res.writeHead(404).end();
  }

  private listItems(res: http.ServerResponse, query: URLSearchParams): void {
    // The fault counts listings from the moment it is set: the first `afterRequests` still answer.
    if (this.itemsFault && this.itemsFault.afterRequests-- <= 0) return void res.writeHead(this.itemsFault.status).end("fault");
    const parentId = query.get("parentid");
    const types = list(query, "includeitemtypes");
    const since = query.get("mindatelastsaved");
    const sinceMs = since ? Date.parse(since) : null;
    let items = [...this.items.values()];
    const parent = parentId ? this.items.get(parentId) : undefined;
    if (parent?.children) items = parent.children.flatMap((id) => this.items.get(id) ?? []);
    else if (parentId) items = items.filter((i) => i.libraryId === parentId);
    if (types.length) items = items.filter((i) => types.includes(i.dto.Type!.toLowerCase()));
    if (sinceMs !== null) items = items.filter((i) => i.savedAt >= sinceMs);
    this.page(res, query, items);
  }

  private page(res: http.ServerResponse, query: URLSearchParams, items: FakeItem[]): void {
    const start = Number(query.get("startindex") ?? 0);
    const limit = query.has("limit") ? Number(query.get("limit")) : items.length;
    const fields = new Set(list(query, "fields"));
    const page = items.slice(start, start + limit).map((i) => {
      // Asked for, a playable item always has its MediaSources: one (the item itself) unless it has alternate versions.
      const dto: BaseItemDto = { ...i.dto, ...(VIDEO_TYPES.has(i.dto.Type ?? "") && !i.dto.MediaSources ? { MediaSources: [defaultMediaSource(i.dto)] } : {}) };
      for (const field of OPTIONAL_FIELDS) if (!fields.has(field.toLowerCase())) delete dto[field];
      if (query.get("enableimages") === "false") delete dto.ImageTags;
      return this.flavor.wire ? this.flavor.wire(dto) : dto;
    });
    json(res, { Items: page, TotalRecordCount: items.length, StartIndex: start } satisfies ItemsPage);
  }

  /** A static stream of the file, with single-range requests as the servers answer them. */
  private stream(req: http.IncomingMessage, res: http.ServerResponse, file: string | undefined): void {
    if (!file || !fs.existsSync(file)) return void res.writeHead(404).end();
    const size = fs.statSync(file).size;
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? "");
    if (range && (range[1] || range[2])) {
      const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
      const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
      if (start >= size || start > end) return void res.writeHead(416, { "Content-Range": `bytes */${size}` }).end();
      res.writeHead(206, { "Content-Type": "video/mp4", "Accept-Ranges": "bytes", "Content-Range": `bytes ${start}-${end}/${size}`, "Content-Length": end - start + 1 });
      fs.createReadStream(file, { start, end }).pipe(res);
      return;
    }
    res.writeHead(200, { "Content-Type": "video/mp4", "Accept-Ranges": "bytes", "Content-Length": size });
    fs.createReadStream(file).pipe(res);
  }
}

function json(res: http.ServerResponse, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(text) }).end(text);
}

/** ASP.NET binds query names case-insensitively: the fake reads them in lower case. */
function lowerKeys(params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [name, value] of params) out.append(name.toLowerCase(), value);
  return out;
}

/** A list parameter, sent repeated (the SDK) or comma-separated (Emby clients). */
function list(query: URLSearchParams, name: string): string[] {
  return query.getAll(name).flatMap((v) => v.split(",")).map((v) => v.trim().toLowerCase()).filter(Boolean);
}
