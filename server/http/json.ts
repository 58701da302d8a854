import express, { type Express } from "express";

/** Properties whose value is null are left out of every JSON response, nested ones too. */
export function omitNulls(_key: string, value: unknown): unknown {
  return value === null ? undefined : value;
}

export function configureJson(app: Express): void {
  app.set("json replacer", omitNulls);
  app.use(express.json({ limit: "1mb", strict: false, type: ["application/json", "application/*+json"] }));
}
