/**
 * A channel's cached guide fragment on disk: one file, `channel-<id>.fragment`, holding a first line
 * of JSON (the fragment's change key, build time and `<channel>` element) and then the channel's
 * `<programme>` elements as UTF-8. One file per channel, not one per part: a full guide rebuild
 * creates and renames a hundred files instead of three hundred, and that costs more than rendering
 * on a slow disk.
 */
import fs from "node:fs";
import path from "node:path";
import { MAX_XMLTV_TIME_BYTES, writeXmltvTime, type XmlTextSink } from "../guide";

/** What the first line of a fragment file says about it. */
export interface FragmentHead {
  key: string;
  number: string;
  builtAt: number;
  /** The `<channel>` element (with URL placeholders). */
  channelXml: string;
}

const NEWLINE = 0x0a;
/** Numbers temp files: two writes of one fragment at once never share one. */
let tempFiles = 0;
/** The fragment encoder's scratch buffer: a week of a busy channel fits; one that grew past the limit is dropped after use. */
const SCRATCH_BYTES = 512 * 1024;
const MAX_KEPT_SCRATCH_BYTES = 4 * 1024 * 1024;
/** Bytes read to find the first line; a longer one (a channel with a huge name) is read whole. */
const HEAD_READ = 16 * 1024;

export function fragmentFileName(channelId: number): string {
  return `channel-${channelId}.fragment`;
}

export const FRAGMENT_FILE_PATTERN = /^channel-\d+\.fragment$/;

/** Writes the fragment to a temp file and renames it over `file`, so readers see the old one or the new one, never half. */
export async function writeFragmentFile(file: string, head: FragmentHead, programmes: Buffer): Promise<void> {
  const temp = `${file}.${process.pid}.${++tempFiles}.tmp`;
  const handle = await fs.promises.open(temp, "w");
  try {
    await handle.writev([Buffer.from(`${JSON.stringify(head)}\n`), programmes]);
  } finally {
    await handle.close();
  }
  await fs.promises.rename(temp, file);
}

/** The first line of a fragment file, or undefined when it is missing or unreadable. */
export async function readFragmentHead(file: string): Promise<FragmentHead | undefined> {
  try {
    const handle = await fs.promises.open(file, "r");
    try {
      const start = Buffer.allocUnsafe(HEAD_READ);
      const { bytesRead } = await handle.read(start, 0, HEAD_READ, 0);
      let end = start.subarray(0, bytesRead).indexOf(NEWLINE);
      let bytes = start;
      if (end < 0 && bytesRead === HEAD_READ) {
        bytes = await fs.promises.readFile(file);
        end = bytes.indexOf(NEWLINE);
      }
      return end < 0 ? undefined : parseHead(bytes.toString("utf8", 0, end));
    } finally {
      await handle.close();
    }
  } catch {
    return undefined;
  }
}

/**
 * The `<programme>` elements of a fragment file (empty when there are none), read into `into` when it
 * is large enough (a view of it is returned), else into a new buffer.
 */
export async function readFragmentProgrammes(file: string, into?: Buffer): Promise<Buffer> {
  // Blocking calls on purpose: a fragment is a few hundred KB, nearly always in the page cache (this
  // process wrote it), and the four calls of an async read cost the main thread about four times the
  // copy (serving 100 cached channels: 90 -> 70 ms). A cold disk blocks the loop for one fragment's
  // read at a time; the response awaits its socket between fragments.
  const fd = fs.openSync(file, "r");
  let bytes: Buffer;
  try {
    const { size } = fs.fstatSync(fd);
    bytes = into && into.length >= size ? into.subarray(0, size) : Buffer.allocUnsafe(size);
    let filled = 0;
    while (filled < size) {
      const bytesRead = fs.readSync(fd, bytes, filled, size - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    bytes = bytes.subarray(0, filled);
  } finally {
    fs.closeSync(fd);
  }
  const end = bytes.indexOf(NEWLINE);
  if (end < 0) throw new Error(`${path.basename(file)}: not a guide fragment`);
  return bytes.subarray(end + 1);
}

function parseHead(line: string): FragmentHead | undefined {
  try {
    const head = JSON.parse(line) as Partial<FragmentHead>;
    const valid = typeof head.key === "string" && typeof head.number === "string" && typeof head.builtAt === "number" && typeof head.channelXml === "string";
    return valid ? (head as FragmentHead) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Encodes a fragment's text as UTF-8 piece by piece into one scratch buffer kept between fragments,
 * then copies out exactly the bytes written: no string of the whole fragment is made, and a rebuild
 * allocates each fragment's bytes once (fresh growing buffers per fragment cost more in GC than the
 * copy). Recurring pieces (a programme's metadata text, repeated for every airing) are encoded once
 * per fragment and copied after that.
 */
export class FragmentEncoder {
  private scratch = Buffer.allocUnsafe(SCRATCH_BYTES);
  private length = 0;
  private readonly encoded = new Map<string, Buffer>();

  /**
   * The bytes `write` puts into the sink, copied into `into` when they fit (a view of it is returned),
   * else into a new buffer; and what `write` answered. `write` must finish synchronously (the scratch
   * buffer is shared).
   */
  encode<T>(write: (sink: XmlTextSink) => T, into?: Buffer): { bytes: Buffer; result: T } {
    this.length = 0;
    try {
      const result = write(this.sink);
      const written = this.scratch.subarray(0, this.length);
      if (into && into.length >= this.length) {
        written.copy(into);
        return { bytes: into.subarray(0, this.length), result };
      }
      return { bytes: Buffer.from(written), result };
    } finally {
      this.encoded.clear();
      if (this.scratch.length > MAX_KEPT_SCRATCH_BYTES) this.scratch = Buffer.allocUnsafe(SCRATCH_BYTES);
    }
  }

  private readonly sink: XmlTextSink = {
    text: (text) => {
      // A UTF-16 code unit never takes more than 3 UTF-8 bytes.
      this.reserve(text.length * 3);
      this.length += this.scratch.write(text, this.length);
    },
    recurring: (text) => {
      let bytes = this.encoded.get(text);
      if (bytes === undefined) this.encoded.set(text, (bytes = Buffer.from(text)));
      this.reserve(bytes.length);
      this.scratch.set(bytes, this.length);
      this.length += bytes.length;
    },
    time: (epochMs, timeZone) => {
      this.reserve(MAX_XMLTV_TIME_BYTES);
      this.length = writeXmltvTime(this.scratch, this.length, epochMs, timeZone);
    },
  };

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.scratch.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.length + bytes, this.scratch.length * 2));
    this.scratch.copy(grown, 0, 0, this.length);
    this.scratch = grown;
  }
}
