import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { locateFFmpeg } from "../../server/config/ffmpeg-binaries";
import { redactSecrets } from "../../server/logging/redacting-logger";
import { Secrets } from "../../server/logging/secrets";
import { RemotePlayback } from "../../server/services/media-sources/remote-playback";
import { ProcessRegistry } from "../../server/streaming/process-registry";
import { fakeJellyfin } from "../support/media-servers/jellyfin/fake-jellyfin";
import type { FakeMediaBrowserServer } from "../support/media-servers/mediabrowser/fake-mediabrowser-server";
import { makeTempDir, useTestServer } from "../support/test-server";
import { logText } from "../media-servers/support";

/** Secrets leave no trace in logs or FFmpeg's error text from the moment they exist, whatever their length. */
const outer: string[] = [];
const { server, api } = useTestServer({ env: { Logging__Level: "debug" }, onLog: (line) => outer.push(line) });

/** Every place a log line lands: the outer logger, the Logs page, airwave.log. */
async function everyLog(): Promise<string> {
  const page = (await api.get("/api/v1/logs?limit=500")).text;
  return [outer.join(""), page, logText(server.dataDir)].join("\n");
}

describe("redaction", () => {
  let fake: FakeMediaBrowserServer;
  beforeAll(async () => {
    fake = await fakeJellyfin("Q7z").start();
  });
  afterAll(async () => {
    await fake?.close();
  });

  it("a 3-character media-server key is redacted from a log line", async () => {
    const created = await api.post("/api/v1/media-sources", { name: "Short key", kind: "Jellyfin", url: fake.url, credential: "Q7z" });
    expect(created.status, created.text).toBe(201);
    server.log.warn("the key Q7z was in this message", { detail: "and Q7z here" });
    const logs = await everyLog();
    expect(logs).toContain("the key [redacted] was in this message");
    expect(logs).not.toContain("Q7z");
  });

  it("a write key and an IPTV signing key set through Settings are redacted before the restart that applies them", async () => {
    const saved = await api.put("/api/v1/settings", { writeKey: "w8k", iptvTokenKey: "jwt-signing-key-not-yet-live" });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.restartRequired).toBe(true);
    server.log.info("keys w8k and jwt-signing-key-not-yet-live");
    const logs = await everyLog();
    expect(logs).toContain("keys [redacted] and [redacted]");
    expect(logs).not.toMatch(/w8k|jwt-signing-key-not-yet-live/);
    expect((await api.put("/api/v1/settings", { writeKey: null, iptvTokenKey: null }, { "X-Api-Key": "w8k" })).status).toBe(200);
  });

  it("the stream proxy's capability is a secret from the moment it is made, not only as cap=", () => {
    const secrets = new Secrets();
    new RemotePlayback(null as never, null as never, () => 0.5, secrets);
    const capability = "80000000".repeat(6);
    expect(secrets.list()).toEqual([capability]);
    expect(secrets.redact(`copied into a path /tmp/${capability}/x`)).toBe("copied into a path /tmp/[redacted]/x");
  });
});

describe("redactSecrets", () => {
  it("takes out secrets of any length, the longest first, in one pass", () => {
    expect(redactSecrets("a=xy b=xyz c=act", ["xy", "xyz", "act"])).toBe("a=[redacted] b=[redacted] c=[redacted]");
    // A secret that happens to be part of "[redacted]" does not garble what was put in.
    expect(redactSecrets("k1 then act", ["k1", "act"])).toBe("[redacted] then [redacted]");
    expect(redactSecrets("a.b*c", ["a.b*c"])).toBe("[redacted]");
    expect(redactSecrets("http://h/s?cap=0123abcd&path=x", [])).toBe("http://h/s?cap=[redacted]&path=x");
  });
});

describe("FFmpeg's error text", () => {
  it("comes out of the process registry with every known secret taken out", async () => {
    const secrets = new Secrets();
    secrets.add("s3c");
    const folder = makeTempDir("airwave-redact-ffmpeg-");
    const registry = new ProcessRegistry(locateFFmpeg({}).ffmpeg, path.join(folder, "processes"), undefined, (text) => secrets.redact(text));
    const run = registry.spawn(["-hide_banner", "-i", path.join(folder, "missing-s3c-file.ts"), "-f", "null", "-"], "redaction test");
    expect(await run.exited).not.toBe(0);
    expect(run.stderr()).toContain("missing-[redacted]-file.ts");
    expect(run.stderr()).not.toContain("s3c");
  });
});
