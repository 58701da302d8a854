// bench/enumerators: every playback order over a 10,000-item library, created and pulled 50,000 times
// (target <= 50 ms each, best of 5), next to a same-run baseline: a seeded Fisher-Yates shuffle of the
// same items followed by 50,000 array reads. Moved here from a timed unit test (timings are not tests).
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const { createEnumerator } = require(path.join(root, "dist/server/playout/content/factory.js"));

const TARGET_MS = 50;
const PULLS = 50_000;

function item(fields) {
  return { kind: "movie", title: `item ${fields.id}`, durationMs: 1_800_000, ...fields };
}
function episode(id, showId, seasonNumber, episodeNumber, extra) {
  return item({ id, kind: "episode", showId, seasonId: showId * 100 + seasonNumber, seasonNumber, episodeNumber, title: `S${seasonNumber}E${episodeNumber}`, ...extra });
}
const items = Array.from({ length: 10_000 }, (_, i) =>
  i % 3 === 0
    ? item({ id: i + 1, releaseDate: `19${50 + (i % 50)}-01-0${1 + (i % 9)}`, directors: [`d${i % 40}`] })
    : episode(i + 1, i % 37, (i % 7) + 1, (i % 23) + 1, { releaseDate: `20${10 + (i % 10)}-0${1 + (i % 9)}-1${i % 10}`, title: i % 5 === 0 ? "Story (1)" : "Story (2)" }),
);

const specs = [
  ["chronological", { order: "chronological", items }],
  ["seasonEpisode", { order: "seasonEpisode", items }],
  ["shuffle (multi-part)", { order: "shuffle", items, options: { keepMultiPartEpisodesTogether: true } }],
  ["shuffleInOrder", { order: "shuffleInOrder", items }],
  ["random", { order: "random", items }],
  ["multiEpisodeShuffle", { order: "multiEpisodeShuffle", items, options: { multiEpisodeTemplate: { numParts: 2, partNumberForEpisode: (_s, e) => (e % 2) + 1 } } }],
  ["randomRotation", { order: "randomRotation", items }],
  ["marathon", { order: "marathon", items, options: { groupBy: "show", itemOrder: "shuffle", shuffleGroups: true } }],
  ["playlist", { order: "playlist", entries: [{ sourceKey: "a", items: items.slice(0, 5000), order: "shuffle", count: 3 }, { sourceKey: "b", items: items.slice(5000), order: "chronological", playAll: true }] }],
];

function bestOf(runs, work) {
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    work();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

let sink = 0;
const baseline = bestOf(5, () => {
  const copy = items.slice();
  let seed = 7;
  for (let i = copy.length - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) >>> 0;
    const j = seed % (i + 1);
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  for (let i = 0; i < PULLS; i++) sink += copy[i % copy.length].id;
});
console.log(`bench/enumerators: baseline (seeded shuffle + ${PULLS.toLocaleString("en")} array reads) ${baseline.toFixed(1)} ms`);

let failed = 0;
for (const [name, spec] of specs) {
  const ms = bestOf(5, () => {
    const e = createEnumerator(spec, { seed: 7 });
    for (let i = 0; i < PULLS; i++) {
      sink += e.current()?.id ?? 0;
      e.moveNext();
    }
  });
  const pass = ms <= TARGET_MS;
  if (!pass) failed += 1;
  console.log(`  ${name.padEnd(22)} ${ms.toFixed(1).padStart(7)} ms  ${(ms / baseline).toFixed(1)}x baseline  target <= ${TARGET_MS} ms  ${pass ? "PASS" : "FAIL"}`);
}
const probe = createEnumerator({ order: "shuffle", items }, { seed: 7 });
const signature = probe.state().signature;
const far = { v: 1, order: "shuffle", seed: 7, pass: 1_000_000, index: 5_000, signature };
const restore = bestOf(5, () => createEnumerator({ order: "shuffle", items }, { seed: 7, state: far }));
console.log(`  restore at pass 1,000,000  ${restore.toFixed(1)} ms  ${(restore / baseline).toFixed(1)}x baseline  target <= ${TARGET_MS} ms  ${restore <= TARGET_MS ? "PASS" : "FAIL"}`);
console.log(`bench/enumerators: ${specs.length - failed} of ${specs.length} orders within target (checksum ${sink % 997})`);
