import type { ErrorRequestHandler, RequestHandler, Response } from "express";
import { ValidateError } from "@tsoa/runtime";
import type { Logger } from "../logging/logger";
import { CROSS_SITE_DETAIL } from "./cross-site";
import { describeBytes, DomainError, type FieldError } from "../services/domain-error";
import { JSON_BODY_LIMIT_BYTES } from "./json";

const TITLES: Record<number, string> = {
  400: "Bad request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Resource not found",
  405: "Method not allowed",
  413: "Payload too large",
  415: "Unsupported media type",
  421: "Misdirected request",
  422: "Validation failed",
  429: "Too many requests",
  500: "Internal server error",
};

const LEGACY_ERRORS = "legacyErrorMapping";

/** Marks a response as coming from an operational (action-style) route. */
export function useLegacyErrorMapping(res: Response): void {
  res.locals[LEGACY_ERRORS] = true;
}

function usesLegacyErrorMapping(res: Response): boolean {
  return res.locals[LEGACY_ERRORS] === true;
}

/** Writes an RFC 7807 problem-details response. */
export function sendProblem(res: Response, status: number, detail: string, errors?: readonly FieldError[]): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const body: Record<string, unknown> = { status, title: TITLES[status] ?? "Error", detail };
  if (errors !== undefined) body.errors = errors;
  res.status(status).type("application/problem+json").send(JSON.stringify(body));
}

export const unauthorized: RequestHandler = (_req, res) =>
  sendProblem(res, 401, "a valid X-Api-Key header is required for this request");

export const signInRequired: RequestHandler = (_req, res) =>
  sendProblem(res, 401, "an owner password protects this server: sign in (POST /api/v1/auth/sign-in) or send a valid X-Api-Key header");

export const crossSiteWriteRefused: RequestHandler = (_req, res) => sendProblem(res, 403, CROSS_SITE_DETAIL);

export const misdirectedHost: RequestHandler = (req, res) => {
  const shown = JSON.stringify(String(req.headers.host ?? "").slice(0, 100));
  sendProblem(res, 421, `this server does not answer to the host name ${shown}; add the name to Server:AllowedHosts (comma-separated, * for any, e.g. behind a reverse proxy)`);
};

export const malformedPath: RequestHandler = (_req, res) => sendProblem(res, 400, "the request path is malformed", []);

export const routeNotFound: RequestHandler = (req, res) =>
  sendProblem(res, 404, `no resource at ${req.method} ${req.baseUrl}${req.path}`);

/** tsoa names a failing input `body.resolution.width`, `requestBody` or `id`; clients know it as the field. */
function fieldName(tsoaName: string): string {
  if (tsoaName === "requestBody" || tsoaName === "body") return "body";
  return tsoaName.replace(/^(requestBody|body)\./, "");
}

function fromValidateError(error: ValidateError): FieldError[] {
  return Object.entries(error.fields).map(([name, info]) => ({ field: fieldName(name), message: info.message }));
}

interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
  message?: string;
  /** body-parser's limit, on an entity.too.large error. */
  limit?: number;
}

/** The one place where domain errors and request errors become HTTP responses. */
export function problemDetailsHandler(log: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (error instanceof DomainError) {
      if (error.kind === "NotFound") return sendProblem(res, 404, error.message);
      if (error.kind === "TooLarge") return sendProblem(res, 413, error.message, error.errors);
      if (error.kind === "Unauthorized") return sendProblem(res, 401, error.message);
      if (error.kind === "RateLimited") {
        res.setHeader("Retry-After", String(error.retryAfterSeconds ?? 60));
        return sendProblem(res, 429, error.message);
      }
      // Operational routes keep the older mapping: a failed result is 400, never 422 (spec §7 rule 3).
      return sendProblem(res, usesLegacyErrorMapping(res) ? 400 : 422, error.message, error.errors);
    }
    if (error instanceof ValidateError) {
      const errors = fromValidateError(error);
      return sendProblem(res, 400, errors.map((e) => `${e.field}: ${e.message}`).join("; ") || "invalid request", errors);
    }
    const httpish = (error ?? {}) as HttpishError;
    const status = httpish.status ?? httpish.statusCode;
    if (httpish.type === "entity.too.large") {
      return sendProblem(res, 413, `the request body is larger than the limit of ${describeBytes(httpish.limit ?? JSON_BODY_LIMIT_BYTES)}`);
    }
    if (httpish.type === "entity.parse.failed") {
      return sendProblem(res, 400, "the request body is not valid JSON", [{ field: "body", message: "not valid JSON" }]);
    }
    if (typeof status === "number" && status >= 400 && status < 500) {
      return sendProblem(res, status, httpish.expose && httpish.message ? httpish.message : TITLES[status] ?? "Bad request", status === 400 ? [] : undefined);
    }
    log.error("request failed", { method: req.method, path: req.path, error: error instanceof Error ? error.stack ?? error.message : String(error) });
    return sendProblem(res, 500, "the server could not complete the request");
  };
}
