/**
 * Whether FFmpeg's last words blame the hardware device or encoder (no render node, no driver, no
 * NVENC-capable GPU, an encoder session limit, a failed upload), as opposed to a bad input file.
 */
const DEVICE_ERRORS = [
  /device creation failed/i,
  /init_hw_device/i,
  /no va display/i,
  /vaapi|nvenc|cuda|qsv|\bmfx\b|\bamf\b|videotoolbox/i,
  /cannot load lib/i,
  /no .*capable devices/i,
  /openencodesession/i,
  /error while opening encoder/i,
  /hwupload|hw_frames|hardware (device|frames)/i,
];

export function isHardwareFailure(stderr: string): boolean {
  return DEVICE_ERRORS.some((pattern) => pattern.test(stderr));
}
