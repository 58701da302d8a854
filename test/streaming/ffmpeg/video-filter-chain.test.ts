import { describe, expect, it } from "vitest";
import { HardwareAcceleration, ScalingBehavior, SubtitleMode, VideoFormat, WatermarkPosition } from "../../../server/domain/enums";
import { buildPlayoutArgs } from "../../../server/streaming/ffmpeg";
import { scalingFilters, sampleAspect } from "../../../server/streaming/ffmpeg/scaling-filters";
import { caps, profile, request, source, valueOf } from "./fixtures";

function graphOf(args: string[]): string {
  const graph = valueOf(args, "-filter_complex");
  if (graph === undefined) throw new Error("no -filter_complex");
  return graph;
}

function videoGraph(overrides: Parameters<typeof profile>[0] = {}, src = source(), req = request()): string {
  return graphOf(buildPlayoutArgs(profile(overrides), src, req, caps()).args);
}

describe("scaling to the profile resolution", () => {
  const target = { width: 1920, height: 1080 };

  it("ScaleAndPad pillarboxes a 4:3 source, keeping its aspect ratio", () => {
    expect(scalingFilters({ width: 640, height: 480 }, target, ScalingBehavior.ScaleAndPad)).toEqual([
      "scale=1440:1080",
      "setsar=1",
      "pad=1920:1080:240:0:color=black",
    ]);
  });

  it("ScaleAndPad letterboxes a 2.39:1 source", () => {
    expect(scalingFilters({ width: 1920, height: 804 }, target, ScalingBehavior.ScaleAndPad)).toEqual([
      "setsar=1",
      "pad=1920:1080:0:138:color=black",
    ]);
  });

  it("ScaleAndPad uses the display aspect of anamorphic (non-square pixel) sources", () => {
    // NTSC DVD widescreen: 720x480 with SAR 32:27 displays as 16:9.
    expect(scalingFilters({ width: 720, height: 480, sampleAspectRatio: "32:27" }, target, ScalingBehavior.ScaleAndPad)).toEqual([
      "scale=1920:1080",
      "setsar=1",
    ]);
  });

  it("ScaleAndPad leaves a source already in the target size alone", () => {
    expect(scalingFilters({ width: 1920, height: 1080, sampleAspectRatio: "1:1" }, target, ScalingBehavior.ScaleAndPad)).toEqual(["setsar=1"]);
  });

  it("Stretch fills the frame ignoring the aspect ratio", () => {
    expect(scalingFilters({ width: 640, height: 480 }, target, ScalingBehavior.Stretch)).toEqual(["scale=1920:1080", "setsar=1"]);
  });

  it("Crop scales to cover the frame and cuts the overflow evenly", () => {
    expect(scalingFilters({ width: 640, height: 480 }, target, ScalingBehavior.Crop)).toEqual([
      "scale=1920:1440",
      "setsar=1",
      "crop=1920:1080:0:180",
    ]);
  });

  it("keeps dimensions even", () => {
    const [scale] = scalingFilters({ width: 1000, height: 563 }, { width: 1280, height: 720 }, ScalingBehavior.ScaleAndPad);
    const [, w, h] = /scale=(\d+):(\d+)/.exec(scale ?? "") ?? [];
    expect(Number(w) % 2).toBe(0);
    expect(Number(h) % 2).toBe(0);
  });

  it("reads sample aspect ratios, treating unknown as square", () => {
    expect(sampleAspect("32:27")).toBeCloseTo(32 / 27);
    expect(sampleAspect("0:1")).toBe(1);
    expect(sampleAspect(undefined)).toBe(1);
    expect(sampleAspect("garbage")).toBe(1);
  });

  it("the composed graph carries the scaling of the profile", () => {
    const src = source({ video: { index: 0, codec: "mpeg2video", width: 640, height: 480, scanKind: "Progressive", frameRate: 25 } });
    expect(videoGraph({ scalingBehavior: ScalingBehavior.Crop, resolution: { width: 1280, height: 720 } }, src)).toContain(
      "[0:0]scale=1280:960,setsar=1,crop=1280:720:0:120,format=yuv420p[vout]",
    );
  });
});

