/**
 * One piece of a remote stream item: the source is prepared (redirects followed by hand, an HLS playlist
 * checked) and probed within the timeout, then read by FFmpeg with its scheme's protocol whitelist, a stall
 * timeout and reconnects, and always transcoded (steady timestamps whatever the source sends). A source that
 * cannot be prepared or probed gives the channel's offline slate for `retryMs` with the reason, so the
 * session retries after it instead of leaving viewers without a picture.
 */
import { remoteInputOptions } from "../domain/remote-stream";
import type { StreamPlan, StreamRemoteSource } from "../domain/stream-plan";
import { prepareRemoteInput } from "../media/remote-streams/prepare-input";
import { buildOfflineSlateArgs, buildPlayoutArgs, type EncoderCapabilities, type FFmpegProfile, type OutputTarget } from "./ffmpeg";
import { bundledFonts } from "./bundled-fonts";
import type { MediaProbe } from "./media-probe";
import type { PieceCommand } from "./plan-command";

export const REMOTE_TIMEOUT_MS = 10_000;

export interface RemotePieceRequest {
  plan: StreamPlan;
  remote: StreamRemoteSource;
  durationMs: number;
  realtime: boolean;
  output: OutputTarget;
  ptsOffsetMs: number;
  profile: FFmpegProfile;
  /** How long preparing and probing may take (10 s; less while a viewer waits for the first picture). */
  timeoutMs?: number;
  /** How long the slate plays when the source cannot be opened. */
  retryMs?: number;
}

export async function remotePieceCommand(request: RemotePieceRequest, caps: EncoderCapabilities, probe: MediaProbe): Promise<PieceCommand> {
  const { plan, remote, durationMs, realtime, output, ptsOffsetMs, profile } = request;
  const content = plan.content;
  const timeoutMs = request.timeoutMs ?? REMOTE_TIMEOUT_MS;
  const prepared = await prepareRemoteInput(remote, timeoutMs);
  if (!prepared.ok) return offline(`${prepared.field}: ${prepared.reason}`);
  const options = remoteInputOptions(prepared.input);
  let source;
  try {
    source = await probe.probeRemote(prepared.input.url, options, timeoutMs);
  } catch (error) {
    return offline(`url: ${(error as Error).message}`);
  }
  if (content.kind !== "media") return offline("nothing to play");
  // A fixed-length item shorter than its length loops; it is read from where the schedule stands in the loop.
  const sourceMs = source.durationMs;
  const loop = !remote.live;
  const seekMs = !remote.live && sourceMs ? content.seekMs % sourceMs : 0;
  const command = buildPlayoutArgs(
    profile,
    source,
    {
      inputPath: prepared.input.url,
      seekMs,
      durationMs,
      preferredAudioLanguages: content.preferredAudioLanguages,
      subtitleMode: content.subtitleMode,
      watermark: content.watermark,
      graphics: content.graphics?.length ? { elements: content.graphics, fontFile: bundledFonts().regular } : undefined,
      realtime,
      output,
      ptsOffsetMs,
      channelName: plan.channel.name,
      videoCopyBlocked: "a remote stream is always transcoded",
      remoteInput: { options, live: remote.live, loop },
    },
    caps,
  );
  return { args: command.args, warnings: command.warnings, kind: "media", decision: command.decision, seekMs, durationMs, acceleration: command.acceleration };

  function offline(reason: string): PieceCommand {
    const slateMs = Math.min(durationMs, request.retryMs ?? durationMs);
    const slate = { durationMs: slateMs, realtime, output, ptsOffsetMs, channelName: plan.channel.name, fontFile: bundledFonts().regular };
    return { ...buildOfflineSlateArgs(profile, slate, caps), kind: "offline", durationMs: slateMs, remoteError: reason };
  }
}
