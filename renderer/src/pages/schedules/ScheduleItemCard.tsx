import { Button, Fieldset, Group, Select, SimpleGrid, Text, TextInput } from "@mantine/core";
import type { DragEvent } from "react";
import type { CollectionType, FillerKind, GuideMode, MultipleMode, PlaybackOrder, PlayoutMode, ScheduleItemSourcesQuery, TailMode } from "../../graphql/generated";
import { TARGET_FIELD, type ItemDraft } from "./schedule-item-draft";
import { useTranslation } from "react-i18next";
import { t } from "../../i18n/i18n";

const MODES = (): { value: PlayoutMode; label: string }[] => ([
  { value: "One", label: t("common.oneItem") },
  { value: "Multiple", label: t("common.multipleItems") },
  { value: "Flood", label: t("schedules.floodUntilTheNextFixedStart") },
  { value: "Duration", label: t("schedules.durationFillALengthOfTime") },
]);
const CONTENT_KINDS = (): { value: CollectionType; label: string }[] => ([
  { value: "Collection", label: t("common.collection") },
  { value: "TelevisionShow", label: t("common.tvShow") },
  { value: "TelevisionSeason", label: t("common.tvSeason") },
  { value: "SmartCollection", label: t("common.smartCollection") },
  { value: "MultiCollection", label: t("common.multiCollection") },
  { value: "Playlist", label: t("common.playlist") },
  { value: "SearchQuery", label: t("common.searchQuery") },
]);
const ORDERS: PlaybackOrder[] = ["Chronological", "SeasonEpisode", "Random", "Shuffle", "ShuffleInOrder", "MultiEpisodeShuffle", "RandomRotation", "Marathon"];
const MULTIPLE_MODES: MultipleMode[] = ["Count", "CollectionSize", "PlaylistItemSize", "MultiEpisodeGroupSize"];
const TAIL_MODES: TailMode[] = ["None", "Offline", "Filler"];
const GUIDE_MODES: GuideMode[] = ["Normal", "Filler"];
const FILLERS = (): { field: "preRollFillerId" | "midRollFillerId" | "postRollFillerId" | "tailFillerId" | "fallbackFillerId"; kind: FillerKind; label: string }[] => ([
  { field: "preRollFillerId", kind: "PreRoll", label: t("common.preRollFiller") },
  { field: "midRollFillerId", kind: "MidRoll", label: t("common.midRollFiller") },
  { field: "postRollFillerId", kind: "PostRoll", label: t("common.postRollFiller") },
  { field: "tailFillerId", kind: "Tail", label: t("common.tailFiller") },
  { field: "fallbackFillerId", kind: "Fallback", label: t("common.fallbackFiller") },
]);

function targetOptions(kind: CollectionType, sources: ScheduleItemSourcesQuery | undefined): { value: string; label: string }[] {
  if (!sources) return [];
  const named = (list: { id: number; name: string }[]) => list.map((x) => ({ value: String(x.id), label: x.name }));
  switch (kind) {
    case "Collection": return named(sources.collections);
    case "SmartCollection": return named(sources.smartCollections);
    case "MultiCollection": return named(sources.multiCollections);
    case "Playlist": return named(sources.playlists);
    case "TelevisionShow": return sources.shows.items.map((s) => ({ value: String(s.id), label: s.title }));
    case "TelevisionSeason": return sources.seasons.items.map((s) => ({ value: String(s.id), label: `${s.parent?.title ?? "?"} · ${s.title}` }));
    default: return [];
  }
}

const numberOrNull = (v: string | null) => (v ? Number(v) : null);

export interface ScheduleItemCardProps {
  draft: ItemDraft;
  position: number;
  count: number;
  sources: ScheduleItemSourcesQuery | undefined;
  errors: Record<string, string> | undefined;
  onChange: (patch: Partial<ItemDraft>) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  dragHandlers: { onDragStart: (e: DragEvent) => void; onDragOver: (e: DragEvent) => void; onDrop: (e: DragEvent) => void; onDragEnd: () => void };
  dragOver: boolean;
}

