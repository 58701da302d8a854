/**
 * Fuzzing the write endpoints of channels and FFmpeg profiles with requests that are invalid BY
 * CONSTRUCTION: each one starts from a body that is valid for its target (the control test at the
 * end proves it) and breaks exactly one thing — a field's type, an unknown or prototype-polluting
 * key, a missing required field, a domain bound, the JSON syntax, the UTF-8 encoding, the size, the
 * content type, or the id in the path — or it is garbage outright. Every request must be rejected
 * with a 4xx problem-details body, never a 5xx, and the database must be unchanged afterwards.
 *
 * The seed is fixed, so a failure reproduces. Violations are not stopped at: every one is recorded,
 * grouped (kind, field, resource, method, symptom) with a first example (method, path, what was
 * broken, body size, the body itself when small), and a write that was wrongly accepted is undone
 * so that later requests are still judged against the fixtures they were built for.
 */
import http from "node:http";
import * as fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../support/test-server";

const SEED = 20_260_611;
const CONCURRENCY = 8;
/** Runs per resource; each run sends one batch of CONCURRENCY requests at once. */
const BATCHES_PER_RESOURCE = 150;
/** `express.json({ limit: "1mb" })`. */
const BODY_LIMIT = 1024 * 1024;
const POLLUTION_MARKER = "airwavePolluted";

// ---------------------------------------------------------------------------------------------
// The public contract (OpenAPI) of the two resources.

const STREAMING_MODES = ["TransportStream", "TransportStreamHybrid", "HttpLiveStreamingSegmenter", "HttpLiveStreamingDirect"];
const SUBTITLE_MODES = ["None", "Forced", "Default", "Any"];
const ACCELERATIONS = ["None", "Qsv", "Nvenc", "Vaapi", "VideoToolbox", "Amf"];
const SCALING = ["ScaleAndPad", "Stretch", "Crop"];
const VIDEO_FORMATS = ["H264", "Hevc", "Mpeg2Video"];
const AUDIO_FORMATS = ["Aac", "Ac3"];
const FORMATS_BY_ACCELERATION: Record<string, string[]> = {
  None: ["H264", "Hevc", "Mpeg2Video"],
  Qsv: ["H264", "Hevc", "Mpeg2Video"],
  Vaapi: ["H264", "Hevc", "Mpeg2Video"],
  Nvenc: ["H264", "Hevc"],
  VideoToolbox: ["H264", "Hevc"],
  Amf: ["H264", "Hevc"],
};
const VIDEO_PROFILES: Record<string, string[]> = {
  H264: ["baseline", "main", "high", "high10"],
  Hevc: ["main", "main10"],
  Mpeg2Video: ["simple", "main", "high"],
};
const ALL_VIDEO_PROFILES = new Set(Object.values(VIDEO_PROFILES).flat());
const SAMPLE_RATES: Record<string, number[]> = { Aac: [22.05, 24, 32, 44.1, 48, 88.2, 96], Ac3: [32, 44.1, 48] };
const ALL_SAMPLE_RATES = new Set(Object.values(SAMPLE_RATES).flat());
const MAX_AUDIO_CHANNELS: Record<string, number> = { Aac: 8, Ac3: 6 };
const MAX_AUDIO_BITRATE: Record<string, number> = { Aac: 1536, Ac3: 640 };
const LANGUAGE_CODES = ["en", "eng", "de", "ger", "deu", "fr", "fre", "fra", "es", "spa", "ja", "jpn", "it", "ita"];
const CHANNEL_NUMBER = /^[0-9]{1,5}(\.[0-9]{1,2})?$/;
const TIME_SPAN = /^([+-])?(\d{1,3}):([0-5]\d):([0-5]\d)$/;

type FieldType = "string" | "nullableString" | "integer" | "nullableInteger" | "boolean" | "enum" | "stringArray" | "resolution" | "double";
interface FieldSpec {
  type: FieldType;
  values?: readonly string[];
}

