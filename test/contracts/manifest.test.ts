/**
 * package.json declares exactly what the code imports:
 * - every package any source file imports (import/export from, import(), require(), require.resolve()) is
 *   declared, and code that runs in production (server/, electron/, bin/) takes its runtime imports from
 *   `dependencies` or `optionalDependencies` (type-only imports may come from devDependencies). Exceptions, each
 *   loaded only when present: `electron` (the packaged app brings it) and the npm FFmpeg (FFmpeg 4.1 plus ffprobe,
 *   147 MB, three times everything else the server needs): `npm install` brings it, as a last resort for a
 *   machine without FFmpeg, while the production install (`npm ci --omit=dev`, 160 MB target) and the desktop
 *   package (its own current FFmpeg) leave it out; server/config/ffmpeg-binaries.ts loads it in a try;
 * - every dependency and optional dependency is imported at runtime by that code;
 * - every devDependency is imported somewhere (or its files are, by a node_modules path), or its command is run by a package.json script or `.ci/run`,
 *   or it is the peer another used package needs, or it holds the types (`@types/x`) of a declared package or of Node.
 */
import fs from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  scripts: Record<string, string>;
};
const runtime = { ...manifest.dependencies, ...manifest.optionalDependencies };
const declared = new Set([...Object.keys(runtime), ...Object.keys(manifest.devDependencies)]);
const builtins = new Set(builtinModules.flatMap((name) => [name, name.split("/")[0]]));

const RUNTIME_ROOTS = ["server", "electron", "bin"];
/** devDependencies production code may load, only when installed (see above). */
const LOADED_IF_PRESENT = new Set(["electron", "@ffmpeg-installer/ffmpeg", "@ffprobe-installer/ffprobe"]);
const DEV_ROOTS = ["renderer", "build", "test", "bench"];
const DEV_FILES = ["vitest.config.mts", ".dependency-cruiser.cjs"];
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const SKIPPED_FOLDERS = new Set(["node_modules", "dist", "generated"]);

function sourceFiles(dir: string): string[] {
  const full = path.join(ROOT, dir);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [full];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : sourceFiles(path.join(dir, entry.name));
    const file = path.join(full, entry.name);
    const skipped = entry.name.endsWith(".d.ts") || /^generated\./.test(entry.name) || file === __filename;
    return SOURCE.test(entry.name) && !skipped ? [file] : [];
  });
}

interface Import {
  pkg: string;
  typeOnly: boolean;
  file: string;
}

/** The package a bare specifier names ("@scope/name/sub" → "@scope/name"), or undefined for files and built-ins. */
export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith(".") || specifier.startsWith("/") || specifier.includes(":")) return undefined;
  const parts = specifier.split("/");
  const pkg = specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
  return builtins.has(pkg) ? undefined : pkg;
}

