import { Button, Checkbox, Group, NumberInput, Select, Stack, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { ServerMessage } from "../../components/ServerMessage";
import {
  CreateFillerPresetDocument,
  UpdateFillerPresetDocument,
  type CollectionType,
  type FillerKind,
  type FillerMode,
  type FillerPresetInput,
  type FillerPresetsPageQuery,
} from "../../graphql/generated";
import { toServerErrors, type ServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { useTranslation } from "react-i18next";
import { t } from "../../i18n/i18n";

type Preset = FillerPresetsPageQuery["fillerPresets"][number];

const FIELDS = ["name", "fillerKind", "fillerMode", "duration", "count", "padToNearestMinute", "collectionType", "collectionId", "mediaItemId", "multiCollectionId", "smartCollectionId", "playlistId", "expression", "useChaptersAsMediaItems", "allowWatermarks"] as const;
const KINDS: FillerKind[] = ["PreRoll", "MidRoll", "PostRoll", "Tail", "Fallback"];
const MODES: FillerMode[] = ["Duration", "Count", "RandomCount", "Pad"];
const CONTENT = (): Array<{ value: CollectionType; label: string }> => ([
  { value: "Collection", label: t("common.collection") },
  { value: "SmartCollection", label: t("common.smartCollection") },
  { value: "MultiCollection", label: t("common.multiCollection") },
  { value: "Playlist", label: t("common.playlist") },
  { value: "TelevisionShow", label: t("filler.showMediaItemId") },
  { value: "TelevisionSeason", label: t("filler.seasonMediaItemId") },
  { value: "MediaItem", label: t("filler.oneMediaItemId") },
]);

function blank(): FillerPresetInput {
  return { name: "", fillerKind: "PreRoll", fillerMode: "Count", count: 1, collectionType: "Collection", allowWatermarks: false, useChaptersAsMediaItems: false };
}

function fromPreset(p: Preset): FillerPresetInput {
  const { id: _id, __typename: _t, ...rest } = p as Preset & { __typename?: string };
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== null)) as unknown as FillerPresetInput;
}

/**
 * A filler preset. The form only offers the server's choices; which fields a kind or mode needs is the
 * server's rule, and its messages appear under the fields they name.
 */
