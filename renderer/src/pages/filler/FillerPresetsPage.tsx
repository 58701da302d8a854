import { Button, Drawer, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useQuery } from "urql";
import { ServerMessage } from "../../components/ServerMessage";
import { DeleteFillerPresetDocument, FillerPresetsPageDocument, type FillerPresetsPageQuery } from "../../graphql/generated";
import { toServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { FillerPresetForm } from "./FillerPresetForm";
import { useTranslation } from "react-i18next";
import { t } from "../../i18n/i18n";

type Preset = FillerPresetsPageQuery["fillerPresets"][number];

function describe(p: Preset): string {
  if (p.fillerMode === "Duration") return t("filler.describeDuration", { duration: p.duration });
  if (p.fillerMode === "Count") return t("filler.describeCount", { count: p.count ?? 0 });
  if (p.fillerMode === "RandomCount") return t("filler.describeUpTo", { count: p.count ?? 0 });
  if (p.fillerMode === "Pad") return t("filler.describePad", { minutes: p.padToNearestMinute });
  return "—";
}

/** Filler presets: pre-, mid- and post-rolls, tail and fallback filler that schedule items and channels use. */
export default function FillerPresetsPage() {
  const { t } = useTranslation();
  const [{ data, fetching, error }, refetch] = useQuery({ query: FillerPresetsPageDocument, requestPolicy: "cache-and-network" });
  const [editing, setEditing] = useState<Preset | "new" | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [, remove] = useServerMutation(DeleteFillerPresetDocument);
  const reload = () => refetch({ requestPolicy: "network-only" });

  const onDelete = async (p: Preset) => {
    const result = await remove({ id: p.id });
    setDeleteError(result.error ? (toServerErrors(result.error, []).general ?? t("common.couldNotDelete")) : null);
    if (!result.error) reload();
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t("common.fillerPresets")}</Title>
        <Button onClick={() => setEditing("new")}>{t("filler.newFillerPreset")}</Button>
      </Group>
      <ServerMessage message={error?.message ?? deleteError} />
      {data && data.fillerPresets.length === 0 && !fetching && <Text c="dimmed">{t("filler.noFillerPresetsYet")}</Text>}
      {data && data.fillerPresets.length > 0 && (
        <Table striped highlightOnHover aria-label={t("common.fillerPresets")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("common.name")}</Table.Th>
              <Table.Th>{t("common.kind")}</Table.Th>
              <Table.Th>{t("common.mode")}</Table.Th>
              <Table.Th>{t("common.content")}</Table.Th>
              <Table.Th>{t("common.actions")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.fillerPresets.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{p.name}</Table.Td>
                <Table.Td>{p.fillerKind}</Table.Td>
                <Table.Td>{describe(p)}</Table.Td>
                <Table.Td>{p.collectionType}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Button size="xs" variant="default" onClick={() => setEditing(p)} aria-label={t("filler.edit", { name: p.name })}>{t("common.edit")}</Button>
                    <Button size="xs" variant="subtle" color="red" onClick={() => void onDelete(p)} aria-label={t("filler.delete", { name: p.name })}>{t("common.delete")}</Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Drawer opened={editing !== null} onClose={() => setEditing(null)} title={editing === "new" ? t("filler.newFillerPreset") : t("filler.editFillerPreset")} position="right" size="md">
        {editing !== null && data && (
          <FillerPresetForm
            key={editing === "new" ? "new" : editing.id}
            existing={editing === "new" ? undefined : editing}
            sources={data}
            onSaved={() => {
              setEditing(null);
              reload();
            }}
          />
        )}
      </Drawer>
    </Stack>
  );
}
