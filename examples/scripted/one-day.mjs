#!/usr/bin/env node
// A scripted playout for Airwave: episodes all day, a movie every evening at 20:00.
//
// Airwave runs this as: node one-day.mjs <server-url> <build-id> <mode> [extra arguments…]
// and the script calls back the scripted-build API until the build window is full.
// Plain Node 20+, no dependencies.

const [serverUrl, buildId, mode] = process.argv.slice(2);
if (!serverUrl || !buildId) {
  console.error("usage: one-day.mjs <server-url> <build-id> <mode>");
  process.exit(2);
}
const base = `${serverUrl.replace(/\/$/, "")}/api/v1/scripted/playout/build/${encodeURIComponent(buildId)}`;

/** Calls the build API; any refusal ends the script with the server's message (and fails the build). */
async function call(method, path, body) {
  const response = await fetch(`${base}/${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) {
    console.error(`${method} ${path} → ${response.status}: ${text}`);
    process.exit(1);
  }
  return text ? JSON.parse(text) : undefined;
}

const post = (path, body = {}) => call("POST", path, body);

let context = await call("GET", "context");
console.error(`building ${mode ?? "?"} from ${context.startTime} to ${context.finishTime}`);

// What the channel plays.
await post("add_search", { key: "episodes", query: "type:episode", order: "chronological" });
await post("add_search", { key: "movies", query: "type:movie", order: "shuffle" });

// One day after another until the window is full: episodes up to 20:00, then the evening movie.
for (let day = 0; !context.isDone && day < 62; day++) {
  // Whole episodes until the last one that ends by 20:00 (tomorrow's 20:00 once today's has passed).
  await post("pad_until", { content: "episodes", when: "20:00", tomorrow: true, stopBeforeEnd: true, offlineTail: false });
  // Whatever is left before 20:00 stays off air, so the movie starts on the hour.
  await post("wait_until", { when: "20:00" });
  await post("start_epg_group", { advance: true });
  await post("add_count", { content: "movies", count: 1 });
  context = await post("stop_epg_group");
}
