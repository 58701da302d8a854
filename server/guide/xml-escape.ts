/** XML 1.0 text and attribute escaping. */

// Everything outside XML 1.0's Char production: C0 controls other than tab/LF/CR, lone surrogates,
// U+FFFE and U+FFFF.
const ILLEGAL_XML_CHARS = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Removes characters that may not appear in an XML 1.0 document at all. */
export function stripIllegalXmlChars(value: string): string {
  return value.replace(ILLEGAL_XML_CHARS, "");
}

/**
 * Anything escaping might change: markup, C0 controls, any surrogate (a well-formed pair is kept by
 * the full path), U+FFFE and U+FFFF. Most guide text has none, and one test is cheaper than two replaces.
 */
const MAY_NEED_ESCAPING = /[&<>"'\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

/** Text or attribute content: illegal characters removed, markup characters escaped. */
export function escapeXml(value: string): string {
  if (!MAY_NEED_ESCAPING.test(value)) return value;
  return stripIllegalXmlChars(value).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};
