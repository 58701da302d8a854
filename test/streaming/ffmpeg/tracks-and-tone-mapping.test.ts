import { describe, expect, it } from "vitest";
import { HardwareAcceleration, SubtitleMode } from "../../../server/domain/enums";
import { buildPlayoutArgs } from "../../../server/streaming/ffmpeg";
import { selectAudioTracks } from "../../../server/streaming/ffmpeg/stream-selection";
import { dynamicRangeOf } from "../../../server/streaming/ffmpeg/tone-mapping";
import { parseFfprobeJson } from "../../../server/media/probe";
import { toProbedSource } from "../../../server/streaming/media-probe";
import { ALL_FILTERS, caps, profile, request, source, valueOf, valuesOf } from "./fixtures";

const TONE_FILTERS = [...ALL_FILTERS, "zscale", "tonemap"];
const twoLanguages = source({
  audio: [
    { index: 1, codec: "aac", channels: 2, sampleRate: 48000, language: "eng", isDefault: true },
    { index: 2, codec: "aac", channels: 2, sampleRate: 48000, language: "spa" },
  ],
});
const hdr10 = source({
  video: { index: 0, codec: "hevc", width: 3840, height: 2160, frameRate: "24/1", scanKind: "Progressive", pixelFormat: "yuv420p10le", bitDepth: 10, colorTransfer: "smpte2084", colorPrimaries: "bt2020" },
});

function graph(args: string[]): string {
  return valueOf(args, "-filter_complex") ?? "";
}

describe("several audio tracks", () => {
  it("maps one normalised track per language, tagged in order, the first default", () => {
    const command = buildPlayoutArgs(profile(), twoLanguages, request({ audioTracks: ["eng", "spa"] }), caps());
    expect(graph(command.args)).toContain("[0:1]aresample=48000:async=1:first_pts=0,apad[aout]");
    expect(graph(command.args)).toContain("[0:2]aresample=48000:async=1:first_pts=0,apad[aout1]");
    expect(valuesOf(command.args, "-map")).toEqual(["[vout]", "[aout]", "[aout1]"]);
    expect(valueOf(command.args, "-metadata:s:a:0")).toBe("language=eng");
    expect(valueOf(command.args, "-metadata:s:a:1")).toBe("language=spa");
    expect(valueOf(command.args, "-disposition:a:0")).toBe("default");
    expect(valueOf(command.args, "-disposition:a:1")).toBe("0");
    expect(command.audioTracks?.map((t) => t.stream?.index)).toEqual([1, 2]);
  });

  it("fills a language the programme lacks with its best match, so the track count never changes", () => {
    const english = source({ audio: [{ index: 1, codec: "aac", channels: 2, language: "eng", isDefault: true }] });
    const tracks = selectAudioTracks(english.audio, ["eng", "spa"], ["eng"]);
    expect(tracks.map((t) => [t.language, t.stream?.index, t.substitute])).toEqual([["eng", 1, false], ["spa", 1, true]]);
    const command = buildPlayoutArgs(profile(), english, request({ audioTracks: ["eng", "spa"] }), caps());
    expect(valuesOf(command.args, "-map")).toHaveLength(3);
    expect(valueOf(command.args, "-metadata:s:a:1")).toBe("language=spa");
  });

  it("gives every track silence when the programme has no audio", () => {
    const command = buildPlayoutArgs(profile(), source({ audio: [] }), request({ audioTracks: ["eng", "spa"] }), caps());
    expect(command.args.filter((a) => a.startsWith("anullsrc"))).toHaveLength(2);
    expect(valuesOf(command.args, "-map")).toEqual(["[vout]", "[aout]", "[aout1]"]);
  });

  it("accepts 639-1 and 639-2/B spellings of a track's language", () => {
    const tracks = selectAudioTracks(twoLanguages.audio, ["en", "es"]);
    expect(tracks.map((t) => t.stream?.index)).toEqual([1, 2]);
  });

  it("says why audio is not copied when several tracks are carried; one track still copies", () => {
    const p = profile({ copyWhenCompatible: true, resolution: { width: 1920, height: 1080 } });
    const several = buildPlayoutArgs(p, twoLanguages, request({ audioTracks: ["eng", "spa"] }), caps());
    expect(several.decision.audio).toEqual({ mode: "transcode", reason: "2 audio tracks, each resampled and padded to the profile" });
    const one = buildPlayoutArgs(p, twoLanguages, request(), caps());
    expect(one.decision.audio.mode).toBe("copy");
    expect(valuesOf(one.args, "-map")).toHaveLength(2);
  });

  it("without tracks set nothing changes: one track by preferred language", () => {
    const command = buildPlayoutArgs(profile(), twoLanguages, request({ preferredAudioLanguages: ["spa"] }), caps());
    expect(valuesOf(command.args, "-map")).toEqual(["[vout]", "[aout]"]);
    expect(graph(command.args)).toContain("[0:2]aresample");
    expect(command.args).not.toContain("-disposition:a:0");
  });
});

