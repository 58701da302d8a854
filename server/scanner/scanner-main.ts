import os from "node:os";
import { ScanCancelledError, ScanClient } from "./scan-client";
import { runScan } from "./scan-run";
import { SCANNER_ENV } from "./scanner-env";

/** Entry of the scanner child process the server starts for each scan. */
async function main(): Promise<number> {
  const url = process.env[SCANNER_ENV.url];
  if (!url) {
    process.stderr.write(`${SCANNER_ENV.url} is not set: the scanner is started by the server\n`);
    return 64;
  }
  const client = new ScanClient(url);
  let stopping = false;
  process.once("SIGTERM", () => {
    stopping = true;
    process.exit(143);
  });
  try {
    await runScan(client, {
      force: process.env[SCANNER_ENV.force] === "1",
      ffprobe: process.env[SCANNER_ENV.ffprobe] || "ffprobe",
      ffmpeg: process.env[SCANNER_ENV.ffmpeg] || "ffmpeg",
      dataDir: process.env[SCANNER_ENV.dataDir] || os.tmpdir(),
      concurrency: Math.max(1, Number(process.env[SCANNER_ENV.concurrency]) || os.availableParallelism()),
      log: (message) => process.stderr.write(`${message}\n`),
    });
    return 0;
  } catch (error) {
    if (error instanceof ScanCancelledError || stopping) return 2;
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`scan failed: ${message}\n`);
    await client.post("failed", { message }).catch(() => undefined);
    return 1;
  }
}

void main().then((code) => process.exit(code));
