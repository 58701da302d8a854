import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config/load-config";
import { useTestServer } from "../support/test-server";

const SETTINGS_QUERY = "{ settings { timeZone playoutDaysToBuild guideDaysToBuild hdhomerunTunerCount writeKeySet iptvTokenKeySet listeningBeyondLoopback restartRequired m3uUrl xmltvUrl hdhomerunUrl } }";
const UPDATE = "mutation($input: SettingsInput!) { updateSettings(input: $input) { timeZone playoutDaysToBuild guideDaysToBuild hdhomerunTunerCount writeKeySet restartRequired } }";

describe("settings (GraphQL and REST over the same service)", () => {
  describe("with a write key and an IPTV token key", () => {
    const { api } = useTestServer({ env: { Api__WriteKey: "k1", JWT__IssuerSigningKey: "jwt-secret" } });

    it("reports the effective settings without secrets, and where the server listens", async () => {
      const res = await api.graphql(SETTINGS_QUERY);
      const settings = res.json.data.settings;
      expect(settings).toMatchObject({ writeKeySet: true, iptvTokenKeySet: true, listeningBeyondLoopback: false, restartRequired: false, playoutDaysToBuild: 2 });
      expect(settings.m3uUrl).toMatch(/^http:\/\/[^/]+\/iptv\/channels\.m3u$/);
      expect(settings.hdhomerunUrl).toBe(new URL(settings.m3uUrl).origin);
      expect(res.text).not.toContain("k1");
      expect(res.text).not.toContain("jwt-secret");

      const rest = await api.get("/api/v1/settings");
      expect(rest.status).toBe(200);
      expect(rest.json).toMatchObject({ writeKeySet: true, listeningBeyondLoopback: false });
      expect(rest.text).not.toContain("jwt-secret");
    });
  });

  describe("with the default settings (a new server for each test: they change settings)", () => {
    const { server, api } = useTestServer({ perTest: true });

    it("applies horizon, zone and tuner count at once and persists them where start-up reads them", async () => {
      const res = await api.graphql(UPDATE, { input: { playoutDaysToBuild: 5, guideDaysToBuild: 3, timeZone: "Europe/Berlin", hdhomerunTunerCount: 6 } });
      expect(res.json.errors).toBeUndefined();
      expect(res.json.data.updateSettings).toMatchObject({ playoutDaysToBuild: 5, guideDaysToBuild: 3, timeZone: "Europe/Berlin", hdhomerunTunerCount: 6, restartRequired: false });

      const discover = await api.get("/discover.json");
      expect(discover.json.TunerCount).toBe(6);
      const reloaded = loadConfig({ AIRWAVE_DATA_DIR: server.dataDir });
      expect(reloaded.playout).toMatchObject({ daysToBuild: 5, timeZone: "Europe/Berlin" });
      expect(reloaded.guide.daysToBuild).toBe(3);
      expect(reloaded.hdhomerun.tunerCount).toBe(6);
    });

    it("refuses invalid values field by field with the start-up rules, writing nothing", async () => {
      const res = await api.graphql(UPDATE, { input: { playoutDaysToBuild: 0, timeZone: "Mars/Olympus", hdhomerunTunerCount: 4 } });
      expect(res.json.errors[0].extensions.code).toBe("VALIDATION_FAILED");
      const fields = res.json.errors[0].extensions.errors.map((e: { field: string }) => e.field).sort();
      expect(fields).toEqual(["playoutDaysToBuild", "timeZone"]);
      expect(fs.existsSync(path.join(server.dataDir, "settings.json"))).toBe(false);
      expect((await api.get("/discover.json")).json.TunerCount).toBe(2);

      const rest = await api.put("/api/v1/settings", { guideDaysToBuild: 99 });
      expect(rest.status).toBe(422);
      expect(rest.json.errors).toEqual([{ field: "guideDaysToBuild", message: "must be a whole number between 1 and 31" }]);
    });

    it("puts a new write key into effect at once, keeps it for after a restart and never echoes it", async () => {
      const res = await api.put("/api/v1/settings", { writeKey: "new-key-123" });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ writeKeySet: true, restartRequired: false });
      expect(res.text).not.toContain("new-key-123");
      expect(loadConfig({ AIRWAVE_DATA_DIR: server.dataDir }).api.writeKey).toBe("new-key-123");
      expect((await api.put("/api/v1/settings", { playoutDaysToBuild: 3 })).status).toBe(401);
      expect((await api.put("/api/v1/settings", { playoutDaysToBuild: 3 }, { "X-Api-Key": "new-key-123" })).status).toBe(200);
    });
  });

  describe("with a write key", () => {
    const { api } = useTestServer({ env: { Api__WriteKey: "k1" } });

    it("needs the write key when one is configured", async () => {
      expect((await api.graphql(UPDATE, { input: { playoutDaysToBuild: 3 } })).json.errors[0].extensions.code).toBe("UNAUTHORIZED");
      expect((await api.put("/api/v1/settings", { playoutDaysToBuild: 3 })).status).toBe(401);
      expect((await api.put("/api/v1/settings", { playoutDaysToBuild: 3 }, { "X-Api-Key": "k1" })).json.playoutDaysToBuild).toBe(3);
    });
  });
});