describe("HDR to SDR", () => {
  it("recognises HDR10, HLG and Dolby Vision profile 8 by its base layer", () => {
    const v = hdr10.video!;
    expect(dynamicRangeOf(v)).toBe("hdr10");
    expect(dynamicRangeOf({ ...v, colorTransfer: "arib-std-b67" })).toBe("hlg");
    expect(dynamicRangeOf({ ...v, colorTransfer: undefined, dolbyVision: { profile: 8, compatibility: 1 } })).toBe("dolby-vision-8.1");
    expect(dynamicRangeOf({ ...v, colorTransfer: "bt709", dolbyVision: { profile: 8, compatibility: 2 } })).toBe("sdr");
    expect(dynamicRangeOf({ ...v, colorTransfer: "bt709" })).toBe("sdr");
  });

  it("tone-maps an HDR10 source in software after scaling, to 8-bit BT.709, with the stated peak", () => {
    const command = buildPlayoutArgs(profile(), source({ ...hdr10, video: { ...hdr10.video!, maxLuminanceNits: 4000 } }), request(), caps({ filters: TONE_FILTERS }));
    const chain = graph(command.args);
    expect(chain).toMatch(/scale=1920:1080.*zscale=tin=smpte2084:min=bt2020nc:pin=bt2020:rin=tv:t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,tonemap=tonemap=mobius:param=0.3:desat=0:peak=40.00,zscale=t=bt709:m=bt709:r=tv,format=yuv420p\[vout\]/);
    expect(valueOf(command.args, "-color_trc")).toBe("bt709");
    expect(command.toneMapping).toMatchObject({ source: "hdr10", path: "software", algorithm: "mobius", peakNits: 4000 });
  });

  it("assumes a 1000 nit peak when the file states none, and linearises HLG with its own transfer", () => {
    const hlg = source({ video: { ...hdr10.video!, colorTransfer: "arib-std-b67" } });
    const chain = graph(buildPlayoutArgs(profile(), hlg, request(), caps({ filters: TONE_FILTERS })).args);
    expect(chain).toContain("zscale=tin=arib-std-b67");
    expect(chain).toContain("peak=10.00");
  });

  it("adds no filter for SDR", () => {
    const command = buildPlayoutArgs(profile(), source(), request(), caps({ filters: TONE_FILTERS }));
    expect(graph(command.args)).not.toMatch(/zscale|tonemap/);
    expect(command.args).not.toContain("-color_trc");
    expect(command.toneMapping).toBeUndefined();
  });

  it("says why an HDR source that otherwise fits is not copied", () => {
    const p = profile({ copyWhenCompatible: true, videoFormat: "Hevc" as never, bitDepth: 10, resolution: { width: 3840, height: 2160 } });
    const hdrFits = source({ video: { ...hdr10.video!, profile: "main 10", level: 120 } });
    expect(buildPlayoutArgs(p, hdrFits, request(), caps({ filters: TONE_FILTERS })).decision.video).toEqual({ mode: "transcode", reason: "tone mapping HDR10 to BT.709 SDR" });
    const sdrFits = source({ video: { ...hdr10.video!, colorTransfer: "bt709", profile: "main 10", level: 120 } });
    expect(buildPlayoutArgs(p, sdrFits, request(), caps({ filters: TONE_FILTERS })).decision.video.mode).toBe("copy");
  });

  it("uses tonemap_vaapi on a VAAPI channel when nothing is drawn after it, else the software path", () => {
    const vaapi = profile({ hardwareAcceleration: HardwareAcceleration.Vaapi });
    const hw = caps({ encoders: ["h264_vaapi", "libx264", "aac"], hwaccels: ["vaapi"], filters: [...TONE_FILTERS, "tonemap_vaapi"] });
    const plain = buildPlayoutArgs(vaapi, hdr10, request(), hw);
    expect(graph(plain.args)).toMatch(/format=p010le,hwupload,tonemap_vaapi=format=nv12:matrix=bt709:primaries=bt709:transfer=bt709\[vout\]/);
    expect(plain.toneMapping?.path).toBe("vaapi");
    const subtitled = source({ ...hdr10, subtitles: [{ index: 3, codec: "subrip", language: "eng", forced: false, isDefault: true, kind: "Text" }] });
    const burned = buildPlayoutArgs(vaapi, subtitled, request({ subtitleMode: SubtitleMode.Any }), hw);
    expect(burned.toneMapping?.path).toBe("software");
    expect(graph(burned.args)).toMatch(/tonemap=tonemap=mobius.*subtitles=.*format=nv12,hwupload\[vout\]/);
  });

  it("warns and maps nothing when FFmpeg lacks zscale", () => {
    const command = buildPlayoutArgs(profile(), hdr10, request(), caps());
    expect(command.warnings).toContain("FFmpeg has no zscale or tonemap filter; HDR shown without tone mapping");
    expect(graph(command.args)).not.toContain("tonemap");
  });
});

