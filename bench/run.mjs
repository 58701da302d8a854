// Runs every bench/*.mjs (except this file) one after the other, or with `--only <prefix>` (repeatable)
// those whose name starts with it: `npm run bench -- --only scale` runs bench/scale-*. Other arguments
// go to every benchmark. Benchmarks report, they do not gate: the exit code is non-zero only when a
// benchmark itself crashed.
//
// Each benchmark runs in its own process group; whatever it leaves running when it ends (a server
// child of a benchmark that crashed) is stopped before the next one starts.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const self = path.basename(fileURLToPath(import.meta.url));
const only = [];
const passed = [];
for (let i = 2; i < process.argv.length; i++) {
  if (process.argv[i] === "--only" && i + 1 < process.argv.length) only.push(process.argv[++i]);
  else passed.push(process.argv[i]);
}
const benches = fs
  .readdirSync(here)
  .filter((name) => name.endsWith(".mjs") && name !== self)
  .filter((name) => only.length === 0 || only.some((prefix) => name.startsWith(prefix)))
  .sort();

let current;
function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false; // the group is gone
  }
}
async function reap(pid) {
  if (!killGroup(pid, 0)) return;
  killGroup(pid, "SIGTERM");
  for (let waited = 0; waited < 5000 && killGroup(pid, 0); waited += 100) await new Promise((r) => setTimeout(r, 100));
  killGroup(pid, "SIGKILL");
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, async () => {
    if (current) await reap(current.pid);
    process.exit(130);
  });
}

const crashed = [];
for (const name of benches) {
  process.stdout.write(`\n=== bench/${name} ===\n`);
  const code = await new Promise((resolve) => {
    current = spawn(process.execPath, [path.join(here, name), ...passed], { stdio: "inherit", detached: true });
    current.once("exit", (exitCode, signal) => resolve(signal ? `signal ${signal}` : exitCode));
    current.once("error", (error) => resolve(`spawn error ${error.message}`));
  });
  await reap(current.pid);
  current = undefined;
  if (code !== 0) crashed.push(`${name} (${code})`);
}
process.stdout.write(`\n${benches.length} benchmark(s) run${crashed.length ? `; crashed: ${crashed.join(", ")}` : ""}\n`);
process.exit(crashed.length ? 1 : 0);
