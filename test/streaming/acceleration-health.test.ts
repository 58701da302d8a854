import { describe, expect, it } from "vitest";
import { HardwareAcceleration } from "../../server/domain/enums";
import { ACCELERATION_FAILING_FOR_MS, AccelerationHealth } from "../../server/streaming/acceleration-health";
import { isHardwareFailure } from "../../server/streaming/ffmpeg";
import { profile } from "./ffmpeg/fixtures";

describe("a profile's failing hardware acceleration (fake clock)", () => {
  it("encodes in software for 10 minutes after a failure, then tries the hardware again", () => {
    let now = 1_000_000;
    const health = new AccelerationHealth(() => now);
    const vaapi = profile({ id: 7, hardwareAcceleration: HardwareAcceleration.Vaapi });
    expect(health.effective(vaapi)).toBe(vaapi);
    const failure = health.markFailing(vaapi, "Device creation failed: -22.");
    expect(failure).toEqual({ acceleration: HardwareAcceleration.Vaapi, failingUntil: now + ACCELERATION_FAILING_FOR_MS, reason: "Device creation failed: -22." });
    expect(ACCELERATION_FAILING_FOR_MS).toBe(10 * 60_000);
    expect(health.effective(vaapi).hardwareAcceleration).toBe(HardwareAcceleration.None);
    // Another profile is not affected.
    const other = profile({ id: 8, hardwareAcceleration: HardwareAcceleration.Vaapi });
    expect(health.effective(other)).toBe(other);
    now += ACCELERATION_FAILING_FOR_MS - 1;
    expect(health.failure(vaapi)).toBe(failure);
    now += 1;
    expect(health.failure(vaapi)).toBeUndefined();
    expect(health.effective(vaapi)).toBe(vaapi);
  });

  it("forgets the failure when the profile's acceleration is changed", () => {
    const health = new AccelerationHealth(() => 0);
    health.markFailing(profile({ id: 3, hardwareAcceleration: HardwareAcceleration.Nvenc }), "Cannot load libcuda.so.1");
    expect(health.failure({ id: 3, hardwareAcceleration: HardwareAcceleration.Qsv })).toBeUndefined();
    expect(health.failure({ id: 3, hardwareAcceleration: HardwareAcceleration.Nvenc })).toBeUndefined();
  });
});

describe("which FFmpeg failures blame the hardware", () => {
  const cases: Array<[string, boolean]> = [
    ["No VA display found for device /dev/dri/renderD128.\nDevice creation failed: -22.", true],
    ["[h264_nvenc @ 0x5] Cannot load libcuda.so.1\nError initializing output stream 0:0 -- Error while opening encoder", true],
    ["[h264_nvenc @ 0x5] OpenEncodeSessionEx failed: out of memory (10)", true],
    ["Error creating a MFX session: -9.", true],
    ["/media/film.mkv: No such file or directory", false],
    ["Invalid data found when processing input", false],
  ];
  it.each(cases)("%s → %s", (stderr, hardware) => {
    expect(isHardwareFailure(stderr)).toBe(hardware);
  });
});
