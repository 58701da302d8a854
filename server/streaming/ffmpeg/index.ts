/** Pure FFmpeg argument builders for playout items and slates. */
export * from "./types";
export { buildPlayoutArgs, type PlayoutCommand } from "./compose-playout-args";
export { buildSlateArgs, buildOfflineSlateArgs, buildErrorSlateArgs, OFFLINE_SLATE_TEXT, type SlateRequest, type SlateCommand } from "./slate";
export { parseCapabilities, parseEncoderList, parseFilterList, parseHwaccelList, parseFfmpegVersion, type FFmpegProbeOutput } from "./capabilities-parser";
export { chooseVideoEncoder, chooseAudioEncoder, EncoderUnavailableError, type VideoEncoderChoice, type AudioEncoderChoice } from "./encoder-choice";
export { selectAudioStream, selectSubtitleStream, subtitleKindOfCodec } from "./stream-selection";
export { isoLanguageEquivalents, sameLanguage } from "./language-codes";
export { formatFfmpegDuration } from "./time-format";
export { buildRemuxArgs, type RemuxRequest } from "./remux";
export { decideCopy, type CopyDecision, type StreamDecision, type StreamHandling } from "./copy-decision";
export { alignToKeyframes, keyframeIntervals, type CopyResume, type KeyframeSpan } from "./keyframe-alignment";
export { isHardwareFailure } from "./hardware-failure";
export { ffmpegErrorLine, ffmpegInputs, meaningfulErrorLines } from "./error-lines";
export { audioRenditionArgs, subtitleToWebVttArgs } from "./rendition-args";