const CHANNEL_FIELDS: Record<string, FieldSpec> = {
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

const PROFILE_FIELDS: Record<string, FieldSpec> = {
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

type Resource = "channel" | "profile";
type Method = "POST" | "PUT" | "PATCH";

const FIELDS: Record<Resource, Record<string, FieldSpec>> = { channel: CHANNEL_FIELDS, profile: PROFILE_FIELDS };
const COLLECTION: Record<Resource, string> = { channel: "/api/v1/channels", profile: "/api/v1/ffmpeg/profiles" };

interface Fixtures {
  channels: { id: number; number: string; isMirror: boolean }[];
  profiles: { id: number; name: string }[];
}

interface Target {
  resource: Resource;
  method: Method;
  /** The existing row a PUT/PATCH addresses. */
  id?: number;
}

// ---------------------------------------------------------------------------------------------
// Bodies are assembled as text from [key, raw JSON value] pairs, so that keys such as `__proto__`,
// raw tokens such as `1e400` and exact byte sequences survive untouched.

type Fields = ReadonlyArray<readonly [string, string]>;

const j = (value: unknown): string => JSON.stringify(value);
const objectText = (fields: Fields): string => `{${fields.map(([k, v]) => `${j(k)}:${v}`).join(",")}}`;
const without = (fields: Fields, ...keys: string[]): Fields => fields.filter(([k]) => !keys.includes(k));
/** Sets (replacing) each given field; the rest of the body stays as it was. */
const withFields = (fields: Fields, ...set: Array<readonly [string, string]>): Fields => [
  ...without(fields, ...set.map(([k]) => k)),
  ...set,
];

interface Case {
  kind: string;
  /** What the request addresses when its path is the intended one (used to undo a wrongly accepted write). */
  target: Target;
  detail: string;
  method: Method;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
  chunked: boolean;
  /** The statuses the contract allows for this request; all of them are 4xx. */
  expected: readonly number[];
  [fc.toStringMethod](): string;
}

interface CaseOptions {
  /** Header overrides; `undefined` removes the header. */
  headers?: Record<string, string | undefined>;
  path?: string;
  chunked?: boolean;
  /** The body is parsed as JSON, so anything over the limit must be answered 413. */
  jsonParsed?: boolean;
}

function makeCase(target: Target, kind: string, detail: string, body: Buffer | string, expected: number[], options: CaseOptions = {}): Case {
  const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries({ "content-type": "application/json", ...options.headers })) {
    if (value !== undefined) headers[name] = value;
  }
  const path = options.path ?? pathOf(target);
  const chunked = options.chunked ?? false;
  const finalExpected = options.jsonParsed !== false && bytes.length > BODY_LIMIT ? [413] : expected;
  const label = `${kind} [${detail}] ${target.method} ${path} (${bytes.length} bytes${chunked ? ", chunked" : ""}, content-type: ${headers["content-type"] ?? "none"}${headers["content-encoding"] ? `, content-encoding: ${headers["content-encoding"]}` : ""}) expecting ${finalExpected.join("/")}`;
  return {
    kind,
    target,
    detail,
    method: target.method,
    path,
    headers,
    body: bytes,
    chunked,
    expected: finalExpected,
    [fc.toStringMethod]: () => label,
  };
}

function pathOf(target: Target, id: string | number | undefined = target.id): string {
  return id === undefined ? COLLECTION[target.resource] : `${COLLECTION[target.resource]}/${id}`;
}

// ---------------------------------------------------------------------------------------------
// Valid values and bodies.

const TEXT_CHARS = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.,:;!?'\"\\/()&#%+*éüßñÆøЖ日本語"];
const textChar = fc.constantFrom(...TEXT_CHARS);
/** 1..max UTF-16 units, never blank after trimming. */
const validText = (max: number) => fc.string({ unit: textChar, maxLength: max - 1 }).map((s) => `F${s}`);
const freshChannelNumber = fc
  .tuple(fc.integer({ min: 100, max: 99_999 }), fc.option(fc.integer({ min: 0, max: 99 }), { nil: undefined }))
  .map(([whole, decimals]) => (decimals === undefined ? String(whole) : `${whole}.${decimals}`));
const httpUrl = fc
  .tuple(fc.constantFrom("http", "https"), fc.stringMatching(/^[a-z][a-z0-9]{0,19}$/), fc.stringMatching(/^[a-z0-9/._-]{0,40}$/))
  .map(([scheme, host, path]) => `${scheme}://${host}.example.com/${path}`);
const optional = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.oneof(fc.constant(undefined), arb);
const pair = (key: string, value: unknown) => [key, j(value)] as const;
const collect = (...parts: Array<Fields | readonly [string, string] | undefined>): Fields =>
  parts.flatMap((p) => (p === undefined ? [] : typeof p[0] === "string" ? [p as readonly [string, string]] : (p as Fields)));

function validChannelBody(target: Target, fx: Fixtures): fc.Arbitrary<Fields> {
  const nameRequired = target.method !== "PATCH";
  const enablement: fc.Arbitrary<Fields> = fc.oneof(
    fc.constant([]),
    fc.constant([pair("isEnabled", true)]),
    fc.constant([pair("showInEpg", false)]),
    fc.boolean().map((show) => [pair("isEnabled", true), pair("showInEpg", show)]),
    fc.constant([pair("isEnabled", false), pair("showInEpg", false)]),
  );
  return fc
    .record({
      number: optional(freshChannelNumber),
      name: nameRequired ? validText(50) : optional(validText(50)),
      group: optional(validText(50)),
      categories: optional(fc.array(validText(30), { maxLength: 5 })),
      ffmpegProfileId: optional(fc.constantFrom(...fx.profiles.map((p) => p.id))),
      streamingMode: optional(fc.constantFrom(...STREAMING_MODES)),
      logoUrl: optional(fc.oneof(fc.constant(null), httpUrl)),
      enablement,
      preferredAudioLanguageCode: optional(fc.oneof(fc.constant(null), fc.constantFrom(...LANGUAGE_CODES))),
      preferredSubtitleLanguageCode: optional(fc.oneof(fc.constant(null), fc.constantFrom(...LANGUAGE_CODES))),
      subtitleMode: optional(fc.constantFrom(...SUBTITLE_MODES)),
    })
    .map(({ enablement: enable, ...rest }) =>
      collect(
        ...Object.entries(rest).map(([key, value]) => (value === undefined ? undefined : pair(key, value))),
        enable,
      ),
    );
}

function validProfileBody(target: Target): fc.Arbitrary<Fields> {
  const nameRequired = target.method !== "PATCH";
  const acceleration = fc.constantFrom(...ACCELERATIONS).chain((accel) =>
    (accel === "Vaapi" ? fc.constantFrom(null, "/dev/dri/renderD128") : fc.constant(null)).map((device) => ({ accel, device })),
  );
  const video = fc
    .constantFrom(...VIDEO_FORMATS)
    .chain((format) =>
      fc.constantFrom(...(format === "Mpeg2Video" ? [8] : [8, 10])).chain((bitDepth) =>
        optional(fc.constantFrom(...(bitDepth === 10 ? [format === "H264" ? "high10" : "main10"] : VIDEO_PROFILES[format]!))).map(
          (profile) => ({ format, bitDepth, profile }),
        ),
      ),
    );
  const audio = fc.constantFrom(...AUDIO_FORMATS).chain((format) =>
    fc.record({
      format: fc.constant(format),
      bitrate: fc.integer({ min: 32, max: MAX_AUDIO_BITRATE[format]! }),
      channels: fc.integer({ min: 1, max: MAX_AUDIO_CHANNELS[format]! }),
      sampleRate: fc.constantFrom(...SAMPLE_RATES[format]!),
    }),
  );
  const even = fc.integer({ min: 8, max: 3840 }).map((n) => n * 2);
  return fc
    .record({
      name: nameRequired ? validText(45).map((s) => `fuzz-${s}`) : optional(validText(45).map((s) => `fuzz-${s}`)),
      threadCount: optional(fc.integer({ min: 0, max: 64 })),
      acceleration: optional(acceleration),
      video: optional(video),
      resolution: optional(fc.record({ width: even, height: even })),
      scalingBehavior: optional(fc.constantFrom(...SCALING)),
      videoBitrate: optional(fc.integer({ min: 100, max: 200_000 })),
      videoBufferSize: optional(fc.integer({ min: 100, max: 400_000 })),
      audio: optional(audio),
      audioBufferSize: optional(fc.integer({ min: 32, max: 10_000 })),
      normalizeFramerate: optional(fc.boolean()),
      deinterlaceVideo: optional(fc.boolean()),
      normalizeLoudness: optional(fc.boolean()),
    })
    // Hardware that cannot encode the chosen format would make the base itself invalid.
    .filter(({ acceleration: a, video: v }) => !a || !v || FORMATS_BY_ACCELERATION[a.accel]!.includes(v.format))
    .map(({ acceleration: a, video: v, audio: au, ...rest }) =>
      collect(
        ...Object.entries(rest).map(([key, value]) => (value === undefined ? undefined : pair(key, value))),
        a && [pair("hardwareAcceleration", a.accel), pair("vaapiDevice", a.device)],
        v && collect(pair("videoFormat", v.format), pair("bitDepth", v.bitDepth), v.profile === undefined ? undefined : pair("videoProfile", v.profile)),
        au && [pair("audioFormat", au.format), pair("audioBitrate", au.bitrate), pair("audioChannels", au.channels), pair("audioSampleRate", au.sampleRate)],
      ),
    );
}

function validBody(target: Target, fx: Fixtures): fc.Arbitrary<Fields> {
  return target.resource === "channel" ? validChannelBody(target, fx) : validProfileBody(target);
}

// ---------------------------------------------------------------------------------------------
// Values of the wrong type, per declared type (raw JSON text).

const rawInt = fc.integer({ min: -1_000_000, max: 1_000_000 }).map(j);
const rawFraction = fc
  .double({ min: -1e9, max: 1e9, noNaN: true, noDefaultInfinity: true })
  .filter((d) => !Number.isInteger(d))
  .map(j);
const rawBool = fc.boolean().map(j);
const rawStringArray = fc.array(fc.string({ maxLength: 8 }), { minLength: 0, maxLength: 3 }).map(j);
const rawObject = fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }).map(j);
const rawNumericString = fc.integer({ min: -1000, max: 1000 }).map((n) => j(String(n)));
const rawOverflow = fc.constantFrom("1e400", "-1e400");