describe("soft subtitles", () => {
  const subtitled = source({
    subtitles: [
      { index: 2, codec: "subrip", language: "eng", forced: false, isDefault: true, kind: "Text" },
      { index: 3, codec: "hdmv_pgs_subtitle", language: "eng", forced: true, isDefault: false, kind: "Picture" },
    ],
  });

  it("leaves text subtitles to the renditions and still burns the picture subtitle", () => {
    const soft = buildPlayoutArgs(profile(), subtitled, request({ subtitleMode: SubtitleMode.Any, subtitleDelivery: "soft" }), caps());
    expect(graph(soft.args)).not.toContain("subtitles=");
    expect(graph(soft.args)).toContain("[0:3]overlay");
    expect(soft.subtitleStream?.index).toBe(3);
  });

  it("burns the text subtitle when delivery is burn (today's behaviour)", () => {
    const burn = buildPlayoutArgs(profile(), subtitled, request({ subtitleMode: SubtitleMode.Default }), caps());
    expect(graph(burn.args)).toContain("subtitles=filename=");
  });
});

describe("ffprobe's colour tags and HDR metadata", () => {
  it("reads transfer, primaries, a Dolby Vision record and MaxCLL (else the mastering peak)", () => {
    const json = (sideData: unknown[]) =>
      JSON.stringify({
        format: { duration: "10.0", format_name: "matroska,webm" },
        streams: [{ index: 0, codec_type: "video", codec_name: "hevc", width: 3840, height: 2160, pix_fmt: "yuv420p10le", color_transfer: "smpte2084", color_primaries: "bt2020", side_data_list: sideData }],
      });
    const parsed = parseFfprobeJson(json([{ side_data_type: "DOVI configuration record", dv_profile: 8, dv_bl_signal_compatibility_id: 1 }, { side_data_type: "Mastering display metadata", max_luminance: "10000000/10000" }]));
    if (!parsed.ok) throw new Error(parsed.reason);
    expect(toProbedSource(parsed.value).video).toMatchObject({ colorTransfer: "smpte2084", colorPrimaries: "bt2020", dolbyVision: { profile: 8, compatibility: 1 }, maxLuminanceNits: 1000 });
    const cll = parseFfprobeJson(json([{ side_data_type: "Content light level metadata", max_content: 4000, max_average: 400 }, { side_data_type: "Mastering display metadata", max_luminance: "10000000/10000" }]));
    if (!cll.ok) throw new Error(cll.reason);
    expect(toProbedSource(cll.value).video?.maxLuminanceNits).toBe(4000);
  });
});
