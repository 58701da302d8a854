/**
 * The identity guide body reads cached parts into a few buffers and uses each again once the bytes sent
 * from it are flushed. A slow client must never see a chunk change between the moment it was written
 * and the moment it left: each chunk is compared with a copy taken when it was written, at a flush the
 * test's reader does on its own timer, as a socket does.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fillUrlPlaceholders, type UrlContext } from "../../server/guide";
import { BASE_URL_PLACEHOLDER } from "../../server/guide/xmltv-url-writer";
import { GuideBodies, type GuidePart } from "../../server/iptv/guide-body";
import { createRandom } from "../../server/playout/random/random-source";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "airwave-guide-buffers-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const ctx: UrlContext = { baseUrl: "http://tv.example:8409" };
const header = Buffer.from("<tv>\n");
const footer = Buffer.from("</tv>\n");

/** Parts whose bytes come from files, read into the buffer offered when it is large enough (as cached fragments are). */
function fileParts(texts: string[]): GuidePart[] {
  return texts.map((text, i) => {
    const file = path.join(dir, `part-${i}.xml`);
    fs.writeFileSync(file, text);
    return {
      name: `part-${i}`,
      version: "1",
      async bytes(into?: Buffer) {
        const size = fs.statSync(file).size;
        const target = into && into.length >= size ? into.subarray(0, size) : Buffer.alloc(size);
        const handle = await fs.promises.open(file, "r");
        await handle.read(target, 0, size, 0);
        await handle.close();
        return target;
      },
    };
  });
}

/** Text of `length` letters (a new one per part) with a base-URL placeholder in the middle. */
function partText(random: () => number, length: number): string {
  const letter = String.fromCharCode(97 + Math.floor(random() * 26));
  return `${letter.repeat(length / 2)}<icon src="${BASE_URL_PLACEHOLDER}/a.png" />${letter.toUpperCase().repeat(length / 2)}`;
}

describe("identity guide body with reused read buffers", () => {
  it("sends every part exactly, and no chunk changes before the slow client's flush", async () => {
    const source = createRandom(7);
    const random = () => source.nextFloat();
    // 24 parts, more than the buffers a request uses; two larger than one buffer (512 KB).
    const sizes = Array.from({ length: 24 }, (_, i) => (i === 5 || i === 17 ? 700_000 : 1_000 + Math.floor(random() * 300_000)));
    const texts = sizes.map((size) => partText(random, size));
    const parts = fileParts(texts);

    const unflushed: Array<{ view: Buffer; copy: Buffer }> = [];
    let waiters: Array<() => void> = [];
    let changed = 0;
    let flushes = 0;
    const flush = () => {
      for (const chunk of unflushed.splice(0)) if (!chunk.view.equals(chunk.copy)) changed += 1;
      flushes += 1;
      const release = waiters;
      waiters = [];
      for (const resolve of release) resolve();
    };
    const flusher = setInterval(flush, 15);
    const received: Buffer[] = [];
    try {
      const body = new GuideBodies(path.join(dir, "compressed")).body(undefined, parts, header, footer, ctx, "etag", () => new Promise<void>((resolve) => waiters.push(resolve)));
      for await (const chunk of body) {
        unflushed.push({ view: chunk, copy: Buffer.from(chunk) });
        received.push(Buffer.from(chunk));
      }
    } finally {
      clearInterval(flusher);
    }
    flush();

    const expected = `<tv>\n${texts.map((t) => `${fillUrlPlaceholders(t, ctx)}\n`).join("")}</tv>\n`;
    const text = Buffer.concat(received).toString("utf8");
    expect(text.length).toBe(expected.length);
    expect(text === expected).toBe(true);
    expect(changed).toBe(0);
    expect(flushes).toBeGreaterThan(1);
  });
});