function wrongValue(spec: FieldSpec): fc.Arbitrary<string> {
  const nullOr = (nullable: boolean, ...arbs: fc.Arbitrary<string>[]) => fc.oneof(...arbs, ...(nullable ? [] : [fc.constant("null")]));
  switch (spec.type) {
    case "string":
    case "nullableString":
      return nullOr(spec.type === "nullableString", rawInt, rawFraction, rawBool, rawOverflow, rawStringArray, rawObject);
    case "integer":
    case "nullableInteger":
      return nullOr(
        spec.type === "nullableInteger",
        rawNumericString,
        rawFraction,
        rawBool,
        rawOverflow,
        rawInt.map((n) => `[${n}]`),
        rawInt.map((n) => `{"value":${n}}`),
      );
    case "double":
      return nullOr(false, fc.constantFrom('"48"', '"44.1"', '"fast"'), rawBool, rawOverflow, rawStringArray, rawObject);
    case "boolean":
      return nullOr(false, fc.constantFrom('"true"', '"false"', '"yes"', '""', "0", "1"), rawOverflow, rawStringArray, rawObject);
    case "enum": {
      const values = spec.values!;
      const wrongText = fc
        .oneof(
          fc.string({ maxLength: 20 }),
          fc.constantFrom(...values).map((v) => v.toLowerCase()),
          fc.constantFrom(...values).map((v) => v.toUpperCase()),
          fc.constantFrom(...values).map((v) => `${v} `),
          fc.constantFrom(...values).map((v) => ` ${v}`),
        )
        .filter((s) => !values.includes(s))
        .map(j);
      return nullOr(false, wrongText, fc.integer({ min: 0, max: values.length }).map(j), rawBool, fc.constantFrom(...values).map((v) => j([v])), rawObject);
    }
    case "stringArray":
      return nullOr(
        false,
        fc.string({ maxLength: 10 }).map(j),
        rawInt,
        rawBool,
        rawObject,
        fc
          .tuple(fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }), fc.oneof(rawInt, rawBool, fc.constant("null"), rawObject, rawStringArray), fc.nat())
          .map(([strings, bad, at]) => {
            const items = strings.map(j);
            items.splice(at % (items.length + 1), 0, bad);
            return `[${items.join(",")}]`;
          }),
      );
    case "resolution":
      return nullOr(
        false,
        fc.constantFrom("[1920,1080]", '"1920x1080"', "1080", "true", '{"width":"1920","height":1080}', '{"width":1920,"height":1080.5}', '{"width":[1920],"height":1080}'),
        wrongValue({ type: "integer" }).map((bad) => `{"width":${bad},"height":1080}`),
        wrongValue({ type: "integer" }).map((bad) => `{"width":1280,"height":${bad}}`),
      );
  }
}

// ---------------------------------------------------------------------------------------------
// Domain-bound violations (422): well-typed values that break one rule of the service.

const blankOrEmpty = fc.constantFrom("", "   ", " \t\n ");
const tooLongText = (min: number) =>
  fc.tuple(fc.integer({ min, max: min + 400 }), fc.constantFrom("x", "é", "日", "ab ")).map(([n, ch]) => ch.repeat(n).slice(0, n));
/** Exercising the size of values up to (and, for 3-byte characters, beyond) the body limit. */
const hugeText = (min: number) =>
  fc.tuple(fc.integer({ min: Math.max(min, 50_000), max: 900_000 }), fc.constantFrom("x", "é", "日")).map(([n, ch]) => ch.repeat(n));

function channelBoundBreaks(target: Target, fx: Fixtures): fc.Arbitrary<{ detail: string; set: Array<readonly [string, string]> }> {
  const others = fx.channels.filter((c) => c.id !== target.id);
  const targetIsMirror = fx.channels.find((c) => c.id === target.id)?.isMirror ?? false;
  const mirrorFixture = fx.channels.find((c) => c.isMirror);
  const nonexistentId = fc.oneof(fc.integer({ min: -2_147_483_648, max: 0 }), fc.integer({ min: 100_000, max: 2_147_483_647 }));
  const badNumber = fc
    .oneof(
      blankOrEmpty,
      fc.constantFrom("abc", "1a", "-1", "+1", "1.", ".5", "1.234", "123456", "1..2", "1e3", "0x10", "4,1", "٣", "１"),
      fc.string({ maxLength: 10 }),
    )
    .filter((s) => !CHANNEL_NUMBER.test(s.trim()));
  const badOffset = fc
    .oneof(fc.constantFrom("", "1:00", "01:00", "01:60:00", "01:00:60", "+-01:00:00", "01:00:00.5", "1000:00:00", "abc", "1h"), fc.string({ maxLength: 12 }))
    .filter((s) => !TIME_SPAN.test(s.trim()));
  const tooLargeOffset = fc
    .tuple(fc.constantFrom("", "+", "-"), fc.integer({ min: 12 * 3600 + 1, max: 999 * 3600 + 3599 }))
    .map(([sign, s]) => `${sign}${String(Math.floor(s / 3600)).padStart(2, "0")}:${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`);
  const badLanguage = fc
    .oneof(fc.constantFrom("english", "e", "en-US", "123", "e1", "zz9", "ENGL"), fc.string({ minLength: 4, maxLength: 12 }))
    .filter((s) => s.trim() !== "" && !/^[a-z]{2,3}$/.test(s.trim().toLowerCase()));
  const badUrl = fc.oneof(
    fc.constantFrom("", "ftp://example.com/logo.png", "example.com/logo.png", "javascript:alert(1)", "http://", "https:// spaces.example/x", "file:///etc/passwd", "mailto:a@b.c", "//example.com/x.png", "data:image/png;base64,AAAA"),
    fc.integer({ min: 2049, max: 5000 }).map((n) => `https://example.com/${"a".repeat(n)}`),
  );
  const variants: fc.Arbitrary<{ detail: string; set: Array<readonly [string, string]> }>[] = [
    fc.oneof(blankOrEmpty, tooLongText(51)).map((v) => ({ detail: "name out of 1..50", set: [pair("name", v)] })),
    fc.oneof(blankOrEmpty, tooLongText(51)).map((v) => ({ detail: "group out of 1..50", set: [pair("group", v)] })),
    badNumber.map((v) => ({ detail: "number pattern", set: [pair("number", v)] })),
    fc.integer({ min: 21, max: 60 }).map((n) => ({ detail: "more than 20 categories", set: [pair("categories", Array.from({ length: n }, (_, i) => `category ${i}`))] })),
    tooLongText(51).map((v) => ({ detail: "category longer than 50", set: [pair("categories", ["ok", v])] })),
    nonexistentId.map((v) => ({ detail: "ffmpegProfileId does not exist", set: [pair("ffmpegProfileId", v)] })),
    badUrl.map((v) => ({ detail: "logoUrl not http(s)", set: [pair("logoUrl", v)] })),
    fc.constant({ detail: "showInEpg while disabled", set: [pair("isEnabled", false), pair("showInEpg", true)] }),
    nonexistentId.map((v) => ({ detail: "mirror source does not exist", set: [pair("mirrorSourceChannelId", v)] })),
    badOffset.map((v) => ({ detail: "playoutOffset malformed", set: [pair("playoutOffset", v)] })),
    tooLargeOffset.map((v) => ({ detail: "playoutOffset beyond 12h", set: [pair("playoutOffset", v)] })),
    fc.tuple(fc.constantFrom("preferredAudioLanguageCode", "preferredSubtitleLanguageCode"), badLanguage).map(([field, v]) => ({ detail: `${field} unknown`, set: [pair(field, v)] })),
  ];
  if (others.length > 0) {
    variants.push(
      fc.tuple(fc.constantFrom(...others.map((c) => c.number)), fc.constantFrom("", " ")).map(([n, pad]) => ({ detail: "number taken", set: [pair("number", `${pad}${n}${pad}`)] })),
    );
  }
  if (target.id !== undefined) variants.push(fc.constant({ detail: "mirrors itself", set: [pair("mirrorSourceChannelId", target.id)] }));
  if (mirrorFixture) variants.push(fc.constant({ detail: "mirror source is a mirror", set: [pair("mirrorSourceChannelId", mirrorFixture.id)] }));
  // An offset needs a mirror source; a PATCH of the mirror fixture keeps its source, so it is excluded.
  if (!(target.method === "PATCH" && targetIsMirror)) {
    variants.push(fc.constantFrom("01:00:00", "-00:30:00").map((v) => ({ detail: "playoutOffset without mirror", set: [pair("playoutOffset", v)] })));
  }
  return fc.oneof(...variants);
}

