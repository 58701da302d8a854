// Generates the tsoa routes and the OpenAPI document from the controllers, into
// server/api/rest/generated (not committed). `npm run contracts` copies the document to schema/.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generateClientTypes } from "./generate-client-types.mjs";
import { applyLintForms } from "./openapi-lint-forms.mjs";
import { omittedNullsNotRequired } from "./openapi-omitted-nulls.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const require = createRequire(import.meta.url);
const tsoaCli = require.resolve("tsoa/dist/cli.js");
execFileSync(process.execPath, [tsoaCli, "spec-and-routes", "-c", "tsoa.json"], { cwd: root, stdio: "inherit" });

// Every operation belongs to the document (group) `general`, served at /openapi/general.json.
// Writes are guarded by the write-key middleware (server/http/write-key.ts); the document says so.
const specFile = path.join(root, "server/api/rest/generated/openapi.json");
const spec = JSON.parse(readFileSync(specFile, "utf8"));
spec.info["x-group"] = "general";
// Scanner and scripted-build callbacks are exempt (the explicit exemption list in server/http/write-key.ts).
for (const [route, item] of Object.entries(spec.paths)) {
  const exempt = route.startsWith("/api/v1/scan/") || route.startsWith("/api/v1/scripted/playout/build/");
  for (const [method, operation] of Object.entries(item)) {
    operation["x-group"] = "general";
    if (!exempt && ["post", "put", "patch", "delete"].includes(method)) operation.security = [{ writeKey: [] }];
  }
}
applyLintForms(spec, JSON.parse(readFileSync(path.join(root, "build/codegen/openapi-examples.json"), "utf8")));
omittedNullsNotRequired(spec);
writeFileSync(specFile, JSON.stringify(spec, null, 2) + "\n");
await generateClientTypes();
