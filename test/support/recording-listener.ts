import http from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  url: string;
  /** Every header as sent, names in lower case. */
  headers: http.IncomingHttpHeaders;
}

export interface RecordingListener {
  url: string;
  requests: RecordedRequest[];
  /** Whether any request carried `secret` anywhere (URL or any header). */
  received(secret: string): boolean;
  close(): Promise<void>;
}

/**
 * A real HTTP server on loopback that records every request it gets (what another machine on the LAN
 * would see). `answer` decides the reply; by default 401 to everything.
 */
export async function startRecordingListener(answer?: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<RecordingListener> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    requests.push({ method: req.method ?? "GET", url: req.url ?? "/", headers: req.headers });
    if (answer) answer(req, res);
    else res.writeHead(401, { "Content-Type": "text/plain" }).end("Unauthorized");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    received: (secret) => requests.some((r) => r.url.includes(secret) || Object.values(r.headers).some((v) => String(v).includes(secret))),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
