/**
 * Finds user-visible English written straight into the UI's source instead of the message catalogs
 * (renderer/src/i18n/locales/). Used by test/renderer/i18n-hardcoded-strings.test.ts; run it by hand
 * (`node build/checks/renderer-strings.mjs`) to list what is left.
 *
 * What counts as user-visible, in renderer/src/**\/*.tsx:
 * - JSX text with a letter in it (`<Button>Save</Button>`);
 * - a string literal (or a template's literal parts, or either branch of `a ? "x" : "y"`, `a ?? "x"`,
 *   `a || "x"`, `a && "x"`, `"x" + a`) given to a visible attribute (`title`, `aria-label`, `placeholder`,
 *   `label`, `description`, `alt`, `error`, `message`, `tooltip`, and any `…Label`, `…Title`, `…Text`,
 *   `…Message`, `…Description`, `…Placeholder`), or written as a JSX child (`{busy ? "Saving…" : "Save"}`);
 * - the same in an object property of one of those names (`{ value: "x", label: "Daily" }`, route titles)
 *   or as the default of a prop of one of those names (`{ title = "Failed" }`);
 * - the text given to `window.confirm`, `alert` or `prompt`, or kept in React state to be shown later
 *   (`setSaved("Saved 3 items.")`: any `setX(…)` call);
 * - English passed into a message as a value (`t("key", { what: "a problem" })`).
 *
 * Not flagged (the documented allow-list):
 * - ALLOWED: names that read the same in every language (the product, formats, programs, other products);
 * - technical text with no space that holds one of / : . _ @ = { } < > (paths, URLs, setting keys,
 *   example values such as `Europe/Berlin` or `{{title}}`);
 * - text inside <Code> and <Kbd> (literal code and keys);
 * - an object property whose value is one lowercase word (`{ error: "red" }`: colours and enum tokens, not prose);
 * - renderer/src/graphql/generated.ts (generated) and renderer/src/i18n/ (the catalogs themselves).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export const ALLOWED = new Set([
  "Airwave",
  "FFmpeg",
  "ffprobe",
  "M3U",
  "XMLTV",
  "HDHomeRun",
  "YAML",
  "JSON",
  "HLS",
  "MPEG-TS",
  "Plex",
  "Jellyfin",
  "Emby",
  "IPTV",
  "URL",
  "ID",
  "English",
  "Deutsch",
  "Français",
  "Español",
  "Português (Brasil)",
]);

const VISIBLE_NAMES = new Set(["title", "aria-label", "aria-description", "aria-valuetext", "placeholder", "label", "description", "alt", "error", "message", "tooltip", "legend", "caption"]);
const VISIBLE_SUFFIX = /(Label|Title|Text|Message|Description|Placeholder)$/;
const LITERAL_CODE_ELEMENTS = new Set(["Code", "Kbd", "code", "kbd"]);
const DIALOG_CALLS = new Set(["confirm", "alert", "prompt"]);
const TRANSLATE_CALLS = new Set(["t", "i18n.t", "i18next.t"]);
const STATE_SETTER = /^set[A-Z]\w*$/;
const TOKEN = /^[a-z][a-z0-9-]*$/;
const TECHNICAL = /^[^\s]*[/:._@={}<>][^\s]*$/;

export function isVisibleName(name) {
  return VISIBLE_NAMES.has(name) || VISIBLE_SUFFIX.test(name);
}

function needsTranslation(text) {
  const trimmed = text.replace(/\s+/g, " ").trim();
  if (!/\p{L}/u.test(trimmed)) return false;
  if (ALLOWED.has(trimmed)) return false;
  if (TECHNICAL.test(trimmed)) return false;
  return true;
}

/** The literal texts an expression can evaluate to (through conditionals, ??, ||, &&, + and templates). */
function literalTexts(node) {
  if (!node) return [];
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression?.(node)) return literalTexts(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [{ node, text: node.text }];
  if (ts.isTemplateExpression(node)) {
    const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(" ");
    return [{ node, text: parts }];
  }
  if (ts.isConditionalExpression(node)) return [...literalTexts(node.whenTrue), ...literalTexts(node.whenFalse)];
  if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind;
    if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.PlusToken) return [...literalTexts(node.left), ...literalTexts(node.right)];
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return literalTexts(node.right);
  }
  return [];
}

