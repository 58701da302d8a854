// One result line a benchmark prints for bench/run.mjs's table and bench/results.json:
//   BENCH-RESULT {"metric":…,"figure":…,"target":…,"pass":true,"baseline":…}
// figure, target and baseline are short texts with their units ("212 ms", "<= 300 ms", "static file 41 ms").
export function reportResult({ metric, figure, target, pass, baseline = "" }) {
  process.stdout.write(`BENCH-RESULT ${JSON.stringify({ metric, figure, target, pass: Boolean(pass), baseline })}\n`);
}
