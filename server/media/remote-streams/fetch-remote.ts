/**
 * The only way Airwave reads a remote stream's URL itself (an IPTV playlist, an HLS playlist checked before
 * FFmpeg opens it, where a URL redirects to): GET with redirects followed by hand, each hop only to http or
 * https, the item's headers sent only while the request stays on the item URL's origin, at most `maxBytes`
 * read, one overall timeout. Failures are one-line reasons; the answer's body is never echoed.
 */
import { isFollowableRedirect, sameOrigin } from "../../domain/remote-stream";

export const FETCH_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 5;

export interface FetchOptions {
  headers?: Record<string, string>;
  maxBytes: number;
  timeoutMs?: number;
  /** Read no body: only where the URL ends up (redirects) and the status. */
  headOnly?: boolean;
  /** Keep the body as bytes (`bytes`) too. */
  binary?: boolean;
}

export type FetchResult = { ok: true; finalUrl: string; text: string; contentType: string; bytes?: Buffer } | { ok: false; reason: string; tooLarge?: boolean };

export async function fetchRemote(url: string, options: FetchOptions): Promise<FetchResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? FETCH_TIMEOUT_MS);
  try {
    let current = url;
    for (let hop = 0; ; hop++) {
      const headers = options.headers && sameOrigin(current, url) ? options.headers : {};
      let response: Response;
      try {
        response = await fetch(current, { redirect: "manual", headers: { "user-agent": "Airwave", ...headers }, signal: controller.signal });
      } catch (error) {
        return { ok: false, reason: controller.signal.aborted ? `no answer within ${(options.timeoutMs ?? FETCH_TIMEOUT_MS) / 1000} s` : `cannot connect (${causeOf(error)})` };
      }
      if (response.status >= 300 && response.status < 400 && response.headers.has("location")) {
        await response.body?.cancel();
        const target = new URL(response.headers.get("location")!, current).href;
        if (!isFollowableRedirect(target)) return { ok: false, reason: `redirects to a URL that is not http or https (${target.split(":")[0]}:)` };
        if (hop >= MAX_REDIRECTS) return { ok: false, reason: `more than ${MAX_REDIRECTS} redirects` };
        current = target;
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        return { ok: false, reason: `the server answered ${response.status}` };
      }
      const contentType = response.headers.get("content-type") ?? "";
      if (options.headOnly) {
        await response.body?.cancel();
        return { ok: true, finalUrl: current, text: "", contentType };
      }
      const declared = Number(response.headers.get("content-length") ?? "NaN");
      if (declared > options.maxBytes) {
        await response.body?.cancel();
        return { ok: false, reason: `is larger than ${describe(options.maxBytes)}`, tooLarge: true };
      }
      const chunks: Buffer[] = [];
      let size = 0;
      const reader = response.body?.getReader();
      while (reader) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > options.maxBytes) {
          await reader.cancel();
          return { ok: false, reason: `is larger than ${describe(options.maxBytes)}`, tooLarge: true };
        }
        chunks.push(Buffer.from(value));
      }
      const body = Buffer.concat(chunks);
      return { ok: true, finalUrl: current, text: options.binary ? "" : body.toString("utf8"), contentType, ...(options.binary ? { bytes: body } : {}) };
    }
  } catch (error) {
    return { ok: false, reason: controller.signal.aborted ? `no answer within ${(options.timeoutMs ?? FETCH_TIMEOUT_MS) / 1000} s` : causeOf(error) };
  } finally {
    clearTimeout(timer);
  }
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? "network error";
}

function describe(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MB` : `${Math.round(bytes / 1024)} KiB`;
}
