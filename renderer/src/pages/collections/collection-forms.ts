import type { PlaybackOrder } from "../../graphql/generated";

export const PLAYBACK_ORDERS: PlaybackOrder[] = ["Chronological", "SeasonEpisode", "Random", "Shuffle", "ShuffleInOrder", "MultiEpisodeShuffle", "RandomRotation", "Marathon"];

/** The server's errors for one row (`items[2].collectionId` → `{ collectionId }`, `items[2]` → `{ general }`). */
export function fieldErrorsAt(errors: readonly { field: string; message: string }[], prefix: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const { field, message } of errors) {
    const name = field.replace(/^input\./, "");
    if (name !== prefix && !name.startsWith(`${prefix}.`)) continue;
    const key = name === prefix ? "general" : name.slice(prefix.length + 1);
    result[key] = result[key] ? `${result[key]}; ${message}` : message;
  }
  return result;
}
