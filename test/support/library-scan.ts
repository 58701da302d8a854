import { expect } from "vitest";
import type { ApiClient } from "./http";
import { waitFor } from "./wait";

/** Starts a scan of a library and polls until it is over (60 s deadline); returns the library. */
export async function scanAndWait(api: ApiClient, libraryId: number, query = ""): Promise<any> {
  const queued = await api.post(`/api/v1/libraries/${libraryId}/scan${query}`);
  expect(queued.status, queued.text).toBe(200);
  return waitForScanEnd(api, libraryId);
}

/** Polls a library until no scan runs on it (60 s deadline); returns the library. */
export function waitForScanEnd(api: ApiClient, libraryId: number): Promise<any> {
  return waitFor(
    async () => {
      const library = (await api.get(`/api/v1/libraries/${libraryId}`)).json;
      return !library.scan && library;
    },
    `the scan of library ${libraryId} to end`,
    { timeoutMs: 60_000, intervalMs: 100 },
  );
}
