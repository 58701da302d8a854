/**
 * The bytes of `/iptv/xmltv.xml` in the encoding a request asked for, produced piece by piece so the
 * whole guide is never held:
 * - identity: the cached fragment files with the request's base URL and token filled in;
 * - gzip: one gzip stream stitched from per-fragment DEFLATE pieces (`http/gzip-members`) kept under
 *   `<cache>/compressed/<context>/`, each rebuilt only when its fragment's version moves;
 * - br: Brotli cannot be stitched, so the document is compressed as it streams and the result kept
 *   as one file per context and guide version, served as is until the guide changes.
 * A context is a base URL + token pair (what the placeholders become); the few most recently used are
 * kept on disk, older ones removed.
 */
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import { fillUrlPlaceholderBytes, type UrlContext } from "../guide";
import type { ContentEncoding } from "../http/content-negotiation";
import { deflatePiece, GZIP_HEADER, gzipTrailer, GzipTotals, type DeflatedPiece } from "../http/gzip-members";

/** One piece of the guide (a channel's `<channel>` element or its programmes) and the version it holds. */
export interface GuidePart {
  /** Names the part's compressed piece on disk: a file name, unique among the parts. */
  name: string;
  version: string;
  /** The part's text with URL placeholders (may build it first); read into `into` when it fits (a view of it is returned). */
  bytes(into?: Buffer): Promise<Buffer>;
}

const NEWLINE = Buffer.from("\n");
const PIECE_MAGIC = Buffer.from("AWZ1");
/** Parts loaded ahead of the one being sent: a rebuild renders this many channels at once. */
const READ_AHEAD = 4;
/** Size of the buffers cached parts are read into (a week of a busy channel fits; a larger part gets its own). */
const READ_BUFFER_BYTES = 512 * 1024;
/** Contexts whose compressed pieces stay on disk. */
const MAX_CONTEXTS = 4;
const BROTLI_OPTIONS: zlib.BrotliOptions = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
};

export class GuideBodies {
  private readonly contexts: string[] = [];

  constructor(private readonly compressedDir: string) {}

  /** A key for the URL context: the cached pieces of one context never serve another. */
  static contextKey(ctx: UrlContext): string {
    return createHash("sha256").update(`${ctx.baseUrl}\0${ctx.accessToken ?? ""}`).digest("hex").slice(0, 24);
  }

  /**
   * The document's chunks: header, every part (filled in), footer, in `encoding`. An identity chunk may
   * be a view of a buffer that is used again once `flushed()` (asked after the chunk was written)
   * resolves: write each chunk before asking for the next.
   */
  body(encoding: ContentEncoding | undefined, parts: readonly GuidePart[], header: Buffer, footer: Buffer, ctx: UrlContext, etag: string, flushed: () => Promise<void>): AsyncGenerator<Buffer> {
    if (encoding === "gzip") return this.gzip(parts, header, footer, ctx);
    if (encoding === "br") return this.brotli(parts, header, footer, ctx, etag);
    return identity(parts, header, footer, ctx, flushed);
  }

  private async *gzip(parts: readonly GuidePart[], header: Buffer, footer: Buffer, ctx: UrlContext): AsyncGenerator<Buffer> {
    const dir = await this.contextDir(ctx);
    const totals = new GzipTotals();
    const send = (piece: DeflatedPiece) => {
      totals.add(piece);
      return piece.deflated;
    };
    yield GZIP_HEADER;
    yield send(await deflatePiece(header));
    for await (const piece of prefetched(parts, (part) => cachedPiece(dir, part, ctx))) if (piece.length) yield send(piece);
    yield send(await deflatePiece(footer));
    yield gzipTrailer(totals.crc, totals.length);
  }

  private async *brotli(parts: readonly GuidePart[], header: Buffer, footer: Buffer, ctx: UrlContext, etag: string): AsyncGenerator<Buffer> {
    const dir = await this.contextDir(ctx);
    const file = path.join(dir, `xmltv.${etag.replace(/[^A-Za-z0-9_-]/g, "")}.br`);
    const stored = await fs.promises.open(file, "r").catch(() => undefined);
    if (stored) {
      try {
        for await (const chunk of stored.createReadStream({ autoClose: false })) yield chunk as Buffer;
      } finally {
        await stored.close();
      }
      return;
    }
    const temp = `${file}.${process.pid}.${randomUUID()}.tmp`;
    const out = await fs.promises.open(temp, "w");
    const compress = zlib.createBrotliCompress(BROTLI_OPTIONS);
    const source = Readable.from(identity(parts, header, footer, ctx));
    source.on("error", (error) => compress.destroy(error));
    source.pipe(compress);
    let complete = false;
    try {
      for await (const chunk of compress) {
        await out.write(chunk as Buffer);
        yield chunk as Buffer;
      }
      complete = true;
    } finally {
      source.destroy();
      compress.destroy();
      await out.close();
      if (complete) {
        await fs.promises.rename(temp, file);
        await removeOthers(dir, /^xmltv\..*\.br$/, path.basename(file));
      } else await fs.promises.rm(temp, { force: true });
    }
  }

