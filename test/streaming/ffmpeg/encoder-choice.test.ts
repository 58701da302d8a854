import { describe, expect, it } from "vitest";
import { HardwareAcceleration, VideoFormat } from "../../../server/domain/enums";
import { buildPlayoutArgs, chooseAudioEncoder, chooseVideoEncoder, EncoderUnavailableError } from "../../../server/streaming/ffmpeg";
import { caps, profile, request, source, valueOf } from "./fixtures";

const HW_ENCODERS = [
  "h264_qsv", "hevc_qsv", "mpeg2_qsv",
  "h264_nvenc", "hevc_nvenc",
  "h264_vaapi", "hevc_vaapi", "mpeg2_vaapi",
  "h264_videotoolbox", "hevc_videotoolbox",
  "h264_amf", "hevc_amf",
];
const everything = caps({ encoders: ["libx264", "libx265", "mpeg2video", "aac", "ac3", ...HW_ENCODERS], hwaccels: ["vaapi", "qsv", "cuda"] });

describe("video encoder choice", () => {
  it.each([
    [HardwareAcceleration.None, VideoFormat.H264, "libx264"],
    [HardwareAcceleration.None, VideoFormat.Hevc, "libx265"],
    [HardwareAcceleration.None, VideoFormat.Mpeg2Video, "mpeg2video"],
    [HardwareAcceleration.Qsv, VideoFormat.H264, "h264_qsv"],
    [HardwareAcceleration.Qsv, VideoFormat.Mpeg2Video, "mpeg2_qsv"],
    [HardwareAcceleration.Nvenc, VideoFormat.Hevc, "hevc_nvenc"],
    [HardwareAcceleration.Vaapi, VideoFormat.H264, "h264_vaapi"],
    [HardwareAcceleration.VideoToolbox, VideoFormat.Hevc, "hevc_videotoolbox"],
    [HardwareAcceleration.Amf, VideoFormat.H264, "h264_amf"],
  ])("%s + %s encodes with %s", (hardwareAcceleration, videoFormat, encoder) => {
    const choice = chooseVideoEncoder(profile({ hardwareAcceleration, videoFormat }), everything);
    expect(choice.encoder).toBe(encoder);
    expect(choice.acceleration).toBe(hardwareAcceleration);
    expect(choice.warnings).toEqual([]);
  });

  it("falls back to software with a warning when the hardware encoder is missing", () => {
    const choice = chooseVideoEncoder(profile({ hardwareAcceleration: HardwareAcceleration.Nvenc }), caps());
    expect(choice).toMatchObject({ encoder: "libx264", acceleration: HardwareAcceleration.None, pixelFormat: "yuv420p" });
    expect(choice.warnings).toEqual(["Nvenc acceleration unavailable (encoder h264_nvenc not present); falling back to software encoding"]);
  });

  it("falls back when the accelerator has no encoder for the format", () => {
    const choice = chooseVideoEncoder(profile({ hardwareAcceleration: HardwareAcceleration.Nvenc, videoFormat: VideoFormat.Mpeg2Video }), everything);
    expect(choice.encoder).toBe("mpeg2video");
    expect(choice.warnings[0]).toContain("no Nvenc encoder exists for Mpeg2Video");
  });

  it("falls back from VAAPI when the vaapi hwaccel or hwupload filter is missing", () => {
    const noHwaccel = chooseVideoEncoder(profile({ hardwareAcceleration: HardwareAcceleration.Vaapi }), caps({ encoders: ["libx264", "h264_vaapi", "aac"] }));
    expect(noHwaccel.encoder).toBe("libx264");
    expect(noHwaccel.warnings[0]).toContain("hwaccel vaapi not present");
    const noUpload = chooseVideoEncoder(
      profile({ hardwareAcceleration: HardwareAcceleration.Vaapi }),
      caps({ encoders: ["libx264", "h264_vaapi", "aac"], hwaccels: ["vaapi"], filters: ["overlay"] }),
    );
    expect(noUpload.encoder).toBe("libx264");
    expect(noUpload.warnings[0]).toContain("hwupload");
  });

  it("passes the fallback warning through the composed command and uses the software encoder", () => {
    const command = buildPlayoutArgs(profile({ hardwareAcceleration: HardwareAcceleration.Qsv }), source(), request(), caps());
    expect(valueOf(command.args, "-c:v")).toBe("libx264");
    expect(command.acceleration).toBe(HardwareAcceleration.None);
    expect(command.warnings).toEqual([expect.stringContaining("falling back to software")]);
    expect(command.args).not.toContain("-init_hw_device");
  });

  it("uses the default VAAPI device when the profile names none", () => {
    const choice = chooseVideoEncoder(profile({ hardwareAcceleration: HardwareAcceleration.Vaapi }), everything);
    expect(choice.vaapiDevice).toBe("/dev/dri/renderD128");
    expect(choice.pixelFormat).toBe("nv12");
  });

  it("throws when even the software encoder is missing", () => {
    expect(() => chooseVideoEncoder(profile({ videoFormat: VideoFormat.Hevc }), caps({ encoders: ["libx264", "aac"] }))).toThrow(EncoderUnavailableError);
    expect(() => chooseAudioEncoder(profile(), caps({ encoders: ["libx264"] }))).toThrow("FFmpeg has no 'aac' encoder");
  });
});

