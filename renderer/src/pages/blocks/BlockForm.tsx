import { ActionIcon, Button, Checkbox, Fieldset, Group, NumberInput, Select, Stack, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { ServerMessage } from "../../components/ServerMessage";
import { CreateBlockDocument, UpdateBlockDocument, type BlockInput, type BlockStopScheduling, type BlocksPageQuery, type PlaybackOrder } from "../../graphql/generated";
import { toServerErrors, type ServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { useTranslation } from "react-i18next";
import { t } from "../../i18n/i18n";

type Block = BlocksPageQuery["blocks"][number];
type ItemDraft = { content: string | null; playbackOrder: PlaybackOrder; includeInProgramGuide: boolean };

const ORDERS: PlaybackOrder[] = ["Chronological", "SeasonEpisode", "Shuffle", "Random", "RandomRotation"];
const STOPS = (): Array<{ value: BlockStopScheduling; label: string }> => ([
  { value: "AfterDurationEnd", label: t("blocks.letTheLastItemFinish") },
  { value: "BeforeDurationEnd", label: t("blocks.stopBeforeRunningOver") },
]);

const contentOf = (i: Block["items"][number]) => (i.collectionType === "SmartCollection" ? `SmartCollection:${i.smartCollectionId}` : `Collection:${i.collectionId}`);

/** Creates or edits a block: its length, how it ends, and its items (content and order), saved at once. */
export function BlockForm({ block, sources, onSaved }: { block: Block | null; sources: BlocksPageQuery; onSaved: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(block?.name ?? "");
  const [minutes, setMinutes] = useState<number | string>(block?.minutes ?? 60);
  const [stop, setStop] = useState<BlockStopScheduling>(block?.stopScheduling ?? "AfterDurationEnd");
  const [items, setItems] = useState<ItemDraft[]>(block?.items.map((i) => ({ content: contentOf(i), playbackOrder: i.playbackOrder, includeInProgramGuide: i.includeInProgramGuide })) ?? [{ content: null, playbackOrder: "Shuffle", includeInProgramGuide: true }]);
  const [errors, setErrors] = useState<WithItems | null>(null);
  const [createState, create] = useServerMutation(CreateBlockDocument);
  const [updateState, update] = useServerMutation(UpdateBlockDocument);
  const content = [
    ...sources.collections.map((c) => ({ value: `Collection:${c.id}`, label: `Collection: ${c.name}` })),
    ...sources.smartCollections.map((c) => ({ value: `SmartCollection:${c.id}`, label: t("blocks.smartCollection", { name: c.name }) })),
  ];
  const set = (i: number, change: Partial<ItemDraft>) => setItems(items.map((item, n) => (n === i ? { ...item, ...change } : item)));
  /** The server names fields like `items[1].collectionId`; show them on that item. */
  const itemError = (i: number) => errors?.itemFields[i];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input: BlockInput = {
      name,
      minutes: typeof minutes === "number" ? minutes : Number.NaN,
      stopScheduling: stop,
      items: items.map((item) => {
        const [type, id] = (item.content ?? "Collection:").split(":");
        return type === "SmartCollection"
          ? { collectionType: "SmartCollection", smartCollectionId: Number(id) || null, playbackOrder: item.playbackOrder, includeInProgramGuide: item.includeInProgramGuide }
          : { collectionType: "Collection", collectionId: Number(id) || null, playbackOrder: item.playbackOrder, includeInProgramGuide: item.includeInProgramGuide };
      }),
    };
    const result = block ? await update({ id: block.id, input }) : await create({ input });
    if (result.error) return setErrors(withItemErrors(toServerErrors(result.error, ["name", "minutes", "stopScheduling", "items"]), result.error));
    onSaved();
  };

  return (
    <form onSubmit={submit}>
      <Stack>
        <TextInput label={t("common.name")} value={name} onChange={(e) => setName(e.currentTarget.value)} required error={errors?.fields.name} data-autofocus />
        <Group grow>
          <NumberInput label={t("common.minutes")} value={minutes} onChange={setMinutes} min={1} max={1440} error={errors?.fields.minutes} />
          <Select label={t("blocks.atTheEnd")} data={STOPS()} value={stop} onChange={(v) => v && setStop(v as BlockStopScheduling)} allowDeselect={false} />
        </Group>
        {items.map((item, i) => (
          <Fieldset key={i} legend={t("blocks.item", { value: i + 1 })} aria-label={t("blocks.item", { value: i + 1 })}>
            <Group grow align="flex-start">
              <Select label={t("common.content")} data={content} value={item.content} onChange={(v) => set(i, { content: v })} searchable error={itemError(i)} />
              <Select label={t("common.order")} data={ORDERS} value={item.playbackOrder} onChange={(v) => v && set(i, { playbackOrder: v as PlaybackOrder })} allowDeselect={false} />
            </Group>
            <Group justify="space-between" mt="xs">
              <Checkbox label={t("blocks.showInTheGuide")} checked={item.includeInProgramGuide} onChange={(e) => set(i, { includeInProgramGuide: e.currentTarget.checked })} />
              <ActionIcon variant="subtle" color="red" aria-label={t("blocks.removeItem", { value: i + 1 })} onClick={() => setItems(items.filter((_, n) => n !== i))}>✕</ActionIcon>
            </Group>
          </Fieldset>
        ))}
        <Button variant="light" onClick={() => setItems([...items, { content: null, playbackOrder: "Shuffle", includeInProgramGuide: true }])}>{t("common.addItem")}</Button>
        <ServerMessage message={errors?.fields.items ?? errors?.general ?? null} />
        <Group justify="flex-end">
          <Button type="submit" loading={createState.fetching || updateState.fetching}>{block ? t("common.saveBlock") : t("common.createBlock")}</Button>
        </Group>
      </Stack>
    </form>
  );
}

export type WithItems = ServerErrors & { itemFields: Record<number, string> };

/** Splits `items[i].field` errors per item so each shows on its own item. */
export function withItemErrors(errors: ServerErrors, error: Parameters<typeof toServerErrors>[0], own: readonly string[] = ["name", "minutes", "stopScheduling", "items"]): WithItems {
  const itemFields: Record<number, string> = {};
  const leftovers: string[] = [];
  for (const gql of error?.graphQLErrors ?? []) {
    for (const e of (gql.extensions?.errors as Array<{ field: string; message: string }> | undefined) ?? []) {
      const match = /^(?:input\.)?items\[(\d+)\]\.(\w+)/.exec(e.field);
      if (match) itemFields[Number(match[1])] = [itemFields[Number(match[1])], e.message].filter(Boolean).join("; ");
      else if (!own.includes(e.field.replace(/^input\./, ""))) leftovers.push(`${e.field}: ${e.message}`);
    }
  }
  const general = errors.general?.split("\n").filter((line) => !/^(input\.)?items\[\d+\]\./.test(line)).join("\n") || (leftovers.length ? leftovers.join("\n") : null);
  return { ...errors, general, itemFields };
}
