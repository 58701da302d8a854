import { Group, Stack, Text, Title } from "@mantine/core";
import { ArtworkImage, pickArtwork } from "../../components/artwork/ArtworkImage";
import classes from "../../components/artwork/artwork.module.css";
import { PosterGrid } from "../../components/artwork/PosterGrid";
import { ThumbnailList } from "../../components/artwork/ThumbnailList";
import { SourceBadge } from "../../components/SourceBadge";
import type { MediaItemDetailQuery } from "../../graphql/generated";
import { useTranslation } from "react-i18next";

type Item = NonNullable<MediaItemDetailQuery["mediaItem"]>;

/** Title, poster and plot over the item's fan art (a plain panel when it has none). */
export function ItemHeader({ item }: { item: Item }) {
  const fanart = pickArtwork(item.artwork, "Fanart");
  const poster = pickArtwork(item.artwork, "Poster", "Cover", "Thumbnail");
  const ratio = poster?.kind === "Thumbnail" ? 16 / 9 : poster?.kind === "Cover" || item.kind === "Artist" ? 1 : 2 / 3;
  return (
    <div className={fanart ? classes.backdrop : undefined} style={fanart ? { backgroundImage: `url("${fanart.url}")` } : undefined} data-testid="item-header" data-backdrop={fanart?.url ?? ""}>
      <Group align="flex-start" wrap="nowrap" className={fanart ? classes.backdropContent : undefined}>
        <div style={{ flex: `0 0 ${ratio > 1 ? 240 : 160}px` }}>
          <ArtworkImage src={poster?.listUrl} alt={item.title} ratio={ratio} />
        </div>
        <Stack gap="xs" style={{ minWidth: 0 }}>
          <Title order={1}>{item.title}{item.year ? ` (${item.year})` : ""}</Title>
          <Group gap="xs">
            <Text c={fanart ? undefined : "dimmed"}>{item.kind}{item.contentRating ? ` · ${item.contentRating}` : ""}</Text>
            <SourceBadge source={item.source} />
          </Group>
          {item.plot && <Text>{item.plot}</Text>}
        </Stack>
      </Group>
    </div>
  );
}

/** A show's seasons as posters, a season's episodes with their thumbnails, an artist's songs with covers. */
export function ItemChildren({ kind, items }: { kind: string; items: Item["children"] }) {
  const { t } = useTranslation();
  if (kind === "Show") {
    return <PosterGrid label={t("common.seasons")} items={items.map((c) => ({ ...c, title: c.title || t("libraries.season", { seasonNumber: c.seasonNumber }), year: null }))} />;
  }
  const episodes = kind === "Season";
  return (
    <ThumbnailList
      label={episodes ? t("common.episodes") : t("common.songs")}
      kinds={episodes ? ["Thumbnail"] : ["Cover", "Poster"]}
      ratio={episodes ? 16 / 9 : 1}
      items={items.map((c) => ({ id: c.id, title: c.title, prefix: c.episodeNumber != null ? `${c.episodeNumber}.` : undefined, detail: c.plot, artwork: c.artwork }))}
    />
  );
}
