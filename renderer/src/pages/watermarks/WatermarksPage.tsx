import { Alert, Button, Card, Drawer, Group, Image, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useClient, useQuery } from "urql";
import { ServerMessage } from "../../components/ServerMessage";
import { DeleteWatermarkDocument, WatermarkPreviewDocument, WatermarksPageDocument, type WatermarksPageQuery } from "../../graphql/generated";
import { toServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { WatermarkForm } from "./WatermarkForm";
import { useTranslation } from "react-i18next";
import { t } from "../../i18n/i18n";

type Watermark = WatermarksPageQuery["watermarks"][number];

/** The copy's file name is a content hash, so the table says what kind of image it is; the path is in the tooltip. */
function image(w: Watermark): string {
  return w.imageSource === "ChannelLogo" ? t("watermarks.channelLogo") : t("common.imageFile");
}

function shown(w: Watermark): string {
  return w.mode === "Intermittent" ? `${w.durationSeconds} s every ${w.frequencyMinutes} min` : "Always";
}

/** `/watermarks`: images laid over channels' video; create, edit, preview (a frame FFmpeg draws) and delete. */
export default function WatermarksPage() {
  const { t } = useTranslation();
  const client = useClient();
  const [{ data, fetching, error }, refetch] = useQuery({ query: WatermarksPageDocument, requestPolicy: "cache-and-network" });
  const [editing, setEditing] = useState<Watermark | "new" | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ name: string; url: string } | null>(null);
  const [previewing, setPreviewing] = useState<number | null>(null);
  const [, remove] = useServerMutation(DeleteWatermarkDocument);
  const reload = () => refetch({ requestPolicy: "network-only" });

  const onDelete = async (w: Watermark) => {
    const result = await remove({ id: w.id });
    setMessage(result.error ? (toServerErrors(result.error, []).general ?? t("common.theServerRefusedThis")) : null);
    if (!result.error) {
      if (preview?.name === w.name) setPreview(null);
      reload();
    }
  };
  const onPreview = async (w: Watermark) => {
    setPreviewing(w.id);
    const result = await client.query(WatermarkPreviewDocument, { id: w.id }, { requestPolicy: "network-only" }).toPromise();
    setPreviewing(null);
    setMessage(result.error ? (toServerErrors(result.error, []).general ?? t("watermarks.thePreviewFailed")) : null);
    setPreview(result.data ? { name: w.name, url: result.data.watermarkPreview } : null);
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t("common.watermarks")}</Title>
        <Button onClick={() => setEditing("new")}>{t("common.newWatermark")}</Button>
      </Group>
      <Text c="dimmed" size="sm">{t("watermarks.anImageLaidOverAChannelS")}</Text>
      <ServerMessage message={error?.message ?? message} />
      {data && data.watermarks.length === 0 && !fetching && <Text c="dimmed">{t("watermarks.noWatermarksYet")}</Text>}
      {data && data.watermarks.length > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover aria-label={t("common.watermarks")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("common.name")}</Table.Th>
                <Table.Th>{t("common.image")}</Table.Th>
                <Table.Th>{t("common.placement")}</Table.Th>
                <Table.Th>{t("common.shown")}</Table.Th>
                <Table.Th><span className="visually-hidden">{t("common.actions")}</span></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.watermarks.map((w) => (
                <Table.Tr key={w.id}>
                  <Table.Td>{w.name}</Table.Td>
                  <Table.Td title={w.imagePath ?? undefined}>{image(w)}</Table.Td>
                  <Table.Td>{w.position} {w.size === "Scaled" ? `${w.widthPercent}%` : t("common.actualSize")} {t("watermarks.opaque", { opacity: w.opacity })}</Table.Td>
                  <Table.Td>{shown(w)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="default" onClick={() => setEditing(w)} aria-label={t("watermarks.edit", { name: w.name })}>{t("common.edit")}</Button>
                      <Button size="xs" variant="default" loading={previewing === w.id} onClick={() => void onPreview(w)} aria-label={t("watermarks.preview", { name: w.name })}>{t("common.preview")}</Button>
                      <Button size="xs" variant="subtle" color="red" onClick={() => void onDelete(w)} aria-label={t("watermarks.delete", { name: w.name })}>{t("common.delete")}</Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {preview && (
        <Card withBorder maw={660}>
          <Text size="sm" mb="xs">{t("watermarks.previewOfOnA", { name: preview.name })}</Text>
          <Image src={preview.url} alt={t("watermarks.previewOf", { name: preview.name })} w={640} h={360} />
        </Card>
      )}
      {!data && error && <Alert color="red">{error.message}</Alert>}
      <Drawer opened={editing !== null} onClose={() => setEditing(null)} title={editing === "new" ? t("common.newWatermark") : t("common.editWatermark")} position="right" size="md">
        {editing !== null && (
          <WatermarkForm
            key={editing === "new" ? "new" : editing.id}
            existing={editing === "new" ? undefined : editing}
            onSaved={() => {
              setEditing(null);
              setPreview(null);
              reload();
            }}
          />
        )}
      </Drawer>
    </Stack>
  );
}
