/**
 * What REST answers is what the OpenAPI document promises. On a server holding at least one row of each kind
 * (made from the document's own request examples, their ids pointed at rows that exist), every create answer
 * and every GET is checked against its response schema: required fields present, null only where nullable,
 * no field of another type. Generated clients (openapi-generator, NSwag, Kiota) rely on exactly this.
 */
import Ajv from "ajv";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { seedMedia, type SeededMedia } from "../support/seed-media";
import { useTestServer } from "../support/test-server";

const document = JSON.parse(fs.readFileSync(path.join(__dirname, "../../schema/openapi.json"), "utf8"));
type Operation = { parameters?: Array<{ in: string; name: string; required?: boolean }>; requestBody?: { content: Record<string, { example?: unknown }> }; responses: Record<string, { content?: Record<string, { schema: object }> }> };
const paths = document.paths as Record<string, Record<string, Operation>>;
const { server, api } = useTestServer();

// OpenAPI 3.0 schemas: ajv knows `nullable`; formats (int32, double) are not JSON Schema's.
const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
ajv.addSchema(document, "openapi");
const pointer = (route: string, method: string, status: string) =>
  `openapi#/paths/${route.replace(/~/g, "~0").replace(/\//g, "~1")}/${method}/responses/${status}/content/application~1json/schema`;

/** Why an answer does not match its documented schema; null when it does (or is not JSON). */
function mismatch(route: string, method: string, status: number, body: unknown): string | null {
  const documented = paths[route]![method]!.responses[String(status)];
  if (!documented) return `${method.toUpperCase()} ${route}: answered ${status}, which the document does not list`;
  if (!documented.content?.["application/json"]) return null;
  const validate = ajv.compile({ $ref: pointer(route, method, String(status)) });
  return validate(body) ? null : `${method.toUpperCase()} ${route}: ${ajv.errorsText(validate.errors, { separator: "; " })}`;
}

/** Where each kind of id points: the first row of its list. */
const ID_SOURCES: Record<string, string> = {
  collectionId: "/api/v1/collections",
  smartCollectionId: "/api/v1/collections/smart",
  multiCollectionId: "/api/v1/collections/multi",
  playlistGroupId: "/api/v1/playlists/groups",
  playlistId: "/api/v1/playlists",
  blockId: "/api/v1/blocks",
  fillerPresetId: "/api/v1/filler/presets",
  watermarkId: "/api/v1/watermarks",
  ffmpegProfileId: "/api/v1/ffmpeg/profiles",
  channelId: "/api/v1/channels",
  scheduleId: "/api/v1/schedules",
};

/** Values for the query parameters a GET requires. */
const QUERY_VALUES: Record<string, string> = { query: "Movie" };

async function firstId(list: string): Promise<number | undefined> {
  const body = (await api.get(list)).json;
  return (Array.isArray(body) ? body[0] : body?.items?.[0])?.id;
}

/** The example with every id it names replaced by one that exists (the example's own when none does). */
function pointed(example: unknown, ids: Record<string, number>, seeded: SeededMedia): unknown {
  if (Array.isArray(example)) return example.map((e) => pointed(e, ids, seeded));
  if (typeof example !== "object" || example === null) return example;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(example)) {
    if (key === "mediaItemId") out[key] = (example as { collectionType?: string }).collectionType === "TelevisionShow" ? seeded.showId : seeded.movieIds[0];
    else out[key] = typeof value === "number" && ids[key] !== undefined ? ids[key] : pointed(value, ids, seeded);
  }
  return out;
}

const problems: string[] = [];
const created = new Set<string>();

beforeAll(async () => {
  const seeded = await seedMedia(server.dataDir);
  const creates = Object.entries(paths).filter(([route, item]) => !route.includes("{") && item.post?.requestBody?.content["application/json"]?.example !== undefined && (item.post.responses["201"] ?? item.post.responses["202"]));
  // Rows that need other rows are made once those exist: a few rounds until nothing more can be made.
  for (let round = 0; round < 4; round++) {
    const ids: Record<string, number> = {};
    for (const [key, list] of Object.entries(ID_SOURCES)) {
      const id = await firstId(list);
      if (id !== undefined) ids[key] = id;
    }
    for (const [route, item] of creates) {
      if (created.has(route)) continue;
      const r = await api.post(route, pointed(item.post!.requestBody!.content["application/json"]!.example, ids, seeded));
      if (r.status >= 400) continue;
      created.add(route);
      const why = mismatch(route, "post", r.status, r.json);
      if (why) problems.push(why);
    }
  }
}, 120_000);

describe("REST answers match the OpenAPI document", () => {
  it("every documented example that needs no outside server makes a row", () => {
    // Media sources need a Jellyfin/Emby/Plex server and libraries a folder: tested with them elsewhere.
    const made = [...created].sort();
    for (const route of ["/api/v1/blocks", "/api/v1/block-templates", "/api/v1/channels", "/api/v1/collections", "/api/v1/collections/multi", "/api/v1/collections/smart", "/api/v1/ffmpeg/profiles", "/api/v1/filler/presets", "/api/v1/graphics", "/api/v1/playlists", "/api/v1/playlists/groups", "/api/v1/playouts", "/api/v1/schedules", "/api/v1/watermarks"]) {
      expect(made).toContain(route);
    }
  });

  it("create answers and every GET match their response schemas", async () => {
    const unexplored: string[] = [];
    for (const [route, item] of Object.entries(paths)) {
      if (!item.get) continue;
      let url = route;
      const parent = /^(.*?)\/\{id\}/.exec(route);
      if (parent) {
        const id = await firstId(parent[1]!);
        if (id !== undefined) url = route.replace("{id}", String(id));
      }
      if (url.includes("{")) {
        unexplored.push(route);
        continue;
      }
      const query = (item.get.parameters ?? []).filter((p) => p.in === "query" && p.required).map((p) => `${p.name}=${encodeURIComponent(QUERY_VALUES[p.name] ?? "")}`);
      const r = await api.get(query.length ? `${url}?${query.join("&")}` : url);
      if (r.status >= 400) problems.push(`GET ${url}: ${r.status} ${r.text.slice(0, 200)}`);
      else {
        const why = mismatch(route, "get", r.status, r.json);
        if (why) problems.push(why);
      }
    }
    expect(problems).toEqual([]);
    // What needs a media server, a running scan or a scripted build is checked where those run.
    expect(unexplored.sort()).toEqual([
      "/api/v1/logs/files/{which}",
      "/api/v1/media-sources/{id}",
      "/api/v1/media-sources/{id}/collections",
      "/api/v1/media-sources/{id}/libraries",
      "/api/v1/scan/{scanId}/plan",
      "/api/v1/scripted/playout/build/{buildId}/context",
      "/api/v1/scripted/playout/build/{buildId}/peek_next/{content}",
    ]);
  }, 120_000);
});
