import http from "node:http";

/** Thrown when the server no longer knows the scan (it was cancelled or the server restarted). */
export class ScanCancelledError extends Error {}

/**
 * The scanner child's side of the callback API, over node:http with one kept-alive connection. Not `fetch`:
 * loading undici (and compiling its WebAssembly HTTP parser) was a tenth of a no-change rescan's time.
 */
export class ScanClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

  constructor(private readonly baseUrl: string) {}

  get<T>(path: string): Promise<T> {
    return this.call<T>("GET", path);
  }

  post<T = unknown>(path: string, body: unknown): Promise<T> {
    return this.call<T>("POST", path, body);
  }

  /** Closes the kept-alive connection (the scan is over; the child may wait for the next one). */
  close(): void {
    this.agent.destroy();
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(`${this.baseUrl}/${path}`, {
        method,
        agent: this.agent,
        headers: payload === undefined ? {} : { "content-type": "application/json", "content-length": Buffer.byteLength(payload) },
      }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.once("end", () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
        response.once("error", reject);
      });
      request.once("error", reject);
      request.end(payload);
    });
    if (status === 404) throw new ScanCancelledError("the server no longer knows this scan");
    if (status < 200 || status >= 300) throw new Error(`${method} ${path} failed with ${status}: ${text.slice(0, 500)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}
