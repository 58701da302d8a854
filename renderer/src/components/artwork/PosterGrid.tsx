import { Text } from "@mantine/core";
import { Link } from "../../app/router";
import { ArtworkImage, pickArtwork, type ArtworkLike } from "./ArtworkImage";
import classes from "./artwork.module.css";

export interface GridItem {
  id: number;
  title: string;
  year?: number | null;
  artwork: readonly ArtworkLike[];
}

/** Items as a grid of posters (covers for music), each linking to its page. */
export function PosterGrid({ items, label, ratio = 2 / 3 }: { items: readonly GridItem[]; label: string; ratio?: number }) {
  return (
    <div className={classes.grid} role="list" aria-label={label}>
      {items.map((item) => (
        // The list item wraps the link: a role on the link itself would hide it from assistive technology as a link.
        <div key={item.id} role="listitem">
          <Link to={`/media/${item.id}`} className={classes.card}>
            <ArtworkImage src={pickArtwork(item.artwork, "Poster", "Cover")?.listUrl} alt={item.title} ratio={ratio} />
            <Text size="sm" fw={500} lineClamp={2}>{item.title}</Text>
            {item.year != null && <Text size="xs" c="dimmed">{item.year}</Text>}
          </Link>
        </div>
      ))}
    </div>
  );
}