function profileBoundBreaks(target: Target, fx: Fixtures): fc.Arbitrary<{ detail: string; set: Array<readonly [string, string]> }> {
  const others = fx.profiles.filter((p) => p.id !== target.id);
  const swapCase = (s: string) => [...s].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join("");
  const badSide = fc.oneof(
    fc.integer({ min: 8, max: 3839 }).map((n) => n * 2 + 1),
    fc.integer({ min: -10_000, max: 15 }),
    fc.integer({ min: 3841, max: 50_000 }).map((n) => n * 2),
  );
  const outside = (min: number, max: number) => fc.oneof(fc.integer({ min: -1_000_000_000, max: min - 1 }), fc.integer({ min: max + 1, max: 1_000_000_000 }));
  const variants: fc.Arbitrary<{ detail: string; set: Array<readonly [string, string]> }>[] = [
    fc.oneof(blankOrEmpty, tooLongText(51)).map((v) => ({ detail: "name out of 1..50", set: [pair("name", v)] })),
    outside(0, 64).map((v) => ({ detail: "threadCount out of 0..64", set: [pair("threadCount", v)] })),
    fc
      .tuple(fc.constantFrom("dev/dri/renderD128", "renderD128", "x", "./dev/dri", "~/dri"), fc.boolean())
      .map(([device, vaapi]) => ({
        detail: `vaapiDevice relative${vaapi ? " (with Vaapi)" : ""}`,
        set: vaapi ? [pair("hardwareAcceleration", "Vaapi"), pair("vaapiDevice", device)] : [pair("vaapiDevice", device)],
      })),
    fc.integer({ min: 256, max: 2000 }).map((n) => ({
      detail: "vaapiDevice longer than 255",
      set: [pair("hardwareAcceleration", "Vaapi"), pair("vaapiDevice", `/${"d".repeat(n)}`)],
    })),
    fc.tuple(badSide, fc.boolean()).map(([bad, widthIsBad]) => ({
      detail: `resolution ${widthIsBad ? "width" : "height"} not an even 16..7680`,
      set: [pair("resolution", widthIsBad ? { width: bad, height: 1080 } : { width: 1920, height: bad })],
    })),
    fc.constantFrom("Nvenc", "VideoToolbox", "Amf").map((accel) => ({
      detail: `${accel} cannot encode Mpeg2Video`,
      set: [pair("hardwareAcceleration", accel), pair("vaapiDevice", null), pair("videoFormat", "Mpeg2Video")],
    })),
    fc.integer({ min: -100, max: 100 }).filter((n) => n !== 8 && n !== 10).map((v) => ({ detail: "bitDepth not 8/10", set: [pair("bitDepth", v)] })),
    fc.constant({ detail: "10-bit Mpeg2Video", set: [pair("videoFormat", "Mpeg2Video"), pair("bitDepth", 10)] }),
    fc
      .oneof(fc.constantFrom("ultra", "high 10", "main12", "baseline-x"), fc.string({ minLength: 1, maxLength: 12 }))
      .filter((s) => s.trim() !== "" && !ALL_VIDEO_PROFILES.has(s.trim().toLowerCase()))
      .map((v) => ({ detail: "videoProfile unknown", set: [pair("videoProfile", v)] })),
    fc.constant({ detail: "videoProfile of another format", set: [pair("videoFormat", "Mpeg2Video"), pair("bitDepth", 8), pair("videoProfile", "high10")] }),
    outside(100, 200_000).map((v) => ({ detail: "videoBitrate out of range", set: [pair("videoBitrate", v)] })),
    outside(100, 400_000).map((v) => ({ detail: "videoBufferSize out of range", set: [pair("videoBufferSize", v)] })),
    outside(32, 1536).map((v) => ({ detail: "audioBitrate out of range", set: [pair("audioBitrate", v)] })),
    outside(32, 10_000).map((v) => ({ detail: "audioBufferSize out of range", set: [pair("audioBufferSize", v)] })),
    outside(1, 8).map((v) => ({ detail: "audioChannels out of range", set: [pair("audioChannels", v)] })),
    fc
      .oneof(fc.integer({ min: -100_000, max: 100_000 }).map((n) => n / 100), fc.constantFrom(0, 44, 47.9, 22.06, 192))
      .filter((v) => !ALL_SAMPLE_RATES.has(v))
      .map((v) => ({ detail: "audioSampleRate not offered", set: [pair("audioSampleRate", v)] })),
  ];
  if (others.length > 0) {
    variants.push(fc.constantFrom(...others.map((p) => p.name)).map((n) => ({ detail: "name taken (other case)", set: [pair("name", swapCase(n))] })));
  }
  return fc.oneof(...variants);
}

// ---------------------------------------------------------------------------------------------
// Every kind of broken request, for one target.

const PROTO_KEYS = ["__proto__", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty", "__defineGetter__", "__lookupGetter__", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString"];
const OUTPUT_ONLY_KEYS = ["id", "uniqueId", "streamUrl", "playoutId", "isDefault", "watermarkId", "fallbackFillerId", "sortNumber", "resolutionId"];
const LOOKALIKE_KEYS = ["Name", "NAME", "name ", " name", "", "name\u0000", "n\u0430me", "$where", "name.first", "0", "length", "resolution.width"];
const INVALID_UTF8 = [[0xff], [0xfe], [0xc0, 0xaf], [0xe0, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0x80], [0xbf], [0xe2, 0x82], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xf4, 0x90, 0x80, 0x80]];
const WRONG_CONTENT_TYPES: Array<Record<string, string | undefined>> = [
  { "content-type": undefined },
  { "content-type": "text/plain" },
  { "content-type": "text/plain; charset=utf-8" },
  { "content-type": "text/html" },
  { "content-type": "application/x-www-form-urlencoded" },
  { "content-type": "multipart/form-data; boundary=----airwave" },
  { "content-type": "application/xml" },
  { "content-type": "application/octet-stream" },
  { "content-type": "image/png" },
  { "content-type": "application/javascript" },
  { "content-type": "application/json-seq" },
  { "content-type": "*/*" },
  { "content-type": "application/json; charset=utf-16" },
  { "content-type": "application/json; charset=utf-16be" },
  { "content-type": "application/json; charset=utf-32" },
  { "content-encoding": "gzip" },
  { "content-encoding": "deflate" },
  { "content-encoding": "br" },
  { "content-encoding": "compress" },
  { "content-encoding": "x-airwave" },
  { "content-encoding": "gzip, gzip" },
];

/** True when a JSON body parser could read these bytes as an object (an empty body counts as `{}`). */
function parsesToObject(bytes: Buffer): boolean {
  const text = bytes.toString("utf8").replace(/^\uFEFF/, "");
  if (text === "") return true;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value);
  } catch {
    return false;
  }
}

function decodesToExistingId(raw: string, ids: readonly number[]): boolean {
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return false;
  }
  return /^\s*[+-]?\d+\s*$/.test(decoded) || ids.includes(Number(decoded));
}

