import { describe, expect, it } from "vitest";
import { type Body, useFillerPresetFixture } from "./support/filler-preset-fixture";
import { expect422 } from "./support/problems";

const { api, t, sql, uniqueName, preset, tail, fallback, create, row } = useFillerPresetFixture();

describe("filler presets used by schedules and channels", () => {
  async function schedule() {
    const response = await api.post("/api/v1/schedules", { name: uniqueName("Schedule") });
    expect(response.status, response.text).toBe(201);
    return response.json.id as number;
  }
  const item = (extra: Body = {}) => ({ playoutMode: "One", collectionType: "Collection", collectionId: t.collectionId, playbackOrder: "Shuffle", ...extra });

  it("schedule items accept presets of the slot's kind and refuse others (422 naming the slot)", async () => {
    const pre = await create(preset());
    const post = await create(preset({ fillerKind: "PostRoll" }));
    const tailPreset = await create(tail());
    const fb = await create(fallback());
    const id = await schedule();
    const ok = await api.post(`/api/v1/schedules/${id}/items`, item({ preRollFillerId: pre.id, postRollFillerId: post.id, fallbackFillerId: fb.id }));
    expect(ok.status, ok.text).toBe(201);
    const duration = await api.post(`/api/v1/schedules/${id}/items`, item({ playoutMode: "Duration", playoutDuration: "01:00:00", tailMode: "Filler", tailFillerId: tailPreset.id }));
    expect(duration.status, duration.text).toBe(201);
    expect422(await api.post(`/api/v1/schedules/${id}/items`, item({ preRollFillerId: post.id })), "preRollFillerId");
    expect422(await api.post(`/api/v1/schedules/${id}/items`, item({ midRollFillerId: pre.id })), "midRollFillerId");
    expect422(await api.post(`/api/v1/schedules/${id}/items`, item({ fallbackFillerId: tailPreset.id })), "fallbackFillerId");
    const pad = await create(preset({ fillerMode: "Pad", count: undefined, padToNearestMinute: 15 }));
    expect422(await api.post(`/api/v1/schedules/${id}/items`, item({ preRollFillerId: pad.id })), "fallbackFillerId");
    expect((await api.post(`/api/v1/schedules/${id}/items`, item({ preRollFillerId: pad.id, fallbackFillerId: fb.id }))).status).toBe(201);
  });

  it("DELETE of a preset a schedule item uses is 422 naming the item, and changes nothing", async () => {
    const pre = await create(preset());
    const id = await schedule();
    const added = await api.post(`/api/v1/schedules/${id}/items`, item({ preRollFillerId: pre.id }));
    expect(added.status, added.text).toBe(201);
    const response = await api.delete(`/api/v1/filler/presets/${pre.id}`);
    expect422(response, "id");
    expect(response.json.detail).toContain(`schedule ${id} item ${added.json.id}`);
    expect(await row(pre.id)).toBeDefined();
    // once the item is gone the preset can go
    expect((await api.delete(`/api/v1/schedules/${id}/items/${added.json.id}`)).status).toBe(204);
    expect((await api.delete(`/api/v1/filler/presets/${pre.id}`)).status).toBe(204);
  });

  it("DELETE of a channel's fallback filler is 422 naming the channel, and the channel keeps it", async () => {
    const fb = await create(fallback());
    const channel = await api.post("/api/v1/channels", { name: uniqueName("Channel") });
    expect(channel.status, channel.text).toBe(201);
    await sql("UPDATE channel SET fallbackFillerId = ? WHERE id = ?", [fb.id, channel.json.id]);
    const response = await api.delete(`/api/v1/filler/presets/${fb.id}`);
    expect422(response, "id");
    expect(response.json.detail).toContain(`channel ${channel.json.number}`);
    expect(await sql("SELECT fallbackFillerId FROM channel WHERE id = ?", [channel.json.id])).toEqual([{ fallbackFillerId: fb.id }]);
    // nor may its kind change away from Fallback
    expect422(await api.put(`/api/v1/filler/presets/${fb.id}`, preset({ name: fb.name })), "fillerKind");
    expect(await row(fb.id)).toMatchObject({ kind: "Fallback" });
    await sql("UPDATE channel SET fallbackFillerId = NULL WHERE id = ?", [channel.json.id]);
    expect((await api.delete(`/api/v1/filler/presets/${fb.id}`)).status).toBe(204);
  });

  it("PUT keeps a used preset fitting its items: same kind, and Pad only where the item can pad", async () => {
    const pre = await create(preset());
    const other = await create(preset({ fillerKind: "PostRoll", fillerMode: "Pad", count: undefined, padToNearestMinute: 30 }));
    const fb = await create(fallback());
    const id = await schedule();
    const added = await api.post(`/api/v1/schedules/${id}/items`, item({ preRollFillerId: pre.id }));
    expect(added.status, added.text).toBe(201);
    const before = await row(pre.id);
    const asPost = await api.put(`/api/v1/filler/presets/${pre.id}`, preset({ name: pre.name, fillerKind: "PostRoll" }));
    expect422(asPost, "fillerKind");
    expect(asPost.json.detail).toContain(`item ${added.json.id}`);
    const asPad = await api.put(`/api/v1/filler/presets/${pre.id}`, preset({ name: pre.name, fillerMode: "Pad", count: undefined, padToNearestMinute: 30 }));
    expect422(asPad, "fillerMode");
    expect(asPad.json.detail).toContain("no fallback filler");
    expect(await row(pre.id)).toEqual(before);

    // with a fallback filler but another padding filler on the item, still refused
    const replaced = await api.put(`/api/v1/schedules/${id}/items`, { items: [item({ preRollFillerId: pre.id, fallbackFillerId: fb.id })] });
    expect(replaced.status, replaced.text).toBe(200);
    const padding = await api.put(`/api/v1/schedules/${id}/items`, { items: [item({ preRollFillerId: pre.id, postRollFillerId: other.id, fallbackFillerId: fb.id })] });
    expect(padding.status, padding.text).toBe(200);
    expect422(await api.put(`/api/v1/filler/presets/${pre.id}`, preset({ name: pre.name, fillerMode: "Pad", count: undefined, padToNearestMinute: 30 })), "fillerMode");
    // alone with a fallback, it may pad
    expect((await api.put(`/api/v1/schedules/${id}/items`, { items: [item({ preRollFillerId: pre.id, fallbackFillerId: fb.id })] })).status).toBe(200);
    const ok = await api.put(`/api/v1/filler/presets/${pre.id}`, preset({ name: pre.name, fillerMode: "Pad", count: undefined, padToNearestMinute: 30 }));
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.fillerMode).toBe("Pad");
  });
});
