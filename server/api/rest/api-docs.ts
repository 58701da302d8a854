/**
 * `/openapi/general.json` and `/docs` (swagger-ui), loaded on their first request: the parsed document
 * and swagger-ui's page (which holds it again as a script string) cost a few MB that a server media
 * players and the UI talk to never needs.
 */
import fs from "node:fs";
import path from "node:path";
import express, { type Express, type Router } from "express";
// Type-only, and it keeps the generated document in the compiled output next to this file.
import type OpenApiDocument from "./generated/openapi.json";

interface ApiDocs {
  document: typeof OpenApiDocument;
  ui: Router;
}

function loadApiDocs(): ApiDocs {
  const document = JSON.parse(fs.readFileSync(path.join(__dirname, "generated", "openapi.json"), "utf8")) as typeof OpenApiDocument;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- required on first use, on purpose
  const swaggerUi = require("swagger-ui-express") as typeof import("swagger-ui-express");
  const ui = express.Router();
  ui.use(swaggerUi.serve, swaggerUi.setup(document, { customSiteTitle: "Airwave API" }));
  return { document, ui };
}

export function addApiDocs(app: Express): void {
  let loaded: ApiDocs | undefined;
  const load = () => (loaded ??= loadApiDocs());
  app.get("/openapi/general.json", (_req, res) => {
    res.json(load().document);
  });
  app.use("/docs", (req, res, next) => {
    load().ui(req, res, next);
  });
}
