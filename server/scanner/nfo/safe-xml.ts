/**
 * Bounded, entity-free XML reading for NFO files. Kodi-style NFOs are small hand-made or tool-written
 * XML files; in the wild they may carry a trailing or lone URL line, a BOM, UTF-16, bare `&`, or junk.
 * Defences: an input size cap, no DTD entity declarations at all (billion laughs / quadratic blow-up),
 * no entity expansion by the parser (only the five XML entities and character references are decoded,
 * by us, once), validation before parsing, and every exception turned into a reason.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import type { NfoResult } from "./types";

/** Larger inputs are refused without being read. */
export const MAX_NFO_BYTES = 1_048_576;

/** A parsed element: child elements are arrays, attributes are `@_name` strings, text is `#text`/`__cdata`. */
export type XmlElement = { [key: string]: unknown };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  trimValues: true,
  cdataPropName: "__cdata",
  isArray: (_tagName, _jPath, _isLeafNode, isAttribute) => !isAttribute,
  // fast-xml-parser 5 stops at 100 levels by default; tool-written NFOs nest a few levels, but a deep one
  // still parses (up to this bound) instead of losing its metadata. Deeper is "malformed XML: …".
  maxNestedTags: 2_048,
});

/**
 * Finds every `<rootName>` element of an NFO and returns them parsed (document order), or a reason.
 * Text before the first root element and after the last one (XML declaration, URL lines) is ignored.
 */
export function readNfoRoots(input: string | Uint8Array, rootName: string): NfoResult<XmlElement[]> {
  try {
    // A string longer than the cap in UTF-16 units is longer in UTF-8 bytes too: no need to measure it.
    const size =
      typeof input === "string" ? (input.length > MAX_NFO_BYTES ? input.length : Buffer.byteLength(input, "utf8")) : input.byteLength;
    if (size > MAX_NFO_BYTES) return fail(`NFO is larger than ${MAX_NFO_BYTES} bytes`);
    const text = decode(input).replace(/^\uFEFF/, "").trim();
    if (text === "") return fail("NFO is empty");
    if (!text.includes("<")) {
      return fail(/^(?:https?:\/\/|www\.)\S+$/im.test(text) ? "NFO contains only a URL, not XML metadata" : "NFO is not XML");
    }
    if (/<!ENTITY/i.test(text)) return fail("NFO declares XML entities, which are not allowed");

    const start = text.search(new RegExp(`<${rootName}(?=[\\s>/])`));
    if (start === -1) return fail(`NFO has no <${rootName}> element`);
    const closing = `</${rootName}>`;
    const closeAt = text.lastIndexOf(closing);
    const end = closeAt >= start ? closeAt + closing.length : selfClosingEnd(text, start);
    if (end === -1) return fail(`malformed XML: <${rootName}> is not closed`);

    const body = escapeBareAmpersands(text.slice(start, end));
    const wrapped = `<nfo>${body}</nfo>`;
    const valid = XMLValidator.validate(wrapped, { allowBooleanAttributes: true });
    if (valid !== true) {
      const line = valid.err.line + countLines(text.slice(0, start));
      return fail(`malformed XML: ${valid.err.msg} (line ${line})`);
    }
    const parsed: unknown = parser.parse(wrapped);
    const nfo = elements(parsed as XmlElement, "nfo")[0];
    const roots = nfo ? elements(nfo, rootName) : [];
    return roots.length > 0 ? { ok: true, value: roots } : fail(`NFO has no <${rootName}> element`);
  } catch (error) {
    return fail(`malformed XML: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Child elements named `name` (an empty `<tag/>` becomes an empty object). */
export function elements(node: XmlElement, name: string): XmlElement[] {
  const value = node[name];
  if (!Array.isArray(value)) return [];
  return value.map((v) => (v !== null && typeof v === "object" ? (v as XmlElement) : { "#text": v }));
}

/** Trimmed text of an element (text and CDATA), entities decoded; undefined when empty. */
export function textOf(element: XmlElement): string | undefined {
  const parts: string[] = [];
  const text = element["#text"];
  if (typeof text === "string" || typeof text === "number") parts.push(decodeEntities(String(text)));
  const cdata = element["__cdata"];
  if (Array.isArray(cdata)) for (const c of cdata) if (typeof c === "string") parts.push(c);
  const joined = parts.join(" ").trim();
  return joined === "" ? undefined : joined;
}

export function attributeOf(element: XmlElement, name: string): string | undefined {
  const value = element[`@_${name}`];
  return typeof value === "string" ? decodeEntities(value).trim() : undefined;
}

function decode(input: string | Uint8Array): string {
  if (typeof input === "string") return input;
  if (input[0] === 0xff && input[1] === 0xfe) return new TextDecoder("utf-16le").decode(input);
  if (input[0] === 0xfe && input[1] === 0xff) return new TextDecoder("utf-16be").decode(input);
  return new TextDecoder("utf-8").decode(input);
}

function selfClosingEnd(text: string, start: number): number {
  const close = text.indexOf(">", start);
  return close !== -1 && text[close - 1] === "/" ? close + 1 : -1;
}

/** `R & B` → `R &amp; B` outside CDATA sections; real entity and character references are left alone. */
function escapeBareAmpersands(value: string): string {
  const bare = /&(?!(?:[A-Za-z_][\w.-]{0,31}|#\d{1,7}|#x[0-9a-fA-F]{1,6});)/g;
  let out = "";
  let from = 0;
  for (let start = value.indexOf("<![CDATA[", from); start !== -1; start = value.indexOf("<![CDATA[", from)) {
    const end = value.indexOf("]]>", start + 9);
    if (end === -1) break;
    out += value.slice(from, start).replace(bare, "&amp;") + value.slice(start, end + 3);
    from = end + 3;
  }
  return out + value.slice(from).replace(bare, "&amp;");
}

const XML_ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** Decodes the five predefined entities and character references; anything else stays as written. */
export function decodeEntities(value: string): string {
  if (!value.includes("&")) return value;
  return value.replace(/&(?:#(\d{1,7})|#x([0-9a-fA-F]{1,6})|(lt|gt|amp|quot|apos));/g, (whole, dec?: string, hex?: string, name?: string) => {
    if (name !== undefined) return XML_ENTITIES[name];
    const code = dec !== undefined ? Number(dec) : parseInt(hex ?? "", 16);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

function countLines(value: string): number {
  let count = 0;
  for (let i = value.indexOf("\n"); i !== -1; i = value.indexOf("\n", i + 1)) count++;
  return count;
}

function fail(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}
