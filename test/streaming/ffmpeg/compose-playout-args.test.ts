import { describe, expect, it } from "vitest";
import { HardwareAcceleration } from "../../../server/domain/enums";
import { buildPlayoutArgs } from "../../../server/streaming/ffmpeg";
import { caps, profile, request, source, valueOf, valuesOf } from "./fixtures";

describe("composed playout command", () => {
  it("produces the full argument vector in order for a seeked MPEG-TS item", () => {
    const { args, warnings } = buildPlayoutArgs(
      profile({ resolution: { width: 1280, height: 720 } }),
      source(),
      request({ seekMs: 83_250, durationMs: 1_200_000, realtime: true, channelName: "Movies" }),
      caps(),
    );
    expect(warnings).toEqual([]);
    expect(args).toEqual([
      "-nostdin", "-hide_banner", "-nostats", "-loglevel", "error",
      "-fflags", "+genpts+discardcorrupt+igndts",
      "-ss", "00:01:23.250",
      "-readrate", "1.05",
      "-i", "/media/movie.mkv",
      "-filter_complex",
      "[0:0]scale=1280:720,setsar=1,format=yuv420p[vout];[0:1]aresample=48000:async=1:first_pts=0,apad[aout]",
      "-map", "[vout]", "-map", "[aout]",
      "-c:v", "libx264", "-profile:v", "high", "-preset", "veryfast",
      "-b:v", "2000k", "-maxrate:v", "2000k", "-bufsize:v", "4000k",
      "-g", "48", "-keyint_min", "48", "-force_key_frames", "expr:gte(t,n_forced*2)", "-sc_threshold", "0", "-flags", "+cgop",
      "-bf", "0",
      "-c:a", "aac", "-ac", "2", "-b:a", "192k", "-maxrate:a", "192k", "-bufsize:a", "384k", "-ar", "48000",
      "-t", "00:20:00.000",
      "-map_metadata", "-1", "-metadata", "service_provider=Airwave", "-metadata", "service_name=Movies",
      "-metadata:s:a:0", "language=eng",
      "-muxdelay", "0", "-muxpreload", "0",
      "-mpegts_flags", "+initial_discontinuity",
      "-f", "mpegts", "pipe:1",
    ]);
  });

  it("puts -ss before -i (fast input seek) and omits it at offset 0", () => {
    const seeked = buildPlayoutArgs(profile(), source(), request({ seekMs: 1500 }), caps()).args;
    expect(seeked.indexOf("-ss")).toBeLessThan(seeked.indexOf("-i"));
    expect(valueOf(seeked, "-ss")).toBe("00:00:01.500");
    expect(buildPlayoutArgs(profile(), source(), request({ seekMs: 0 }), caps()).args).not.toContain("-ss");
  });

  it("paces with -readrate, -re on FFmpeg without it, and not at all when not realtime", () => {
    expect(valueOf(buildPlayoutArgs(profile(), source(), request({ realtime: true }), caps()).args, "-readrate")).toBe("1.05");
    const old = buildPlayoutArgs(profile(), source(), request({ realtime: true }), caps({ supportsReadrate: false })).args;
    expect(old).toContain("-re");
    expect(old).not.toContain("-readrate");
    expect(old.indexOf("-re")).toBeLessThan(old.indexOf("-i"));
    const fast = buildPlayoutArgs(profile(), source(), request({ realtime: false }), caps()).args;
    expect(fast).not.toContain("-re");
    expect(fast).not.toContain("-readrate");
  });

  it("keyframes every 2 s at the output frame rate, with closed GOPs and no scene cuts", () => {
    const pal = source({ video: { index: 0, codec: "h264", width: 1920, height: 1080, frameRate: "25/1", scanKind: "Progressive" } });
    const { args } = buildPlayoutArgs(profile(), pal, request(), caps());
    expect(valueOf(args, "-g")).toBe("50");
    expect(valueOf(args, "-keyint_min")).toBe("50");
    expect(valueOf(args, "-force_key_frames")).toBe("expr:gte(t,n_forced*2)");
    expect(valueOf(args, "-sc_threshold")).toBe("0");
    expect(valueOf(args, "-flags")).toBe("+cgop");
    expect(valueOf(buildPlayoutArgs(profile({ normalizeFramerate: true }), pal, request(), caps()).args, "-g")).toBe("60");
  });

  it("gives QSV a one-second GOP and NVENC forced IDR frames", () => {
    const hw = caps({ encoders: ["libx264", "aac", "h264_qsv", "h264_nvenc"] });
    const qsv = buildPlayoutArgs(profile({ hardwareAcceleration: HardwareAcceleration.Qsv }), source(), request(), hw).args;
    expect(valueOf(qsv, "-g")).toBe("24");
    expect(valueOf(qsv, "-force_key_frames")).toBe("expr:gte(t,n_forced*2)");
    const nvenc = buildPlayoutArgs(profile({ hardwareAcceleration: HardwareAcceleration.Nvenc }), source(), request(), hw).args;
    expect(valueOf(nvenc, "-forced-idr")).toBe("1");
    expect(valueOf(nvenc, "-preset")).toBeUndefined();
  });

  it("allows B-frames only when the profile does", () => {
    expect(buildPlayoutArgs(profile({ allowBFrames: true }), source(), request(), caps()).args).not.toContain("-bf");
    expect(valueOf(buildPlayoutArgs(profile(), source(), request(), caps()).args, "-bf")).toBe("0");
  });

  it("continues timestamps with -output_ts_offset and drops the initial discontinuity flag", () => {
    const { args } = buildPlayoutArgs(profile(), source(), request({ ptsOffsetMs: 3_600_040 }), caps());
    expect(valueOf(args, "-output_ts_offset")).toBe("3600.04");
    expect(args).not.toContain("-mpegts_flags");
  });

  it("writes MPEG-TS to a given target", () => {
    const { args } = buildPlayoutArgs(profile(), source(), request({ output: { kind: "mpegts", target: "/tmp/out.ts" } }), caps());
    expect(args.slice(-3)).toEqual(["-f", "mpegts", "/tmp/out.ts"]);
  });

  it("writes an HLS segmenter run with 4 s segments", () => {
    const { args } = buildPlayoutArgs(
      profile(),
      source(),
      request({ output: { kind: "hls", playlistPath: "/t/1/live.m3u8", segmentFilenamePattern: "/t/1/live%06d.ts" } }),
      caps(),
    );
    expect(valueOf(args, "-fflags")).toBe("+discardcorrupt+igndts");
    expect(args.slice(args.indexOf("-f", args.indexOf("-t")))).toEqual([
      "-f", "hls",
      "-hls_time", "4",
      "-hls_list_size", "0",
      "-hls_segment_type", "mpegts",
      "-hls_flags", "program_date_time+omit_endlist+append_list+independent_segments",
      "-hls_segment_options", "mpegts_flags=+initial_discontinuity",
      "-hls_segment_filename", "/t/1/live%06d.ts",
      "/t/1/live.m3u8",
    ]);
  });

  it("starts a session's first HLS run with 1 s segments, 1 s keyframes for 2 s, and x264 without lookahead", () => {
    const { args } = buildPlayoutArgs(
      profile(),
      source(),
      request({ output: { kind: "hls", playlistPath: "/t/1/run0.m3u8", segmentFilenamePattern: "/t/1/live%06d.ts", initialSegmentSeconds: 1 } }),
      caps(),
    );
    expect(valueOf(args, "-tune")).toBe("zerolatency");
    expect(valueOf(args, "-force_key_frames")).toBe("expr:gte(t,if(lt(n_forced,3),n_forced*1,2*(n_forced-2)+2))");
    expect(valueOf(args, "-g")).toBe("48");
    expect(args.slice(args.indexOf("-f", args.indexOf("-t")))).toEqual([
      "-f", "hls",
      "-hls_init_time", "1",
      "-hls_time", "4",
      "-hls_list_size", "1",
      "-hls_segment_type", "mpegts",
      "-hls_flags", "program_date_time+omit_endlist+independent_segments",
      "-hls_segment_options", "mpegts_flags=+initial_discontinuity",
      "-hls_segment_filename", "/t/1/live%06d.ts",
      "/t/1/run0.m3u8",
    ]);
    const steady = buildPlayoutArgs(profile(), source(), request({ output: { kind: "hls", playlistPath: "p.m3u8", segmentFilenamePattern: "s%d.ts" } }), caps()).args;
    expect(steady).not.toContain("-tune");
    expect(steady).not.toContain("-hls_init_time");
    // A session's half-second start: keyframes at 0, 0.5 and 1 s, then every 2 s from 1 s (3, 5 …), so the third segment is 4 s.
    const half = buildPlayoutArgs(profile(), source(), request({ output: { kind: "hls", playlistPath: "p.m3u8", segmentFilenamePattern: "s%d.ts", initialSegmentSeconds: 0.5 } }), caps()).args;
    expect(valueOf(half, "-force_key_frames")).toBe("expr:gte(t,if(lt(n_forced,3),n_forced*0.5,2*(n_forced-2)+1))");
    expect(valueOf(half, "-hls_init_time")).toBe("0.5");
  });

  it("marks later HLS runs as discontinuous continuations and can delete old segments", () => {
    const { args } = buildPlayoutArgs(
      profile(),
      source(),
      request({
        ptsOffsetMs: 8000,
        output: { kind: "hls", playlistPath: "p.m3u8", segmentFilenamePattern: "s%d.ts", continuesSession: true, deleteSegments: true, listSize: 10, segmentSeconds: 6 },
      }),
      caps(),
    );
    expect(valueOf(args, "-hls_flags")).toBe("program_date_time+omit_endlist+append_list+discont_start+independent_segments+delete_segments");
    expect(valueOf(args, "-hls_list_size")).toBe("10");
    expect(valueOf(args, "-hls_time")).toBe("6");
    expect(valueOf(args, "-output_ts_offset")).toBe("8");
    expect(args).not.toContain("-hls_segment_options");
  });

  it("plays audio-only sources over a generated black picture", () => {
    const { args } = buildPlayoutArgs(profile({ resolution: { width: 1280, height: 720 } }), source({ video: undefined }), request(), caps());
    expect(valuesOf(args, "-i")).toEqual(["/media/movie.mkv", "color=c=black:s=1280x720:r=30"]);
    expect(valueOf(args, "-filter_complex")).toMatch(/^\[1:v\]setsar=1,format=yuv420p\[vout\];\[0:1\]/);
  });
});