  /** The folder of this context's compressed pieces; contexts beyond the newest MAX_CONTEXTS are removed. */
  private async contextDir(ctx: UrlContext): Promise<string> {
    const key = GuideBodies.contextKey(ctx);
    const at = this.contexts.indexOf(key);
    if (at >= 0) this.contexts.splice(at, 1);
    this.contexts.push(key);
    const dir = path.join(this.compressedDir, key);
    await fs.promises.mkdir(dir, { recursive: true });
    if (at < 0) await removeOthers(this.compressedDir, /^[0-9a-f]{24}$/, ...this.contexts.slice(-MAX_CONTEXTS));
    this.contexts.splice(0, Math.max(0, this.contexts.length - MAX_CONTEXTS));
    return dir;
  }
}

/**
 * The identity document, parts loaded ahead of the one being sent. With `flushed`, parts are read (or
 * rendered) into a few buffers used again once their bytes were sent: serving a 20 MB guide then
 * allocates a few MB, not 20, and the garbage collections that 20 MB of buffers set off in a large
 * heap (most of the time such a request took) do not happen.
 */
async function* identity(parts: readonly GuidePart[], header: Buffer, footer: Buffer, ctx: UrlContext, flushed?: () => Promise<void>): AsyncGenerator<Buffer> {
  const buffers = flushed && new ReadBuffers(READ_AHEAD + 2, READ_BUFFER_BYTES);
  const load = async (part: GuidePart) => {
    const buffer = await buffers?.take();
    try {
      return { pieces: await filledPieces(part, ctx, buffer), buffer };
    } catch (error) {
      if (buffer) buffers!.giveBack(buffer);
      throw error;
    }
  };
  yield header;
  for await (const { pieces, buffer } of prefetched(parts, load)) {
    yield* pieces;
    if (buffer) void flushed!().then(() => buffers!.giveBack(buffer));
  }
  yield footer;
}

/** A few equal buffers handed out in turn; `take` waits while all are out. */
class ReadBuffers {
  private readonly free: Buffer[] = [];
  private readonly waiting: Array<(buffer: Buffer) => void> = [];
  private made = 0;

  constructor(
    private readonly max: number,
    private readonly size: number,
  ) {}

  take(): Promise<Buffer> {
    const free = this.free.pop();
    if (free) return Promise.resolve(free);
    if (this.made < this.max) {
      this.made += 1;
      return Promise.resolve(Buffer.allocUnsafe(this.size));
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  giveBack(buffer: Buffer): void {
    const waiter = this.waiting.shift();
    if (waiter) waiter(buffer);
    else this.free.push(buffer);
  }
}

/** A part's text with the context's URLs in, and its line break, in pieces (none when the part is empty). */
async function filledPieces(part: GuidePart, ctx: UrlContext, into?: Buffer): Promise<Buffer[]> {
  const bytes = await part.bytes(into);
  return bytes.length ? [...fillUrlPlaceholderBytes(bytes, ctx).filter((piece) => piece.length > 0), NEWLINE] : [];
}

/**
 * A part's DEFLATE piece for this context, from `<dir>/<part>.z` when that holds the part's version
 * (`AWZ1`, version length, version, CRC, length, DEFLATE bytes), else compressed now and stored.
 */
async function cachedPiece(dir: string, part: GuidePart, ctx: UrlContext): Promise<DeflatedPiece> {
  const file = path.join(dir, `${part.name}.z`);
  const version = Buffer.from(part.version);
  const stored = await fs.promises.readFile(file).catch(() => undefined);
  if (stored && stored.subarray(0, 4).equals(PIECE_MAGIC)) {
    const length = stored.readUInt16LE(4);
    if (stored.subarray(6, 6 + length).equals(version)) {
      const at = 6 + length;
      return { crc: stored.readUInt32LE(at), length: stored.readUInt32LE(at + 4), deflated: stored.subarray(at + 8) };
    }
  }
  const piece = await deflatePiece(Buffer.concat(await filledPieces(part, ctx)));
  const head = Buffer.alloc(6 + version.length + 8);
  PIECE_MAGIC.copy(head, 0);
  head.writeUInt16LE(version.length, 4);
  version.copy(head, 6);
  head.writeUInt32LE(piece.crc, 6 + version.length);
  head.writeUInt32LE(piece.length, 10 + version.length);
  const temp = `${file}.${process.pid}.${randomUUID()}.tmp`;
  await fs.promises.writeFile(temp, Buffer.concat([head, piece.deflated]));
  await fs.promises.rename(temp, file);
  return piece;
}

/** `load` of each item in order, the next READ_AHEAD started while the current one is consumed. */
async function* prefetched<T, R>(items: readonly T[], load: (item: T) => Promise<R>): AsyncGenerator<R> {
  const loading: Array<Promise<R>> = [];
  const start = (i: number) => {
    if (i >= items.length) return;
    const next = load(items[i]!);
    next.catch(() => undefined); // awaited on a later turn; never an unhandled rejection if the consumer stops first
    loading.push(next);
  };
  for (let i = 0; i < Math.min(READ_AHEAD, items.length); i++) start(i);
  for (let i = 0; i < items.length; i++) {
    const current = await loading.shift()!;
    start(i + READ_AHEAD);
    yield current;
  }
}

/** Removes the entries of `dir` matching `pattern` except `keep`. */
async function removeOthers(dir: string, pattern: RegExp, ...keep: string[]): Promise<void> {
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  await Promise.all(names.filter((n) => pattern.test(n) && !keep.includes(n)).map((n) => fs.promises.rm(path.join(dir, n), { recursive: true, force: true })));
}
