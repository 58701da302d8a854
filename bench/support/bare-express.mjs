// A bare Express 5 server whose only handler answers GET /api/v1/channels with the JSON it was
// handed (a file path in BARE_JSON_FILE), through res.json like Airwave. Prints "listening <port>".
import fs from "node:fs";
import express from "express";

const data = JSON.parse(fs.readFileSync(process.env.BARE_JSON_FILE, "utf8"));
const app = express();
app.get("/api/v1/channels", (_req, res) => {
  res.json(data);
});
const server = app.listen(0, "127.0.0.1", () => {
  process.stdout.write(`listening ${server.address().port}\n`);
});
const stop = () => server.close(() => process.exit(0));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
