// Runs every bench/*.mjs (except this file) one after the other. Benchmarks report, they do not
// gate: the exit code is non-zero only when a benchmark itself crashed.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const self = path.basename(fileURLToPath(import.meta.url));
const benches = fs
  .readdirSync(here)
  .filter((name) => name.endsWith(".mjs") && name !== self)
  .sort();

const crashed = [];
for (const name of benches) {
  process.stdout.write(`\n=== bench/${name} ===\n`);
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(here, name), ...process.argv.slice(2)], { stdio: "inherit" });
    child.once("exit", (exitCode, signal) => resolve(signal ? `signal ${signal}` : exitCode));
    child.once("error", (error) => resolve(`spawn error ${error.message}`));
  });
  if (code !== 0) crashed.push(`${name} (${code})`);
}
process.stdout.write(`\n${benches.length} benchmark(s) run${crashed.length ? `; crashed: ${crashed.join(", ")}` : ""}\n`);
process.exit(crashed.length ? 1 : 0);