describe("deinterlacing", () => {
  const interlaced = source({ video: { index: 0, codec: "mpeg2video", width: 1920, height: 1080, scanKind: "Interlaced", frameRate: "30000/1001" } });

  it("adds yadif first when the source is interlaced and the profile deinterlaces", () => {
    expect(videoGraph({ deinterlaceVideo: true }, interlaced)).toMatch(/^\[0:0\]yadif=mode=send_frame:parity=auto:deint=all,setsar=1,/);
  });

  it("leaves interlaced video alone when the profile does not deinterlace", () => {
    expect(videoGraph({ deinterlaceVideo: false }, interlaced)).not.toContain("yadif");
  });

  it("never deinterlaces progressive sources", () => {
    expect(videoGraph({ deinterlaceVideo: true })).not.toContain("yadif");
  });
});

describe("frame rate normalisation", () => {
  it("adds an fps filter at the normalised rate (default 30)", () => {
    expect(videoGraph({ normalizeFramerate: true })).toContain(",fps=30,");
    expect(videoGraph({ normalizeFramerate: true, normalizedFrameRate: 25 })).toContain(",fps=25,");
  });

  it("keeps the source rate otherwise", () => {
    expect(videoGraph({ normalizeFramerate: false })).not.toContain("fps=");
  });
});

describe("pixel format", () => {
  it("ends in yuv420p for 8-bit software and yuv420p10le for 10-bit", () => {
    expect(videoGraph({ bitDepth: 8 })).toMatch(/format=yuv420p\[vout\]/);
    expect(videoGraph({ bitDepth: 10, videoFormat: VideoFormat.Hevc })).toMatch(/format=yuv420p10le\[vout\]/);
  });

  it("uploads nv12 frames to the GPU for VAAPI", () => {
    const command = buildPlayoutArgs(
      profile({ hardwareAcceleration: HardwareAcceleration.Vaapi, vaapiDevice: "/dev/dri/renderD129" }),
      source(),
      request(),
      caps({ encoders: ["libx264", "h264_vaapi", "aac"], hwaccels: ["vaapi"] }),
    );
    expect(graphOf(command.args)).toMatch(/format=nv12,hwupload\[vout\]/);
    expect(command.args.slice(0, command.args.indexOf("-i"))).toEqual(
      expect.arrayContaining(["-init_hw_device", "vaapi=va:/dev/dri/renderD129", "-filter_hw_device", "va"]),
    );
  });
});

describe("watermark", () => {
  const watermark = {
    imagePath: "/data/wm.png",
    position: WatermarkPosition.BottomRight,
    widthPercent: 10,
    opacityPercent: 40,
    horizontalMarginPercent: 5,
    verticalMarginPercent: 2,
  };

  it("adds the image as a second input and overlays it scaled, faded and placed", () => {
    const { args } = buildPlayoutArgs(profile(), source(), request({ watermark }), caps());
    expect(args.filter((a) => a === "-i")).toHaveLength(2);
    expect(valueOf(args.slice(args.indexOf("-i") + 2), "-i")).toBe("/data/wm.png");
    const graph = graphOf(args);
    expect(graph).toContain("[1:v]scale=192:-2,format=rgba,colorchannelmixer=aa=0.4[wm]");
    expect(graph).toContain("[vmain][wm]overlay=x=W-w-96:y=H-h-22[vwm]");
    expect(graph).toContain("[vwm]format=yuv420p[vout]");
  });

  it.each([
    [WatermarkPosition.TopLeft, "x=96:y=22"],
    [WatermarkPosition.TopRight, "x=W-w-96:y=22"],
    [WatermarkPosition.BottomLeft, "x=96:y=H-h-22"],
    [WatermarkPosition.Center, "x=(W-w)/2:y=(H-h)/2"],
  ])("places a %s watermark at %s", (position, placement) => {
    const graph = graphOf(buildPlayoutArgs(profile(), source(), request({ watermark: { ...watermark, position } }), caps()).args);
    expect(graph).toContain(`overlay=${placement}[vwm]`);
  });

  it("draws an ActualSize watermark at the image's own size", () => {
    const graph = graphOf(buildPlayoutArgs(profile(), source(), request({ watermark: { ...watermark, actualSize: true } }), caps()).args);
    expect(graph).toContain("[1:v]format=rgba,colorchannelmixer=aa=0.4[wm]");
    expect(graph).not.toContain("scale=192");
  });

  it("enables an intermittent watermark only at the start of each wall-clock cycle", () => {
    const intermittent = { frequencySeconds: 300, durationSeconds: 20, phaseSeconds: 12.3456 };
    const graph = graphOf(buildPlayoutArgs(profile(), source(), request({ watermark: { ...watermark, intermittent } }), caps()).args);
    expect(graph).toContain("[vmain][wm]overlay=x=W-w-96:y=H-h-22:enable='lt(mod(t+12.346,300),20)'[vwm]");
  });

  it("skips the watermark with a warning when FFmpeg has no overlay filter", () => {
    const command = buildPlayoutArgs(profile(), source(), request({ watermark }), caps({ filters: ["subtitles"] }));
    expect(graphOf(command.args)).not.toContain("[wm]");
    expect(command.warnings).toEqual([expect.stringContaining("watermark skipped")]);
  });
});

