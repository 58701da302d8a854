import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
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
    for (const file of ["dist/server/main.js", "dist/server/scanner/scanner-main.js", "dist/electron/main.js", "dist/electron/preload.js", "dist/electron/server-entry.js", "dist/renderer/index.html", "dist/renderer/assets/index-abc.js", "package.json", "build/icons/tray.png", "node_modules/sqlite3/lib/sqlite3.js"]) {
      expect(packed(file), file).toBe(true);
    }
    for (const file of ["dist/server/main.js.map", "server/main.ts", "test/electron/packaging.test.ts", "node_modules/@ffmpeg-installer/linux-x64/ffmpeg", "node_modules/@ffprobe-installer/win32-x64/ffprobe.exe", "node_modules/@ffmpeg-installer/darwin-arm64/ffmpeg", "node_modules/@ffmpeg-installer/ffmpeg/index.js"]) {
      expect(packed(file), file).toBe(false);
    }
  });

  it("unpacks sqlite3's native module from the asar archive", () => {
    const native = "node_modules/sqlite3/build/Release/node_sqlite3.node";
    expect(fs.existsSync(path.join(root, native))).toBe(true);
    expect((config.asarUnpack as string[]).some((pattern) => minimatch(native, pattern))).toBe(true);
    expect(config.npmRebuild).toBe(false); // N-API: the binary npm built loads in Electron as it is
    // FFmpeg's drawtext opens the bundled fonts by path: packed with the server build and unpacked.
    const font = "dist/server/assets/fonts/DejaVuSans.ttf";
    expect(packs(font, config.files)).toBe(true);
    expect((config.asarUnpack as string[]).some((pattern) => minimatch(font, pattern))).toBe(true);
  });

  it("ships the FFmpeg fetch-ffmpeg.mjs put in build/ffmpeg/<platform>-<arch> as resources/ffmpeg, where the server prefers it", async () => {
    const fetcher = await import(pathToFileURL(path.join(root, "build/packaging/fetch-ffmpeg.mjs")).href);
    // Every desktop target has a static build of a current FFmpeg; an unknown one is refused by name.
    for (const target of ["linux-x64", "linux-arm64", "win32-x64", "darwin-x64", "darwin-arm64"]) {
      const [platform, arch] = target.split("-");
      expect(fetcher.sourceFor(platform, arch).archives.every((url: string) => url.startsWith("https://")), target).toBe(true);
    }
    expect(() => fetcher.sourceFor("freebsd", "x64")).toThrow(/no static FFmpeg source for freebsd-x64/);
    expect([fetcher.majorVersion("ffmpeg version n7.1-153-gaeb8631048-20250101 Copyright"), fetcher.majorVersion("ffmpeg version 5.1.9-0+deb12u1"), fetcher.majorVersion("ffmpeg version N-47683-g0e8eb07980-static")]).toEqual([7, 5, undefined]);

    // What `npm run dist` does offline with --from-dir: the system FFmpeg (5.1) stands in for the download.
    const systemFolder = path.dirname(locateFFmpeg({}).ffmpeg);
    const fetched = makeTempDir("airwave-build-ffmpeg-");
    fetcher.install(systemFolder, fetched);
    const oldFolder = path.dirname(locateFFmpeg({}, { PATH: makeTempDir() }).ffmpeg); // the npm package's FFmpeg 4.1
    expect(() => fetcher.install(oldFolder.replace("ffmpeg-installer", "ffprobe-installer"), makeTempDir())).toThrow(/ffmpeg is not in/);

    expect(pkg.scripts.dist).toMatch(/node build\/packaging\/fetch-ffmpeg\.mjs && electron-builder/);
    const resources = makeTempDir("airwave-resources-");
    const shipped = path.join(resources, "ffmpeg");
    fs.mkdirSync(shipped);
    expect(config.extraResources).toHaveLength(1);
    const [entry] = config.extraResources as Array<{ from: string; to: string; filter: string[] }>;
    expect([entry.from, entry.to]).toEqual(["build/ffmpeg/${platform}-${arch}", "ffmpeg"]);
    // what electron-builder copies from the fetched folder into resources/ffmpeg (linked here: the binaries are large)
    const picked = fs.readdirSync(fetched).filter((name) => entry.filter.some((pattern) => minimatch(name, pattern)));
    expect(picked.sort()).toEqual(["ffmpeg", "ffprobe"]);
    for (const name of picked) fs.symlinkSync(path.join(fetched, name), path.join(shipped, name));
    // The choosing path: the packaged copy wins over PATH and over the npm package.
    const found = locateFFmpeg({}, { PATH: systemFolder, AIRWAVE_FFMPEG_DIR: shipped });
    expect(found.ffmpeg).toBe(path.join(shipped, process.platform === "win32" ? "ffmpeg.exe" : "ffmpeg"));
    expect(found.source).toEqual({ ffmpeg: "bundled", ffprobe: "bundled" });
    expect(execFileSync(found.ffprobe, ["-version"], { encoding: "utf8" })).toMatch(/^ffprobe version [5-9]/);
    expect(execFileSync(found.ffmpeg, ["-version"], { encoding: "utf8" })).toMatch(/^ffmpeg version [5-9]/);
  });

  it("npm run dist builds first and uses this configuration; npm install never needs the Electron binary", () => {
    expect(pkg.main).toBe("dist/electron/main.js");
    expect(pkg.scripts.dist).toMatch(/^npm run build && node build\/packaging\/fetch-ffmpeg\.mjs && electron-builder --config build\/electron-builder\.yml --publish never$/);
    expect(pkg.scripts.build).toMatch(/tsc -p electron\/tsconfig\.json/);
    expect(pkg.dependencies.electron).toBeUndefined();
    expect(pkg.devDependencies.electron).toBeDefined();
    const electronScripts = JSON.parse(fs.readFileSync(path.join(root, "node_modules/electron/package.json"), "utf8")).scripts ?? {};
    for (const hook of ["preinstall", "install", "postinstall"]) expect(electronScripts[hook], `electron's ${hook} script would download the binary`).toBeUndefined();
  });
});
