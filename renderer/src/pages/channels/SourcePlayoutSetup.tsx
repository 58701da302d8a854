import { Button, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useQuery } from "urql";
import { ServerMessage } from "../../components/ServerMessage";
import { CreatePlayoutDocument, PlayoutSchedulesDocument, UpdatePlayoutDocument, type PlayoutKind } from "../../graphql/generated";
import { toServerErrors, type ServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import type { PlayoutSaved } from "./PlayoutSetup";
import { useTranslation } from "react-i18next";
import { t } from "../../i18n/i18n";

type SourceKind = Extract<PlayoutKind, "Classic" | "ExternalJson" | "Scripted">;

const FILE_LABEL = (): Record<Exclude<SourceKind, "Classic">, { label: string; description: string; placeholder: string }> => ({
  ExternalJson: { label: t("common.channelFile"), description: t("channels.absolutePathOfADizquetvChannel"), placeholder: "/media/channels/retro.json" },
  Scripted: { label: t("common.commandLine"), description: t("channels.aScriptAbsolutePathAndIts"), placeholder: t("channels.homeMeAirwaveOneDayMjsChannelRetro") },
});

/**
 * Gives a channel a playout whose source is a reference: a Classic schedule, or a file (ExternalJson channel
 * file, Scripted command line). The server checks the source and builds; its messages show under the field.
 */
export function SourcePlayoutSetup(props: {
  kind: SourceKind;
  channelId: number;
  playoutId?: number | null;
  initial: { scheduleId?: number | null; scheduleFile?: string | null };
  onSaved: (build: PlayoutSaved) => void;
}) {
  const { t } = useTranslation();
  const { kind, channelId, playoutId, initial, onSaved } = props;
  const [{ data }] = useQuery({ query: PlayoutSchedulesDocument, requestPolicy: "network-only", pause: kind !== "Classic" });
  const [scheduleId, setScheduleId] = useState<string | null>(initial.scheduleId != null ? String(initial.scheduleId) : null);
  const [scheduleFile, setScheduleFile] = useState(initial.scheduleFile ?? "");
  const [errors, setErrors] = useState<ServerErrors | null>(null);
  const [createState, create] = useServerMutation(CreatePlayoutDocument);
  const [updateState, update] = useServerMutation(UpdatePlayoutDocument);

  const input = kind === "Classic" ? { scheduleId: scheduleId ? Number(scheduleId) : null } : { scheduleFile: scheduleFile.trim() || null };
  const save = async () => {
    const result = playoutId ? await update({ id: playoutId, input }) : await create({ input: { channelId, kind, ...input } });
    const change = result.data && ("createPlayout" in result.data ? result.data.createPlayout : result.data.updatePlayout);
    if (result.error || !change) return setErrors(toServerErrors(result.error, ["scheduleId", "scheduleFile"]));
    setErrors(change.build.success ? null : { fields: {}, general: t("channels.theBuildFailed", { message: change.build.message }), unauthorized: false });
    onSaved(change.build);
  };

  const schedules = (data?.schedules ?? []).map((s) => ({ value: String(s.id), label: t("channels.scheduleWithItems", { name: s.name, count: s.items.length }) }));
  return (
    <Stack>
      {kind === "Classic" ? (
        <Select
          label={t("common.schedule")}
          description={t("channels.theChannelCyclesThroughTheScheduleS")}
          placeholder={schedules.length ? t("channels.pickASchedule") : t("channels.noSchedulesYetMakeOneOn")}
          data={schedules}
          value={scheduleId}
          onChange={setScheduleId}
          searchable
          error={errors?.fields.scheduleId}
        />
      ) : (
        <TextInput {...FILE_LABEL()[kind]} value={scheduleFile} onChange={(ev) => setScheduleFile(ev.currentTarget.value)} error={errors?.fields.scheduleFile} />
      )}
      <ServerMessage message={errors?.general ?? null} />
      <Group justify="flex-end">
        <Button onClick={save} loading={createState.fetching || updateState.fetching}>{playoutId ? t("channels.saveAndRebuild") : t("common.createPlayout")}</Button>
      </Group>
      <Text size="xs" c="dimmed">{t("channels.savingBuildsTheScheduleForThe")}</Text>
    </Stack>
  );
}
