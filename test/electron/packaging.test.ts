import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Ajv from "ajv";
import { minimatch } from "minimatch";
import YAML from "yaml";
import { describe, expect, it } from "vitest";
import { locateFFmpeg } from "../../server/config/ffmpeg-binaries";
import { makeTempDir } from "../support/temp-dir";

const root = path.resolve(__dirname, "../..");
const config = YAML.parse(fs.readFileSync(path.join(root, "build/electron-builder.yml"), "utf8"));
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));

/** electron-builder's file sets: the last matching pattern decides ("!" excludes). */
function packs(file: string, patterns: string[]): boolean {
  let included = false;
  for (const pattern of patterns) {
    const negated = pattern.startsWith("!");
    if (minimatch(file, negated ? pattern.slice(1) : pattern, { dot: true })) included = !negated;
  }
  return included;
}

/** The macros electron-builder expands in file sets, for this machine. */
const expand = (pattern: string) => pattern.replace("${platform}", process.platform).replace("${arch}", process.arch);

describe("the electron-builder configuration (build/electron-builder.yml)", () => {
  it("is valid for electron-builder's own schema (unknown or misspelt keys fail)", () => {
    const schema = JSON.parse(fs.readFileSync(path.join(root, "node_modules/app-builder-lib/scheme.json"), "utf8"));
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    expect(validate(config), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...config, linux: { ...config.linux, tragets: ["deb"] } })).toBe(false);
  });

  it("names the app and builds AppImage + deb, nsis and dmg into release/ (never into dist/, the build output)", () => {
    expect(config.appId).toBe("app.airwave.desktop");
    expect(config.productName).toBe("Airwave");
    expect(config.linux.target).toEqual(expect.arrayContaining(["AppImage", "deb"]));
    expect(config.linux.maintainer).toMatch(/<.+@.+>/); // deb refuses to build without one
    expect(config.win.target).toEqual(["nsis"]);
    expect(config.mac.target).toEqual(["dmg"]);
    expect(config.directories.output).toBe("release");
    for (const platform of ["linux", "win", "mac"]) expect(fs.existsSync(path.join(root, config[platform].icon)), config[platform].icon).toBe(true);
    const icon = fs.readFileSync(path.join(root, config.mac.icon));
    expect([icon.readUInt32BE(16), icon.readUInt32BE(20)]).toEqual([512, 512]); // macOS wants at least 512×512
  });

  it("packs the server, the shell and the renderer build, without source maps or a second FFmpeg", () => {
    const files: string[] = config.files;
    // production node_modules are packed by electron-builder itself, filtered by the same patterns
    const packed = (file: string) => packs(file, file.startsWith("node_modules/") ? ["node_modules/**/*", ...files.filter((p) => p.startsWith("!"))] : files);
    for (const file of ["dist/server/main.js", "dist/server/scanner/scanner-main.js", "dist/electron/main.js", "dist/electron/preload.js", "dist/electron/server-entry.js", "dist/renderer/index.html", "dist/renderer/assets/index-abc.js", "package.json", "build/icons/tray.png", "node_modules/sqlite3/lib/sqlite3.js", "node_modules/@ffmpeg-installer/ffmpeg/index.js"]) {
      expect(packed(file), file).toBe(true);
    }
    for (const file of ["dist/server/main.js.map", "server/main.ts", "test/electron/packaging.test.ts", "node_modules/@ffmpeg-installer/linux-x64/ffmpeg", "node_modules/@ffprobe-installer/win32-x64/ffprobe.exe", "node_modules/@ffmpeg-installer/darwin-arm64/ffmpeg"]) {
      expect(packed(file), file).toBe(false);
    }
  });

  it("unpacks sqlite3's native module from the asar archive", () => {
    const native = "node_modules/sqlite3/build/Release/node_sqlite3.node";
    expect(fs.existsSync(path.join(root, native))).toBe(true);
    expect((config.asarUnpack as string[]).some((pattern) => minimatch(native, pattern))).toBe(true);
    expect(config.npmRebuild).toBe(false); // N-API: the binary npm built loads in Electron as it is
  });

  it("ships this platform's FFmpeg and ffprobe as resources/ffmpeg, where the server finds and runs them", () => {
    const resources = makeTempDir("airwave-resources-");
    const shipped = path.join(resources, "ffmpeg");
    fs.mkdirSync(shipped);
    expect(config.extraResources).toHaveLength(2);
    for (const entry of config.extraResources as Array<{ from: string; to: string; filter: string[] }>) {
      expect(entry.to).toBe("ffmpeg");
      const from = path.join(root, expand(entry.from));
      expect(fs.existsSync(from), from).toBe(true);
      const picked = fs.readdirSync(from).filter((name) => entry.filter.some((pattern) => minimatch(name, pattern)));
      expect(picked.length, from).toBe(1);
      // what electron-builder copies into resources/ffmpeg (linked here: the binaries are large)
      for (const name of picked) fs.symlinkSync(path.join(from, name), path.join(shipped, name));
    }
    const found = locateFFmpeg({}, { PATH: makeTempDir(), AIRWAVE_FFMPEG_DIR: shipped });
    expect(found.ffmpeg).toBe(path.join(shipped, process.platform === "win32" ? "ffmpeg.exe" : "ffmpeg"));
    expect(found.source).toEqual({ ffmpeg: "bundled", ffprobe: "bundled" });
    expect(execFileSync(found.ffprobe, ["-version"], { encoding: "utf8" })).toMatch(/^ffprobe version/);
    expect(execFileSync(found.ffmpeg, ["-version"], { encoding: "utf8" })).toMatch(/^ffmpeg version/);
  });

  it("npm run dist builds first and uses this configuration; npm install never needs the Electron binary", () => {
    expect(pkg.main).toBe("dist/electron/main.js");
    expect(pkg.scripts.dist).toMatch(/^npm run build && electron-builder --config build\/electron-builder\.yml --publish never$/);
    expect(pkg.scripts.build).toMatch(/tsc -p electron\/tsconfig\.json/);
    expect(pkg.dependencies.electron).toBeUndefined();
    expect(pkg.devDependencies.electron).toBeDefined();
    const electronScripts = JSON.parse(fs.readFileSync(path.join(root, "node_modules/electron/package.json"), "utf8")).scripts ?? {};
    for (const hook of ["preinstall", "install", "postinstall"]) expect(electronScripts[hook], `electron's ${hook} script would download the binary`).toBeUndefined();
  });
});
