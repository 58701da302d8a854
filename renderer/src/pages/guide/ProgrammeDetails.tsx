import { Badge, Drawer, Group, Stack, Text, Title } from "@mantine/core";
import { ArtworkImage } from "../../components/artwork/ArtworkImage";
import type { GuideGridQuery } from "../../graphql/generated";
import { clock } from "./guide-layout";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../i18n/format";

export type GuideProgramme = GuideGridQuery["guide"][number]["programmes"][number];
export type GuideRow = GuideGridQuery["guide"][number];

export function episodeLabel(p: Pick<GuideProgramme, "seasonNumber" | "episodeNumber">): string | null {
  if (p.seasonNumber == null && p.episodeNumber == null) return null;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${p.seasonNumber != null ? `S${pad(p.seasonNumber)}` : ""}${p.episodeNumber != null ? `E${pad(p.episodeNumber)}` : ""}`;
}

/** A programme's picture, title, time, episode and description, in a drawer. */
export function ProgrammeDetails({ selected, onClose }: { selected: { row: GuideRow; programme: GuideProgramme } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const p = selected?.programme;
  const start = p ? Date.parse(p.start) : 0;
  const stop = p ? Date.parse(p.stop) : 0;
  return (
    <Drawer opened={Boolean(selected)} onClose={onClose} position="right" title={t("common.programme")} size="md">
      {p && selected && (
        <Stack gap="sm" data-testid="programme-details">
          {p.imageUrl && (
            <div style={{ width: p.kind === "Song" ? 200 : 160 }}>
              <ArtworkImage src={p.imageUrl} alt={p.title} ratio={p.kind === "Song" ? 1 : 2 / 3} />
            </div>
          )}
          <Title order={2} size="h3">{p.title}</Title>
          {p.subtitle && <Text fw={500}>{p.subtitle}</Text>}
          <Group gap="xs">
            {episodeLabel(p) && <Badge variant="light">{episodeLabel(p)}</Badge>}
            <Badge variant="outline" color="gray">{p.kind}</Badge>
            {p.contentRating && <Badge variant="outline" color="gray">{p.contentRating}</Badge>}
          </Group>
          <Text size="sm">{t("guide.whenAndLength", { day: format.dayAndDate(start), start: clock(start), stop: clock(stop), minutes: format.number(Math.round((stop - start) / 60_000)) })}</Text>
          <Text size="sm" c="dimmed">{t("guide.channel2", { number: selected.row.number, name: selected.row.name })}</Text>
          {p.description ? <Text size="sm">{p.description}</Text> : <Text size="sm" c="dimmed">{t("common.noDescription")}</Text>}
        </Stack>
      )}
    </Drawer>
  );
}
