/** Frame-rate arithmetic shared by the video chain and the GOP settings. */

/** fps from a number or a rational string like `24000/1001`; undefined when unknown or invalid. */
export function parseFrameRate(rate: number | string | undefined): number | undefined {
  if (rate === undefined) return undefined;
  if (typeof rate === "number") return rate > 0 && Number.isFinite(rate) ? rate : undefined;
  const [num, den] = rate.split("/");
  const value = den === undefined ? Number(num) : Number(num) / Number(den);
  return value > 0 && Number.isFinite(value) ? value : undefined;
}

/** The frame rate that leaves the filter chain. */
export function outputFrameRate(
  sourceRate: number | string | undefined,
  normalize: boolean,
  normalizedRate = DEFAULT_NORMALIZED_FRAME_RATE,
): number {
  if (normalize) return normalizedRate;
  return parseFrameRate(sourceRate) ?? DEFAULT_NORMALIZED_FRAME_RATE;
}

export const DEFAULT_NORMALIZED_FRAME_RATE = 30;
