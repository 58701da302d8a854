import type { ScannedFile } from "../domain/scan-protocol";
import type { ScanClient } from "./scan-client";

/**
 * Scanned items sent to the server in batches of `size`, one request after another (in the order they were
 * added). `add` resolves once a full batch it completed was sent; `flush` sends what is left.
 */
export function itemBatches(client: ScanClient, size: number) {
  let batch: ScannedFile[] = [];
  let sending: Promise<unknown> = Promise.resolve();
  const flush = () => {
    const files = batch;
    batch = [];
    if (files.length) sending = sending.then(() => client.post("items", { files }));
    return sending;
  };
  return {
    add: async (file: ScannedFile) => {
      batch.push(file);
      if (batch.length >= size) await flush();
    },
    flush,
  };
}