function casesFor(target: Target, fx: Fixtures): fc.Arbitrary<Case> {
  const spec = FIELDS[target.resource];
  const fieldNames = Object.keys(spec);
  const base = validBody(target, fx);
  const k = (kind: string, detail: string, fields: Fields | string | Buffer, expected: number[], options?: CaseOptions) =>
    makeCase(target, kind, detail, Array.isArray(fields) ? objectText(fields as Fields) : (fields as string | Buffer), expected, options);

  const wrongType = fc
    .tuple(base, fc.constantFrom(...fieldNames))
    .chain(([fields, field]) => wrongValue(spec[field]!).map((raw) => k("wrong-type", `${field}=${raw.slice(0, 40)}`, withFields(fields, [field, raw]), [400])));

  const nullField = fc
    .tuple(base, fc.constantFrom(...fieldNames.filter((f) => !spec[f]!.type.startsWith("nullable"))))
    .map(([fields, field]) => k("null", `${field}=null`, withFields(fields, [field, "null"]), [400]));

  const unknownKey = fc
    .tuple(
      base,
      fc.oneof(fc.constantFrom(...PROTO_KEYS, ...OUTPUT_ONLY_KEYS, ...LOOKALIKE_KEYS), fc.string({ maxLength: 12 })).filter((key) => !Object.hasOwn(spec, key)),
      fc.oneof(fc.jsonValue({ maxDepth: 2 }).map(j), fc.constant("null")),
      fc.nat(),
    )
    .map(([fields, key, value, at]) => {
      const list = [...fields];
      list.splice(at % (list.length + 1), 0, [key, value]);
      return k("unknown-key", j(key), list, [400]);
    });

  const pollutionVariants: Array<[string, (fields: Fields) => Fields]> = [
    ["__proto__ object", (f) => [["__proto__", `{"${POLLUTION_MARKER}":true,"name":"polluted"}`], ...f]],
    ["__proto__ last", (f) => [...f, ["__proto__", `{"${POLLUTION_MARKER}":true}`]]],
    ["constructor.prototype", (f) => [["constructor", `{"prototype":{"${POLLUTION_MARKER}":true}}`], ...f]],
    ["prototype", (f) => [...f, ["prototype", `{"${POLLUTION_MARKER}":true}`]]],
  ];
  if (target.resource === "profile") {
    pollutionVariants.push(["resolution.__proto__", (f) => withFields(f, ["resolution", `{"width":1920,"height":1080,"__proto__":{"${POLLUTION_MARKER}":true}}`])]);
    pollutionVariants.push(["resolution.constructor", (f) => withFields(f, ["resolution", `{"width":1920,"height":1080,"constructor":{"prototype":{"${POLLUTION_MARKER}":true}}}`])]);
  }
  const pollution = fc
    .tuple(base, fc.constantFrom(...pollutionVariants))
    .map(([fields, [detail, apply]]) => k("prototype-pollution", detail, apply(fields), [400]));

  const missingVariants: Array<[string, (fields: Fields) => Fields]> = [];
  if (target.method !== "PATCH") missingVariants.push(["name missing", (f) => without(f, "name")]);
  if (target.resource === "profile") {
    missingVariants.push(["resolution.height missing", (f) => withFields(f, ["resolution", '{"width":1920}'])]);
    missingVariants.push(["resolution empty", (f) => withFields(f, ["resolution", "{}"])]);
  }
  const missing = fc.constantFrom(...(missingVariants.length > 0 ? missingVariants : [["unused", (f: Fields) => f] as [string, (fields: Fields) => Fields]]));
  const missingCases = fc.tuple(base, missing).map(([fields, [detail, apply]]) => k("missing-required", detail, apply(fields), [400]));

  const notAnObject = fc
    .tuple(base, fc.constantFrom("null", "array of the body", "empty array", "string", "number", "true", "false"))
    .map(([fields, shape]) => {
      const text = objectText(fields);
      const body = { null: "null", "array of the body": `[${text}]`, "empty array": "[]", string: j(text), number: "42", true: "true", false: "false" }[shape]!;
      return k("not-an-object", shape, body, [400]);
    });

  const corruptions: Array<[string, (text: string, n: number) => string]> = [
    ["truncated", (t, n) => t.slice(0, 1 + (n % (t.length - 1)))],
    ["trailing comma", (t) => `${t.slice(0, -1)},}`],
    ["trailing garbage", (t, n) => t + ["}", "x", "{}", ",", "]", "\u0000", "/* */", "//"][n % 8]],
    ["leading garbage", (t, n) => [")]}'\n", "x", ",", "\u0000", "//\n", "NaN", "'"][n % 7] + t],
    ["literal not JSON", (t, n) => `{"k":${["NaN", "Infinity", "-Infinity", "undefined", "0x10", "01", ".5", "+1", "'x'", "True", "nul"][n % 11]}${t === "{}" ? "}" : `,${t.slice(1)}`}`],
    ["comment", (t) => `{/* c */${t.slice(1)}`],
    ["raw control character in string", (t) => `{"name":"a\u0001b"${t === "{}" ? "}" : `,${t.slice(1)}`}`],
    ["bad escape", (t, n) => `{"name":"${["\\x41", "\\u12", "\\u12G4", "\\q", "\\"][n % 5]}"${t === "{}" ? "}" : `,${t.slice(1)}`}`],
    ["single quotes", (t) => `{'name':'x'${t === "{}" ? "}" : `,${t.slice(1)}`}`],
    ["unquoted key", (t) => `{name:"x"${t === "{}" ? "}" : `,${t.slice(1)}`}`],
    ["equals for colon", (t) => `{"name"="x"${t === "{}" ? "}" : `,${t.slice(1)}`}`],
    ["unclosed string", (t) => `${t.slice(0, -1)}${t === "{}" ? "" : ","}"x":"open}`],
  ];
  const malformed = fc
    .tuple(base, fc.constantFrom(...corruptions), fc.nat(), fc.boolean())
    .map(([fields, [detail, corrupt], n, chunked]) => k("malformed-json", detail, corrupt(objectText(fields), n), [400], { chunked }));

  const garbage = fc
    .oneof(
      fc.uint8Array({ minLength: 1, maxLength: 2000 }).map((a) => Buffer.from(a)),
      fc.string({ unit: "binary", minLength: 1, maxLength: 500 }).map((s) => Buffer.from(s, "utf8")),
      fc.constantFrom("<xml/>", "name=Foo&number=5", "SELECT * FROM channel; --", "\u0000\u0000", "{{}}", "\uFEFF", "{\"name\"}").map((s) => Buffer.from(s, "utf8")),
    )
    .filter((bytes) => !parsesToObject(bytes))
    .map((bytes) => k("garbage", "random bytes", bytes, [400]));

  const invalidUtf8 = fc
    .tuple(base, fc.constantFrom(...INVALID_UTF8), fc.boolean())
    .map(([fields, seq, afterBrace]) => {
      const text = objectText(fields);
      const at = afterBrace ? 1 : text.length - 1;
      const body = Buffer.concat([Buffer.from(text.slice(0, at), "utf8"), Buffer.from(seq), Buffer.from(text.slice(at), "utf8")]);
      return k("invalid-utf8", `${seq.map((b) => b.toString(16)).join(" ")} ${afterBrace ? "after {" : "before }"}`, body, [400]);
    });

  const deepField =
    target.resource === "channel"
      ? ["categories", "name", "streamingMode", "logoUrl", "mirrorSourceChannelId", "playoutOffset", "preferredAudioLanguageCode"]
      : ["resolution", "name", "threadCount", "hardwareAcceleration", "vaapiDevice", "audioSampleRate"];
  // Free-text fields only: elsewhere the U+FFFD a lenient decoder makes would be caught by a domain rule anyway.
  const stringFields = target.resource === "channel" ? ["name", "group"] : ["name"];
  const invalidUtf8InString = fc
    .tuple(base, fc.constantFrom(...stringFields), fc.constantFrom(...INVALID_UTF8), validText(10))
    .map(([fields, field, seq, text]) => {
      const marker = "\u0000MARK\u0000";
      const template = objectText(withFields(fields, [field, j(`${text}${marker}`)]));
      const [head, tail] = template.split(j(marker).slice(1, -1));
      const body = Buffer.concat([Buffer.from(head!, "utf8"), Buffer.from(seq), Buffer.from(tail!, "utf8")]);
      return k("invalid-utf8-in-string", `${field} with ${seq.map((b) => b.toString(16)).join(" ")}`, body, [400]);
    });

  const deep = fc
    .tuple(base, fc.integer({ min: 100, max: 120_000 }), fc.constantFrom("array", "object"), fc.constantFrom("whole body", "unknown key", ...deepField))
    .map(([fields, depth, shape, where]) => {
      const nested = shape === "array" ? "[".repeat(depth) + "]".repeat(depth) : '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
      const body = where === "whole body" ? nested : objectText(withFields(fields, [where === "unknown key" ? "nested" : where, nested]));
      return k("deep-nesting", `${shape} depth ${depth} in ${where}`, body, [400]);
    });

  const paddingTarget = target.resource === "channel" ? "group" : "videoProfile";
  const oversized = fc
    .tuple(base, fc.integer({ min: BODY_LIMIT + 1, max: BODY_LIMIT + 400_000 }), fc.constantFrom("string field", "unknown key", "whitespace"), fc.boolean())
    .map(([fields, size, how, chunked]) => {
      const text = objectText(fields);
      let body: string;
      if (how === "whitespace") body = `{${" ".repeat(size)}${text.slice(1)}`;
      else body = objectText(withFields(fields, [how === "unknown key" ? "padding" : paddingTarget, j("x".repeat(size))]));
      return k("oversized", how, body, [413], { chunked });
    });

  const boundBreaks = target.resource === "channel" ? channelBoundBreaks(target, fx) : profileBoundBreaks(target, fx);
  const bound = fc.tuple(base, boundBreaks).map(([fields, { detail, set }]) => k("domain-bound", detail, withFields(fields, ...set), [422]));

  const hugeFields: Array<[string, (n: number) => Array<readonly [string, string]>]> =
    target.resource === "channel"
      ? [
          ["name", (n) => [pair("name", "x".repeat(n))]],
          ["group", (n) => [pair("group", "é".repeat(n))]],
          ["categories", (n) => [pair("categories", ["日".repeat(n)])]],
          ["logoUrl", (n) => [pair("logoUrl", `https://example.com/${"a".repeat(n)}`)]],
          ["playoutOffset", (n) => [pair("playoutOffset", "1".repeat(n))]],
          ["number", (n) => [pair("number", "9".repeat(n))]],
          ["preferredAudioLanguageCode", (n) => [pair("preferredAudioLanguageCode", "e".repeat(n))]],
        ]
      : [
          ["name", (n) => [pair("name", "x".repeat(n))]],
          ["videoProfile", (n) => [pair("videoProfile", "é".repeat(n))]],
          ["vaapiDevice", (n) => [pair("hardwareAcceleration", "Vaapi"), pair("vaapiDevice", `/${"d".repeat(n)}`)]],
        ];
  const huge = fc
    .tuple(base, fc.constantFrom(...hugeFields), hugeText(51), fc.boolean())
    .map(([fields, [field, set], text, chunked]) => k("huge-string", `${field} of ${text.length} chars`, withFields(fields, ...set(text.length)), [422], { chunked }));

  const integerFields = fieldNames.filter((f) => /integer$/i.test(spec[f]!.type));
  const hugeNumber = fc
    .tuple(base, fc.constantFrom(...integerFields), fc.constantFrom("9007199254740993", "1e21", "1e300", "-1e300", "18446744073709551616", "-9223372036854775809", "4294967296"))
    .map(([fields, field, raw]) => k("huge-number", `${field}=${raw}`, withFields(fields, [field, raw]), [400, 422]));

  const contentType = fc
    .tuple(base, fc.constantFrom(...WRONG_CONTENT_TYPES))
    .map(([fields, headers]) => k("wrong-content-type", Object.entries(headers).map(([h, v]) => `${h}: ${v ?? "none"}`).join(", "), fields, [400, 415], { headers, jsonParsed: false }));

  const arbitraries: fc.WeightedArbitrary<Case>[] = [
    { arbitrary: wrongType, weight: 18 },
    { arbitrary: nullField, weight: 5 },
    { arbitrary: unknownKey, weight: 8 },
    { arbitrary: pollution, weight: 4 },
    { arbitrary: notAnObject, weight: 3 },
    { arbitrary: malformed, weight: 8 },
    { arbitrary: garbage, weight: 4 },
    { arbitrary: invalidUtf8, weight: 4 },
    { arbitrary: invalidUtf8InString, weight: 2 },
    { arbitrary: deep, weight: 2 },
    { arbitrary: oversized, weight: 2 },
    { arbitrary: bound, weight: 18 },
    { arbitrary: huge, weight: 2 },
    { arbitrary: hugeNumber, weight: 3 },
    { arbitrary: contentType, weight: 5 },
  ];
  if (missingVariants.length > 0) arbitraries.push({ arbitrary: missingCases, weight: 3 });

  if (target.id !== undefined) {
    const ids = fx[target.resource === "channel" ? "channels" : "profiles"].map((x) => x.id);
    const nonexistent = fc
      .oneof(
        fc.integer({ min: -2_147_483_648, max: 0 }).map(String),
        fc.integer({ min: 100_000, max: 2_147_483_647 }).map(String),
        fc.bigInt({ min: 2n ** 53n, max: 10n ** 25n }).map(String),
        fc.bigInt({ min: -(10n ** 25n), max: -(2n ** 53n) }).map(String),
      )
      .filter((id) => !ids.includes(Number(id)));
    const notAnInteger = fc
      .oneof(
        fc.constantFrom("abc", "1.5", "-1.5", "2.000001", "1e3", "NaN", "Infinity", "-Infinity", "null", "undefined", "true", "%5B1%5D", "%7B%7D", "1,2", "1;2", "1abc", "%zz", "%", "%E0%A4%A", "%C0%AF", "%00", "%2e%2e", "..", "%2e", "1%2F2", "%EF%BC%91", "%D9%A3", "1_000", "1%202", "0b1", "0o7", "--1", "1-"),
        fc.double({ min: -1e12, max: 1e12, noNaN: true, noDefaultInfinity: true }).filter((d) => !Number.isInteger(d)).map((d) => encodeURIComponent(String(d))),
        fc.string({ minLength: 1, maxLength: 16 }).map(encodeURIComponent),
      )
      .filter((raw) => !decodesToExistingId(raw, ids));
    const putBase = validBody({ ...target, method: "PUT" }, fx);
    arbitraries.push({
      arbitrary: fc.tuple(putBase, nonexistent).map(([fields, id]) => k("bad-id", `id ${id} does not exist`, fields, [404], { path: pathOf(target, id) })),
      weight: 4,
    });
    arbitraries.push({
      arbitrary: fc.tuple(putBase, notAnInteger).map(([fields, id]) => k("bad-id", `id ${id} is not an integer`, fields, [400, 404], { path: pathOf(target, id) })),
      weight: 4,
    });
  }
  return fc.oneof(...arbitraries);
}

