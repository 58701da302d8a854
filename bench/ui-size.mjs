// Initial page load of the UI: gzipped bytes of index.html and everything it loads up front (entry
// script, stylesheets, modulepreloads), against the 500 KB budget. Baseline, measured in the same
// run: React + ReactDOM alone (a one-line createRoot app) bundled by the same Vite, gzipped.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { build } from "vite";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(root, "dist/renderer");
const BUDGET_KB = 500;

if (!fs.existsSync(path.join(outDir, "index.html"))) {
  await build({ configFile: path.join(root, "renderer/vite.config.mts"), logLevel: "warn" });
}

const gzipSize = (bytes) => zlib.gzipSync(bytes, { level: 9 }).length;
const html = fs.readFileSync(path.join(outDir, "index.html"), "utf8");
const initial = new Set();
for (const match of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) initial.add(match[1]);
for (const match of html.matchAll(/<link[^>]*rel="(?:stylesheet|modulepreload)"[^>]*href="([^"]+)"/g)) initial.add(match[1]);
for (const match of html.matchAll(/<link[^>]*href="([^"]+)"[^>]*rel="(?:stylesheet|modulepreload)"/g)) initial.add(match[1]);

let total = gzipSize(Buffer.from(html));
const rows = [["index.html", total]];
for (const url of initial) {
  const size = gzipSize(fs.readFileSync(path.join(outDir, url.replace(/^\//, ""))));
  rows.push([url, size]);
  total += size;
}
const lazyHeavy = [...initial].filter((url) => /hls|codemirror|@codemirror|lang-yaml/i.test(url));

// Baseline: React + ReactDOM only.
const baselineDir = fs.mkdtempSync(path.join(os.tmpdir(), "airwave-ui-baseline-"));
fs.writeFileSync(path.join(baselineDir, "index.html"), '<!doctype html><div id="root"></div><script type="module" src="/main.js"></script>');
fs.writeFileSync(path.join(baselineDir, "main.js"), 'import { createElement } from "react";\nimport { createRoot } from "react-dom/client";\ncreateRoot(document.getElementById("root")).render(createElement("p", null, "hi"));\n');
const baselineOut = path.join(baselineDir, "out");
await build({ root: baselineDir, configFile: false, logLevel: "silent", resolve: { alias: { react: path.join(root, "node_modules/react"), "react-dom": path.join(root, "node_modules/react-dom") } }, build: { outDir: baselineOut, emptyOutDir: true } });
let baseline = 0;
for (const file of fs.readdirSync(path.join(baselineOut, "assets"))) baseline += gzipSize(fs.readFileSync(path.join(baselineOut, "assets", file)));
fs.rmSync(baselineDir, { recursive: true, force: true });

for (const [name, size] of rows) console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${name}`);
const kb = total / 1024;
console.log(`ui-size: initial load ${kb.toFixed(1)} KB gzipped (${initial.size + 1} files), budget ${BUDGET_KB} KB: ${kb <= BUDGET_KB && lazyHeavy.length === 0 ? "PASS" : "FAIL"}`);
console.log(`ui-size: baseline React + ReactDOM ${(baseline / 1024).toFixed(1)} KB gzipped; ratio ${(total / baseline).toFixed(2)}x`);
if (lazyHeavy.length) console.log(`ui-size: FAIL — loaded up front but should be lazy: ${lazyHeavy.join(", ")}`);
