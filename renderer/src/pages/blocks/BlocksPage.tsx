import { Button, Drawer, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useQuery } from "urql";
import { ServerMessage } from "../../components/ServerMessage";
import { BlocksPageDocument, DeleteBlockDocument, DeleteBlockTemplateDocument, type BlocksPageQuery } from "../../graphql/generated";
import { toServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { BlockForm } from "./BlockForm";
import { BlockTemplateForm } from "./BlockTemplateForm";
import { useTranslation } from "react-i18next";

type Block = BlocksPageQuery["blocks"][number];
type Template = BlocksPageQuery["blockTemplates"][number];

/** Blocks (lengths of time filled by their items) and block templates (a day of blocks), for Block playouts. */
export default function BlocksPage() {
  const { t } = useTranslation();
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
    setDeleteError(result.error ? (toServerErrors(result.error, []).general ?? t("common.couldNotDelete")) : null);
    if (!result.error) reload();
  };

  return (
    <Stack>
      <Title order={1}>{t("common.blocks")}</Title>
      <ServerMessage message={error?.message ?? deleteError} />
      <Group justify="space-between">
        <Title order={2}>{t("common.blocks")}</Title>
        <Button onClick={() => setBlock("new")} disabled={!data}>{t("common.newBlock")}</Button>
      </Group>
      {data && data.blocks.length === 0 && <Text c="dimmed">{t("blocks.noBlocksYetABlockIs")}</Text>}
      {data && data.blocks.length > 0 && (
        <Table striped aria-label={t("common.blocks")}>
          <Table.Thead>
            <Table.Tr><Table.Th>{t("common.name")}</Table.Th><Table.Th>{t("common.length")}</Table.Th><Table.Th>{t("common.items")}</Table.Th><Table.Th>{t("common.actions")}</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.blocks.map((b) => (
              <Table.Tr key={b.id}>
                <Table.Td>{b.name}</Table.Td>
                <Table.Td>{t("blocks.min2", { minutes: b.minutes })}</Table.Td>
                <Table.Td>{b.items.length}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Button size="xs" variant="light" onClick={() => setBlock(b)}>{t("common.edit")}</Button>
                    <Button size="xs" variant="subtle" color="red" onClick={() => remove(() => removeBlock({ id: b.id }))} aria-label={t("blocks.delete", { name: b.name })}>{t("common.delete")}</Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="space-between">
        <Title order={2}>{t("common.templates")}</Title>
        <Button onClick={() => setTemplate("new")} disabled={!data?.blocks.length}>{t("common.newTemplate")}</Button>
      </Group>
      {data && data.blockTemplates.length === 0 && <Text c="dimmed">{t("blocks.noTemplatesYetATemplatePlaces")}</Text>}
      {data && data.blockTemplates.length > 0 && (
        <Table striped aria-label={t("common.blockTemplates")}>
          <Table.Thead>
            <Table.Tr><Table.Th>{t("common.name")}</Table.Th><Table.Th>{t("common.day")}</Table.Th><Table.Th>{t("common.actions")}</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.blockTemplates.map((tpl) => (
              <Table.Tr key={tpl.id}>
                <Table.Td>{tpl.name}</Table.Td>
                <Table.Td>{tpl.items.map((i) => `${i.startTime.slice(0, 5)} ${names.get(i.blockId) ?? i.blockId}`).join(" · ")}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Button size="xs" variant="light" onClick={() => setTemplate(tpl)}>{t("common.edit")}</Button>
                    <Button size="xs" variant="subtle" color="red" onClick={() => remove(() => removeTemplate({ id: tpl.id }))} aria-label={t("blocks.delete", { name: tpl.name })}>{t("common.delete")}</Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Drawer opened={block !== null} onClose={() => setBlock(null)} position="right" size="lg" title={block === "new" ? t("common.newBlock") : t("common.editBlock")}>
        {block !== null && data && <BlockForm block={block === "new" ? null : block} sources={data} onSaved={() => { setBlock(null); reload(); }} />}
      </Drawer>
      <Drawer opened={template !== null} onClose={() => setTemplate(null)} position="right" size="lg" title={template === "new" ? t("common.newTemplate") : t("common.editTemplate")}>
        {template !== null && data && <BlockTemplateForm template={template === "new" ? null : template} sources={data} onSaved={() => { setTemplate(null); reload(); }} />}
      </Drawer>
    </Stack>
  );
}
