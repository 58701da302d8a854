/**
 * A hybrid MPEG-TS viewer: the channel's shared session's segments, one after another, written to the
 * viewer as one continuous transport stream (no process of its own). It starts with the segment on
 * air now (read while FFmpeg is still writing it, so the first bytes go out at once) and then sends
 * each segment when it is due, a little ahead of the wall clock.
 */
import fs from "node:fs";
import type { Writable } from "node:stream";
import type { HlsSession } from "./hls-session";

const TS_PACKET = 188;
const READ_CHUNK = 256 * 1024;
/** Segments are sent this far ahead of their air time, so a player's buffer stays filled. */
const LEAD_MS = 4000;
/**
 * How often a segment FFmpeg writes is looked at again when it has nothing new: often before its first
 * bytes (a viewer's first byte waits for them: a cold start), less once the viewer keeps up with the writer.
 */
const FIRST_BYTES_POLL_MS = 20;
const TAIL_POLL_MS = 200;

export interface ViewerOptions {
  clock(): number;
  /** True once the viewer went away (or the server is stopping). */
  closed(): boolean;
}

/** Writes the session's stream to `out` until the viewer leaves or the session stops. */
export async function pipeSessionAsTs(session: HlsSession, out: Writable, options: ViewerOptions): Promise<void> {
  let number = session.segmentNumberAt(options.clock());
  let offset = 0;
  let tailingRun: number | undefined;
  const handle = { fd: undefined as fs.promises.FileHandle | undefined, number: -1 };
  const buffer = Buffer.allocUnsafe(READ_CHUNK);
  try {
    while (!options.closed() && !session.isStopping) {
      const state = session.segmentState(number);
      if (state.state === "gone") {
        // Deleted (the viewer fell far behind) or abandoned by a failed run: rejoin at the live point.
        number = Math.max(number + 1, session.segmentNumberAt(options.clock()));
        offset = 0;
        continue;
      }
      if (state.state === "pending") {
        await waitFor(session, "progress", options, 500);
        continue;
      }
      if (offset === 0) {
        const wait = state.wallStart - LEAD_MS - options.clock();
        if (wait > 0) {
          await waitFor(session, "stopped", options, Math.min(wait, 1000));
          continue;
        }
      }
      if (state.state === "writing") {
        if (tailingRun !== undefined && tailingRun !== state.run) {
          // A failed run's file was replaced by the next run's: start the new file from its beginning.
          offset = 0;
          await handle.fd?.close();
          handle.fd = undefined;
          handle.number = -1;
        }
        tailingRun = state.run;
      }
      if (handle.number !== number) {
        await handle.fd?.close();
        handle.fd = undefined;
        handle.number = number;
        try {
          handle.fd = await fs.promises.open(state.file, "r");
        } catch {
          handle.number = -1;
          if (state.state === "complete") number += 1;
          else await waitFor(session, "progress", options, FIRST_BYTES_POLL_MS);
          continue;
        }
      }
      const complete = state.state === "complete";
      const { bytesRead } = await handle.fd!.read(buffer, 0, READ_CHUNK, offset);
      // While FFmpeg writes, only whole transport packets go out.
      const usable = complete ? bytesRead : bytesRead - (bytesRead % TS_PACKET);
      if (usable > 0) {
        offset += usable;
        if (!(await write(out, buffer.subarray(0, usable), options))) return;
        continue;
      }
      if (complete) {
        number += 1;
        offset = 0;
        tailingRun = undefined;
      } else {
        await waitFor(session, "progress", options, offset === 0 ? FIRST_BYTES_POLL_MS : TAIL_POLL_MS);
      }
    }
  } finally {
    await handle.fd?.close();
  }
}

async function write(out: Writable, chunk: Buffer, options: ViewerOptions): Promise<boolean> {
  if (options.closed() || out.destroyed) return false;
  // The buffer is reused for the next read: hand the stream its own copy.
  if (out.write(Buffer.from(chunk))) return true;
  await new Promise<void>((resolve) => {
    const done = () => {
      out.off("drain", done);
      out.off("close", done);
      resolve();
    };
    out.on("drain", done);
    out.on("close", done);
  });
  return !options.closed() && !out.destroyed;
}

function waitFor(session: HlsSession, event: string, options: ViewerOptions, timeoutMs: number): Promise<void> {
  if (options.closed()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      session.off(event, done);
      session.off("stopped", done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    session.on(event, done);
    session.on("stopped", done);
  });
}
