import { describe, expect, it } from "vitest";
import { parseCapabilities, parseEncoderList, parseFfmpegVersion, parseFilterList, parseHwaccelList } from "../../../server/streaming/ffmpeg";

const ENCODERS = `Encoders:
 V..... = Video
 A..... = Audio
 ------
 V....D libx264              libx264 H.264 / AVC / MPEG-4 AVC (codec h264)
 V....D h264_nvenc           NVIDIA NVENC H.264 encoder (codec h264)
 A....D aac                  AAC (Advanced Audio Coding)
 S..... srt                  SubRip subtitle
`;

const FILTERS = `Filters:
  T.. = Timeline support
  A = Audio input/output
 ... aresample         A->A       Resample audio data.
 T.C drawtext          V->V       Draw text on top of video frames using libfreetype library.
 TSC overlay           VV->V      Overlay a video source on top of the input.
 ... color             |->V       Provide an uniformly colored input.
`;

describe("FFmpeg capability parsing", () => {
  it("reads encoder names below the legend rule", () => {
    expect([...parseEncoderList(ENCODERS)]).toEqual(["libx264", "h264_nvenc", "aac", "srt"]);
  });

  it("reads filter names and skips the legend", () => {
    expect([...parseFilterList(FILTERS)]).toEqual(["aresample", "drawtext", "overlay", "color"]);
  });

  it("reads hwaccel methods", () => {
    expect([...parseHwaccelList("Hardware acceleration methods:\nvdpau\ncuda\nvaapi\n\n")]).toEqual(["vdpau", "cuda", "vaapi"]);
  });

  it("reads release versions and not development builds", () => {
    expect(parseFfmpegVersion("ffmpeg version 5.1.9-0+deb12u1 Copyright (c) 2000-2026")).toEqual({ major: 5, minor: 1 });
    expect(parseFfmpegVersion("ffmpeg version n7.1 Copyright")).toEqual({ major: 7, minor: 1 });
    expect(parseFfmpegVersion("ffmpeg version N-47683-g0e8eb07980-static")).toBeUndefined();
  });

  it("decides -readrate support from the options text, else from the version", () => {
    const base = { encoders: ENCODERS, filters: FILTERS, hwaccels: "" };
    expect(parseCapabilities({ ...base, version: "ffmpeg version 4.4.2" }).supportsReadrate).toBe(false);
    expect(parseCapabilities({ ...base, version: "ffmpeg version 6.0" }).supportsReadrate).toBe(true);
    expect(parseCapabilities({ ...base, version: "ffmpeg version N-1-gabc" }).supportsReadrate).toBe(false);
    const withOption = "-re                 read input at native frame rate; equivalent to -readrate 1\n-readrate speed     read input at specified rate\n";
    expect(parseCapabilities({ ...base, version: "ffmpeg version N-1-gabc", options: withOption }).supportsReadrate).toBe(true);
    expect(parseCapabilities({ ...base, version: "ffmpeg version 6.0", options: "-re   read input at native frame rate\n" }).supportsReadrate).toBe(false);
  });
});
