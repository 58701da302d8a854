import fs from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { scanAndWait } from "../support/library-scan";
import { makeTempDir, useTestServer } from "../support/test-server";
import { makeColourClip, serveFolder } from "./support";

const { api } = useTestServer();
let close: (() => Promise<void>) | undefined;
afterAll(async () => close?.());

/** A fixed-length remote item through the real FFmpeg pipeline (the troubleshooter runs it as a channel would). */
it("plays a remote HTTP MP4 looped to its duration with the protocol whitelist and redacted headers; the source's error is shown when it is gone", async () => {
  const served = makeTempDir("rs-served-");
  makeColourClip(path.join(served, "green.mp4"), "green", 3);
  const media = await serveFolder(served);
  close = media.close;
  const folder = makeTempDir("rs-lib-");
  fs.writeFileSync(path.join(folder, "w.yml"), `url: ${media.url}/green.mp4\nduration: 8 seconds\nheaders:\n  X-K: secret1\n`);
  const lib = (await api.post("/api/v1/libraries", { name: "S", kind: "RemoteStreams", paths: [folder] })).json;
  await scanAndWait(api, lib.id);
  const item = (await api.get(`/api/v1/media/items?libraryId=${lib.id}&kind=RemoteStream`)).json.items[0];
  const profiles = (await api.get("/api/v1/ffmpeg/profiles")).json;
  const r = await api.post(`/api/v1/troubleshoot/media/${item.id}?ffmpegProfileId=${profiles[0].id}`);
  expect(r.status, r.text).toBe(200);
  expect(r.json.probe.summary).toMatch(/green\.mp4 \(fixed length\)/);
  expect(r.json.runs[0]).toMatchObject({ kind: "media", exitCode: 0 });
  expect(r.json.runs[0].commandLine).toMatch(/-stream_loop -1 -protocol_whitelist http,https,tcp,tls .*-max_redirects 0 -headers 'X-K: \[redacted\]/);
  expect(JSON.stringify(r.json)).not.toContain("secret1");
  await media.close();
  close = undefined;
  const gone = await api.post(`/api/v1/troubleshoot/media/${item.id}?ffmpegProfileId=${profiles[0].id}`);
  expect(gone.json.probe).toMatchObject({ ok: false, error: expect.stringMatching(/green\.mp4: url: cannot connect/) });
  expect(gone.json.runs[0].kind).toBe("offline");
}, 120_000);
