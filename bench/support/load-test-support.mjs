// Loads TypeScript modules of test/support (the protocol-faithful fake servers) in a benchmark: each file is
// transpiled to CommonJS with the TypeScript compiler into a temp folder (types are not checked here; the
// test suite's typecheck does that) and required from there.
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const require = createRequire(import.meta.url);
const ts = require("typescript");

/** Transpiles `files` (repo-relative .ts paths, with every local module they import) and requires the first. */
export function loadTestSupport(files) {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "airwave-bench-support-"));
  for (const file of files) {
    const source = fs.readFileSync(path.join(root, file), "utf8");
    const { outputText } = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true } });
    const target = path.join(out, file.replace(/\.ts$/, ".js"));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, outputText);
  }
  return { module: require(path.join(out, files[0].replace(/\.ts$/, ".js"))), remove: () => fs.rmSync(out, { recursive: true, force: true }), require: (file) => require(path.join(out, file.replace(/\.ts$/, ".js"))) };
}
