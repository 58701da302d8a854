import os from "node:os";
import { ScanCancelledError, ScanClient } from "./scan-client";
import { runScan, type ScanRunOptions } from "./scan-run";
import { SCANNER_ENV } from "./scanner-env";
import type { ScanDone, ScanOrder } from "./scanner-messages";

/**
 * Entry of the scanner child process. The server keeps it between scans and sends it one scan at a time over the
 * IPC channel: a scan that ends cleanly is answered with "done" and the child waits for the next order; a scan that
 * fails or is cancelled ends the process (its exit code and stderr say why). It also ends when the server stops it
 * (SIGTERM) or goes away (the channel closes).
 */
const send = process.send?.bind(process);
if (!send) {
  process.stderr.write("the scanner is started by the server (it takes its scans over an IPC channel)\n");
  process.exit(64);
}

const options: Omit<ScanRunOptions, "force"> = {
  ffprobe: process.env[SCANNER_ENV.ffprobe] || "ffprobe",
  ffmpeg: process.env[SCANNER_ENV.ffmpeg] || "ffmpeg",
  dataDir: process.env[SCANNER_ENV.dataDir] || os.tmpdir(),
  concurrency: Math.max(1, Number(process.env[SCANNER_ENV.concurrency]) || os.availableParallelism()),
  log: (message) => process.stderr.write(`${message}\n`),
};
let busy = false;

async function scan(order: ScanOrder): Promise<number> {
  const client = new ScanClient(order.url);
  try {
    await runScan(client, { ...options, force: order.force }, order.library);
    return 0;
  } catch (error) {
    if (error instanceof ScanCancelledError) return 2;
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`scan failed: ${message}\n`);
    await client.post("failed", { message }).catch(() => undefined);
    return 1;
  } finally {
    client.close();
  }
}

process.once("SIGTERM", () => process.exit(143));
process.once("disconnect", () => process.exit(0));
process.on("message", (order: ScanOrder) => {
  if (order?.type !== "scan") return;
  if (busy) {
    process.stderr.write("a second scan was ordered while one runs\n");
    process.exit(70);
  }
  busy = true;
  void scan(order).then((code) => {
    if (code !== 0) process.exit(code);
    busy = false;
    send({ type: "done" } satisfies ScanDone);
  });
});
