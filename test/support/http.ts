import http from "node:http";

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: any;
}

/**
 * Sends a request with the path exactly as given (no URL normalisation, unlike fetch), so tests
 * can use odd spellings such as `//api/v1/channels` or `/api/v1/./channels`.
 */
export function rawRequest(
  baseUrl: string,
  method: string,
  rawPath: string,
  options: { body?: string | object; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  const url = new URL(baseUrl);
  const body = options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  const headers: Record<string, string> = { ...options.headers };
  if (body !== undefined) {
    headers["content-type"] ??= "application/json";
    headers["content-length"] = String(Buffer.byteLength(body));
  }
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method, path: rawPath, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let json: unknown;
        try {
          json = text ? JSON.parse(text) : undefined;
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
    });
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** A small JSON client for a test server. */
export function apiClient(baseUrl: string, defaultHeaders: Record<string, string> = {}) {
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    rawRequest(baseUrl, method, path, { body: body as object | string | undefined, headers: { ...defaultHeaders, ...headers } });
  return {
    get: (path: string, headers?: Record<string, string>) => call("GET", path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) => call("POST", path, body, headers),
    put: (path: string, body?: unknown, headers?: Record<string, string>) => call("PUT", path, body, headers),
    patch: (path: string, body?: unknown, headers?: Record<string, string>) => call("PATCH", path, body, headers),
    delete: (path: string, headers?: Record<string, string>) => call("DELETE", path, undefined, headers),
    graphql: (query: string, variables?: Record<string, unknown>, headers?: Record<string, string>) =>
      call("POST", "/graphql", { query, variables }, headers),
  };
}

export type ApiClient = ReturnType<typeof apiClient>;
