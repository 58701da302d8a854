// Copies the server's non-code assets (the bundled fonts) next to the compiled server, where
// server/streaming/bundled-fonts.ts finds them from dist/ as from the sources.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
fs.cpSync(path.join(ROOT, "server/assets"), path.join(ROOT, "dist/server/assets"), { recursive: true });
