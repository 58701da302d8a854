import { describe, expect, it } from "vitest";
import { ffmpegErrorLine, ffmpegInputs, meaningfulErrorLines } from "../../server/streaming/ffmpeg";

describe("FFmpeg's error output as a user reads it", () => {
  it("the line naming the cause, not the generic lines FFmpeg ends with", () => {
    const stderr = "[h264 @ 0x55b66a396f00] error while decoding MB 9 3\nCannot determine format of input stream 0:0 after EOF\nError marking filters as finished\n[aac @ 0x5578c4494680] Qavg: 113.084\n[aac @ 0x5578c4494680] 2 frames left in the queue on closing\nConversion failed!\n";
    expect(ffmpegErrorLine(stderr)).toBe("Cannot determine format of input stream 0:0 after EOF");
    expect(meaningfulErrorLines(stderr)).toEqual(["[h264] error while decoding MB 9 3", "Cannot determine format of input stream 0:0 after EOF"]);
    expect(ffmpegErrorLine("Conversion failed!\n")).toBe("Conversion failed!");
    expect(ffmpegErrorLine("  \n")).toBeNull();
  });

  it("the inputs a command reads, generated sources left out", () => {
    expect(ffmpegInputs(["-f", "lavfi", "-i", "color=black", "-ss", "3", "-i", "/m/a b.mkv", "-i", "/m/logo.png", "-f", "mpegts", "out"])).toEqual(["/m/a b.mkv", "/m/logo.png"]);
  });
});
