import http from "node:http";

export interface RawResponse<T = any> {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: T;
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

type Headers = Record<string, string>;

/**
 * A small JSON client for a test server. Each method takes the body type it expects as a type
 * argument (`api.get<Channel[]>(…)`); `baseUrl` may be a function, read on every call, so a client
 * can be made before its server has started.
 */
export function apiClient(baseUrl: string | (() => string), defaultHeaders: Headers = {}) {
  const call = <T>(method: string, path: string, body?: unknown, headers: Headers = {}) =>
    rawRequest(typeof baseUrl === "string" ? baseUrl : baseUrl(), method, path, { body: body as object | string | undefined, headers: { ...defaultHeaders, ...headers } }) as Promise<RawResponse<T>>;
  return {
    get: <T = any>(path: string, headers?: Headers) => call<T>("GET", path, undefined, headers),
    post: <T = any>(path: string, body?: unknown, headers?: Headers) => call<T>("POST", path, body, headers),
    put: <T = any>(path: string, body?: unknown, headers?: Headers) => call<T>("PUT", path, body, headers),
    patch: <T = any>(path: string, body?: unknown, headers?: Headers) => call<T>("PATCH", path, body, headers),
    delete: <T = any>(path: string, headers?: Headers) => call<T>("DELETE", path, undefined, headers),
    graphql: <T = any>(query: string, variables?: Record<string, unknown>, headers?: Headers) => call<T>("POST", "/graphql", { query, variables }, headers),
  };
}

export type ApiClient = ReturnType<typeof apiClient>;
