import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { defaultDataDir } from "../../server/config/default-data-dir";
import { ConfigError, loadConfig } from "../../server/config/load-config";
import { makeTempDir } from "../support/temp-dir";

function withSettings(settings: unknown): string {
  const dir = makeTempDir();
  fs.writeFileSync(path.join(dir, "settings.json"), typeof settings === "string" ? settings : JSON.stringify(settings));
  return dir;
}

describe("loadConfig", () => {
  it("has the documented defaults", () => {
    const dir = makeTempDir();
    const config = loadConfig({ AIRWAVE_DATA_DIR: dir });
    expect(config).toMatchObject({
      dataDir: dir,
      server: { port: 8409, host: "0.0.0.0", trustProxy: false, allowedHosts: [] },
      playout: { daysToBuild: 2, scriptsFolder: path.join(dir, "scripts") },
      guide: { daysToBuild: 2 },
      logging: { level: "info" },
    });
    expect(config.api.writeKey).toBeUndefined();
    expect(config.jwt.issuerSigningKey).toBeUndefined();
  });

  it("defaults the playout time zone to the system's (read when first asked for); a set value wins", () => {
    const config = loadConfig({ AIRWAVE_DATA_DIR: makeTempDir() });
    expect(config.playout.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
    config.playout.timeZone = "Europe/Berlin";
    expect(config.playout.timeZone).toBe("Europe/Berlin");
    expect(loadConfig({ AIRWAVE_DATA_DIR: makeTempDir(), Playout__TimeZone: "Asia/Tokyo" }).playout.timeZone).toBe("Asia/Tokyo");
  });

  it("reads Section__Name environment variables, without regard to letter case", () => {
    const config = loadConfig({
      AIRWAVE_DATA_DIR: makeTempDir(),
      Server__Port: "9000",
      SERVER__HOST: "127.0.0.1",
      api__writekey: "secret",
      JWT__IssuerSigningKey: "signing",
      Server__TrustProxy: "true",
      Playout__DaysToBuild: "3",
      FFmpeg__Path: "/opt/ffmpeg",
      Server__AllowedHosts: " TV.example., media-box ,",
      Playout__ScriptsFolder: "my scripts",
    });
    expect(config.server).toEqual({ port: 9000, host: "127.0.0.1", trustProxy: true, allowedHosts: ["tv.example", "media-box"] });
    // A relative scripts folder is inside the data folder.
    expect(config.playout.scriptsFolder).toBe(path.join(config.dataDir, "my scripts"));
    expect(config.api.writeKey).toBe("secret");
    expect(config.jwt.issuerSigningKey).toBe("signing");
    expect(config.playout.daysToBuild).toBe(3);
    expect(config.ffmpeg.path).toBe("/opt/ffmpeg");
  });

  it("reads settings.json in the data folder; the environment wins", () => {
    const dir = withSettings({ Server: { Port: 7000, Host: "127.0.0.1" }, Api: { WriteKey: "from-file" } });
    const fromFile = loadConfig({ AIRWAVE_DATA_DIR: dir });
    expect(fromFile.server.port).toBe(7000);
    expect(fromFile.api.writeKey).toBe("from-file");
    const overridden = loadConfig({ AIRWAVE_DATA_DIR: dir, Server__Port: "7100" });
    expect(overridden.server.port).toBe(7100);
    expect(overridden.server.host).toBe("127.0.0.1");
  });

  it.each([
    [{ Server__Port: "abc" }, /^Invalid configuration Server:Port from environment variable Server__Port: must be a whole number/],
    [{ Server__Port: "70000" }, /Server:Port/],
    [{ Server__TrustProxy: "maybe" }, /Server:TrustProxy.*true or false/],
    [{ Server__AllowedHosts: "tv.example:8409" }, /Server:AllowedHosts.*host names without ports/],
    [{ Playout__DaysToBuild: "0" }, /Playout:DaysToBuild/],
    [{ Logging__Level: "loud" }, /Logging:Level/],
    [{ Api__LegacySunset: "not a date" }, /Api:LegacySunset/],
    [{ Api__LegacySunset: "2020-01-01" }, /Api:LegacySunset: must be later/],
  ])("an invalid value stops start-up with one line naming the key: %j", (env, message) => {
    const run = () => loadConfig({ AIRWAVE_DATA_DIR: makeTempDir(), ...env });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(message);
    try {
      run();
    } catch (error) {
      expect((error as Error).message).not.toContain("\n");
    }
  });

  it("names the settings file when the bad value comes from it, and never echoes a secret", () => {
    expect(() => loadConfig({ AIRWAVE_DATA_DIR: withSettings({ Server: { Port: "x" } }) })).toThrow(/Server:Port from settings\.json/);
    expect(() => loadConfig({ AIRWAVE_DATA_DIR: withSettings("{ not json") })).toThrow(/settings\.json is not valid JSON/);
    const secretDir = withSettings({ Api: { WriteKey: ["super-secret-value"] } });
    expect(() => loadConfig({ AIRWAVE_DATA_DIR: secretDir })).toThrow(/^Invalid configuration Api:WriteKey from settings\.json: must be a string$/);
  });

  it("defaults the data folder to where Electron keeps the app's user data", () => {
    expect(defaultDataDir({ XDG_CONFIG_HOME: "/home/u/.cfg" }, "linux")).toBe("/home/u/.cfg/Airwave");
    expect(defaultDataDir({}, "linux")).toMatch(/\.config\/Airwave$/);
    expect(defaultDataDir({}, "darwin")).toMatch(/Library\/Application Support\/Airwave$/);
    expect(defaultDataDir({ APPDATA: "C:\\Users\\u\\AppData\\Roaming" }, "win32")).toContain("Airwave");
  });
});
