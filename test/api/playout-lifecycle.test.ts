import { describe, expect, it } from "vitest";
import { seedMedia } from "../support/seed-media";
import { addVersions } from "../support/sqlite";
import { useTestServer } from "../support/test-server";
import { waitFor } from "../support/wait";

const DEFINITION = `
content:
  - collection: "Shuffled"
    key: s
    order: shuffle
playout:
  - all:
    content: s
  - repeat: true
`;

describe("playout lifecycle", () => {
  const { server, api, restart } = useTestServer({ env: { Playout__TimeZone: "UTC", Playout__DaysToBuild: "1" } });

  it("Continue builds at start-up keep the timeline; Reset keeps content positions; eraseHistory reshuffles", async () => {
    const media = await seedMedia(server.dataDir, "Life");
    await addVersions(server.dataDir, [...media.episodeIds, ...media.movieIds], 1_200_000);
    const collection = (await api.post("/api/v1/collections", { name: "Shuffled" })).json;
    await api.post(`/api/v1/collections/${collection.id}/items`, { mediaItemIds: [media.showId, ...media.movieIds] });
    const channel = (await api.post("/api/v1/channels", { name: "Life", number: "60" })).json;
    const playout = (await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Sequential", definition: DEFINITION })).json;
    expect(playout.build.success).toBe(true);
    const items = async () => (await api.get(`/api/v1/playouts/${playout.id}/items?pageSize=1000`)).json.items as Array<{ id: number; start: string; mediaItemId: number }>;
    const before = await items();
    const lastBuild = playout.buildStatus.lastBuild;
    await restart();
    // The start-up job runs a Continue build: the stored items stay, the status is renewed.
    const status = await waitFor(async () => {
      const current = (await api.get(`/api/v1/playouts/${playout.id}`)).json.buildStatus;
      return current.lastBuild !== lastBuild && current;
    }, "the start-up Continue build", { timeoutMs: 10_000 });
    expect(status.lastBuild).not.toBe(lastBuild);
    expect(status.success).toBe(true);
    const after = await items();
    expect(after.slice(0, before.length).map((i) => i.id)).toEqual(before.map((i) => i.id));

    const reset = await api.post(`/api/v1/channels/${channel.id}/playout/reset`);
    expect(reset.json.success).toBe(true);
    const afterReset = (await items()).map((i) => i.mediaItemId);
    const erased = await api.post(`/api/v1/channels/${channel.id}/playout/reset?eraseHistory=true`);
    expect(erased.json.success).toBe(true);
    const afterErase = (await items()).map((i) => i.mediaItemId);
    expect(afterErase).toHaveLength(afterReset.length);
    expect(afterErase).not.toEqual(afterReset);
  });
});
