import { Anchor, Group, Stack, Text } from "@mantine/core";
import { Link } from "../../app/router";
import { ArtworkImage, pickArtwork, type ArtworkLike } from "./ArtworkImage";

export interface ListItem {
  id: number;
  title: string;
  /** Shown before the title, e.g. an episode number. */
  prefix?: string;
  detail?: string | null;
  artwork: readonly ArtworkLike[];
}

/** Items as rows with a small picture (episode thumbnails, song covers), each linking to its page. */
export function ThumbnailList({ items, label, kinds, ratio }: { items: readonly ListItem[]; label: string; kinds: string[]; ratio: number }) {
  return (
    <Stack gap="sm" role="list" aria-label={label}>
      {items.map((item) => (
        <Group key={item.id} wrap="nowrap" align="flex-start" role="listitem">
          <div style={{ flex: "0 0 160px" }}>
            <ArtworkImage src={pickArtwork(item.artwork, ...kinds)?.listUrl} alt={item.title} ratio={ratio} />
          </div>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/media/${item.id}`} fw={500}>
              {item.prefix ? `${item.prefix} ` : ""}
              {item.title}
            </Anchor>
            {item.detail && <Text size="sm" c="dimmed" lineClamp={2}>{item.detail}</Text>}
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}
