// Rewrites the committed contracts in schema/ from the built code (run after `npm run build`).
import { copyFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const require = createRequire(import.meta.url);

copyFileSync(path.join(root, "server/api/rest/generated/openapi.json"), path.join(root, "schema/openapi.json"));

require("reflect-metadata");
const { printSchema } = require("graphql");
const { buildGraphqlSchema } = require(path.join(root, "dist/server/api/graphql/schema.js"));
const schema = await buildGraphqlSchema();
writeFileSync(path.join(root, "schema/schema.graphql"), printSchema(schema) + "\n");
console.log("schema/openapi.json and schema/schema.graphql written");