function targetsFor(resource: Resource, fx: Fixtures): Target[] {
  const ids = resource === "channel" ? fx.channels.map((c) => c.id) : fx.profiles.map((p) => p.id);
  return [{ resource, method: "POST" }, ...ids.flatMap((id) => [{ resource, method: "PUT" as const, id }, { resource, method: "PATCH" as const, id }])];
}

/** POST, PUT and PATCH about equally often; PUT/PATCH spread over the fixtures. */
function requestArbitrary(resource: Resource, fx: Fixtures): fc.Arbitrary<Case> {
  const targets = targetsFor(resource, fx);
  const byMethod = (method: Method) => fc.oneof(...targets.filter((t) => t.method === method).map((t) => casesFor(t, fx)));
  return fc.oneof(byMethod("POST"), byMethod("PUT"), byMethod("PATCH"));
}

// ---------------------------------------------------------------------------------------------
// HTTP: a keep-alive agent, bodies sent byte for byte.

interface Reply {
  status: number;
  contentType: string;
  text: string;
}

function send(port: number, agent: http.Agent, c: Case): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...c.headers };
    if (c.chunked) headers["transfer-encoding"] = "chunked";
    else headers["content-length"] = String(c.body.length);
    let answered = false;
    const req = http.request({ host: "127.0.0.1", port, method: c.method, path: c.path, headers, agent }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers["content-type"] ?? ""), text: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    // An error after the answer arrived (the server closing while we still upload) is not a failure.
    req.on("error", (error) => {
      if (!answered) reject(new Error(`${c[fc.toStringMethod]()}: no response (${error.message})`));
    });
    req.setTimeout(30_000, () => req.destroy(new Error("timed out after 30 s")));
    if (c.chunked) {
      for (let at = 0; at < c.body.length; at += 64 * 1024) req.write(c.body.subarray(at, at + 64 * 1024));
      req.end();
    } else {
      req.end(c.body);
    }
  });
}