describe("bit depth and encoder profile", () => {
  it("H.264 8-bit keeps the requested profile, defaulting to high", () => {
    expect(chooseVideoEncoder(profile({ videoProfile: "main" }), caps()).profile).toBe("main");
    expect(chooseVideoEncoder(profile({ videoProfile: undefined }), caps()).profile).toBe("high");
    expect(chooseVideoEncoder(profile({ videoProfile: "bogus" }), caps()).profile).toBe("high");
  });

  it("H.264 10-bit software uses high10 and a 10-bit pixel format", () => {
    const choice = chooseVideoEncoder(profile({ bitDepth: 10, videoProfile: "high" }), caps());
    expect(choice).toMatchObject({ profile: "high10", pixelFormat: "yuv420p10le", bitDepth: 10 });
  });

  it("HEVC uses main / main10 whatever H.264 name the profile carries", () => {
    expect(chooseVideoEncoder(profile({ videoFormat: VideoFormat.Hevc, videoProfile: "high" }), caps()).profile).toBe("main");
    expect(chooseVideoEncoder(profile({ videoFormat: VideoFormat.Hevc, bitDepth: 10 }), caps())).toMatchObject({ profile: "main10", pixelFormat: "yuv420p10le" });
    expect(chooseVideoEncoder(profile({ videoFormat: VideoFormat.Hevc, bitDepth: 10, hardwareAcceleration: HardwareAcceleration.Nvenc }), everything)).toMatchObject({
      profile: "main10",
      pixelFormat: "p010le",
    });
  });

  it("MPEG-2 is forced to 8-bit with a warning and takes no profile", () => {
    const choice = chooseVideoEncoder(profile({ videoFormat: VideoFormat.Mpeg2Video, bitDepth: 10 }), caps());
    expect(choice).toMatchObject({ bitDepth: 8, profile: undefined, pixelFormat: "yuv420p", preset: undefined });
    expect(choice.warnings).toEqual(["MPEG-2 video is 8-bit only; encoding 8-bit"]);
  });

  it("10-bit H.264 on a hardware encoder drops to 8-bit with a warning", () => {
    const choice = chooseVideoEncoder(profile({ bitDepth: 10, hardwareAcceleration: HardwareAcceleration.Nvenc }), everything);
    expect(choice).toMatchObject({ encoder: "h264_nvenc", bitDepth: 8, profile: "high", pixelFormat: "yuv420p" });
    expect(choice.warnings[0]).toContain("10-bit H.264");
  });

  it("writes profile, preset, bitrate, buffer and thread options", () => {
    const { args } = buildPlayoutArgs(profile({ videoBitrate: 3500, videoBufferSize: 7000, threadCount: 3, videoPreset: "fast" }), source(), request(), caps());
    const at = args.indexOf("-c:v");
    expect(args.slice(at, at + 16)).toEqual([
      "-c:v", "libx264", "-threads", "3", "-profile:v", "high", "-preset", "fast",
      "-b:v", "3500k", "-maxrate:v", "3500k", "-bufsize:v", "7000k", "-g", "48",
    ]);
  });

  it("defaults software x264/x265 to the veryfast preset and omits threads when 0", () => {
    const { args } = buildPlayoutArgs(profile({ threadCount: 0 }), source(), request(), caps());
    expect(valueOf(args, "-preset")).toBe("veryfast");
    expect(args).not.toContain("-threads");
  });
});
