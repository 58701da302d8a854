import { ActionIcon, Button, Fieldset, Group, Select, Stack, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { ServerMessage } from "../../components/ServerMessage";
import { CreateBlockTemplateDocument, UpdateBlockTemplateDocument, type BlocksPageQuery } from "../../graphql/generated";
import { toServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { withItemErrors, type WithItems } from "./BlockForm";
import { useTranslation } from "react-i18next";

type Template = BlocksPageQuery["blockTemplates"][number];
type Row = { blockId: string | null; startTime: string };

/** Creates or edits a block template: a day of blocks at local start times; the server refuses overlaps. */
export function BlockTemplateForm({ template, sources, onSaved }: { template: Template | null; sources: BlocksPageQuery; onSaved: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(template?.name ?? "");
  const [rows, setRows] = useState<Row[]>(template?.items.map((i) => ({ blockId: String(i.blockId), startTime: i.startTime })) ?? [{ blockId: null, startTime: "06:00:00" }]);
  const [errors, setErrors] = useState<WithItems | null>(null);
  const [createState, create] = useServerMutation(CreateBlockTemplateDocument);
  const [updateState, update] = useServerMutation(UpdateBlockTemplateDocument);
  const blocks = sources.blocks.map((b) => ({ value: String(b.id), label: t("blocks.min", { name: b.name, minutes: b.minutes }) }));
  const set = (i: number, change: Partial<Row>) => setRows(rows.map((row, n) => (n === i ? { ...row, ...change } : row)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { name, items: rows.map((r) => ({ blockId: Number(r.blockId ?? 0), startTime: r.startTime })) };
    const result = template ? await update({ id: template.id, input }) : await create({ input });
    if (result.error) return setErrors(withItemErrors(toServerErrors(result.error, ["name", "items"]), result.error, ["name", "items"]));
    onSaved();
  };

  return (
    <form onSubmit={submit}>
      <Stack>
        <TextInput label={t("common.name")} value={name} onChange={(e) => setName(e.currentTarget.value)} required error={errors?.fields.name} data-autofocus />
        {rows.map((row, i) => (
          <Fieldset key={i} legend={t("blocks.block", { value: i + 1 })} aria-label={t("blocks.block", { value: i + 1 })}>
            <Group grow align="flex-start">
              <Select label={t("common.block")} data={blocks} value={row.blockId} onChange={(v) => set(i, { blockId: v })} searchable />
              <TextInput label={t("common.startsAt")} description={t("blocks.hhMmSsLocalTime")} value={row.startTime} onChange={(e) => set(i, { startTime: e.currentTarget.value })} error={errors?.itemFields[i]} />
              <ActionIcon variant="subtle" color="red" mt="xl" aria-label={t("blocks.removeBlock", { value: i + 1 })} onClick={() => setRows(rows.filter((_, n) => n !== i))}>✕</ActionIcon>
            </Group>
          </Fieldset>
        ))}
        <Button variant="light" onClick={() => setRows([...rows, { blockId: null, startTime: "" }])}>{t("common.addBlock")}</Button>
        <ServerMessage message={errors?.fields.items ?? errors?.general ?? null} />
        <Group justify="flex-end">
          <Button type="submit" loading={createState.fetching || updateState.fetching}>{template ? t("common.saveTemplate") : t("common.createTemplate")}</Button>
        </Group>
      </Stack>
    </form>
  );
}
