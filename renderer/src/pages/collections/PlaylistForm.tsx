import { ActionIcon, Button, Checkbox, Fieldset, Group, NumberInput, Select, Stack, Text, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useQuery } from "urql";
import { ServerMessage } from "../../components/ServerMessage";
import {
  CreatePlaylistDocument,
  CreatePlaylistGroupDocument,
  MediaByKindDocument,
  UpdatePlaylistDocument,
  type CollectionsOverviewQuery,
  type CollectionType,
  type PlaybackOrder,
  type PlaylistItemInput,
} from "../../graphql/generated";
import { toServerErrors, type ServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { PLAYBACK_ORDERS, fieldErrorsAt } from "./collection-forms";
import { useTranslation } from "react-i18next";
import { t } from "../../i18n/i18n";

type Existing = CollectionsOverviewQuery["playlists"][number];
type Entry = PlaylistItemInput;

const KINDS = (): { value: CollectionType; label: string; field: "collectionId" | "smartCollectionId" | "multiCollectionId" | "mediaItemId" }[] => ([
  { value: "Collection", label: t("common.collection"), field: "collectionId" },
  { value: "SmartCollection", label: t("common.smartCollection"), field: "smartCollectionId" },
  { value: "MultiCollection", label: t("common.multiCollection"), field: "multiCollectionId" },
  { value: "TelevisionShow", label: t("common.tvShow"), field: "mediaItemId" },
]);

/** A playlist: its group, name and entries in order. */
export function PlaylistForm({ existing, sources, onSaved }: { existing?: Existing; sources: CollectionsOverviewQuery; onSaved: () => void }) {
  const { t } = useTranslation();
  const [{ data: shows }] = useQuery({ query: MediaByKindDocument, variables: { kind: "Show" } });
  const [name, setName] = useState(existing?.name ?? "");
  const [groupId, setGroupId] = useState<number | null>(existing?.playlistGroupId ?? sources.playlistGroups[0]?.id ?? null);
  const [newGroup, setNewGroup] = useState("");
  const [entries, setEntries] = useState<Entry[]>(
    existing?.items.map(({ collectionType, collectionId, mediaItemId, multiCollectionId, smartCollectionId, playbackOrder, count, playAll, includeInProgramGuide }) => ({ collectionType, collectionId, mediaItemId, multiCollectionId, smartCollectionId, playbackOrder, count, playAll, includeInProgramGuide })) ?? [],
  );
  const [errors, setErrors] = useState<ServerErrors | null>(null);
  const [rawErrors, setRawErrors] = useState<{ field: string; message: string }[]>([]);
  const [, createGroup] = useServerMutation(CreatePlaylistGroupDocument);
  const [createState, create] = useServerMutation(CreatePlaylistDocument);
  const [updateState, update] = useServerMutation(UpdatePlaylistDocument);
  const set = (i: number, patch: Partial<Entry>) => setEntries(entries.map((e, k) => (k === i ? { ...e, ...patch } : e)));
  const targets = (kind: CollectionType) => {
    switch (kind) {
      case "Collection": return sources.collections.map((c) => ({ value: String(c.id), label: c.name }));
      case "SmartCollection": return sources.smartCollections.map((c) => ({ value: String(c.id), label: c.name }));
      case "MultiCollection": return sources.multiCollections.map((c) => ({ value: String(c.id), label: c.name }));
      default: return (shows?.mediaItems.items ?? []).map((s) => ({ value: String(s.id), label: s.title }));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let group = groupId;
    if (newGroup.trim()) {
      const created = await createGroup({ name: newGroup });
      if (created.error || !created.data) return setErrors(toServerErrors(created.error, []));
      group = created.data.createPlaylistGroup.id;
    }
    const input = { name, playlistGroupId: group ?? 0, items: entries };
    const result = existing ? await update({ id: existing.id, input }) : await create({ input });
    if (result.error) {
      setErrors(toServerErrors(result.error, ["name", "playlistGroupId", "items"]));
      setRawErrors(result.error.graphQLErrors.flatMap((e) => (e.extensions?.errors as { field: string; message: string }[] | undefined) ?? []));
      return;
    }
    onSaved();
  };

  return (
    <form onSubmit={submit} aria-label={existing ? t("common.editPlaylist") : t("common.newPlaylist")}>
      <Stack>
        <Group grow align="flex-start">
          <TextInput label={t("common.name")} value={name} onChange={(e) => setName(e.currentTarget.value)} required error={errors?.fields.name} data-autofocus />
          <Select label={t("common.group")} data={sources.playlistGroups.map((g) => ({ value: String(g.id), label: g.name }))} value={groupId != null ? String(groupId) : null} onChange={(v) => setGroupId(v ? Number(v) : null)} placeholder={t("collections.pickAGroup")} error={errors?.fields.playlistGroupId} />
          <TextInput label={t("collections.orANewGroup")} value={newGroup} onChange={(e) => setNewGroup(e.currentTarget.value)} placeholder={t("common.groupName")} />
        </Group>
        {entries.map((entry, i) => {
          const kind = KINDS().find((k) => k.value === entry.collectionType) ?? KINDS()[0];
          const err = fieldErrorsAt(rawErrors, `items[${i}]`);
          return (
            <Fieldset key={i} legend={t("collections.entry", { value: i + 1 })}>
              <Group align="flex-end" wrap="wrap">
                <Select label={t("common.kind")} data={KINDS().map(({ value, label }) => ({ value, label }))} value={entry.collectionType} allowDeselect={false}
                  onChange={(v) => v && set(i, { collectionType: v as CollectionType, collectionId: null, smartCollectionId: null, multiCollectionId: null, mediaItemId: null })} />
                <Select label={t("common.content")} data={targets(entry.collectionType)} value={entry[kind.field] != null ? String(entry[kind.field]) : null} searchable
                  onChange={(v) => set(i, { [kind.field]: v ? Number(v) : null })} error={err[kind.field] ?? err.general} />
                <Select label={t("common.playbackOrder")} data={PLAYBACK_ORDERS} value={entry.playbackOrder} allowDeselect={false} onChange={(v) => v && set(i, { playbackOrder: v as PlaybackOrder })} error={err.playbackOrder} />
                <Checkbox label={t("common.playAll")} checked={entry.playAll} onChange={(e) => set(i, { playAll: e.currentTarget.checked, count: e.currentTarget.checked ? null : entry.count })} />
                {!entry.playAll && <NumberInput label={t("common.count")} value={entry.count ?? ""} onChange={(v) => set(i, { count: v === "" ? null : Number(v) })} w={100} error={err.count} />}
                <Checkbox label={t("collections.inTheGuide")} checked={entry.includeInProgramGuide} onChange={(e) => set(i, { includeInProgramGuide: e.currentTarget.checked })} />
                <ActionIcon variant="subtle" color="red" onClick={() => setEntries(entries.filter((_, k) => k !== i))} aria-label={t("collections.removeEntry", { value: i + 1 })}>✕</ActionIcon>
              </Group>
            </Fieldset>
          );
        })}
        {errors?.fields.items && <Text c="red" size="sm">{errors.fields.items}</Text>}
        <Button variant="default" onClick={() => setEntries([...entries, { collectionType: "Collection", playbackOrder: "Chronological", playAll: false, count: 1, includeInProgramGuide: true }])}>{t("common.addEntry")}</Button>
        <ServerMessage message={errors?.general} />
        <Group justify="flex-end"><Button type="submit" loading={createState.fetching || updateState.fetching}>{existing ? t("common.save") : t("common.createPlaylist")}</Button></Group>
      </Stack>
    </form>
  );
}