/** One schedule item: the fields of its playout mode and content kind, and its place in the list. */
export function ScheduleItemCard({ draft, position, count, sources, errors, onChange, onMove, onRemove, dragHandlers, dragOver }: ScheduleItemCardProps) {
  const { t } = useTranslation();
  const n = position + 1;
  const target = TARGET_FIELD[draft.collectionType];
  const err = (field: string) => errors?.[field];
  const fillerOptions = (kind: FillerKind) => (sources?.fillerPresets ?? []).filter((f) => f.fillerKind === kind).map((f) => ({ value: String(f.id), label: f.name }));
  const shownFillers = FILLERS().filter((f) => f.field !== "tailFillerId" || draft.playoutMode === "Duration");
  return (
    <Fieldset
      legend={t("schedules.item", { n: n })}
      data-testid={`schedule-item-${n}`}
      onDragOver={dragHandlers.onDragOver}
      onDrop={dragHandlers.onDrop}
      style={{ outline: dragOver ? "2px dashed var(--mantine-color-indigo-5)" : undefined }}
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap={4} wrap="nowrap">
          {/* Mouse-only handle (a button would not start a native drag); keyboard users have the arrow buttons. */}
          <div
            draggable
            onDragStart={dragHandlers.onDragStart}
            onDragEnd={dragHandlers.onDragEnd}
            title={t("schedules.dragItemToReorder", { n: n })}
            aria-hidden="true"
            className="drag-handle"
            style={{ cursor: "grab", padding: "2px 8px", fontSize: 18, userSelect: "none" }}
            data-testid={`drag-item-${n}`}
          >
            ⠿
          </div>
          <Button size="compact-xs" variant="default" onClick={() => onMove(position - 1)} disabled={position === 0} aria-label={t("schedules.moveItemUp", { n: n })}>↑</Button>
          <Button size="compact-xs" variant="default" onClick={() => onMove(position + 1)} disabled={position === count - 1} aria-label={t("schedules.moveItemDown", { n: n })}>↓</Button>
        </Group>
        <Button size="compact-xs" variant="subtle" color="red" onClick={onRemove} aria-label={t("schedules.removeItem", { n: n })}>{t("common.remove")}</Button>
      </Group>
      {err("general") && <Text c="red" size="sm" role="alert">{err("general")}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <Select label={t("common.playoutMode")} data={MODES()} value={draft.playoutMode} onChange={(v) => v && onChange({ playoutMode: v as PlayoutMode })} allowDeselect={false} error={err("playoutMode")} />
        <Select label={t("common.contentKind")} data={CONTENT_KINDS()} value={draft.collectionType} onChange={(v) => v && onChange({ collectionType: v as CollectionType })} allowDeselect={false} error={err("collectionType")} />
        {target === "searchQuery" ? (
          <TextInput label={t("common.searchQuery")} value={draft.searchQuery ?? ""} onChange={(e) => onChange({ searchQuery: e.currentTarget.value })} error={err("searchQuery")} />
        ) : target ? (
          <Select
            label={t("common.content")}
            placeholder={t("common.pickOne")}
            data={targetOptions(draft.collectionType, sources)}
            value={draft[target] != null ? String(draft[target]) : null}
            onChange={(v) => onChange({ [target]: numberOrNull(v) })}
            searchable
            error={err(target)}
          />
        ) : null}
        <Select label={t("common.playbackOrder")} data={ORDERS} value={draft.playbackOrder} onChange={(v) => v && onChange({ playbackOrder: v as PlaybackOrder })} allowDeselect={false} error={err("playbackOrder")} />
        <TextInput label={t("common.startTime")} description={t("schedules.hhMmSsEmptyRightAfterThePrevious")} placeholder={t("common.dynamic")} value={draft.startTime ?? ""} onChange={(e) => onChange({ startTime: e.currentTarget.value || null })} error={err("startTime")} />
        {draft.playoutMode === "Multiple" && (
          <>
            <Select label={t("common.howMany")} data={MULTIPLE_MODES} value={draft.multipleMode ?? "Count"} onChange={(v) => onChange({ multipleMode: (v as MultipleMode) ?? null })} allowDeselect={false} error={err("multipleMode")} />
            {(draft.multipleMode ?? "Count") === "Count" && (
              <TextInput label={t("common.count")} description={t("schedules.aNumberOrAnExpression")} value={draft.count ?? ""} onChange={(e) => onChange({ count: e.currentTarget.value, multipleMode: draft.multipleMode ?? "Count" })} error={err("count")} />
            )}
          </>
        )}
        {draft.playoutMode === "Duration" && (
          <>
            <TextInput label={t("common.duration")} description={"hh:mm:ss"} value={draft.playoutDuration ?? ""} onChange={(e) => onChange({ playoutDuration: e.currentTarget.value })} error={err("playoutDuration")} />
            <Select label={t("common.tail")} data={TAIL_MODES} value={draft.tailMode ?? null} onChange={(v) => onChange({ tailMode: (v as TailMode) ?? null })} clearable placeholder={t("common.default")} error={err("tailMode")} />
            <TextInput label={t("common.discardAttempts")} value={draft.discardToFillAttempts != null ? String(draft.discardToFillAttempts) : ""} onChange={(e) => onChange({ discardToFillAttempts: e.currentTarget.value === "" ? null : Number(e.currentTarget.value) })} error={err("discardToFillAttempts")} inputMode="numeric" />
          </>
        )}
        <TextInput label={t("common.customTitle")} value={draft.customTitle ?? ""} onChange={(e) => onChange({ customTitle: e.currentTarget.value || null })} error={err("customTitle")} />
        <Select label={t("common.guide")} data={GUIDE_MODES} value={draft.guideMode ?? "Normal"} onChange={(v) => onChange({ guideMode: (v as GuideMode) ?? null })} allowDeselect={false} error={err("guideMode")} />
        {shownFillers.map((f) => (
          <Select
            key={f.field}
            label={f.label}
            data={fillerOptions(f.kind)}
            value={draft[f.field] != null ? String(draft[f.field]) : null}
            onChange={(v) => onChange({ [f.field]: numberOrNull(v) })}
            clearable
            placeholder={t("common.none")}
            error={err(f.field)}
          />
        ))}
      </SimpleGrid>
    </Fieldset>
  );
}
