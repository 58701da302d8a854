/**
 * The cover image of a song for its stream picture: `cover`, `folder` or `front` (.jpg, .jpeg, .png,
 * .webp, any case) in the song's folder. Only this function knows where covers come from, so it can move
 * to the artwork cache without the stream changing; a song with none shows its embedded picture.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";

const NAMES = ["cover", "folder", "front"];
const EXTENSIONS = [".jpg", ".jpeg", ".png", ".webp"];

export async function findSongCover(songPath: string): Promise<string | undefined> {
  const folder = path.dirname(songPath);
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    return undefined;
  }
  const rank = (name: string) => {
    const ext = path.extname(name).toLowerCase();
    const stem = name.slice(0, name.length - ext.length).toLowerCase();
    return EXTENSIONS.includes(ext) ? NAMES.indexOf(stem) : -1;
  };
  const found = entries
    .filter((e) => e.isFile() && rank(e.name) >= 0)
    .sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
  return found.length ? path.join(folder, found[0].name) : undefined;
}