/** What is wrong with the answer to a request that must be refused; empty when it is right. */
function judge(c: Case, reply: Reply): string[] {
  if (reply.status >= 200 && reply.status < 400) return [`ACCEPTED with ${reply.status}`];
  const problems: string[] = [];
  if (reply.status >= 500) problems.push(`server error ${reply.status}`);
  else if (!c.expected.includes(reply.status)) problems.push(`status ${reply.status}, the contract says ${c.expected.join(" or ")}`);
  if (!reply.contentType.startsWith("application/problem+json")) problems.push(`content-type "${reply.contentType}"`);
  let body: unknown;
  try {
    body = JSON.parse(reply.text);
  } catch {
    problems.push("body is not JSON");
  }
  if (body !== undefined) {
    const b = body as Record<string, unknown>;
    if (typeof b !== "object" || b === null || Array.isArray(b)) problems.push("body is not an object");
    else {
      if (b.status !== reply.status) problems.push(`body.status ${j(b.status)} differs from ${reply.status}`);
      if (typeof b.title !== "string" || b.title === "") problems.push("body.title missing");
      if (typeof b.detail !== "string") problems.push("body.detail missing");
    }
  }
  return problems;
}

interface Stats {
  requests: number;
  byKind: Map<string, number>;
  byStatus: Map<number, number>;
}

/** Contract violations, grouped by kind, field and symptom; each group keeps its first example. */
type Violations = Map<string, { count: number; example: string }>;

function showBody(body: Buffer): string {
  if (body.length > 400) return `${body.length} bytes`;
  const text = body.toString("utf8");
  return Buffer.from(text, "utf8").equals(body) ? j(text) : `hex ${body.toString("hex")}`;
}

function record(violations: Violations, c: Case, symptom: string, response: string): void {
  const field = c.detail.split(/[= ]/)[0];
  const group = `${c.kind} [${field}] ${c.target.resource} ${c.method}: ${symptom.replace(/ACCEPTED with \d+/, "ACCEPTED with 2xx").replace(/server error \d+/, "server error 5xx")}`;
  const entry = violations.get(group);
  if (entry) entry.count += 1;
  else violations.set(group, { count: 1, example: `${c[fc.toStringMethod]()}\n      body: ${showBody(c.body)}\n      got: ${symptom}; ${response.slice(0, 240)}` });
}

function report(violations: Violations): string {
  return [...violations]
    .sort((a, b) => b[1].count - a[1].count)
    .map(([group, { count, example }]) => `  ${count}× ${group}\n    e.g. ${example}`)
    .join("\n");
}

/**
 * A write the server should have refused but made: put the fixture back (PUT of its snapshot) or
 * delete what was created, so later expectations still hold. The violation itself is recorded.
 */
async function undo(port: number, c: Case, reply: Reply, before: Snapshot): Promise<void> {
  const { resource } = c.target;
  if (c.method === "POST") {
    const id = (JSON.parse(reply.text) as { id?: number }).id;
    if (id !== undefined) await json(port, "DELETE", pathOf(c.target, id));
    return;
  }
  const rows = (resource === "channel" ? before.channels : before.profiles) as Array<Record<string, unknown>>;
  const id = (JSON.parse(reply.text) as { id?: number }).id;
  const original = rows.find((r) => r.id === id);
  if (original) await json(port, "PUT", pathOf(c.target, id), restoreBody(resource, original));
}

async function fuzz(port: number, agent: http.Agent, arbitrary: fc.Arbitrary<Case>, stats: Stats, violations: Violations, before: Snapshot): Promise<number> {
  const property = fc.asyncProperty(fc.array(arbitrary, { minLength: CONCURRENCY, maxLength: CONCURRENCY }), async (batch) => {
    const replies = await Promise.allSettled(batch.map((c) => send(port, agent, c)));
    const suspects: Array<{ c: Case; problems: string[]; text: string }> = [];
    let accepted = 0;
    for (const [i, c] of batch.entries()) {
      const outcome = replies[i]!;
      stats.requests += 1;
      stats.byKind.set(c.kind, (stats.byKind.get(c.kind) ?? 0) + 1);
      if (outcome.status === "rejected") {
        record(violations, c, "no response", String(outcome.reason));
        continue;
      }
      const reply = outcome.value;
      stats.byStatus.set(reply.status, (stats.byStatus.get(reply.status) ?? 0) + 1);
      const problems = judge(c, reply);
      if (problems.length > 0) suspects.push({ c, problems, text: reply.text });
      if (reply.status >= 200 && reply.status < 300) {
        accepted += 1;
        await undo(port, c, reply, before);
      }
    }
    // A write wrongly accepted in this batch may have changed what a sibling was judged against
    // (a taken name, a mirror): with the fixtures restored, such a sibling is asked again, alone.
    for (const suspect of suspects) {
      let { problems, text } = suspect;
      if (accepted > 1 || (accepted === 1 && !problems[0]!.startsWith("ACCEPTED"))) {
        const again = await send(port, agent, suspect.c);
        problems = judge(suspect.c, again);
        text = again.text;
        if (again.status >= 200 && again.status < 300) await undo(port, suspect.c, again, before);
      }
      if (problems.length > 0) record(violations, suspect.c, problems.join("; "), text);
    }
  });
  const details = await fc.check(property, { seed: SEED, numRuns: BATCHES_PER_RESOURCE, plugins: [fc.interruptAfterTimeLimit(120_000, { failOnInterrupt: true })] });
  if (details.failed) {
    throw new Error(`fuzzing stopped (seed ${SEED}, path "${details.counterexamplePath}"): ${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance ?? "interrupted")}`);
  }
  return details.numRuns * CONCURRENCY;
}

