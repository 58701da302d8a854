#!/usr/bin/env node
/**
 * The half of the layering rule that import rules cannot see (.dependency-cruiser.cjs has the rest):
 * where code may read the clock or draw randomness. It parses every TypeScript file under server/ and
 * reports each forbidden call with its rule's reason; exits 1 when there is one.
 *
 * Usage: node build/checks/clock-and-random.mjs [root]   (root defaults to the working directory)
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/** What a call reads, recognised by its callee text. */
const CLOCK = ["Date.now", "Date", "new Date()", "performance.now", "process.hrtime", "process.hrtime.bigint", "process.uptime"];
const WALL_CLOCK = ["Date.now", "Date", "new Date()"];
const RANDOM = ["Math.random", "randomInt", "randomBytes", "crypto.randomInt", "crypto.randomBytes", "getRandomValues", "crypto.getRandomValues"];

export const RULES = [
  {
    name: "engines-no-clock-or-randomness",
    folders: ["server/playout/", "server/guide/", "server/streaming/ffmpeg/", "server/scanner/naming/", "server/scanner/nfo/", "server/media/probe/ffprobe-json.ts", "server/media/container-index/"],
    forbid: [...CLOCK, ...RANDOM],
    reason:
      "pure engines and parsers read no clock and draw no randomness: the caller passes the time (\"now\", a year) and a seeded " +
      "random source as parameters, so the same input always gives the same output and tests need no fake timers",
  },
  {
    name: "edges-use-the-injected-clock",
    folders: ["server/api/", "server/iptv/"],
    forbid: [...WALL_CLOCK, "Math.random"],
    reason:
      "REST, GraphQL and /iptv/ routes take \"now\" from the services (createServices' injected clock) and randomness " +
      "from an injected source, so a test with a fixed clock sees the same time at every layer",
  },
  {
    name: "services-inject-clock-and-randomness",
    folders: ["server/services/"],
    // The composition root hands the real clock and random source to every service.
    except: ["server/services/index.ts"],
    forbid: [...WALL_CLOCK, ...RANDOM],
    reason:
      "services read the clock and draw randomness only through what createServices injects (clock, random), so " +
      "tests can fix both; measuring a duration with performance.now() is allowed",
  },
];

/** The callee of a call or `new` expression as source text, `new Date()` for a `new Date` without arguments. */
function calleeText(node, source) {
  if (ts.isNewExpression(node)) return node.arguments && node.arguments.length > 0 ? undefined : `new ${node.expression.getText(source)}()`;
  if (ts.isCallExpression(node)) return node.expression.getText(source).replace(/\s+/g, "");
  return undefined;
}

export function findViolations(root) {
  const found = [];
  for (const file of listTs(path.join(root, "server"))) {
    const relative = path.relative(root, file).split(path.sep).join("/");
    const rules = RULES.filter((r) => r.folders.some((f) => relative.startsWith(f)) && !(r.except ?? []).includes(relative));
    if (rules.length === 0) continue;
    const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      const callee = calleeText(node, source);
      if (callee !== undefined) {
        for (const rule of rules) {
          if (!rule.forbid.includes(callee)) continue;
          const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
          found.push({ rule: rule.name, file: relative, line: line + 1, column: character + 1, call: callee, reason: rule.reason });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

function listTs(dir) {
  if (!fs.existsSync(dir)) return [];
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "generated" && entry.name !== "node_modules") out.push(...listTs(full));
    } else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts")) out.push(full);
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}` || path.resolve(process.argv[1] ?? "") === new URL(import.meta.url).pathname) {
  const root = path.resolve(process.argv[2] ?? process.cwd());
  const violations = findViolations(root);
  for (const v of violations) console.error(`  error ${v.rule}: ${v.file}:${v.line}:${v.column} calls ${v.call}\n    ${v.reason}`);
  if (violations.length > 0) {
    console.error(`\nx ${violations.length} clock/randomness violation(s).`);
    process.exit(1);
  }
  console.log("✔ no clock or randomness read where the layering rule forbids it");
}