describe("subtitle burn-in", () => {
  const withSubtitles = source({
    subtitles: [
      { index: 2, codec: "subrip", language: "eng", forced: false, isDefault: false, kind: "Text" },
      { index: 3, codec: "hdmv_pgs_subtitle", language: "fre", forced: true, isDefault: false, kind: "Picture" },
      { index: 4, codec: "ass", language: "ger", forced: false, isDefault: true, kind: "Text" },
    ],
  });

  it("overlays picture subtitles before scaling", () => {
    const command = buildPlayoutArgs(
      profile({ resolution: { width: 1280, height: 720 } }),
      withSubtitles,
      request({ subtitleMode: SubtitleMode.Forced, preferredSubtitleLanguage: "fr" }),
      caps(),
    );
    expect(command.subtitleStream?.index).toBe(3);
    expect(graphOf(command.args)).toBe(
      "[0:0][0:3]overlay=eof_action=pass[vsub];[vsub]scale=1280:720,setsar=1,format=yuv420p[vout];" +
        "[0:1]aresample=48000:async=1:first_pts=0,apad[aout]",
    );
  });

  it("renders text subtitles with libass after scaling, shifted by the seek offset", () => {
    const command = buildPlayoutArgs(
      profile(),
      withSubtitles,
      request({ inputPath: "/media/It's: a [movie], part 1.mkv", seekMs: 90_500, subtitleMode: SubtitleMode.Any, preferredSubtitleLanguage: "de" }),
      caps(),
    );
    expect(command.subtitleStream?.index).toBe(4);
    expect(graphOf(command.args)).toContain(
      "setsar=1,setpts=PTS+90.5/TB,subtitles=filename=/media/It\\\\\\'s\\\\: a \\[movie\\]\\, part 1.mkv:si=2,setpts=PTS-STARTPTS,format=yuv420p[vout]",
    );
  });

  it("uses a sidecar text subtitle file without shifting when not seeking", () => {
    const sidecar = source({ subtitles: [{ index: 99, codec: "subrip", language: "en", forced: false, isDefault: true, kind: "Text", externalPath: "/media/movie.en.srt" }] });
    const graph = graphOf(buildPlayoutArgs(profile(), sidecar, request({ subtitleMode: SubtitleMode.Default }), caps()).args);
    expect(graph).toContain(",subtitles=filename=/media/movie.en.srt,format=yuv420p[vout]");
  });

  it("adds a sidecar picture subtitle file as a seeked input", () => {
    const sidecar = source({ subtitles: [{ index: 0, codec: "hdmv_pgs_subtitle", forced: true, isDefault: false, kind: "Picture", externalPath: "/media/movie.sup" }] });
    const { args } = buildPlayoutArgs(profile(), sidecar, request({ subtitleMode: SubtitleMode.Forced, seekMs: 5000 }), caps());
    const second = args.indexOf("/media/movie.sup");
    expect(args.slice(second - 3, second + 1)).toEqual(["-ss", "00:00:05.000", "-i", "/media/movie.sup"]);
    expect(graphOf(args)).toContain("[0:0][1:s]overlay=eof_action=pass[vsub]");
  });

  it("burns nothing with subtitle mode None", () => {
    const command = buildPlayoutArgs(profile(), withSubtitles, request({ subtitleMode: SubtitleMode.None }), caps());
    expect(command.subtitleStream).toBeUndefined();
    expect(graphOf(command.args)).not.toMatch(/subtitles=|overlay/);
  });

  it("warns instead of failing when libass is missing", () => {
    const command = buildPlayoutArgs(profile(), withSubtitles, request({ subtitleMode: SubtitleMode.Any, preferredSubtitleLanguage: "en" }), caps({ filters: ["overlay"] }));
    expect(command.subtitleStream).toBeUndefined();
    expect(command.warnings).toEqual([expect.stringContaining("subtitles not burned in")]);
  });
});