function propertyName(name) {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  return undefined;
}

function insideLiteralCode(node) {
  for (let at = node.parent; at; at = at.parent) {
    if (ts.isJsxElement(at)) {
      const tag = at.openingElement.tagName.getText();
      if (LITERAL_CODE_ELEMENTS.has(tag)) return true;
    }
  }
  return false;
}

/** Every hard-coded user-visible string of one source text: `{ line, text, where }`. */
export function findInSource(fileName, sourceText) {
  const source = ts.createSourceFile(fileName, sourceText, ts.ScriptTarget.Latest, true, fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  const report = (node, text, where) => {
    if (!needsTranslation(text) || insideLiteralCode(node)) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push({ line: line + 1, text: text.replace(/\s+/g, " ").trim(), where });
  };
  const visit = (node) => {
    if (ts.isJsxText(node)) report(node, node.text, "JSX text");
    else if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(source);
      if (isVisibleName(name) && node.initializer) {
        if (ts.isStringLiteral(node.initializer)) report(node.initializer, node.initializer.text, `${name}=`);
        else if (ts.isJsxExpression(node.initializer)) for (const hit of literalTexts(node.initializer.expression)) report(hit.node, hit.text, `${name}=`);
      }
    } else if (ts.isJsxExpression(node) && node.parent && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      for (const hit of literalTexts(node.expression)) report(hit.node, hit.text, "JSX child");
    } else if (ts.isPropertyAssignment(node)) {
      const name = propertyName(node.name);
      if (name && isVisibleName(name)) for (const hit of literalTexts(node.initializer)) if (!TOKEN.test(hit.text)) report(hit.node, hit.text, `${name}:`);
    } else if (ts.isBindingElement(node) && node.initializer) {
      const name = node.propertyName ? propertyName(node.propertyName) : ts.isIdentifier(node.name) ? node.name.text : undefined;
      if (name && isVisibleName(name)) for (const hit of literalTexts(node.initializer)) report(hit.node, hit.text, `${name} =`);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(source).replace(/^window\./, "");
      if (STATE_SETTER.test(callee) && node.arguments[0]) for (const hit of literalTexts(node.arguments[0])) if (!TOKEN.test(hit.text)) report(hit.node, hit.text, `${callee}()`);
      if (DIALOG_CALLS.has(callee) && node.arguments[0]) for (const hit of literalTexts(node.arguments[0])) report(hit.node, hit.text, `${callee}()`);
      if (TRANSLATE_CALLS.has(callee) && node.arguments[1] && ts.isObjectLiteralExpression(node.arguments[1])) {
        for (const property of node.arguments[1].properties) {
          if (ts.isPropertyAssignment(property)) for (const hit of literalTexts(property.initializer)) report(hit.node, hit.text, "value in t()");
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const RENDERER_SRC = path.resolve(here, "../../renderer/src");
const SKIPPED = [path.join("graphql", "generated.ts"), `i18n${path.sep}`];

function sourceFiles(dir) {
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (/\.tsx$/.test(entry.name)) files.push(full);
  }
  return files;
}

/** Every hard-coded user-visible string under renderer/src: `{ file, line, text, where }`, file relative to the repo. */
export function findHardCodedStrings(root = RENDERER_SRC) {
  const hits = [];
  for (const file of sourceFiles(root).sort()) {
    const relative = path.relative(root, file);
    if (SKIPPED.some((skip) => relative === skip || relative.startsWith(skip))) continue;
    for (const hit of findInSource(file, fs.readFileSync(file, "utf8"))) hits.push({ file: path.relative(path.resolve(root, "../.."), file), ...hit });
  }
  return hits;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const hits = findHardCodedStrings();
  for (const hit of hits) console.log(`${hit.file}:${hit.line} ${hit.where} ${JSON.stringify(hit.text)}`);
  console.log(`${hits.length} hard-coded strings`);
  process.exitCode = hits.length ? 1 : 0;
}
