import { ActionIcon, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";

export interface PathReplacementRow {
  serverPath: string;
  localPath: string;
}

/** Rows of "server path prefix → local path prefix"; the server checks them. */
export function PathReplacementsInput({ value, onChange, error }: { value: PathReplacementRow[]; onChange: (rows: PathReplacementRow[]) => void; error?: string }) {
  const { t } = useTranslation();
  const set = (index: number, row: Partial<PathReplacementRow>) => onChange(value.map((old, i) => (i === index ? { ...old, ...row } : old)));
  return (
    <Stack gap="xs" role="group" aria-label={t("common.pathReplacements")}>
      <Text size="sm" fw={500}>{t("common.pathReplacements")}</Text>
      <Text size="xs" c="dimmed">{t("mediaSources.whenTheServerSFilesAreAlso")}</Text>
      {value.map((row, index) => (
        <Group key={index} wrap="nowrap" align="flex-end">
          <TextInput label={t("mediaSources.serverPath", { value: index + 1 })} placeholder={"/data/tv"} value={row.serverPath} onChange={(e) => set(index, { serverPath: e.currentTarget.value })} style={{ flex: 1 }} />
          <TextInput label={t("mediaSources.localPath", { value: index + 1 })} placeholder={"/mnt/nas/tv"} value={row.localPath} onChange={(e) => set(index, { localPath: e.currentTarget.value })} style={{ flex: 1 }} />
          <ActionIcon variant="subtle" color="red" size="lg" aria-label={t("mediaSources.removePathReplacement", { value: index + 1 })} onClick={() => onChange(value.filter((_, i) => i !== index))}>
            ×
          </ActionIcon>
        </Group>
      ))}
      {error && <Text size="xs" c="red">{error}</Text>}
      <Group>
        <Button size="xs" variant="default" onClick={() => onChange([...value, { serverPath: "", localPath: "" }])}>{t("mediaSources.addPathReplacement")}</Button>
      </Group>
    </Stack>
  );
}
