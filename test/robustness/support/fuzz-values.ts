import * as fc from "fast-check";
import { ACCELERATIONS, ALL_SAMPLE_RATES, ALL_VIDEO_PROFILES, AUDIO_FORMATS, BODY_LIMIT, CHANNEL_NUMBER, COLLECTION, type Fields, type FieldSpec, type Fixtures, FORMATS_BY_ACCELERATION, j, LANGUAGE_CODES, MAX_AUDIO_BITRATE, MAX_AUDIO_CHANNELS, type Method, SAMPLE_RATES, SCALING, STREAMING_MODES, SUBTITLE_MODES, type Target, TIME_SPAN, VIDEO_FORMATS, VIDEO_PROFILES, without } from "./field-specs";

export interface Case {
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

export interface CaseOptions {
  /** Header overrides; `undefined` removes the header. */
  headers?: Record<string, string | undefined>;
  path?: string;
  chunked?: boolean;
  /** The body is parsed as JSON, so anything over the limit must be answered 413. */
  jsonParsed?: boolean;
}

export function makeCase(target: Target, kind: string, detail: string, body: Buffer | string, expected: number[], options: CaseOptions = {}): Case {
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

export function pathOf(target: Target, id: string | number | undefined = target.id): string {
  return id === undefined ? COLLECTION[target.resource] : `${COLLECTION[target.resource]}/${id}`;
}

// ---------------------------------------------------------------------------------------------
// Valid values and bodies.

export const TEXT_CHARS = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.,:;!?'\"\\/()&#%+*éüßñÆøЖ日本語"];
export const textChar = fc.constantFrom(...TEXT_CHARS);
/** 1..max UTF-16 units, never blank after trimming. */
export const validText = (max: number) => fc.string({ unit: textChar, maxLength: max - 1 }).map((s) => `F${s}`);
export const freshChannelNumber = fc
  .tuple(fc.integer({ min: 100, max: 99_999 }), fc.option(fc.integer({ min: 0, max: 99 }), { nil: undefined }))
  .map(([whole, decimals]) => (decimals === undefined ? String(whole) : `${whole}.${decimals}`));
export const httpUrl = fc
  .tuple(fc.constantFrom("http", "https"), fc.stringMatching(/^[a-z][a-z0-9]{0,19}$/), fc.stringMatching(/^[a-z0-9/._-]{0,40}$/))
  .map(([scheme, host, path]) => `${scheme}://${host}.example.com/${path}`);
export const optional = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.oneof(fc.constant(undefined), arb);
export const pair = (key: string, value: unknown) => [key, j(value)] as const;
export const collect = (...parts: Array<Fields | readonly [string, string] | undefined>): Fields =>
  parts.flatMap((p) => (p === undefined ? [] : typeof p[0] === "string" ? [p as readonly [string, string]] : (p as Fields)));

export function validChannelBody(target: Target, fx: Fixtures): fc.Arbitrary<Fields> {
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

export function validProfileBody(target: Target): fc.Arbitrary<Fields> {
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

export function validBody(target: Target, fx: Fixtures): fc.Arbitrary<Fields> {
  return target.resource === "channel" ? validChannelBody(target, fx) : validProfileBody(target);
}

// ---------------------------------------------------------------------------------------------
// Values of the wrong type, per declared type (raw JSON text).

export const rawInt = fc.integer({ min: -1_000_000, max: 1_000_000 }).map(j);
export const rawFraction = fc
  .double({ min: -1e9, max: 1e9, noNaN: true, noDefaultInfinity: true })
  .filter((d) => !Number.isInteger(d))
  .map(j);
export const rawBool = fc.boolean().map(j);
export const rawStringArray = fc.array(fc.string({ maxLength: 8 }), { minLength: 0, maxLength: 3 }).map(j);
export const rawObject = fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }).map(j);
export const rawNumericString = fc.integer({ min: -1000, max: 1000 }).map((n) => j(String(n)));
export const rawOverflow = fc.constantFrom("1e400", "-1e400");

export function wrongValue(spec: FieldSpec): fc.Arbitrary<string> {
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

export const blankOrEmpty = fc.constantFrom("", "   ", " \t\n ");
export const tooLongText = (min: number) =>
  fc.tuple(fc.integer({ min, max: min + 400 }), fc.constantFrom("x", "é", "日", "ab ")).map(([n, ch]) => ch.repeat(n).slice(0, n));
/** Exercising the size of values up to (and, for 3-byte characters, beyond) the body limit. */
export const hugeText = (min: number) =>
  fc.tuple(fc.integer({ min: Math.max(min, 50_000), max: 900_000 }), fc.constantFrom("x", "é", "日")).map(([n, ch]) => ch.repeat(n));

export function channelBoundBreaks(target: Target, fx: Fixtures): fc.Arbitrary<{ detail: string; set: Array<readonly [string, string]> }> {
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

export function profileBoundBreaks(target: Target, fx: Fixtures): fc.Arbitrary<{ detail: string; set: Array<readonly [string, string]> }> {
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
