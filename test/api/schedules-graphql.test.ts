import { beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../support/test-server";

const { api } = useTestServer();
let collectionId: number;

beforeAll(async () => {
  collectionId = (await api.post("/api/v1/collections", { name: "Gql schedule targets" })).json.id;
});

async function gql(query: string, variables?: Record<string, unknown>) {
  const response = await api.graphql(query, variables);
  return response.json as { data: any; errors?: Array<{ message: string; extensions: { code: string; errors?: Array<{ field: string }> } }> };
}

const ITEM_FIELDS = "id index startType startTime playoutMode collectionType collectionId playbackOrder multipleMode count playoutDuration tailMode discardToFillAttempts guideMode watermarkIds marathonGroupBy";
const one = (extra: Record<string, unknown> = {}) => ({ playoutMode: "One", collectionType: "Collection", collectionId, playbackOrder: "Shuffle", ...extra });

describe("schedules over GraphQL", () => {
  it("creates, lists, reads with items, replaces and deletes through the same rules as REST", async () => {
    const created = await gql("mutation($input: ScheduleInput!) { createSchedule(input: $input) { id name fixedStartTimeBehavior shuffleScheduleItems } }", {
      input: { name: "Gql schedule", shuffleScheduleItems: true },
    });
    expect(created.errors).toBeUndefined();
    const id = created.data.createSchedule.id;
    expect(created.data.createSchedule).toEqual({ id, name: "Gql schedule", fixedStartTimeBehavior: "Strict", shuffleScheduleItems: true });

    const added = await gql(`mutation($id: Int!, $input: ScheduleItemInput!) { addScheduleItem(scheduleId: $id, input: $input) { ${ITEM_FIELDS} } }`, {
      id, input: one({ playoutMode: "Multiple", count: "count / 2", startTime: "06:00:00" }),
    });
    expect(added.errors).toBeUndefined();
    expect(added.data.addScheduleItem).toMatchObject({ index: 0, startType: "Fixed", startTime: "06:00:00", playoutMode: "Multiple", multipleMode: "Count", count: "count / 2", playoutDuration: null, watermarkIds: [] });

    const replaced = await gql(`mutation($id: Int!, $items: [ScheduleItemInput!]!) { replaceScheduleItems(scheduleId: $id, items: $items) { ${ITEM_FIELDS} } }`, {
      id, items: [one({ index: 2 }), one({ index: 1, playoutMode: "Duration", playoutDuration: "00:30:00", tailMode: "Offline" })],
    });
    expect(replaced.errors).toBeUndefined();
    expect(replaced.data.replaceScheduleItems.map((i: { index: number; playoutMode: string }) => [i.index, i.playoutMode])).toEqual([[0, "Duration"], [1, "One"]]);
    expect(replaced.data.replaceScheduleItems[0]).toMatchObject({ playoutDuration: "00:30:00", tailMode: "Offline", discardToFillAttempts: 0, startType: "Dynamic", startTime: null });

    const read = await gql(`query($id: Int!) { schedule(id: $id) { id name items { ${ITEM_FIELDS} } } schedules { id } }`, { id });
    expect(read.errors).toBeUndefined();
    expect(read.data.schedule.items).toEqual(replaced.data.replaceScheduleItems);
    expect(read.data.schedules).toContainEqual({ id });

    const removed = await gql("mutation($id: Int!, $itemId: Int!) { deleteScheduleItem(scheduleId: $id, itemId: $itemId) }", { id, itemId: replaced.data.replaceScheduleItems[0].id });
    expect(removed.errors).toBeUndefined();
    const after = await gql("query($id: Int!) { schedule(id: $id) { items { index playoutMode } } }", { id });
    expect(after.data.schedule.items).toEqual([{ index: 0, playoutMode: "One" }]);

    const deleted = await gql("mutation($id: Int!) { deleteSchedule(id: $id) }", { id });
    expect(deleted.errors).toBeUndefined();
    expect(deleted.data.deleteSchedule).toBe(String(id));
    const gone = await gql("query($id: Int!) { schedule(id: $id) { id } }", { id });
    expect(gone.errors?.[0].extensions.code).toBe("NOT_FOUND");
  });

  it("reports broken rules with field names, and an invalid replace changes nothing", async () => {
    const dup = await gql("mutation { createSchedule(input: { name: \"Gql dup\" }) { id } }");
    const id = dup.data.createSchedule.id;
    const again = await gql("mutation { createSchedule(input: { name: \"GQL DUP\" }) { id } }");
    expect(again.errors?.[0].extensions.errors?.map((e) => e.field)).toContain("name");

    const wrongMode = await gql("mutation($id: Int!, $input: ScheduleItemInput!) { addScheduleItem(scheduleId: $id, input: $input) { id } }", { id, input: one({ playoutDuration: "01:00:00" }) });
    expect(wrongMode.errors?.[0].extensions.code).toBe("VALIDATION_FAILED");
    expect(wrongMode.errors?.[0].extensions.errors?.map((e) => e.field)).toEqual(["playoutDuration"]);

    const bulk = await gql("mutation($id: Int!, $items: [ScheduleItemInput!]!) { replaceScheduleItems(scheduleId: $id, items: $items) { id } }", {
      id, items: [one(), one({ playoutMode: "Multiple", count: "(" })],
    });
    expect(bulk.errors?.[0].extensions.errors?.map((e) => e.field)).toEqual(["items[1].count"]);
    const read = await gql("query($id: Int!) { schedule(id: $id) { items { id } } }", { id });
    expect(read.data.schedule.items).toEqual([]);
  });
});
