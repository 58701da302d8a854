import { Button, Checkbox, Group, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { ServerMessage } from "../../components/ServerMessage";
import { UpdateScheduleDocument, type FixedStartTimeBehavior, type ScheduleEditorQuery, type ScheduleInput } from "../../graphql/generated";
import { toServerErrors, type ServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { useTranslation } from "react-i18next";

const FIELDS = ["name", "keepMultiPartEpisodesTogether", "treatCollectionsAsShows", "shuffleScheduleItems", "randomStartPoint", "fixedStartTimeBehavior"] as const;

/** The schedule's name and options. */
export function ScheduleSettingsForm({ schedule, onSaved }: { schedule: ScheduleEditorQuery["schedule"]; onSaved: () => void }) {
  const { t } = useTranslation();
  const [input, setInput] = useState<ScheduleInput>({
    name: schedule.name,
    keepMultiPartEpisodesTogether: schedule.keepMultiPartEpisodesTogether,
    treatCollectionsAsShows: schedule.treatCollectionsAsShows,
    shuffleScheduleItems: schedule.shuffleScheduleItems,
    randomStartPoint: schedule.randomStartPoint,
    fixedStartTimeBehavior: schedule.fixedStartTimeBehavior,
  });
  const [errors, setErrors] = useState<ServerErrors | null>(null);
  const [saved, setSaved] = useState(false);
  const [state, update] = useServerMutation(UpdateScheduleDocument);
  const set = (patch: Partial<ScheduleInput>) => { setInput({ ...input, ...patch }); setSaved(false); };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await update({ id: schedule.id, input });
    setErrors(result.error ? toServerErrors(result.error, FIELDS) : null);
    if (!result.error) { setSaved(true); onSaved(); }
  };

  return (
    <form onSubmit={submit} aria-label={t("common.scheduleOptions")}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <TextInput label={t("common.name")} value={input.name} onChange={(e) => set({ name: e.currentTarget.value })} required error={errors?.fields.name} />
          <Select
            label={t("schedules.fixedStartTimes")}
            data={[{ value: "Strict", label: t("schedules.strictWaitForTheTime") }, { value: "Flexible", label: t("schedules.flexibleStartWhenThePreviousItem") }]}
            value={input.fixedStartTimeBehavior ?? "Strict"}
            onChange={(v) => v && set({ fixedStartTimeBehavior: v as FixedStartTimeBehavior })}
            allowDeselect={false}
            error={errors?.fields.fixedStartTimeBehavior}
          />
        </SimpleGrid>
        <Group gap="lg">
          <Checkbox label={t("schedules.keepMultiPartEpisodesTogether")} checked={Boolean(input.keepMultiPartEpisodesTogether)} onChange={(e) => set({ keepMultiPartEpisodesTogether: e.currentTarget.checked })} error={errors?.fields.keepMultiPartEpisodesTogether} />
          <Checkbox label={t("schedules.treatCollectionsAsShows")} checked={Boolean(input.treatCollectionsAsShows)} onChange={(e) => set({ treatCollectionsAsShows: e.currentTarget.checked })} error={errors?.fields.treatCollectionsAsShows} />
          <Checkbox label={t("schedules.shuffleScheduleItems")} checked={Boolean(input.shuffleScheduleItems)} onChange={(e) => set({ shuffleScheduleItems: e.currentTarget.checked })} error={errors?.fields.shuffleScheduleItems} />
          <Checkbox label={t("schedules.randomStartPoint")} checked={Boolean(input.randomStartPoint)} onChange={(e) => set({ randomStartPoint: e.currentTarget.checked })} error={errors?.fields.randomStartPoint} />
        </Group>
        <ServerMessage message={errors?.general} />
        <Group justify="flex-end">
          {saved && <span role="status">Saved.</span>}
          <Button type="submit" variant="default" loading={state.fetching}>{t("common.saveOptions")}</Button>
        </Group>
      </Stack>
    </form>
  );
}
