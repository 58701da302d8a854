import * as fc from "fast-check";
import { BODY_LIMIT, FIELDS, type Fields, type Fixtures, j, type Method, objectText, POLLUTION_MARKER, type Resource, type Target, withFields, without } from "./field-specs";
import { type Case, type CaseOptions, channelBoundBreaks, hugeText, makeCase, pair, pathOf, profileBoundBreaks, validBody, validText, wrongValue } from "./fuzz-values";

export const PROTO_KEYS = ["__proto__", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty", "__defineGetter__", "__lookupGetter__", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString"];
export const OUTPUT_ONLY_KEYS = ["id", "uniqueId", "streamUrl", "playoutId", "isDefault", "watermarkId", "fallbackFillerId", "sortNumber", "resolutionId"];
export const LOOKALIKE_KEYS = ["Name", "NAME", "name ", " name", "", "name\u0000", "n\u0430me", "$where", "name.first", "0", "length", "resolution.width"];
export const INVALID_UTF8 = [[0xff], [0xfe], [0xc0, 0xaf], [0xe0, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0x80], [0xbf], [0xe2, 0x82], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xf4, 0x90, 0x80, 0x80]];
export const WRONG_CONTENT_TYPES: Array<Record<string, string | undefined>> = [
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
export function parsesToObject(bytes: Buffer): boolean {
  const text = bytes.toString("utf8").replace(/^\uFEFF/, "");
  if (text === "") return true;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value);
  } catch {
    return false;
  }
}

export function decodesToExistingId(raw: string, ids: readonly number[]): boolean {
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return false;
  }
  return /^\s*[+-]?\d+\s*$/.test(decoded) || ids.includes(Number(decoded));
}

export function casesFor(target: Target, fx: Fixtures): fc.Arbitrary<Case> {
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

export function targetsFor(resource: Resource, fx: Fixtures): Target[] {
  const ids = resource === "channel" ? fx.channels.map((c) => c.id) : fx.profiles.map((p) => p.id);
  return [{ resource, method: "POST" }, ...ids.flatMap((id) => [{ resource, method: "PUT" as const, id }, { resource, method: "PATCH" as const, id }])];
}

/** POST, PUT and PATCH about equally often; PUT/PATCH spread over the fixtures. */
export function requestArbitrary(resource: Resource, fx: Fixtures): fc.Arbitrary<Case> {
  const targets = targetsFor(resource, fx);
  const byMethod = (method: Method) => fc.oneof(...targets.filter((t) => t.method === method).map((t) => casesFor(t, fx)));
  return fc.oneof(byMethod("POST"), byMethod("PUT"), byMethod("PATCH"));
}

// ---------------------------------------------------------------------------------------------
// HTTP: a keep-alive agent, bodies sent byte for byte.
