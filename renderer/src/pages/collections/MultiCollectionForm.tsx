import { ActionIcon, Button, Checkbox, Fieldset, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { ServerMessage } from "../../components/ServerMessage";
import { CreateMultiCollectionDocument, UpdateMultiCollectionDocument, type CollectionsOverviewQuery, type MultiCollectionMemberInput, type PlaybackOrder } from "../../graphql/generated";
import { toServerErrors, type ServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { PLAYBACK_ORDERS, fieldErrorsAt } from "./collection-forms";
import { useTranslation } from "react-i18next";

type Existing = CollectionsOverviewQuery["multiCollections"][number];

/** A multi collection: a name and members (collections or smart collections), each with its order. */
export function MultiCollectionForm({ existing, sources, onSaved }: { existing?: Existing; sources: CollectionsOverviewQuery; onSaved: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(existing?.name ?? "");
  const [members, setMembers] = useState<MultiCollectionMemberInput[]>(existing?.items.map((i) => ({ collectionId: i.collectionId, smartCollectionId: i.smartCollectionId, scheduleAsGroup: i.scheduleAsGroup, playbackOrder: i.playbackOrder })) ?? []);
  const [errors, setErrors] = useState<ServerErrors | null>(null);
  const [rawErrors, setRawErrors] = useState<{ field: string; message: string }[]>([]);
  const [createState, create] = useServerMutation(CreateMultiCollectionDocument);
  const [updateState, update] = useServerMutation(UpdateMultiCollectionDocument);
  const options = [
    ...sources.collections.map((c) => ({ value: `c:${c.id}`, label: `Collection: ${c.name}` })),
    ...sources.smartCollections.map((c) => ({ value: `s:${c.id}`, label: `Smart: ${c.name}` })),
  ];
  const set = (i: number, patch: Partial<MultiCollectionMemberInput>) => setMembers(members.map((m, k) => (k === i ? { ...m, ...patch } : m)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { name, items: members };
    const result = existing ? await update({ id: existing.id, input }) : await create({ input });
    if (result.error) {
      setErrors(toServerErrors(result.error, ["name", "items"]));
      setRawErrors(result.error.graphQLErrors.flatMap((e) => (e.extensions?.errors as { field: string; message: string }[] | undefined) ?? []));
      return;
    }
    onSaved();
  };

  return (
    <form onSubmit={submit} aria-label={existing ? t("collections.editMultiCollection") : t("collections.newMultiCollection")}>
      <Stack>
        <TextInput label={t("common.name")} value={name} onChange={(e) => setName(e.currentTarget.value)} required error={errors?.fields.name} data-autofocus />
        {members.map((m, i) => {
          const err = fieldErrorsAt(rawErrors, `items[${i}]`);
          const value = m.collectionId != null ? `c:${m.collectionId}` : m.smartCollectionId != null ? `s:${m.smartCollectionId}` : null;
          return (
            <Fieldset key={i} legend={t("collections.member", { value: i + 1 })}>
              <Group align="flex-end" wrap="wrap">
                <Select label={t("common.collection")} data={options} value={value} searchable error={err.collectionId ?? err.smartCollectionId ?? err.general}
                  onChange={(v) => set(i, v?.startsWith("c:") ? { collectionId: Number(v.slice(2)), smartCollectionId: null } : { smartCollectionId: v ? Number(v.slice(2)) : null, collectionId: null })} />
                <Select label={t("common.playbackOrder")} data={PLAYBACK_ORDERS} value={m.playbackOrder} onChange={(v) => v && set(i, { playbackOrder: v as PlaybackOrder })} allowDeselect={false} error={err.playbackOrder} />
                <Checkbox label={t("collections.scheduleAsAGroup")} checked={m.scheduleAsGroup} onChange={(e) => set(i, { scheduleAsGroup: e.currentTarget.checked })} />
                <ActionIcon variant="subtle" color="red" onClick={() => setMembers(members.filter((_, k) => k !== i))} aria-label={t("collections.removeMember", { value: i + 1 })}>✕</ActionIcon>
              </Group>
            </Fieldset>
          );
        })}
        {errors?.fields.items && <Text c="red" size="sm">{errors.fields.items}</Text>}
        <Button variant="default" onClick={() => setMembers([...members, { scheduleAsGroup: false, playbackOrder: "Chronological" }])}>{t("common.addMember")}</Button>
        <ServerMessage message={errors?.general} />
        <Group justify="flex-end"><Button type="submit" loading={createState.fetching || updateState.fetching}>{existing ? t("common.save") : t("collections.createMultiCollection")}</Button></Group>
      </Stack>
    </form>
  );
}
