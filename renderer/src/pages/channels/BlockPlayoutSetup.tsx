import { ActionIcon, Button, Fieldset, Group, MultiSelect, NumberInput, Select, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useQuery } from "urql";
import { ServerMessage } from "../../components/ServerMessage";
import { CreatePlayoutDocument, PlayoutBlockTemplatesDocument, UpdatePlayoutDocument, type DayOfWeek } from "../../graphql/generated";
import { toServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { withItemErrors, type WithItems } from "../blocks/BlockForm";
import type { PlayoutSaved } from "./PlayoutSetup";
import { useTranslation } from "react-i18next";

const DAYS: DayOfWeek[] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
type Row = { templateId: string | null; daysOfWeek: DayOfWeek[]; priority: number | string };

/** Gives a channel a Block playout: which block template plays on which days (no days: every day; higher priority wins). */
export function BlockPlayoutSetup(props: { channelId: number; playoutId?: number | null; initial: Array<{ templateId: number; priority: number; daysOfWeek?: DayOfWeek[] | null }> | null | undefined; onSaved: (build: PlayoutSaved) => void }) {
  const { t } = useTranslation();
  const { channelId, playoutId, initial, onSaved } = props;
  const [{ data }] = useQuery({ query: PlayoutBlockTemplatesDocument, requestPolicy: "network-only" });
  const [rows, setRows] = useState<Row[]>(initial?.length ? initial.map((a) => ({ templateId: String(a.templateId), daysOfWeek: a.daysOfWeek ?? [], priority: a.priority })) : [{ templateId: null, daysOfWeek: [], priority: 0 }]);
  const [errors, setErrors] = useState<WithItems | null>(null);
  const [createState, create] = useServerMutation(CreatePlayoutDocument);
  const [updateState, update] = useServerMutation(UpdatePlayoutDocument);
  const templates = (data?.blockTemplates ?? []).map((t) => ({ value: String(t.id), label: t.name }));
  const set = (i: number, change: Partial<Row>) => setRows(rows.map((row, n) => (n === i ? { ...row, ...change } : row)));

  const save = async () => {
    const input = { templates: rows.map((r) => ({ templateId: Number(r.templateId ?? 0), priority: typeof r.priority === "number" ? r.priority : 0, ...(r.daysOfWeek.length ? { daysOfWeek: r.daysOfWeek } : {}) })) };
    const result = playoutId ? await update({ id: playoutId, input }) : await create({ input: { channelId, kind: "Block", ...input } });
    const change = result.data && ("createPlayout" in result.data ? result.data.createPlayout : result.data.updatePlayout);
    if (result.error || !change) return setErrors(withItemErrors(toServerErrors(result.error, ["templates"]), result.error, ["templates"]));
    setErrors(null);
    onSaved(change.build);
  };

  const rowError = (i: number) => {
    const messages = (errors?.general ?? "").split("\n").filter((line) => line.startsWith(`templates[${i}].`) || line.startsWith(`input.templates[${i}].`));
    return messages.length ? messages.map((m) => m.replace(/^(input\.)?templates\[\d+\]\.\w+(\[\d+\])?: /, "")).join("; ") : undefined;
  };
  const general = (errors?.general ?? "").split("\n").filter((line) => !/^(input\.)?templates\[\d+\]/.test(line)).join("\n") || null;

  return (
    <Stack>
      {rows.map((row, i) => (
        <Fieldset key={i} legend={t("channels.assignment", { value: i + 1 })} aria-label={t("channels.assignment", { value: i + 1 })}>
          <Group grow align="flex-start">
            <Select label={t("common.template")} data={templates} value={row.templateId} onChange={(v) => set(i, { templateId: v })} placeholder={templates.length ? t("channels.pickATemplate") : t("channels.noTemplatesYetMakeOneOn")} error={rowError(i)} />
            <MultiSelect label={t("common.days")} placeholder={t("common.everyDay")} data={DAYS} value={row.daysOfWeek} onChange={(v) => set(i, { daysOfWeek: v as DayOfWeek[] })} />
            <NumberInput label={t("common.priority")} value={row.priority} onChange={(v) => set(i, { priority: v })} />
            <ActionIcon variant="subtle" color="red" mt="xl" aria-label={t("channels.removeAssignment", { value: i + 1 })} onClick={() => setRows(rows.filter((_, n) => n !== i))}>✕</ActionIcon>
          </Group>
        </Fieldset>
      ))}
      <Button variant="light" onClick={() => setRows([...rows, { templateId: null, daysOfWeek: [], priority: 0 }])}>{t("common.addAssignment")}</Button>
      <ServerMessage message={errors?.fields.templates ?? general} />
      <Group justify="flex-end">
        <Button onClick={save} loading={createState.fetching || updateState.fetching}>{playoutId ? t("channels.saveAndRebuild") : t("common.createPlayout")}</Button>
      </Group>
      <Text size="xs" c="dimmed">{t("channels.savingBuildsTheBlocksForThe")}</Text>
    </Stack>
  );
}
