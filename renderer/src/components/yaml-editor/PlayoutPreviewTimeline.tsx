import { Alert, Badge, Box, Group, Stack, Table, Text, Tooltip } from "@mantine/core";
import type { PlayoutEditorPreviewQuery } from "../../graphql/generated";
import { useTranslation } from "react-i18next";
import { currentLocale } from "../../i18n/i18n";

type PreviewItem = PlayoutEditorPreviewQuery["previewPlayout"]["items"][number];

const time = (iso: string) => new Date(iso).toLocaleTimeString(currentLocale(), { hour: "2-digit", minute: "2-digit" });
export const previewTitle = (item: PreviewItem) => item.customTitle ?? item.mediaTitle ?? (item.mediaItemId === null ? "Offline" : `Item ${item.mediaItemId}`);
const COLORS = ["indigo", "teal", "grape", "orange", "cyan", "pink"];

/** The next hours a build would produce: a proportional bar and the list of items. */
export function PlayoutPreviewTimeline({ preview, hours }: { preview: PlayoutEditorPreviewQuery["previewPlayout"]; hours: number }) {
  const { t } = useTranslation();
  const items = preview.items;
  if (items.length === 0) return <Text size="sm">{t("yamlEditor.thePreviewHasNoItemsIn", { hours: hours })}</Text>;
  const start = Date.parse(items[0].start);
  const end = Math.max(...items.map((i) => Date.parse(i.finish)));
  const span = Math.max(1, end - start);
  return (
    <Stack gap="xs" aria-label={t("yamlEditor.previewOfTheNextHours")} role="region">
      <Box style={{ display: "flex", height: 28, borderRadius: 4, overflow: "hidden", border: "1px solid var(--mantine-color-default-border)" }} aria-hidden="true">
        {items.map((item, i) => (
          <Tooltip key={i} label={`${time(item.start)} ${previewTitle(item)}`}>
            <Box
              style={{
                width: `${((Date.parse(item.finish) - Date.parse(item.start)) / span) * 100}%`,
                background: item.fillerKind !== "None" ? "var(--mantine-color-gray-5)" : `var(--mantine-color-${COLORS[(item.contentKey?.length ?? 0) % COLORS.length]}-filled)`,
                borderRight: "1px solid var(--mantine-color-body)",
              }}
            />
          </Tooltip>
        ))}
      </Box>
      {preview.warnings.length > 0 && (
        <Alert color="yellow" title={t("yamlEditor.warningsFromTheServer")}>{preview.warnings.join("\n")}</Alert>
      )}
      <Table.ScrollContainer minWidth={500} mah={260}>
        <Table striped withTableBorder verticalSpacing={4} fz="sm" data-testid="playout-preview">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={130}>{t("common.time")}</Table.Th>
              <Table.Th>{t("common.title")}</Table.Th>
              <Table.Th w={140}>{t("common.content")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.slice(0, 60).map((item, i) => (
              <Table.Tr key={i}>
                <Table.Td>{time(item.start)}–{time(item.finish)}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" truncate>{previewTitle(item)}</Text>
                    {item.fillerKind !== "None" && <Badge size="xs" variant="light" color="gray">{item.fillerKind}</Badge>}
                  </Group>
                </Table.Td>
                <Table.Td><Text size="xs" ff="monospace">{item.contentKey ?? ""}</Text></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {items.length > 60 && <Text size="xs" c="dimmed">{t("yamlEditor.andMoreItemsUntil", { count: items.length - 60, time: time(items[items.length - 1].finish) })}</Text>}
    </Stack>
  );
}
