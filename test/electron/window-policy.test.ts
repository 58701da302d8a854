import fs from "node:fs";
import path from "node:path";
import YAML from "yaml";
import { describe, expect, it } from "vitest";
import { isAllowedNavigation, isExternalLink, playlistUrl, WINDOW_WEB_PREFERENCES } from "../../electron/window-policy";

const root = path.resolve(__dirname, "../..");

describe("the desktop window's policy", () => {
  it("isolates the page: context isolation, sandbox, no node integration", () => {
    expect(WINDOW_WEB_PREFERENCES).toMatchObject({ contextIsolation: true, nodeIntegration: false, sandbox: true, webSecurity: true, webviewTag: false });
  });

  it("stays on the local server's origin", () => {
    const origin = "http://localhost:41234";
    expect(isAllowedNavigation("http://localhost:41234/channels", origin)).toBe(true);
    for (const url of ["http://localhost:41235/", "https://localhost:41234/", "http://evil.example/", "file:///etc/passwd", "javascript:alert(1)", "not a url"]) {
      expect(isAllowedNavigation(url, origin), url).toBe(false);
    }
  });

  it("hands only http(s) links to the system browser", () => {
    expect(isExternalLink("https://github.com/")).toBe(true);
    expect(isExternalLink("http://example.com/x")).toBe(true);
    for (const url of ["file:///etc/passwd", "javascript:alert(1)", "smb://host/share", ""]) expect(isExternalLink(url), url).toBe(false);
    expect(playlistUrl("http://localhost:41234/")).toBe("http://localhost:41234/iptv/channels.m3u");
  });

  it("nothing outside electron/ imports electron", () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.(ts|tsx|mts)$/.test(entry.name) && /^\s*import[^\n]*from "electron"|require\("electron"\)/m.test(fs.readFileSync(file, "utf8"))) offenders.push(path.relative(root, file));
      }
    };
    for (const dir of ["server", "renderer/src", "test"]) walk(path.join(root, dir));
    expect(offenders).toEqual([]);
  });

  it("the build emits the Electron entry and preload", () => {
    for (const file of ["dist/electron/main.js", "dist/electron/preload.js", "dist/electron/window-policy.js"]) expect(fs.existsSync(path.join(root, file)), `${file} (run npm run build)`).toBe(true);
  });

  it("the packaging config targets every platform and ships FFmpeg and the UI", () => {
    const config = YAML.parse(fs.readFileSync(path.join(root, "build/electron-builder.yml"), "utf8"));
    expect(config.appId).toBe("app.airwave.desktop");
    expect(config.linux.target).toEqual(expect.arrayContaining(["AppImage", "deb"]));
    expect(config.win.target).toEqual(expect.arrayContaining(["nsis"]));
    expect(config.mac.target).toEqual(expect.arrayContaining(["dmg"]));
    expect(config.files).toEqual(expect.arrayContaining(["dist/**/*", "package.json"]));
    expect(config.asarUnpack).toEqual(expect.arrayContaining(["node_modules/sqlite3/**"]));
    expect(JSON.stringify(config.linux.extraResources)).toMatch(/@ffmpeg-installer\/linux-x64/);
    expect(JSON.stringify(config.linux.extraResources)).toMatch(/"to":"ffmpeg"/);
    const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
    expect(pkg.main).toBe("dist/electron/main.js");
    expect(pkg.scripts.dist).toMatch(/electron-builder --config build\/electron-builder\.yml/);
    expect(pkg.dependencies.electron).toBeUndefined();
  });
});
