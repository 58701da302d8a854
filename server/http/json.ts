import express, { type Express, type RequestHandler, type Response } from "express";
import { SerializedJson } from "./serialized-json";

/** The largest JSON body read; a larger one is refused with 413 before it is held. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
/**
 * The largest JSON body read where a watermark or graphics image (up to 5 MB, as base64) may come with the
 * request: the watermark and graphics routes and GraphQL.
 */
export const UPLOAD_BODY_LIMIT_BYTES = 8 * 1024 * 1024;
const UPLOAD_ROUTES = ["/api/v1/watermarks", "/api/v1/graphics", "/graphql"];

/** Bodies nested deeper than this are refused: no request needs it, and deep values break validators. */
export const MAX_BODY_DEPTH = 64;

/** A request body that parsed as JSON but cannot be taken as it is. */
export class UnacceptableBodyError extends Error {
  readonly status = 400;
  readonly expose = true;
}

/** True when a JSON value contains a null anywhere (checked without recursion limits of its own). */
function containsNull(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const current = stack.pop();
    if (current === null) return true;
    if (typeof current !== "object") continue;
    if (Array.isArray(current)) stack.push(...current);
    else for (const key in current as Record<string, unknown>) stack.push((current as Record<string, unknown>)[key]);
  }
  return false;
}

/** Properties whose value is null are left out of every JSON response, nested ones too. */
export function omitNulls(_key: string, value: unknown): unknown {
  return value === null ? undefined : value;
}

/**
 * Refuses what JSON.parse accepts but the API must not: nesting deeper than MAX_BODY_DEPTH, numbers
 * that overflowed to Infinity (`1e400`), and strings with lone surrogates (not valid Unicode).
 */
function checkBody(body: unknown): string | undefined {
  const stack: Array<[unknown, number]> = [[body, 0]];
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (typeof value === "number" && !Number.isFinite(value)) return "a number in the body is out of range";
    if (typeof value === "string" && !isWellFormed(value)) return "a string in the body is not valid Unicode";
    if (value === null || typeof value !== "object") continue;
    if (depth >= MAX_BODY_DEPTH) return `the body is nested more than ${MAX_BODY_DEPTH} levels deep`;
    if (Array.isArray(value)) for (const item of value) stack.push([item, depth + 1]);
    else for (const [key, item] of Object.entries(value)) {
      if (!isWellFormed(key)) return "a property name in the body is not valid Unicode";
      stack.push([item, depth + 1]);
    }
  }
  return undefined;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isWellFormed = (text: string) => !LONE_SURROGATE.test(text);

const utf8 = new TextDecoder("utf-8", { fatal: true });

export const bodyGuard: RequestHandler = (req, _res, next) => {
  const problem = req.body === undefined ? undefined : checkBody(req.body);
  next(problem ? new UnacceptableBodyError(problem) : undefined);
};

export function configureJson(app: Express): void {
  // Null omission without a replacer keeps JSON.stringify on V8's fast path for the usual null-free body.
  app.response.json = function (this: Response, body: unknown) {
    if (!this.get("Content-Type")) this.set("Content-Type", "application/json; charset=utf-8");
    if (body instanceof SerializedJson) {
      this.set("ETag", body.etag);
      return this.send(body.text);
    }
    return this.send(containsNull(body) ? JSON.stringify(body, omitNulls) : JSON.stringify(body));
  };
  // body-parser reads a body once: the upload routes' larger limit applies there, the smaller one elsewhere.
  app.use(UPLOAD_ROUTES, jsonParser(UPLOAD_BODY_LIMIT_BYTES));
  app.use(jsonParser(JSON_BODY_LIMIT_BYTES));
  app.use(bodyGuard);
}

function jsonParser(limit: number): RequestHandler {
  return express.json({
    limit,
    strict: false,
    type: ["application/json", "application/*+json"],
    verify: (_req, _res, buffer) => {
      try {
        utf8.decode(buffer);
      } catch {
        throw new UnacceptableBodyError("the body is not valid UTF-8");
      }
    },
  });
}
