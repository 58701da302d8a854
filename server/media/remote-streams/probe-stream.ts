import { remoteInputOptions } from "../../domain/remote-stream";
import { runFfprobeRemote, type ProbeInfo } from "../probe";
import { prepareRemoteInput, type RemoteSource } from "./prepare-input";

export const REMOTE_PROBE_TIMEOUT_MS = 10_000;

/** Prepares and probes a remote source within the timeout (scan and troubleshooter); the reason, naming the field, on failure. */
export async function probeStream(source: RemoteSource, ffprobe: string, timeoutMs = REMOTE_PROBE_TIMEOUT_MS): Promise<{ ok: true; value: ProbeInfo } | { ok: false; reason: string }> {
  const prepared = await prepareRemoteInput(source, timeoutMs);
  if (!prepared.ok) return { ok: false, reason: `${prepared.field}: ${prepared.reason}` };
  try {
    return { ok: true, value: await runFfprobeRemote(ffprobe, prepared.input.url, remoteInputOptions(prepared.input), timeoutMs) };
  } catch (error) {
    return { ok: false, reason: `url: ${(error as Error).message}` };
  }
}
