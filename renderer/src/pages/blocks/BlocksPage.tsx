import { Button, Drawer, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useQuery } from "urql";
import { ServerMessage } from "../../components/ServerMessage";
import { BlocksPageDocument, DeleteBlockDocument, DeleteBlockTemplateDocument, type BlocksPageQuery } from "../../graphql/generated";
import { toServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { BlockForm } from "./BlockForm";
import { BlockTemplateForm } from "./BlockTemplateForm";

type Block = BlocksPageQuery["blocks"][number];
type Template = BlocksPageQuery["blockTemplates"][number];

/** Blocks (lengths of time filled by their items) and block templates (a day of blocks), for Block playouts. */
export default function BlocksPage() {
  const [{ data, error }, refetch] = useQuery({ query: BlocksPageDocument, requestPolicy: "cache-and-network" });
  const [block, setBlock] = useState<Block | "new" | null>(null);
  const [template, setTemplate] = useState<Template | "new" | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [, removeBlock] = useServerMutation(DeleteBlockDocument);
  const [, removeTemplate] = useServerMutation(DeleteBlockTemplateDocument);
  const reload = () => refetch({ requestPolicy: "network-only" });
  const names = new Map((data?.blocks ?? []).map((b) => [b.id, b.name]));

  const remove = async (run: () => Promise<{ error?: Parameters<typeof toServerErrors>[0] }>) => {
    const result = await run();
    setDeleteError(result.error ? (toServerErrors(result.error, []).general ?? "Could not delete") : null);
    if (!result.error) reload();
  };

  return (
    <Stack>
      <Title order={1}>Blocks</Title>
      <ServerMessage message={error?.message ?? deleteError} />
      <Group justify="space-between">
        <Title order={2}>Blocks</Title>
        <Button onClick={() => setBlock("new")} disabled={!data}>New block</Button>
      </Group>
      {data && data.blocks.length === 0 && <Text c="dimmed">No blocks yet: a block is a length of time (say 2 hours of cartoons) its items fill by taking turns.</Text>}
      {data && data.blocks.length > 0 && (
        <Table striped aria-label="Blocks">
          <Table.Thead>
            <Table.Tr><Table.Th>Name</Table.Th><Table.Th>Length</Table.Th><Table.Th>Items</Table.Th><Table.Th>Actions</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.blocks.map((b) => (
              <Table.Tr key={b.id}>
                <Table.Td>{b.name}</Table.Td>
                <Table.Td>{b.minutes} min</Table.Td>
                <Table.Td>{b.items.length}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Button size="xs" variant="light" onClick={() => setBlock(b)}>Edit</Button>
                    <Button size="xs" variant="subtle" color="red" onClick={() => remove(() => removeBlock({ id: b.id }))} aria-label={`Delete ${b.name}`}>Delete</Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="space-between">
        <Title order={2}>Templates</Title>
        <Button onClick={() => setTemplate("new")} disabled={!data?.blocks.length}>New template</Button>
      </Group>
      {data && data.blockTemplates.length === 0 && <Text c="dimmed">No templates yet: a template places blocks at times of the day; a channel's Block playout says which template plays on which days.</Text>}
      {data && data.blockTemplates.length > 0 && (
        <Table striped aria-label="Block templates">
          <Table.Thead>
            <Table.Tr><Table.Th>Name</Table.Th><Table.Th>Day</Table.Th><Table.Th>Actions</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.blockTemplates.map((t) => (
              <Table.Tr key={t.id}>
                <Table.Td>{t.name}</Table.Td>
                <Table.Td>{t.items.map((i) => `${i.startTime.slice(0, 5)} ${names.get(i.blockId) ?? i.blockId}`).join(" · ")}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Button size="xs" variant="light" onClick={() => setTemplate(t)}>Edit</Button>
                    <Button size="xs" variant="subtle" color="red" onClick={() => remove(() => removeTemplate({ id: t.id }))} aria-label={`Delete ${t.name}`}>Delete</Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Drawer opened={block !== null} onClose={() => setBlock(null)} position="right" size="lg" title={block === "new" ? "New block" : "Edit block"}>
        {block !== null && data && <BlockForm block={block === "new" ? null : block} sources={data} onSaved={() => { setBlock(null); reload(); }} />}
      </Drawer>
      <Drawer opened={template !== null} onClose={() => setTemplate(null)} position="right" size="lg" title={template === "new" ? "New template" : "Edit template"}>
        {template !== null && data && <BlockTemplateForm template={template === "new" ? null : template} sources={data} onSaved={() => { setTemplate(null); reload(); }} />}
      </Drawer>
    </Stack>
  );
}
