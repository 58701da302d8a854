export { ffprobeArgs, parseFfprobeJson, type ProbeChapter, type ProbeInfo, type ProbeResult, type ProbeStream, type ScanKind } from "./ffprobe-json";
export { runFfprobe, runFfprobeRemote } from "./run-ffprobe";
