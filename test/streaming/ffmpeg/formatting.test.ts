import { describe, expect, it } from "vitest";
import { escapeGraphLevel, escapeOptionValue, filterValue } from "../../../server/streaming/ffmpeg/filter-escaping";
import { parseFrameRate } from "../../../server/streaming/ffmpeg/frame-rate";
import { formatFfmpegDuration, formatSeconds } from "../../../server/streaming/ffmpeg/time-format";

describe("FFmpeg value formatting", () => {
  it("formats durations as hh:mm:ss.mmm", () => {
    expect(formatFfmpegDuration(0)).toBe("00:00:00.000");
    expect(formatFfmpegDuration(3_723_004)).toBe("01:02:03.004");
    expect(formatFfmpegDuration(90_061_500)).toBe("25:01:01.500");
    expect(formatFfmpegDuration(-5)).toBe("00:00:00.000");
  });

  it("formats seconds without trailing zeros", () => {
    expect(formatSeconds(1500)).toBe("1.5");
    expect(formatSeconds(90_000)).toBe("90");
  });

  it("escapes filter values at the option level, then the graph level", () => {
    expect(escapeOptionValue("C:\\a'b=c")).toBe("C\\:\\\\a\\'b\\=c");
    expect(escapeGraphLevel("a,b;c[d]")).toBe("a\\,b\\;c\\[d\\]");
    expect(filterValue("x:y")).toBe("x\\\\:y");
  });

  it("parses frame rates", () => {
    expect(parseFrameRate("30000/1001")).toBeCloseTo(29.97, 2);
    expect(parseFrameRate("25")).toBe(25);
    expect(parseFrameRate("0/0")).toBeUndefined();
    expect(parseFrameRate(undefined)).toBeUndefined();
  });
});
