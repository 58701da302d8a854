import type { MediaItem } from "../types";

export type MarathonGroupBy = "show" | "season" | "artist" | "album" | "director";

/**
 * Marathon group of an item (reference §5.6). Items the grouping does not apply to share one group, keyed
 * by the grouping's bare name, e.g. "show" (upstream: key 0); real groups always contain a colon.
 *   show      episodes by show
 *   season    episodes by season (season id, else show + season number)
 *   artist    music videos by artist
 *   album     songs by album; music videos by artist + album
 *   director  movies, episodes, music videos and other videos by their first director
 */
export function marathonGroupOf(item: MediaItem, groupBy: MarathonGroupBy): string {
  switch (groupBy) {
    case "show":
      return item.kind === "episode" && item.showId !== undefined ? `show:${item.showId}` : "show";
    case "season":
      if (item.kind !== "episode") return "season";
      if (item.seasonId !== undefined) return `season:${item.seasonId}`;
      return item.seasonNumber === undefined ? "season" : `season:${item.showId ?? "?"}/${item.seasonNumber}`;
    case "artist": {
      const artist = item.artistId ?? item.artist;
      return item.kind === "musicVideo" && artist !== undefined ? `artist:${artist}` : "artist";
    }
    case "album":
      if (item.kind === "song") return `album:song:${item.album ?? ""}`;
      if (item.kind === "musicVideo") return `album:mv:${item.artistId ?? item.artist ?? ""}/${item.album ?? ""}`;
      return "album";
    case "director": {
      const first = item.directors?.[0];
      const directed = item.kind === "movie" || item.kind === "episode" || item.kind === "musicVideo" || item.kind === "otherVideo";
      return directed && first !== undefined ? `director:${first}` : "director";
    }
  }
}

/** Groups in order of first appearance, items in input order within a group. */
export function groupForMarathon<T extends MediaItem>(items: readonly T[], groupBy: MarathonGroupBy): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = marathonGroupOf(item, groupBy);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
