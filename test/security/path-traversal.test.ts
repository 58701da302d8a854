import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../support/http";
import { useTempDir, useTestServer } from "../support/test-server";

/**
 * No route serves a file outside its folder, however the path is spelled: percent-encoded, doubled dots,
 * Windows-style backslashes, mixed. A secret is planted next to the artwork folder (in the data folder)
 * and outside it; no answer may contain it. Library paths may not point into the data folder either.
 */

const MARKER = "TOP-SECRET-MARKER-7f3a";
const { server, api } = useTestServer();
const outside = useTempDir("airwave-traversal-");

beforeAll(() => {
  fs.writeFileSync(path.join(server.dataDir, "secret.jpg"), MARKER);
  fs.writeFileSync(path.join(server.dataDir, "secret"), MARKER);
  fs.writeFileSync(path.join(outside.path, "outside.jpg"), MARKER);
  const artwork = path.join(server.dataDir, "artwork", "ab");
  fs.mkdirSync(artwork, { recursive: true });
  fs.writeFileSync(path.join(artwork, "real.jpg"), "JPEG-BYTES");
  fs.symlinkSync(path.join(outside.path, "outside.jpg"), path.join(artwork, "link.jpg"));
});

const PREFIXES = ["/iptv/logos/", "/iptv/artwork/posters/", "/iptv/artwork/thumbnails/", "/", "/assets/", "/iptv/session/1/", "/docs/"];
const ESCAPES = [
  "../secret.jpg",
  "../../secret.jpg",
  "..%2fsecret.jpg",
  "%2e%2e/secret.jpg",
  "%2e%2e%2fsecret.jpg",
  "%252e%252e%252fsecret.jpg",
  "....//secret.jpg",
  "..%5csecret.jpg",
  "..\\secret.jpg",
  "..\\..\\secret",
  "ab/../../secret.jpg",
  "ab/..%2f..%2fsecret.jpg",
  "%2e%2e%5c%2e%2e%5csecret",
  "ab/link.jpg",
  "..%00/secret.jpg",
  "..%2f..%2f..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd",
  "../../../../../../../../etc/passwd",
];

/** Sends the path byte for byte (no client-side normalisation of dots or backslashes). */
function rawGet(port: number, target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`));
    const chunks: Buffer[] = [];
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("error", reject);
    socket.on("end", () => resolve(Buffer.concat(chunks).toString("latin1")));
  });
}

describe("no route serves a file outside its folder", () => {
  const cases = PREFIXES.flatMap((prefix) => ESCAPES.map((escape) => [`${prefix}${escape}`] as const));
  it.each(cases)("GET %s does not reveal the secret", async (target) => {
    const answer = await rawGet(server.port, target);
    expect(answer).toMatch(/^HTTP\/1\.1 \d{3}/);
    expect(answer).not.toContain(MARKER);
    expect(answer).not.toMatch(/root:x:0:0/);
    expect(answer).not.toMatch(/^HTTP\/1\.1 5\d\d/);
  });

  it("legitimate: artwork inside the folder is served", async () => {
    const res = await rawRequest(server.url, "GET", "/iptv/logos/ab/real.jpg");
    expect(res.status).toBe(200);
    expect(res.text).toBe("JPEG-BYTES");
  });
});

describe("library paths cannot point into the data folder", () => {
  it.each([
    ["the data folder itself", () => server.dataDir],
    ["a folder inside it", () => path.join(server.dataDir, "artwork")],
    ["the scripts folder", () => server.config.playout.scriptsFolder],
  ])("%s: 422 naming the path", async (_label, folder) => {
    const res = await api.post("/api/v1/libraries", { name: `L-${Math.random().toString(36).slice(2, 8)}`, kind: "Movies", paths: [folder()] });
    expect(res.status, res.text).toBe(422);
    expect(res.json.errors[0]).toMatchObject({ field: "paths[0]", message: expect.stringContaining("is inside Airwave's data folder") });
  });

  it("a link from outside into the data folder is judged by where it leads", async () => {
    const link = path.join(outside.path, "sneaky");
    fs.symlinkSync(server.dataDir, link);
    const res = await api.post("/api/v1/libraries", { name: "Sneaky", kind: "Movies", paths: [link] });
    expect(res.status, res.text).toBe(422);
  });

  it("legitimate: a media folder elsewhere is accepted", async () => {
    const media = path.join(outside.path, "media");
    fs.mkdirSync(media);
    const res = await api.post("/api/v1/libraries", { name: "Media", kind: "Movies", paths: [media] });
    expect(res.status, res.text).toBe(201);
  });
});
