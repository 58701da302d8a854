/** XML 1.0 text and attribute escaping. */

// Everything outside XML 1.0's Char production: C0 controls other than tab/LF/CR, lone surrogates,
// U+FFFE and U+FFFF.
const ILLEGAL_XML_CHARS = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Removes characters that may not appear in an XML 1.0 document at all. */
export function stripIllegalXmlChars(value: string): string {
  return value.replace(ILLEGAL_XML_CHARS, "");
}

/** Text or attribute content: illegal characters removed, markup characters escaped. */
export function escapeXml(value: string): string {
  return stripIllegalXmlChars(value).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};
