import { Badge, Group, Progress, Stack, Text } from "@mantine/core";
import type { LibraryFieldsFragment } from "../../graphql/generated";
import { useTranslation } from "react-i18next";
import { currentLocale } from "../../i18n/i18n";
import { t } from "../../i18n/i18n";

export function formatTime(iso: string | null | undefined): string {
  return iso ? new Date(iso).toLocaleString(currentLocale(), { dateStyle: "medium", timeStyle: "short" }) : t("libraries.never");
}

/** A library's running scan (progress and folder) or the outcome of its last one. */
export function ScanStatus({ library }: { library: LibraryFieldsFragment }) {
  const { t } = useTranslation();
  if (library.scan) {
    const percent = Math.round(library.scan.percent);
    return (
      <Stack gap={4}>
        <Group gap="xs">
          <Badge color="blue" variant="light">{t("common.scanning")}</Badge>
          <Text size="sm">{percent}%</Text>
        </Group>
        <Progress value={percent} aria-label={t("libraries.scanOf", { name: library.name })} aria-valuetext={`${percent}%`} animated />
        {library.scan.currentFolder && <Text size="xs" c="dimmed" truncate="start">{library.scan.currentFolder}</Text>}
      </Stack>
    );
  }
  if (library.lastScanSuccess === null || library.lastScanSuccess === undefined) return <Badge color="gray" variant="light">{t("libraries.notScannedYet")}</Badge>;
  return (
    <Stack gap={2}>
      <Group gap="xs">
        <Badge color={library.lastScanSuccess ? "green" : "red"} variant="light">{library.lastScanSuccess ? t("common.scanned") : t("common.scanFailed")}</Badge>
        <Text size="xs" c="dimmed">{formatTime(library.lastScan)}</Text>
      </Group>
      {library.lastScanMessage && <Text size="xs" c={library.lastScanSuccess ? "dimmed" : "red"}>{library.lastScanMessage}</Text>}
    </Stack>
  );
}
