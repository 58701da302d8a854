import { createHash, timingSafeEqual } from "node:crypto";
import { stat } from "node:fs/promises";
import path from "node:path";
import type { Database } from "../../db/database";
import type { PathReplacement } from "../../db/entities/media-source";
import type { Repositories } from "../../db/repositories";
import { fetchWithCredential } from "../../media-servers/credential-fetch";
import { MediaServerError } from "../../media-servers/types";
import type { SecretSink } from "../../logging/secrets";
import { DomainError } from "../domain-error";
import type { MediaServerClientFor } from "./media-source-service";
import { isSourceLocator } from "./source-locators";

/** Where FFmpeg reads a media-source file when no path replacement gives a local copy. */
export interface PlaybackInput {
  /** A local file (a path replacement matched and the file is readable), or the item's `media-source://` name. */
  path: string;
  /** The loopback proxy URL of the server's static stream (no credential in it). */
  inputUrl?: string;
}

export interface ProxiedStream {
  status: number;
  headers: Record<string, string>;
  body: ReadableStream<Uint8Array> | null;
}

const PASSED_HEADERS = ["content-type", "content-length", "content-range", "accept-ranges", "last-modified", "etag"];

/**
 * Playback of media-source items: a path replacement that turns the server's path into a readable
 * local file is read directly; otherwise FFmpeg reads `/internal/media-source-stream` on loopback,
 * which this service answers from the server's static stream with the credential added here — so
 * the key reaches neither FFmpeg's arguments nor any log. The proxy URL carries a per-run capability.
 */
export class RemotePlayback {
  private loopbackBase: string | undefined;
  private readonly capability: string;

  constructor(
    private readonly db: Database,
    private readonly clientFor: MediaServerClientFor,
    random: () => number,
    secrets?: SecretSink,
  ) {
    this.capability = Array.from({ length: 6 }, () => Math.floor(random() * 2 ** 32).toString(16).padStart(8, "0")).join("");
    secrets?.add(this.capability);
  }

  /** The server's own loopback address, known once it listens. */
  setLoopbackBase(url: string): void {
    this.loopbackBase = url.replace(/\/$/, "");
  }

  /** How to play a version path: unchanged for local files; for media-source items, the local copy or the proxy. */
  async resolve(repos: Repositories, versionPath: string): Promise<PlaybackInput | null> {
    if (!isSourceLocator(versionPath)) return null;
    const remote = await repos.mediaSources.remoteFile(versionPath);
    if (!remote) return { path: versionPath };
    const local = remote.remotePath ? replacePath(remote.remotePath, remote.source.pathReplacements) : null;
    if (local && (await isFile(local))) return { path: local };
    if (!remote.remoteKey || !this.loopbackBase) return { path: versionPath };
    return { path: versionPath, inputUrl: `${this.loopbackBase}/internal/media-source-stream?path=${encodeURIComponent(versionPath)}&cap=${this.capability}` };
  }

  /** Answers the loopback proxy: the server's stream of the item (Range passed through), for a holder of the capability. */
  async open(versionPath: string, capability: string, range: string | undefined): Promise<ProxiedStream> {
    if (!sameSecret(capability, this.capability)) throw DomainError.notFound("Stream", "");
    const remote = await this.db.read((repos) => repos.mediaSources.remoteFile(versionPath));
    if (!remote?.remoteKey) throw DomainError.notFound("Media-source file", versionPath);
    const source = this.clientFor(remote.source).streamSource(remote.remoteKey);
    let response: Response;
    try {
      // Piped to FFmpeg with back-pressure, never held in memory: no size cap, but no redirect off the server's origin.
      response = await fetchWithCredential(source.url, { headers: { ...source.headers, ...(range ? { Range: range } : {}) } }, "reading the stream");
    } catch (error) {
      if (error instanceof MediaServerError) return { status: 502, headers: {}, body: null };
      throw error;
    }
    const headers: Record<string, string> = {};
    for (const name of PASSED_HEADERS) {
      const value = response.headers.get(name);
      if (value) headers[name] = value;
    }
    return { status: response.status, headers, body: response.body };
  }
}

/** The first replacement whose server prefix (whole path segments) matches, applied; separators follow the local side. */
export function replacePath(serverPath: string, replacements: readonly PathReplacement[]): string | null {
  for (const { serverPath: from, localPath: to } of replacements) {
    const prefix = from.replace(/[\\/]+$/, "");
    if (serverPath !== prefix && !serverPath.startsWith(`${prefix}/`) && !serverPath.startsWith(`${prefix}\\`)) continue;
    const rest = serverPath.slice(prefix.length).split(/[\\/]+/).filter(Boolean);
    const windows = /^[A-Za-z]:[\\/]|^\\\\/.test(to);
    return windows ? path.win32.join(to, ...rest) : path.posix.join(to, ...rest);
  }
  return null;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}
