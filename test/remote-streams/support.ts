/** Small HTTP servers on loopback for remote stream tests, closed by the caller. */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";

export interface LoopbackServer {
  url: string;
  /** Requests seen: method, path and headers. */
  requests: Array<{ method: string; path: string; headers: http.IncomingHttpHeaders }>;
  close(): Promise<void>;
}

export async function startLoopbackServer(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<LoopbackServer> {
  const requests: LoopbackServer["requests"] = [];
  const server = http.createServer((req, res) => {
    requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Serves the files of a folder (GET and HEAD, with byte ranges so FFmpeg can seek), 404 for anything else. */
export function serveFolder(folder: string, options: { contentType?(file: string): string } = {}): Promise<LoopbackServer> {
  return startLoopbackServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname).replace(/^\/+/, "");
    const file = path.join(folder, name);
    if (name.includes("..") || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    const size = fs.statSync(file).size;
    const type = options.contentType?.(file) ?? (file.endsWith(".m3u8") ? "application/vnd.apple.mpegurl" : file.endsWith(".ts") ? "video/mp2t" : file.endsWith(".png") ? "image/png" : file.endsWith(".m3u") ? "audio/x-mpegurl" : "video/mp4");
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? "");
    if (range) {
      const start = Number(range[1]);
      const end = range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
      res.writeHead(206, { "content-type": type, "content-length": end - start + 1, "content-range": `bytes ${start}-${end}/${size}`, "accept-ranges": "bytes" });
      if (req.method === "HEAD") res.end();
      else fs.createReadStream(file, { start, end }).pipe(res);
      return;
    }
    res.writeHead(200, { "content-type": type, "content-length": size, "accept-ranges": "bytes" });
    if (req.method === "HEAD") res.end();
    else fs.createReadStream(file).pipe(res);
  });
}

/** A solid-colour clip with a tone, H.264/AAC in MP4 with the index first (streams over HTTP). */
export function makeColourClip(file: string, colour: string, seconds: number): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", `color=c=${colour}:s=160x90:r=25:d=${seconds}`, "-f", "lavfi", "-i", `sine=frequency=440:sample_rate=48000:duration=${seconds}`, "-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "64k", "-shortest", "-movflags", "+faststart", file], { stdio: ["ignore", "ignore", "pipe"] });
}