export function FillerPresetForm({ existing, sources, onSaved }: { existing?: Preset; sources: FillerPresetsPageQuery; onSaved: () => void }) {
  const { t } = useTranslation();
  const [input, setInput] = useState<FillerPresetInput>(existing ? fromPreset(existing) : blank());
  const [errors, setErrors] = useState<ServerErrors | null>(null);
  const [createState, create] = useServerMutation(CreateFillerPresetDocument);
  const [updateState, update] = useServerMutation(UpdateFillerPresetDocument);
  const set = (patch: Partial<FillerPresetInput>) => setInput({ ...input, ...patch });
  const targets: Record<string, { key: keyof FillerPresetInput; data: Array<{ value: string; label: string }> }> = {
    Collection: { key: "collectionId", data: sources.collections.map((c) => ({ value: String(c.id), label: c.name })) },
    SmartCollection: { key: "smartCollectionId", data: sources.smartCollections.map((c) => ({ value: String(c.id), label: c.name })) },
    MultiCollection: { key: "multiCollectionId", data: sources.multiCollections.map((c) => ({ value: String(c.id), label: c.name })) },
    Playlist: { key: "playlistId", data: sources.playlists.map((c) => ({ value: String(c.id), label: c.name })) },
  };
  const target = targets[input.collectionType];
  const modeless = input.fillerKind === "Tail" || input.fillerKind === "Fallback";

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Send only what the chosen kind, mode and content use; the server judges the rest.
    const body: FillerPresetInput = {
      name: input.name,
      fillerKind: input.fillerKind,
      collectionType: input.collectionType,
      allowWatermarks: input.allowWatermarks,
      useChaptersAsMediaItems: input.useChaptersAsMediaItems,
      ...(modeless ? {} : { fillerMode: input.fillerMode }),
      ...(!modeless && input.fillerMode === "Duration" ? { duration: input.duration } : {}),
      ...(!modeless && (input.fillerMode === "Count" || input.fillerMode === "RandomCount") ? { count: input.count } : {}),
      ...(!modeless && input.fillerMode === "Pad" ? { padToNearestMinute: input.padToNearestMinute } : {}),
      ...(input.fillerKind === "MidRoll" && input.expression ? { expression: input.expression } : {}),
      ...(target ? { [target.key]: input[target.key] } : { mediaItemId: input.mediaItemId }),
    };
    const result = existing ? await update({ id: existing.id, input: body }) : await create({ input: body });
    if (result.error) return setErrors(toServerErrors(result.error, FIELDS));
    onSaved();
  };

  const e = errors?.fields ?? {};
  return (
    <form onSubmit={submit} aria-label={existing ? t("filler.editFillerPreset") : t("filler.newFillerPreset")}>
      <Stack>
        <TextInput label={t("common.name")} value={input.name} onChange={(ev) => set({ name: ev.currentTarget.value })} required error={e.name} data-autofocus />
        <Select label={t("common.kind")} data={KINDS} value={input.fillerKind} onChange={(v) => v && set({ fillerKind: v as FillerKind })} allowDeselect={false} error={e.fillerKind} />
        {!modeless && <Select label={t("common.mode")} data={MODES} value={input.fillerMode ?? null} onChange={(v) => set({ fillerMode: v as FillerMode })} error={e.fillerMode} />}
        {!modeless && input.fillerMode === "Duration" && (
          <TextInput label={t("common.durationHhMmSs")} value={input.duration ?? ""} onChange={(ev) => set({ duration: ev.currentTarget.value })} error={e.duration} />
        )}
        {!modeless && (input.fillerMode === "Count" || input.fillerMode === "RandomCount") && (
          <NumberInput label={input.fillerMode === "Count" ? t("common.count") : t("filler.atMostRandomCount")} value={input.count ?? ""} onChange={(v) => set({ count: typeof v === "number" ? v : null })} error={e.count} />
        )}
        {!modeless && input.fillerMode === "Pad" && (
          <Select label={t("filler.padToTheNearestMinute")} data={["5", "10", "15", "30", "60"]} value={input.padToNearestMinute != null ? String(input.padToNearestMinute) : null} onChange={(v) => set({ padToNearestMinute: v ? Number(v) : null })} error={e.padToNearestMinute} />
        )}
        <Select label={t("common.content")} data={CONTENT()} value={input.collectionType} onChange={(v) => v && set({ collectionType: v as CollectionType })} allowDeselect={false} error={e.collectionType} />
        {target ? (
          <Select label={t("common.source")} data={target.data} value={input[target.key] != null ? String(input[target.key]) : null} searchable onChange={(v) => set({ [target.key]: v ? Number(v) : null })} error={e[target.key]} />
        ) : (
          <NumberInput label={t("filler.mediaItemId")} value={input.mediaItemId ?? ""} onChange={(v) => set({ mediaItemId: typeof v === "number" ? v : null })} error={e.mediaItemId} />
        )}
        {input.fillerKind === "MidRoll" && <TextInput label={t("filler.midRollExpressionOptional")} value={input.expression ?? ""} onChange={(ev) => set({ expression: ev.currentTarget.value })} error={e.expression} />}
        <Checkbox label={t("filler.useChaptersAsItems")} checked={input.useChaptersAsMediaItems ?? false} onChange={(ev) => set({ useChaptersAsMediaItems: ev.currentTarget.checked })} error={e.useChaptersAsMediaItems} />
        <Checkbox label={t("common.allowWatermarks")} checked={input.allowWatermarks ?? false} onChange={(ev) => set({ allowWatermarks: ev.currentTarget.checked })} error={e.allowWatermarks} />
        <ServerMessage message={errors?.general} />
        <Group justify="flex-end">
          <Button type="submit" loading={createState.fetching || updateState.fetching}>{existing ? t("common.save") : t("filler.createFillerPreset")}</Button>
        </Group>
      </Stack>
    </form>
  );
}
