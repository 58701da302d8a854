/** Runs FFmpeg (one of the registry's processes) for a still that it writes as PNG to stdout: previews of watermarks and graphics. */
import type { ProcessRegistry } from "./process-registry";

const TIMEOUT_MS = 20_000;
const MAX_PNG_BYTES = 32 * 1024 * 1024;

/** The PNG FFmpeg wrote; rejects with FFmpeg's error text. */
export async function renderPng(registry: ProcessRegistry, args: string[], label: string): Promise<Buffer> {
  const process = registry.spawn(args, label, "pipe");
  const chunks: Buffer[] = [];
  let bytes = 0;
  const drained = new Promise<void>((resolve) => {
    const out = process.child.stdout;
    if (!out) return resolve();
    out.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes <= MAX_PNG_BYTES) chunks.push(chunk);
      else void registry.kill(process);
    });
    out.once("close", () => resolve());
  });
  const timer = setTimeout(() => void registry.kill(process), TIMEOUT_MS);
  const [code] = await Promise.all([process.exited, drained]);
  clearTimeout(timer);
  const png = Buffer.concat(chunks);
  if (code !== 0 || png.length === 0 || bytes > MAX_PNG_BYTES) throw new Error(process.stderr().trim() || `FFmpeg exited with code ${code}`);
  return png;
}
