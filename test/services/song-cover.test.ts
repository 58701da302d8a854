import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSongCover } from "../../server/services/song-cover";
import { makeTempDir } from "../support/test-server";

let root: string;
const touch = (...parts: string[]) => {
  const file = path.join(root, ...parts);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, "x");
  return file;
};

beforeAll(() => {
  root = makeTempDir("airwave-song-cover-");
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("findSongCover", () => {
  it("finds cover, then folder, then front images in the song's folder, in any case", async () => {
    const song = touch("A", "01.mp3");
    expect(await findSongCover(song)).toBeUndefined();
    touch("A", "back.jpg");
    touch("A", "cover.txt");
    fs.mkdirSync(path.join(root, "A", "cover.png"));
    expect(await findSongCover(song)).toBeUndefined();
    const front = touch("A", "FRONT.WEBP");
    expect(await findSongCover(song)).toBe(front);
    const folder = touch("A", "Folder.jpeg");
    expect(await findSongCover(song)).toBe(folder);
    const cover = touch("A", "cover.jpg");
    expect(await findSongCover(song)).toBe(cover);
  });

  it("gives nothing for a folder that cannot be read", async () => {
    expect(await findSongCover(path.join(root, "missing", "01.mp3"))).toBeUndefined();
  });
});
