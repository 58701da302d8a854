// Runs every bench/*.mjs (except this file) one after the other, or with `--only <prefix>` (repeatable)
// those whose name starts with it: `npm run bench -- --only scale` runs bench/scale-*. Other arguments
// go to every benchmark. Benchmarks report, they do not gate: the exit code is non-zero only when a
// benchmark itself crashed.
//
// Each benchmark runs in its own process group; whatever it leaves running when it ends (a server
// child of a benchmark that crashed) is stopped before the next one starts.
//
// At the end one table: metric, figure, target, PASS/FAIL, baseline of the same run, from the results the
// benchmarks report (bench/support/results.mjs; a PASS/FAIL line of a benchmark that reports none is taken
// as it is). A benchmark that crashed is a FAIL line too. The table is written to bench/results.json.
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

const RESULT = "BENCH-RESULT ";
const crashed = [];
const rows = [];
for (const name of benches) {
  process.stdout.write(`\n=== bench/${name} ===\n`);
  const reported = [];
  const verdictLines = [];
  const code = await new Promise((resolve) => {
    current = spawn(process.execPath, [path.join(here, name), ...passed], { stdio: ["inherit", "pipe", "inherit"], detached: true });
    let pending = "";
    const take = (line) => {
      if (line.startsWith(RESULT)) {
        try {
          reported.push(JSON.parse(line.slice(RESULT.length)));
        } catch {
          verdictLines.push(line);
        }
        return;
      }
      process.stdout.write(`${line}\n`);
      if (/\b(PASS|FAIL)\b/.test(line)) verdictLines.push(line);
    };
    current.stdout.on("data", (chunk) => {
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop();
      for (const line of lines) take(line);
    });
    current.stdout.once("end", () => pending && take(pending));
    current.once("exit", (exitCode, signal) => resolve(signal ? `signal ${signal}` : exitCode));
    current.once("error", (error) => resolve(`spawn error ${error.message}`));
  });
  await reap(current.pid);
  current = undefined;
  const bench = name.replace(/\.mjs$/, "");
  for (const r of reported) rows.push({ bench, ...r });
  // A benchmark that reports no result: its PASS/FAIL lines are taken as they are.
  if (!reported.length) {
    for (const line of verdictLines) rows.push({ bench, metric: line.replace(/\s*\b(PASS|FAIL)\b.*$/, "").trim(), figure: "", target: "", pass: !/\bFAIL\b/.test(line), baseline: "" });
  }
  if (code !== 0) {
    crashed.push(`${name} (${code})`);
    rows.push({ bench, metric: "benchmark ran to the end", figure: `exit ${code}`, target: "exit 0", pass: false, baseline: "" });
  }
}

const cut = (text, width) => (text.length > width ? `${text.slice(0, width - 1)}…` : text);
const columns = [["metric", 60], ["figure", 22], ["target", 16], ["verdict", 7], ["baseline", 40]];
const cells = rows.map((r) => [`${r.bench}: ${r.metric}`, String(r.figure), String(r.target), r.pass ? "PASS" : "FAIL", String(r.baseline)]);
const widths = columns.map(([title, max], i) => Math.min(max, Math.max(title.length, ...cells.map((c) => c[i].length))));
const line = (values) => values.map((v, i) => cut(v, widths[i]).padEnd(widths[i])).join(" | ").trimEnd();
process.stdout.write(`\n${line(columns.map(([title]) => title))}\n${widths.map((w) => "-".repeat(w)).join("-|-")}\n`);
for (const c of cells) process.stdout.write(`${line(c)}\n`);
const failed = rows.filter((r) => !r.pass).length;
process.stdout.write(`\n${benches.length} benchmark(s) run, ${rows.length - failed} PASS, ${failed} FAIL${crashed.length ? `; crashed: ${crashed.join(", ")}` : ""}\n`);
fs.writeFileSync(path.join(here, "results.json"), `${JSON.stringify({ finishedAt: new Date().toISOString(), load: fs.existsSync("/proc/loadavg") ? fs.readFileSync("/proc/loadavg", "utf8").trim() : undefined, results: rows }, null, 2)}\n`);
process.stdout.write(`written to bench/results.json\n`);
// A missed target or a crashed benchmark is a FAIL line of the table, not the exit code of the suite.
process.exit(0);
