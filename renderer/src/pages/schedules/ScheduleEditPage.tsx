import { Anchor, Breadcrumbs, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef, useState, type DragEvent } from "react";
import { useQuery } from "urql";
import type { PageProps } from "../../app/routes";
import { Link } from "../../app/router";
import { ServerMessage } from "../../components/ServerMessage";
import { ReplaceScheduleItemsDocument, ScheduleEditorDocument, ScheduleItemSourcesDocument } from "../../graphql/generated";
import type { ServerFieldError } from "../../graphql/server-errors";
import { toServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { draftOf, emptyDraft, inputOf, itemErrorsOf, move, type ItemDraft } from "./schedule-item-draft";
import { ScheduleItemCard } from "./ScheduleItemCard";
import { ScheduleSettingsForm } from "./ScheduleSettingsForm";
import { useTranslation } from "react-i18next";
import { t } from "../../i18n/i18n";

/** The arrow button that keeps focus after a move (the other one when the item reached an end). */
function focusLabelAfterMove(from: number, to: number, count: number): string {
  const up = to < from;
  const direction = (up && to === 0) ? "down" : (!up && to === count - 1) ? "up" : up ? "up" : "down";
  return direction === "up" ? t("schedules.moveItemUp", { n: to + 1 }) : t("schedules.moveItemDown", { n: to + 1 });
}

/** `/schedules/:id`: the schedule's options and its items, reordered by dragging or buttons, saved at once. */
export default function ScheduleEditPage({ params }: PageProps) {
  const { t } = useTranslation();
  const id = Number(params.id);
  const [{ data, error }, refetch] = useQuery({ query: ScheduleEditorDocument, variables: { id }, requestPolicy: "network-only" });
  const [{ data: sources }] = useQuery({ query: ScheduleItemSourcesDocument, requestPolicy: "cache-and-network" });
  const [drafts, setDrafts] = useState<ItemDraft[] | null>(null);
  const [itemErrors, setItemErrors] = useState<Record<string, Record<string, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const [state, replace] = useServerMutation(ReplaceScheduleItemsDocument);
  const focusAfterMove = useRef<string | null>(null);

  useEffect(() => {
    if (data && drafts === null) setDrafts(data.schedule.items.map(draftOf));
  }, [data, drafts]);

  useEffect(() => {
    // Keyboard reordering keeps focus on the moved item's button.
    const label = focusAfterMove.current;
    if (!label) return;
    focusAfterMove.current = null;
    document.querySelector<HTMLButtonElement>(`[aria-label="${label}"]`)?.focus();
  }, [drafts]);

  const list = drafts ?? [];
  const change = (key: string, patch: Partial<ItemDraft>) => { setDrafts(list.map((d) => (d.key === key ? { ...d, ...patch } : d))); setSaved(null); };
  const moveItem = (from: number, to: number, focusLabel?: string) => {
    if (to < 0 || to >= list.length) return;
    focusAfterMove.current = focusLabel ?? null;
    setDrafts(move(list, from, to));
    setSaved(null);
  };

  const save = async () => {
    const sentKeys = list.map((d) => d.key);
    const result = await replace({ scheduleId: id, items: list.map(inputOf) });
    if (result.error || !result.data) {
      const fieldErrors = result.error?.graphQLErrors.flatMap((e) => (e.extensions?.errors as ServerFieldError[] | undefined) ?? []) ?? [];
      const { byItem, rest } = itemErrorsOf(fieldErrors, sentKeys);
      setItemErrors(byItem);
      const otherMessages = rest.map((e) => `${e.field}: ${e.message}`);
      setGeneral(fieldErrors.length ? (otherMessages.join("\n") || t("schedules.theServerRefusedSomeItems")) : toServerErrors(result.error, []).general);
      return;
    }
    setItemErrors({});
    setGeneral(null);
    setDrafts(result.data.replaceScheduleItems.map(draftOf));
    setSaved(t("schedules.savedItems", { count: result.data.replaceScheduleItems.length }));
  };

  const dragHandlers = (position: number) => ({
    onDragStart: (e: DragEvent) => {
      setDragFrom(position);
      e.dataTransfer.effectAllowed = "move";
      e.dataTransfer.setData("text/plain", String(position));
    },
    onDragOver: (e: DragEvent) => {
      if (dragFrom === null) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = "move";
      if (dragOver !== position) setDragOver(position);
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      const from = dragFrom ?? Number(e.dataTransfer.getData("text/plain"));
      if (Number.isInteger(from)) moveItem(from, position);
      setDragFrom(null);
      setDragOver(null);
    },
    onDragEnd: () => { setDragFrom(null); setDragOver(null); },
  });

  const schedule = data?.schedule;
  return (
    <Stack maw={1200}>
      <Breadcrumbs>
        <Anchor component={Link} to="/schedules">{t("common.schedules")}</Anchor>
        <Text>{schedule?.name ?? t("common.schedule")}</Text>
      </Breadcrumbs>
      <Title order={1}>{schedule ? t("schedules.schedule", { name: schedule.name }) : t("common.schedule")}</Title>
      <ServerMessage title={t("schedules.cannotLoadTheSchedule")} message={error?.message} />
      {schedule && <ScheduleSettingsForm key={schedule.id} schedule={schedule} onSaved={() => refetch({ requestPolicy: "network-only" })} />}
      {drafts && (
        <Stack gap="sm" component="section" aria-labelledby="schedule-items-heading">
          <Group justify="space-between">
            <Title order={2} size="h3" id="schedule-items-heading">{t("common.items")}</Title>
            <Text size="sm" c="dimmed">{t("schedules.dragTheHandleOrUseThe")}</Text>
          </Group>
          {list.length === 0 && <Text>{t("schedules.noItemsYet")}</Text>}
          {list.map((draft, position) => (
            <ScheduleItemCard
              key={draft.key}
              draft={draft}
              position={position}
              count={list.length}
              sources={sources}
              errors={itemErrors[draft.key]}
              onChange={(patch) => change(draft.key, patch)}
              onMove={(to) => moveItem(position, to, focusLabelAfterMove(position, to, list.length))}
              onRemove={() => { setDrafts(list.filter((d) => d.key !== draft.key)); setSaved(null); }}
              dragHandlers={dragHandlers(position)}
              dragOver={dragOver === position && dragFrom !== position}
            />
          ))}
          <ServerMessage message={general} />
          <Group justify="space-between">
            <Button variant="default" onClick={() => { setDrafts([...list, emptyDraft()]); setSaved(null); }}>{t("common.addItem")}</Button>
            <Group gap="sm">
              {saved && <Text size="sm" role="status">{saved}</Text>}
              <Button onClick={save} loading={state.fetching}>{t("common.saveItems")}</Button>
            </Group>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
