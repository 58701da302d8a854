export const SEED = 20_260_611;
export const CONCURRENCY = 8;
/** Runs per resource; each run sends one batch of CONCURRENCY requests at once. */
export const BATCHES_PER_RESOURCE = 150;
/** `express.json({ limit: "1mb" })`. */
export const BODY_LIMIT = 1024 * 1024;
export const POLLUTION_MARKER = "airwavePolluted";

// ---------------------------------------------------------------------------------------------
// The public contract (OpenAPI) of the two resources.

export const STREAMING_MODES = ["TransportStream", "TransportStreamHybrid", "HttpLiveStreamingSegmenter", "HttpLiveStreamingDirect"];
export const SUBTITLE_MODES = ["None", "Forced", "Default", "Any"];
export const ACCELERATIONS = ["None", "Qsv", "Nvenc", "Vaapi", "VideoToolbox", "Amf"];
export const SCALING = ["ScaleAndPad", "Stretch", "Crop"];
export const VIDEO_FORMATS = ["H264", "Hevc", "Mpeg2Video"];
export const AUDIO_FORMATS = ["Aac", "Ac3"];
export const FORMATS_BY_ACCELERATION: Record<string, string[]> = {
  None: ["H264", "Hevc", "Mpeg2Video"],
  Qsv: ["H264", "Hevc", "Mpeg2Video"],
  Vaapi: ["H264", "Hevc", "Mpeg2Video"],
  Nvenc: ["H264", "Hevc"],
  VideoToolbox: ["H264", "Hevc"],
  Amf: ["H264", "Hevc"],
};
export const VIDEO_PROFILES: Record<string, string[]> = {
  H264: ["baseline", "main", "high", "high10"],
  Hevc: ["main", "main10"],
  Mpeg2Video: ["simple", "main", "high"],
};
export const ALL_VIDEO_PROFILES = new Set(Object.values(VIDEO_PROFILES).flat());
export const SAMPLE_RATES: Record<string, number[]> = { Aac: [22.05, 24, 32, 44.1, 48, 88.2, 96], Ac3: [32, 44.1, 48] };
export const ALL_SAMPLE_RATES = new Set(Object.values(SAMPLE_RATES).flat());
export const MAX_AUDIO_CHANNELS: Record<string, number> = { Aac: 8, Ac3: 6 };
export const MAX_AUDIO_BITRATE: Record<string, number> = { Aac: 1536, Ac3: 640 };
export const LANGUAGE_CODES = ["en", "eng", "de", "ger", "deu", "fr", "fre", "fra", "es", "spa", "ja", "jpn", "it", "ita"];
export const CHANNEL_NUMBER = /^[0-9]{1,5}(\.[0-9]{1,2})?$/;
export const TIME_SPAN = /^([+-])?(\d{1,3}):([0-5]\d):([0-5]\d)$/;

export type FieldType = "string" | "nullableString" | "integer" | "nullableInteger" | "boolean" | "enum" | "stringArray" | "resolution" | "double";
export interface FieldSpec {
  type: FieldType;
  values?: readonly string[];
}

export const CHANNEL_FIELDS: Record<string, FieldSpec> = {
  number: { type: "string" },
  name: { type: "string" },
  group: { type: "string" },
  categories: { type: "stringArray" },
  ffmpegProfileId: { type: "integer" },
  streamingMode: { type: "enum", values: STREAMING_MODES },
  logoUrl: { type: "nullableString" },
  isEnabled: { type: "boolean" },
  showInEpg: { type: "boolean" },
  mirrorSourceChannelId: { type: "nullableInteger" },
  playoutOffset: { type: "nullableString" },
  preferredAudioLanguageCode: { type: "nullableString" },
  preferredSubtitleLanguageCode: { type: "nullableString" },
  subtitleMode: { type: "enum", values: SUBTITLE_MODES },
  watermarkId: { type: "nullableInteger" },
  fallbackFillerId: { type: "nullableInteger" },
};

export const PROFILE_FIELDS: Record<string, FieldSpec> = {
  name: { type: "string" },
  threadCount: { type: "integer" },
  hardwareAcceleration: { type: "enum", values: ACCELERATIONS },
  vaapiDevice: { type: "nullableString" },
  resolution: { type: "resolution" },
  scalingBehavior: { type: "enum", values: SCALING },
  videoFormat: { type: "enum", values: VIDEO_FORMATS },
  videoProfile: { type: "string" },
  bitDepth: { type: "integer" },
  videoBitrate: { type: "integer" },
  videoBufferSize: { type: "integer" },
  audioFormat: { type: "enum", values: AUDIO_FORMATS },
  audioBitrate: { type: "integer" },
  audioBufferSize: { type: "integer" },
  audioChannels: { type: "integer" },
  audioSampleRate: { type: "double" },
  normalizeFramerate: { type: "boolean" },
  deinterlaceVideo: { type: "boolean" },
  normalizeLoudness: { type: "boolean" },
};

export type Resource = "channel" | "profile";
export type Method = "POST" | "PUT" | "PATCH";

export const FIELDS: Record<Resource, Record<string, FieldSpec>> = { channel: CHANNEL_FIELDS, profile: PROFILE_FIELDS };
export const COLLECTION: Record<Resource, string> = { channel: "/api/v1/channels", profile: "/api/v1/ffmpeg/profiles" };

export interface Fixtures {
  channels: { id: number; number: string; isMirror: boolean }[];
  profiles: { id: number; name: string }[];
}

export interface Target {
  resource: Resource;
  method: Method;
  /** The existing row a PUT/PATCH addresses. */
  id?: number;
}

// ---------------------------------------------------------------------------------------------
// Bodies are assembled as text from [key, raw JSON value] pairs, so that keys such as `__proto__`,
// raw tokens such as `1e400` and exact byte sequences survive untouched.

export type Fields = ReadonlyArray<readonly [string, string]>;

export const j = (value: unknown): string => JSON.stringify(value);
export const objectText = (fields: Fields): string => `{${fields.map(([k, v]) => `${j(k)}:${v}`).join(",")}}`;
export const without = (fields: Fields, ...keys: string[]): Fields => fields.filter(([k]) => !keys.includes(k));
/** Sets (replacing) each given field; the rest of the body stays as it was. */
export const withFields = (fields: Fields, ...set: Array<readonly [string, string]>): Fields => [
  ...without(fields, ...set.map(([k]) => k)),
  ...set,
];
