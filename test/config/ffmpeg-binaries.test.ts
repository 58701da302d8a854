import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { locateFFmpeg } from "../../server/config/ffmpeg-binaries";
import { makeTempDir } from "../support/temp-dir";

describe("finding FFmpeg", () => {
  it("a configured path wins", () => {
    const found = locateFFmpeg({ path: "/opt/ff/ffmpeg", probePath: "/opt/ff/ffprobe" });
    expect(found).toEqual({ ffmpeg: "/opt/ff/ffmpeg", ffprobe: "/opt/ff/ffprobe", source: { ffmpeg: "configured", ffprobe: "configured" } });
  });

  it("else the binaries on PATH", () => {
    const dir = makeTempDir();
    for (const name of ["ffmpeg", "ffprobe"]) fs.writeFileSync(path.join(dir, name), "#!/bin/sh\n", { mode: 0o755 });
    const found = locateFFmpeg({}, { PATH: dir });
    expect(found.ffmpeg).toBe(path.join(dir, "ffmpeg"));
    expect(found.source).toEqual({ ffmpeg: "path", ffprobe: "path" });
  });

  it("the desktop app's packaged copies (AIRWAVE_FFMPEG_DIR) come before PATH", () => {
    const packaged = makeTempDir();
    const onPath = makeTempDir();
    for (const dir of [packaged, onPath]) for (const name of ["ffmpeg", "ffprobe"]) fs.writeFileSync(path.join(dir, name), "#!/bin/sh\n", { mode: 0o755 });
    const found = locateFFmpeg({}, { PATH: onPath, AIRWAVE_FFMPEG_DIR: packaged });
    expect(found).toEqual({ ffmpeg: path.join(packaged, "ffmpeg"), ffprobe: path.join(packaged, "ffprobe"), source: { ffmpeg: "bundled", ffprobe: "bundled" } });
    expect(locateFFmpeg({}, { PATH: onPath, AIRWAVE_FFMPEG_DIR: makeTempDir() }).source).toEqual({ ffmpeg: "path", ffprobe: "path" });
  });

  it("else, the last resort, the binaries of the optional npm packages, which really run", () => {
    const found = locateFFmpeg({}, { PATH: makeTempDir() });
    expect(found.source).toEqual({ ffmpeg: "npm", ffprobe: "npm" });
    expect(execFileSync(found.ffprobe, ["-version"], { encoding: "utf8" })).toMatch(/^ffprobe version/);
    expect(execFileSync(found.ffmpeg, ["-version"], { encoding: "utf8" })).toMatch(/^ffmpeg version/);
  });
});
