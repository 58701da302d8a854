export { parseMatroskaCues, parseMatroskaHead, parseMatroskaSeekHead, type MatroskaHead } from "./matroska";
export { mp4TopLevelBox, parseMp4Keyframes } from "./mp4";