const STATEMENT = /(?:^|[\n;}])\s*(import|export)\s+(type\s+)?(?:[^;'"`]*?\sfrom\s*)?["']([^"'\n]+)["']/g;
const CALL = /(?<![.\w$])(?:require(?:\.resolve)?|import)\(\s*["']([^"'\n]+)["']\s*\)/g;

export function importsOf(file: string, text = fs.readFileSync(file, "utf8")): Import[] {
  const found: Import[] = [];
  for (const match of text.matchAll(STATEMENT)) {
    const pkg = packageOf(match[3]);
    if (pkg) found.push({ pkg, typeOnly: match[2] !== undefined, file });
  }
  for (const match of text.matchAll(CALL)) {
    const pkg = packageOf(match[1]);
    // `typeof import("x")` names a type only.
    const typeOnly = /typeof\s+$/.test(text.slice(Math.max(0, match.index - 10), match.index));
    if (pkg) found.push({ pkg, typeOnly, file });
  }
  return found;
}

const runtimeImports = RUNTIME_ROOTS.flatMap(sourceFiles).flatMap((file) => importsOf(file));
const devFiles = [...DEV_ROOTS, ...DEV_FILES].flatMap(sourceFiles);
const devImports = devFiles.flatMap((file) => importsOf(file));
/** Packages dev code reaches by path (`node_modules/@redocly/cli/bin/cli.js`). */
const reachedByPath = new Set(devFiles.flatMap((file) => [...fs.readFileSync(file, "utf8").matchAll(/node_modules\/((?:@[\w.-]+\/)?[\w.-]+)\//g)].map((m) => m[1])));
const relative = (file: string) => path.relative(ROOT, file);

function commandsOf(pkg: string): string[] {
  try {
    const bin = (JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules", pkg, "package.json"), "utf8")) as { bin?: string | Record<string, string> }).bin;
    if (!bin) return [];
    return typeof bin === "string" ? [pkg.split("/").pop()!] : Object.keys(bin);
  } catch {
    return [];
  }
}

function peersOf(pkg: string): string[] {
  try {
    return Object.keys((JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules", pkg, "package.json"), "utf8")) as { peerDependencies?: Record<string, string> }).peerDependencies ?? {});
  } catch {
    return [];
  }
}

describe("package.json and the imports", () => {
  it("the scanner finds imports of every form, and only packages", () => {
    const text = [
      'import { a } from "pkg-a/sub";',
      'import type { B } from "@scope/b/lib/x.js" with { "resolution-mode": "import" };',
      "export {\n  c,\n} from 'pkg-c';",
      'import "pkg-d/styles.css";',
      'const e = require("pkg-e"); require.resolve("pkg-f/file.ttf"); await import("pkg-g");',
      'type H = typeof import("pkg-h");',
      'import fs from "node:fs"; import path from "path"; import x from "./local"; import v from "virtual:thing";',
    ].join("\n");
    expect(importsOf("example.ts", text).map((i) => `${i.pkg}${i.typeOnly ? " (type)" : ""}`)).toEqual([
      "pkg-a", "@scope/b (type)", "pkg-c", "pkg-d", "pkg-e", "pkg-f", "pkg-g", "pkg-h (type)",
    ]);
  });

  it("every imported package is declared", () => {
    const undeclared = [...runtimeImports, ...devImports].filter((i) => !declared.has(i.pkg)).map((i) => `${i.pkg} (${relative(i.file)})`);
    expect([...new Set(undeclared)], "imported but not in package.json").toEqual([]);
  });

  it("production code takes its runtime imports from dependencies", () => {
    const fromDev = runtimeImports.filter((i) => !i.typeOnly && !(i.pkg in runtime) && !LOADED_IF_PRESENT.has(i.pkg)).map((i) => `${i.pkg} (${relative(i.file)})`);
    expect([...new Set(fromDev)], "imported at runtime but a devDependency").toEqual([]);
  });

  it("every dependency is imported at runtime", () => {
    const used = new Set(runtimeImports.filter((i) => !i.typeOnly).map((i) => i.pkg));
    expect(Object.keys(runtime).filter((pkg) => !used.has(pkg)), "declared as a dependency but not imported at runtime").toEqual([]);
  });

  it("every devDependency is used", () => {
    const imported = new Set([...devImports, ...runtimeImports].map((i) => i.pkg));
    const scripts = [...Object.values(manifest.scripts), fs.readFileSync(path.join(ROOT, ".ci/run"), "utf8")].join("\n");
    const runs = (command: string) => new RegExp(`(^|[\\s;&|(])(npx\\s+)?${command.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\s|$)`, "m").test(scripts);
    const usedSoFar = new Set([...imported, ...reachedByPath, ...Object.keys(manifest.devDependencies).filter((pkg) => commandsOf(pkg).some(runs))]);
    const peers = new Set([...usedSoFar].flatMap(peersOf));
    const unused = Object.keys(manifest.devDependencies).filter((pkg) => {
      if (usedSoFar.has(pkg) || peers.has(pkg)) return false;
      const typed = /^@types\/(.+)$/.exec(pkg)?.[1];
      return !(typed && (typed === "node" || declared.has(typed.includes("__") ? `@${typed.replace("__", "/")}` : typed)));
    });
    expect(unused, "a devDependency nothing imports or runs").toEqual([]);
  });
});
