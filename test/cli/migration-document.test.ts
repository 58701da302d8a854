import path from "node:path";
import { describe, expect, it } from "vitest";
import { migrationDocument, type ServerSetup } from "../../server/cli/migration/migration-document";
import type { MigratedProgramme, MigrationPlan } from "../../server/cli/migration/migration-plan";
import { useTempDir } from "../support/test-server";

const NOW = Date.parse("2026-01-01T12:00:00Z");

function programme(title: string, file: string): MigratedProgramme {
  return { title, durationMs: 60_000, offline: false, remoteIds: [], guids: [], paths: [file] };
}

function plan(profileFields: Record<string, unknown>): MigrationPlan {
  return {
    source: "dizqueTV",
    profiles: [{ key: "main", name: "Old Settings", fields: profileFields, unmapped: [] }],
    fillerLists: [{ id: "f1", name: "Bumpers", items: [programme("Bumper", "/media/Bumper/bumper.mkv"), programme("Gone", "/elsewhere/gone.mkv")] }],
    channels: [{ number: 7, name: "Seven", startTime: NOW, guideMinimumDurationSeconds: 0, programmes: [programme("Bumper", "/media/Bumper/bumper.mkv")], fillerListIds: ["f1"], profileKey: "main" }],
    problems: [],
  };
}

const server: ServerSetup = {
  tables: {
    resolution: [{ id: 3, width: 1920, height: 1080 }],
    ffmpeg_profile: [{ id: 1, name: "Default" }, { id: 4, name: "old settings" }],
    collection: [{ id: 2, name: "dizqueTV filler: Bumpers" }],
    channel: [{ id: 1, number: "1" }],
  },
  defaultProfileId: 1,
  libraries: [{ name: "Movies", paths: ["/media"] }],
};
const found = (p: MigratedProgramme) => (p.title === "Bumper" ? { mediaItemId: 40, path: "/media/Bumper/bumper.mkv" } : undefined);

describe("a migration as a setup document", () => {
  const dir = useTempDir("airwave-migration-document-");

  it("adds only new rows after the server's ids, profiles named apart from existing ones, filler items by library and path", () => {
    const { document, files, profiles } = migrationDocument(plan({ videoBitrate: 3000, resolution: { width: 640, height: 360 } }), server, found, () => undefined, dir.path, NOW);
    expect(document.newRowsOnly).toBe(true);
    expect(profiles.get("main")).toEqual({ name: "Old Settings (2)" });
    expect(document.tables.resolution).toEqual([{ id: 4, name: "640x360", width: 640, height: 360, isCustom: true }]);
    expect(document.tables.ffmpeg_profile).toEqual([expect.objectContaining({ id: 5, name: "Old Settings (2)", videoBitrate: 3000, resolutionId: 4, videoProfile: "high" })]);
    expect(document.tables.collection).toEqual([{ id: 3, name: "dizqueTV filler: Bumpers (2)", useCustomPlaybackOrder: false }]);
    expect(document.tables.filler_preset).toEqual([expect.objectContaining({ id: 1, name: "dizqueTV filler: Bumpers", collectionId: 3 })]);
    expect(document.tables.collection_item).toEqual([{ collectionId: 3, mediaItem: { guids: [], library: "Movies", path: "Bumper/bumper.mkv" }, customIndex: null }]);
    expect(document.tables.channel).toEqual([expect.objectContaining({ id: 2, number: "7", ffmpegProfileId: 5, fallbackFillerId: 1 })]);
    expect(document.tables.playout).toEqual([expect.objectContaining({ id: 1, channelId: 2, kind: "ExternalJson", scheduleFile: path.join(dir.path, "7.json") })]);
    expect([...files.keys()]).toEqual([path.join(dir.path, "7.json")]);
  });

  it("leaves out a channel whose number Airwave cannot have, saying why, and spells numbers as the API does", () => {
    const twoChannels = plan({});
    twoChannels.channels.push({ ...twoChannels.channels[0], number: -3, name: "Minus" }, { ...twoChannels.channels[0], number: 8, name: "Eight" });
    const { document, channels, skipped } = migrationDocument(twoChannels, server, found, () => undefined, dir.path, NOW);
    expect(channels.map((c) => c.name)).toEqual(["Seven", "Eight"]);
    expect(skipped).toEqual(['channel -3 "Minus": its number must be 1 to 5 digits, optionally followed by a dot and 1 or 2 digits (e.g. 4 or 4.1)']);
    expect(document.tables.channel!.map((c) => [c.number, c.sortNumber])).toEqual([["7", 7], ["8", 8]]);
  });

  it("names an item outside every library folder (a media server's) by its guids, and leaves out one it cannot name", () => {
    const remote = (p: MigratedProgramme) =>
      p.title === "Bumper" ? { mediaItemId: 40, path: "/srv/plex/bumper.mkv", guids: ["plex://movie/5d77"] } : { mediaItemId: 41, path: "/srv/plex/gone.mkv" };
    const { document, fillerItems } = migrationDocument(plan({}), server, remote, () => undefined, dir.path, NOW);
    expect(document.tables.collection_item).toEqual([{ collectionId: 3, mediaItem: { guids: ["plex://movie/5d77"], library: null, path: null }, customIndex: null }]);
    expect(fillerItems.get("f1")).toBe(1);
  });

  it("leaves out FFmpeg settings that break a profile rule, saying which, and their channels use the default profile", () => {
    const { document, profiles } = migrationDocument(plan({ videoBitrate: 50, audioFormat: "Ac3", audioChannels: 8 }), server, found, () => undefined, dir.path, NOW);
    const made = profiles.get("main");
    expect(made && "problem" in made && made.problem).toMatch(/videoBitrate must be a whole number from 100.*audioChannels must be a whole number from 1 to 6/);
    expect(document.tables.ffmpeg_profile).toBeUndefined();
    expect(document.tables.channel).toEqual([expect.objectContaining({ ffmpegProfileId: 1 })]);
  });
});
