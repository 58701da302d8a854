/**
 * A protocol-faithful fake Plex Media Server on loopback: it answers exactly the routes Airwave's
 * Plex client calls, the way Plex does (JSON MediaContainers, `X-Plex-Token` or 401, paging by
 * `X-Plex-Container-Start`/`-Size`, `updatedAt>>=` filters, direct play of parts with HTTP Range),
 * from content the test holds and may change between syncs.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { PlexMetadata, PlexMetadataPage, PlexResponse, PlexSection, PlexSections, PlexServerRoot } from "../../../../server/media-servers/plex/plex-api";
import { PLEX_TYPE } from "../../../../server/media-servers/plex/plex-api";
import { serveFile } from "../serve-file";

/** A collection or playlist: its own metadata and its items' ratingKeys in order. */
export interface FakePlexList {
  meta: PlexMetadata;
  itemKeys: string[];
}

export interface FakePlexSection {
  section: PlexSection;
  /** Every item of the section (shows, seasons, episodes…), with full details (streams, chapters). */
  items: PlexMetadata[];
  collections: FakePlexList[];
}

export interface FakePlexContent {
  root: PlexServerRoot;
  sections: FakePlexSection[];
  playlists: FakePlexList[];
  /** Local files served at a part's key, and images at a thumb/art path. */
  files: Map<string, string>;
}

export interface FakePlexRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorised: boolean;
  range?: string;
}

export interface FakePlexServer {
  url: string;
  token: string;
  content: FakePlexContent;
  requests: FakePlexRequest[];
  /** Answers every request whose path matches with `status` until cleared. */
  failWhen(matches: (path: string, query: URLSearchParams) => boolean, status?: number): void;
  clearFailures(): void;
  close(): Promise<void>;
}

const TYPE_NAMES = new Map<number, string>(Object.entries(PLEX_TYPE).map(([name, type]) => [type, name]));

export async function startFakePlex(content: FakePlexContent, token = "plex-token-secret"): Promise<FakePlexServer> {
  const requests: FakePlexRequest[] = [];
  let failure: { matches: (path: string, query: URLSearchParams) => boolean; status: number } | null = null;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const authorised = req.headers["x-plex-token"] === token || url.searchParams.get("X-Plex-Token") === token;
    requests.push({ method: req.method ?? "GET", path: url.pathname, query: url.searchParams, authorised, range: req.headers.range });
    if (!authorised) return void res.writeHead(401, { "Content-Type": "text/html" }).end("<html><head><title>Unauthorized</title></head></html>");
    if (failure?.matches(url.pathname, url.searchParams)) return void res.writeHead(failure.status).end();
    const file = content.files.get(url.pathname);
    if (file) return serveFile(req, res, file);
    const answer = route(content, url, req.headers);
    if (answer === undefined) return void res.writeHead(404, { "Content-Type": "text/html" }).end("<html>404 Not Found</html>");
    const body = JSON.stringify({ MediaContainer: answer } satisfies PlexResponse<unknown>);
    res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    content,
    requests,
    failWhen: (matches, status = 500) => void (failure = { matches, status }),
    clearFailures: () => void (failure = null),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function route(content: FakePlexContent, url: URL, headers: http.IncomingHttpHeaders): unknown {
  const path = url.pathname;
  const query = url.searchParams;
  if (path === "/") return { size: 0, ...content.root };
  if (path === "/library/sections") return { size: content.sections.length, Directory: content.sections.map((s) => s.section) } satisfies PlexSections;
  let match = /^\/library\/sections\/([^/]+)\/(all|collections)$/.exec(path);
  if (match) {
    const section = content.sections.find((s) => s.section.key === decodeURIComponent(match![1]));
    if (!section) return undefined;
    if (match[2] === "collections") return page(section.collections.map((c) => c.meta), query, headers);
    return page(listed(section.items, query), query, headers);
  }
  match = /^\/library\/metadata\/([^/]+)$/.exec(path);
  if (match) {
    const keys = decodeURIComponent(match[1]).split(",");
    const found = content.sections.flatMap((s) => s.items).filter((item) => keys.includes(item.ratingKey));
    if (found.length === 0) return undefined;
    return { size: found.length, Metadata: found.map((item) => details(item, query)) } satisfies PlexMetadataPage;
  }
  match = /^\/library\/collections\/([^/]+)\/children$/.exec(path);
  if (match) {
    const list = content.sections.flatMap((s) => s.collections).find((c) => c.meta.ratingKey === decodeURIComponent(match![1]));
    return list && page(itemsOf(content, list), query, headers);
  }
  if (path === "/playlists") {
    const type = query.get("playlistType");
    return page(content.playlists.map((p) => p.meta).filter((meta) => !type || meta.playlistType === type), query, headers);
  }
  match = /^\/playlists\/([^/]+)\/items$/.exec(path);
  if (match) {
    const list = content.playlists.find((p) => p.meta.ratingKey === decodeURIComponent(match![1]));
    return list && page(itemsOf(content, list), query, headers);
  }
  return undefined;
}

/** `/all` answers: the type asked for, changed after `updatedAt>>=`, without streams and chapters (as Plex lists). */
function listed(items: PlexMetadata[], query: URLSearchParams): PlexMetadata[] {
  const type = TYPE_NAMES.get(Number(query.get("type")));
  const after = query.get("updatedAt>>");
  const includeGuids = query.get("includeGuids") === "1";
  return items
    .filter((item) => (type ? item.type === type : item.type !== "season" && item.type !== "episode"))
    .filter((item) => after === null || (item.updatedAt ?? 0) > Number(after))
    .map(({ Chapter: _chapters, Guid, Media, ...rest }) => ({
      ...rest,
      ...(includeGuids && Guid ? { Guid } : {}),
      ...(Media ? { Media: Media.map(({ Part, ...media }) => ({ ...media, Part: Part?.map(({ Stream: _streams, ...part }) => part) })) } : {}),
    }));
}

/** `/library/metadata/{ids}` answers: everything, chapters only when asked for. */
function details(item: PlexMetadata, query: URLSearchParams): PlexMetadata {
  if (query.get("includeChapters") === "1") return item;
  const { Chapter: _chapters, ...rest } = item;
  return rest;
}

function itemsOf(content: FakePlexContent, list: FakePlexList): PlexMetadata[] {
  const all = content.sections.flatMap((s) => s.items);
  return list.itemKeys.flatMap((key) => all.filter((item) => item.ratingKey === key)).map((item) => listed([item], new URLSearchParams({ type: String(PLEX_TYPE[item.type as keyof typeof PLEX_TYPE]) }))[0]);
}

/** Plex pages when `X-Plex-Container-Size` comes (header or query): `size` is the page's, `totalSize` the listing's. */
function page(all: PlexMetadata[], query: URLSearchParams, headers: http.IncomingHttpHeaders): PlexMetadataPage {
  const sizeParam = headers["x-plex-container-size"] ?? query.get("X-Plex-Container-Size");
  if (sizeParam === undefined || sizeParam === null) return { size: all.length, Metadata: all };
  const start = Number(headers["x-plex-container-start"] ?? query.get("X-Plex-Container-Start") ?? 0);
  const slice = all.slice(start, start + Number(sizeParam));
  return { size: slice.length, totalSize: all.length, offset: start, ...(slice.length ? { Metadata: slice } : {}) };
}