function summary(stats: Stats): string {
  const kinds = [...stats.byKind].sort((a, b) => b[1] - a[1]).map(([kind, n]) => `${kind} ${n}`).join(", ");
  const statuses = [...stats.byStatus].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}×${n}`).join(", ");
  return `${stats.requests} requests — kinds: ${kinds} — statuses: ${statuses}`;
}

// ---------------------------------------------------------------------------------------------

async function json(port: number, method: string, path: string, body?: unknown): Promise<{ status: number; body: any; location?: string }> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, method, path, agent: false, headers: text === undefined ? {} : { "content-type": "application/json", "content-length": String(Buffer.byteLength(text)) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          resolve({ status: res.statusCode ?? 0, body: raw ? JSON.parse(raw) : undefined, location: res.headers.location });
        });
      },
    );
    req.on("error", reject);
    req.end(text);
  });
}

interface Snapshot {
  channels: unknown[];
  profiles: unknown[];
}

async function snapshot(port: number): Promise<Snapshot> {
  const channels = await json(port, "GET", "/api/v1/channels");
  const profiles = await json(port, "GET", "/api/v1/ffmpeg/profiles");
  expect(channels.status).toBe(200);
  expect(profiles.status).toBe(200);
  return { channels: channels.body, profiles: profiles.body };
}

const CHANNEL_INPUT_KEYS = Object.keys(CHANNEL_FIELDS);
const PROFILE_INPUT_KEYS = Object.keys(PROFILE_FIELDS);

/** The PUT body that puts a row back exactly as the snapshot shows it. */
function restoreBody(resource: Resource, dto: Record<string, unknown>): Record<string, unknown> {
  const keys = resource === "channel" ? CHANNEL_INPUT_KEYS : PROFILE_INPUT_KEYS;
  return Object.fromEntries(keys.map((key) => [key, dto[key] ?? null]));
}

describe("fuzzing POST/PUT/PATCH of channels and FFmpeg profiles with invalid requests", () => {
  const { server } = useTestServer();
  let agent: http.Agent;
  let fx: Fixtures;
  let before: Snapshot;
  const stats: Stats = { requests: 0, byKind: new Map(), byStatus: new Map() };
  let sent = 0;

  beforeAll(async () => {
    agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const port = server.port;
    // Fixtures beyond the seed, so PUT/PATCH meet disabled channels, a mirror, a Vaapi profile.
    const profile = await json(port, "POST", "/api/v1/ffmpeg/profiles", {
      name: "Fixture Vaapi HEVC",
      hardwareAcceleration: "Vaapi",
      vaapiDevice: "/dev/dri/renderD128",
      videoFormat: "Hevc",
      bitDepth: 10,
      videoProfile: "main10",
      audioFormat: "Ac3",
      audioBitrate: 384,
      audioChannels: 6,
      audioSampleRate: 44.1,
      resolution: { width: 1280, height: 720 },
    });
    expect(profile.status, JSON.stringify(profile.body)).toBe(201);
    const two = await json(port, "POST", "/api/v1/channels", {
      number: "2",
      name: "Fixture two",
      group: "Fixtures",
      categories: ["News", "Sports"],
      ffmpegProfileId: profile.body.id,
      streamingMode: "HttpLiveStreamingSegmenter",
      logoUrl: "https://example.com/logo.png",
      isEnabled: false,
      showInEpg: false,
      preferredAudioLanguageCode: "de",
      preferredSubtitleLanguageCode: "en",
      subtitleMode: "Forced",
    });
    expect(two.status, JSON.stringify(two.body)).toBe(201);
    const channels = await json(port, "GET", "/api/v1/channels");
    const first = channels.body.find((c: { number: string }) => c.number === "1");
    const mirror = await json(port, "POST", "/api/v1/channels", { number: "3.1", name: "Fixture mirror", mirrorSourceChannelId: first.id, playoutOffset: "-01:30:00" });
    expect(mirror.status, JSON.stringify(mirror.body)).toBe(201);
    const snap = await snapshot(port);
    fx = {
      channels: (snap.channels as Array<{ id: number; number: string; mirrorSourceChannelId?: number }>).map((c) => ({ id: c.id, number: c.number, isMirror: c.mirrorSourceChannelId !== undefined })),
      profiles: (snap.profiles as Array<{ id: number; name: string }>).map((p) => ({ id: p.id, name: p.name })),
    };
    expect(fx.channels).toHaveLength(3);
    expect(fx.profiles).toHaveLength(2);
    before = snap;
  });

  afterAll(async () => {
    agent?.destroy();
  });

  for (const [resource, title] of [["channel", "channel"], ["profile", "FFmpeg profile"]] as const) {
    it(`rejects ${BATCHES_PER_RESOURCE * CONCURRENCY} broken ${title} writes (seed ${SEED}) with the contract's 4xx and a problem-details body`, async () => {
      const found: Violations = new Map();
      sent += await fuzz(server.port, agent, requestArbitrary(resource, fx), stats, found, before);
      expect(found.size, `contract violations (count× kind [field] resource method: symptom):\n${report(found)}`).toBe(0);
    }, 120_000);
  }

  it("covered every kind of breakage, at least 2,000 requests, and left the database and Object.prototype untouched", async () => {
    console.log(`fuzz: ${summary(stats)}`);
    expect.soft(sent).toBeGreaterThanOrEqual(2000);
    for (const kind of ["wrong-type", "null", "unknown-key", "prototype-pollution", "missing-required", "not-an-object", "malformed-json", "garbage", "invalid-utf8", "invalid-utf8-in-string", "deep-nesting", "oversized", "domain-bound", "huge-string", "huge-number", "wrong-content-type", "bad-id"]) {
      expect.soft(stats.byKind.get(kind) ?? 0, `requests of kind ${kind}`).toBeGreaterThanOrEqual(10);
    }
    expect.soft([...stats.byStatus].filter(([s]) => s >= 500), "5xx answers").toEqual([]);
    expect.soft(Object.prototype).not.toHaveProperty(POLLUTION_MARKER);
    expect.soft(({} as Record<string, unknown>)[POLLUTION_MARKER]).toBeUndefined();
    // Writes wrongly accepted were undone (and reported) by the fuzz runs; what is left to see here
    // is a rejected request that changed something anyway.
    expect(await snapshot(server.port)).toEqual(before);
  });

  it("control: the unbroken bodies the breakage starts from are accepted (so each rejection came from its one break)", async () => {
    const port = server.port;
    let accepted = 0;
    for (const resource of ["channel", "profile"] as const) {
      const rows = (resource === "channel" ? before.channels : before.profiles) as Array<Record<string, unknown>>;
      for (const target of targetsFor(resource, fx)) {
        for (const fields of fc.sample(validBody(target, fx), { seed: SEED, numRuns: 6 })) {
          const text = objectText(fields);
          const reply = await send(port, agent, makeCase(target, "control", "valid", text, [target.method === "POST" ? 201 : 200]));
          expect(reply.status, `${target.method} ${pathOf(target)} ${text} → ${reply.text.slice(0, 300)}`).toBe(target.method === "POST" ? 201 : 200);
          accepted += 1;
          if (target.method === "POST") {
            const created = JSON.parse(reply.text) as { id: number };
            expect((await json(port, "DELETE", pathOf(target, created.id))).status).toBe(204);
          } else {
            const original = rows.find((r) => r.id === target.id)!;
            const restored = await json(port, "PUT", pathOf(target), restoreBody(resource, original));
            expect(restored.status, JSON.stringify(restored.body)).toBe(200);
          }
        }
      }
    }
    expect(accepted).toBeGreaterThanOrEqual(60);
    expect(await snapshot(port)).toEqual(before);
  }, 60_000);
});
