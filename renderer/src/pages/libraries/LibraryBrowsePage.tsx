import { Anchor, Breadcrumbs, Group, Pagination, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useQuery } from "urql";
import type { PageProps } from "../../app/routes";
import { Link } from "../../app/router";
import { PosterGrid } from "../../components/artwork/PosterGrid";
import { ThumbnailList } from "../../components/artwork/ThumbnailList";
import { ServerMessage } from "../../components/ServerMessage";
import { RemoteStreamList } from "../remote-streams/RemoteStreamList";
import { BrowseMediaDocument, LibraryByIdDocument, type MediaItemKind } from "../../graphql/generated";
import { useTranslation } from "react-i18next";
import { t } from "../../i18n/i18n";

const PAGE_SIZE = 50;
const TOP_LEVEL = (): { value: MediaItemKind; label: string }[] => ([
  { value: "Show", label: t("common.shows") },
  { value: "Movie", label: t("common.movies") },
  { value: "OtherVideo", label: t("common.otherVideos") },
  { value: "Artist", label: t("common.artists") },
]);
const FIRST_KIND: Record<string, MediaItemKind> = { Shows: "Show", Movies: "Movie", OtherVideos: "OtherVideo", Music: "Artist", RemoteStreams: "RemoteStream" };
const POLL_MS = 1000;

/**
 * A library's shows, movies or artists as a poster grid, other videos as a list with thumbnails, a page at a time;
 * a RemoteStreams library's streams as a table to add, edit and delete them.
 */
export default function LibraryBrowsePage({ params }: PageProps) {
  const { t } = useTranslation();
  const libraryId = Number(params.id);
  const [{ data: libraryData, error: libraryError }, refetchLibrary] = useQuery({ query: LibraryByIdDocument, variables: { id: libraryId }, requestPolicy: "cache-and-network" });
  const library = libraryData?.library;
  const scanning = Boolean(library?.scan);
  useEffect(() => {
    if (!scanning) return;
    const timer = window.setInterval(() => refetchLibrary({ requestPolicy: "network-only" }), POLL_MS);
    return () => window.clearInterval(timer);
  }, [scanning, refetchLibrary]);
  const remote = library?.kind === "RemoteStreams";
  const [chosenKind, setKind] = useState<MediaItemKind | null>(null);
  const kind = chosenKind ?? (library ? FIRST_KIND[library.kind] : null) ?? "Show";
  const [page, setPage] = useState(1);
  const [{ data, error, fetching }] = useQuery({
    query: BrowseMediaDocument,
    variables: { libraryId, kind, pageNumber: page - 1, pageSize: PAGE_SIZE },
    pause: !library || remote,
  });
  const media = remote ? undefined : data?.mediaItems;
  return (
    <Stack>
      <Breadcrumbs>
        <Anchor component={Link} to="/libraries">{t("common.libraries")}</Anchor>
        <Text>{library?.name ?? "…"}</Text>
      </Breadcrumbs>
      <Title order={1}>{library?.name ?? t("common.library")}</Title>
      <ServerMessage title={t("common.cannotLoad")} message={libraryError?.message ?? error?.message} />
      {remote && <RemoteStreamList libraryId={libraryId} scanning={scanning} />}
      {library && !remote && <SegmentedControl aria-label={t("libraries.kindOfMedia")} data={TOP_LEVEL()} value={kind} onChange={(v) => { setKind(v as MediaItemKind); setPage(1); }} />}
      <div aria-busy={fetching}>
        {media && kind === "OtherVideo" && (
          <ThumbnailList label={t("common.otherVideos")} kinds={["Thumbnail", "Poster"]} ratio={16 / 9} items={media.items.map((i) => ({ ...i, detail: i.year ? String(i.year) : null }))} />
        )}
        {media && kind !== "OtherVideo" && <PosterGrid label={TOP_LEVEL().find((k) => k.value === kind)?.label ?? t("common.items")} items={media.items} ratio={kind === "Artist" ? 1 : 2 / 3} />}
      </div>
      {media && media.totalCount === 0 && <Text c="dimmed">{t("libraries.nothingOfThisKindInThe")}</Text>}
      {media && media.totalCount > PAGE_SIZE && (
        <Group justify="center">
          <Pagination total={Math.ceil(media.totalCount / PAGE_SIZE)} value={page} onChange={setPage} aria-label={t("common.pages")} />
        </Group>
      )}
    </Stack>
  );
}
