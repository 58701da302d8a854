import { expect } from "vitest";
import type { ApiClient } from "./http";

/** Starts a scan of a library and polls until it is over (60 s deadline); returns the library. */
export async function scanAndWait(api: ApiClient, libraryId: number, query = ""): Promise<any> {
  const queued = await api.post(`/api/v1/libraries/${libraryId}/scan${query}`);
  expect(queued.status, queued.text).toBe(200);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const library = (await api.get(`/api/v1/libraries/${libraryId}`)).json;
    if (!library.scan) return library;
    if (Date.now() > deadline) throw new Error("scan did not finish in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}
