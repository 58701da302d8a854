import { Alert, Button, Card, Drawer, Group, Image, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useClient, useQuery } from "urql";
import { ServerMessage } from "../../components/ServerMessage";
import { DeleteWatermarkDocument, WatermarkPreviewDocument, WatermarksPageDocument, type WatermarksPageQuery } from "../../graphql/generated";
import { toServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { WatermarkForm } from "./WatermarkForm";

type Watermark = WatermarksPageQuery["watermarks"][number];

/** The copy's file name is a content hash, so the table says what kind of image it is; the path is in the tooltip. */
function image(w: Watermark): string {
  return w.imageSource === "ChannelLogo" ? "Channel logo" : "Image file";
}

function shown(w: Watermark): string {
  return w.mode === "Intermittent" ? `${w.durationSeconds} s every ${w.frequencyMinutes} min` : "Always";
}

/** `/watermarks`: images laid over channels' video; create, edit, preview (a frame FFmpeg draws) and delete. */
export default function WatermarksPage() {
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
    setMessage(result.error ? (toServerErrors(result.error, []).general ?? "The server refused this") : null);
    if (!result.error) {
      if (preview?.name === w.name) setPreview(null);
      reload();
    }
  };
  const onPreview = async (w: Watermark) => {
    setPreviewing(w.id);
    const result = await client.query(WatermarkPreviewDocument, { id: w.id }, { requestPolicy: "network-only" }).toPromise();
    setPreviewing(null);
    setMessage(result.error ? (toServerErrors(result.error, []).general ?? "The preview failed") : null);
    setPreview(result.data ? { name: w.name, url: result.data.watermarkPreview } : null);
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Watermarks</Title>
        <Button onClick={() => setEditing("new")}>New watermark</Button>
      </Group>
      <Text c="dimmed" size="sm">An image laid over a channel's picture. Channels and schedule items choose theirs.</Text>
      <ServerMessage message={error?.message ?? message} />
      {data && data.watermarks.length === 0 && !fetching && <Text c="dimmed">No watermarks yet.</Text>}
      {data && data.watermarks.length > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover aria-label="Watermarks">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Image</Table.Th>
                <Table.Th>Placement</Table.Th>
                <Table.Th>Shown</Table.Th>
                <Table.Th><span className="visually-hidden">Actions</span></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.watermarks.map((w) => (
                <Table.Tr key={w.id}>
                  <Table.Td>{w.name}</Table.Td>
                  <Table.Td title={w.imagePath ?? undefined}>{image(w)}</Table.Td>
                  <Table.Td>{w.position} {w.size === "Scaled" ? `${w.widthPercent}%` : "actual size"} {w.opacity}% opaque</Table.Td>
                  <Table.Td>{shown(w)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="default" onClick={() => setEditing(w)} aria-label={`Edit ${w.name}`}>Edit</Button>
                      <Button size="xs" variant="default" loading={previewing === w.id} onClick={() => void onPreview(w)} aria-label={`Preview ${w.name}`}>Preview</Button>
                      <Button size="xs" variant="subtle" color="red" onClick={() => void onDelete(w)} aria-label={`Delete ${w.name}`}>Delete</Button>
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
          <Text size="sm" mb="xs">Preview of "{preview.name}" on a test pattern, drawn by FFmpeg as channels draw it:</Text>
          <Image src={preview.url} alt={`Preview of ${preview.name}`} w={640} h={360} />
        </Card>
      )}
      {!data && error && <Alert color="red">{error.message}</Alert>}
      <Drawer opened={editing !== null} onClose={() => setEditing(null)} title={editing === "new" ? "New watermark" : "Edit watermark"} position="right" size="md">
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
