import { Accordion, Button, Group, MultiSelect, Select, SimpleGrid, Stack, Switch, TextInput } from "@mantine/core";
import { useEffect, useState, type FormEvent } from "react";
import { useQuery } from "urql";
import { ServerMessage } from "../../components/ServerMessage";
import {
  ChannelFormDocument,
  CreateChannelDocument,
  UpdateChannelDocument,
  type ChannelPlayoutMode,
  type StreamingMode,
  type SubtitleDelivery,
  type SubtitleMode,
} from "../../graphql/generated";
import { toServerErrors, type ServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { useTranslation } from "react-i18next";
import { t } from "../../i18n/i18n";

const STREAMING_MODES = (): { value: StreamingMode; label: string }[] => ([
  { value: "TransportStream", label: "MPEG-TS" },
  { value: "TransportStreamHybrid", label: t("common.mpegTsHybrid") },
  { value: "HttpLiveStreamingSegmenter", label: t("common.hlsSegmenter") },
  { value: "HttpLiveStreamingDirect", label: t("common.hlsDirect") },
]);
const PLAYOUT_MODES = (): { value: ChannelPlayoutMode; label: string }[] => ([
  { value: "Continuous", label: t("channels.continuousRunsLikeLiveTv") },
  { value: "OnDemand", label: t("channels.onDemandWaitsWhileNobodyWatches") },
]);
const SUBTITLE_MODES: SubtitleMode[] = ["None", "Forced", "Default", "Any"];
const SUBTITLE_DELIVERIES = (): { value: SubtitleDelivery; label: string }[] => ([
  { value: "BurnIn", label: t("channels.burnInEveryoneSeesThem") },
  { value: "Soft", label: t("channels.softHlsViewersSwitchThemPicture") },
]);
const codes = (text: string) => text.split(",").map((c) => c.trim()).filter(Boolean);

interface Values {
  number: string;
  name: string;
  group: string;
  categories: string;
  logoUrl: string;
  streamingMode: StreamingMode | null;
  playoutMode: ChannelPlayoutMode | null;
  ffmpegProfileId: string | null;
  isEnabled: boolean;
  showInEpg: boolean;
  preferredAudioLanguageCode: string;
  preferredSubtitleLanguageCode: string;
  subtitleMode: SubtitleMode | null;
  subtitleDelivery: SubtitleDelivery | null;
  subtitleLanguageCodes: string;
  audioLanguageCodes: string;
  /** Graphics element ids in drawing order (the order they were picked). */
  graphicsIds: string[];
}

const EMPTY: Values = {
  number: "",
  name: "",
  group: "",
  categories: "",
  logoUrl: "",
  streamingMode: null,
  playoutMode: null,
  ffmpegProfileId: null,
  isEnabled: true,
  showInEpg: true,
  preferredAudioLanguageCode: "",
  preferredSubtitleLanguageCode: "",
  subtitleMode: null,
  subtitleDelivery: null,
  subtitleLanguageCodes: "",
  audioLanguageCodes: "",
  graphicsIds: [],
};
const FIELDS = Object.keys(EMPTY);
const MORE_OPTIONS: (keyof Values)[] = ["group", "categories", "logoUrl", "subtitleMode", "preferredAudioLanguageCode", "preferredSubtitleLanguageCode", "subtitleDelivery", "subtitleLanguageCodes", "audioLanguageCodes", "isEnabled", "showInEpg"];

/** Blank text clears a field on edit and leaves it to the server's default on create. */
function toInput(v: Values, isNew: boolean) {
  const text = (value: string) => (value.trim() === "" ? (isNew ? undefined : null) : value);
  return {
    number: v.number.trim() === "" ? undefined : v.number,
    name: v.name,
    group: v.group.trim() === "" ? undefined : v.group,
    categories: v.categories.split(",").map((c) => c.trim()).filter(Boolean),
    logoUrl: text(v.logoUrl),
    streamingMode: v.streamingMode ?? undefined,
    playoutMode: v.playoutMode ?? undefined,
    ffmpegProfileId: v.ffmpegProfileId ? Number(v.ffmpegProfileId) : undefined,
    isEnabled: v.isEnabled,
    showInEpg: v.showInEpg,
    preferredAudioLanguageCode: text(v.preferredAudioLanguageCode),
    preferredSubtitleLanguageCode: text(v.preferredSubtitleLanguageCode),
    subtitleMode: v.subtitleMode ?? undefined,
    subtitleDelivery: v.subtitleDelivery ?? undefined,
    subtitleLanguageCodes: codes(v.subtitleLanguageCodes),
    audioLanguageCodes: codes(v.audioLanguageCodes),
    graphicsIds: v.graphicsIds.map(Number),
  };
}

export interface SavedChannel {
  id: number;
  number: string;
  name: string;
}

/** Creates or edits a channel; every message under a field is the server's. */
export function ChannelForm({ channelId, onSaved, submitLabel }: { channelId?: number; onSaved: (channel: SavedChannel) => void; submitLabel?: string }) {
  const { t } = useTranslation();
  const isNew = channelId === undefined;
  const [{ data }] = useQuery({ query: ChannelFormDocument, variables: { id: channelId ?? 0, withChannel: !isNew } });
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<ServerErrors | null>(null);
  const [moreOpen, setMoreOpen] = useState<string | null>(null);
  const [createState, create] = useServerMutation(CreateChannelDocument);
  const [updateState, update] = useServerMutation(UpdateChannelDocument);

  const channel = data?.channel;
  useEffect(() => {
    if (!channel) return;
    setValues({
      number: channel.number,
      name: channel.name,
      group: channel.group,
      categories: channel.categories.join(", "),
      logoUrl: channel.logoUrl ?? "",
      streamingMode: channel.streamingMode,
      playoutMode: channel.playoutMode,
      ffmpegProfileId: String(channel.ffmpegProfileId),
      isEnabled: channel.isEnabled,
      showInEpg: channel.showInEpg,
      preferredAudioLanguageCode: channel.preferredAudioLanguageCode ?? "",
      preferredSubtitleLanguageCode: channel.preferredSubtitleLanguageCode ?? "",
      subtitleMode: channel.subtitleMode,
      subtitleDelivery: channel.subtitleDelivery,
      subtitleLanguageCodes: channel.subtitleLanguageCodes.join(", "),
      audioLanguageCodes: channel.audioLanguageCodes.join(", "),
      graphicsIds: channel.graphicsIds.map(String),
    });
  }, [channel]);

  const set = <K extends keyof Values>(key: K) => (value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const error = (field: keyof Values) => errors?.fields[field];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = toInput(values, isNew);
    const result = isNew ? await create({ input }) : await update({ id: channelId, input });
    const saved = result.data && ("createChannel" in result.data ? result.data.createChannel : result.data.updateChannel);
    if (result.error || !saved) {
      const serverErrors = toServerErrors(result.error, FIELDS);
      setErrors(serverErrors);
      // A message on a folded-away field must not stay hidden.
      if (MORE_OPTIONS.some((f) => serverErrors.fields[f])) setMoreOpen("more");
      return;
    }
    setErrors(null);
    onSaved(saved);
  };

  const graphics = data?.graphics.map((g) => ({ value: String(g.id), label: g.name })) ?? [];
  const profiles = data?.ffmpegProfiles.map((p) => ({ value: String(p.id), label: p.isDefault ? t("channels.default", { name: p.name }) : p.name })) ?? [];

  return (
    <form onSubmit={submit} aria-label={isNew ? t("common.newChannel") : t("common.editChannel")} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t("common.number")} description={t("channels.eG4Or41BlankFor")} value={values.number} onChange={(e) => set("number")(e.currentTarget.value)} error={error("number")} />
          <TextInput label={t("common.name")} value={values.name} onChange={(e) => set("name")(e.currentTarget.value)} required error={error("name")} />
          <Select label={t("common.streamingMode")} placeholder={t("common.serverDefault")} data={STREAMING_MODES()} value={values.streamingMode} onChange={(v) => set("streamingMode")(v as StreamingMode | null)} error={error("streamingMode")} clearable />
          <Select label={t("common.ffmpegProfile")} placeholder={t("common.defaultProfile")} data={profiles} value={values.ffmpegProfileId} onChange={set("ffmpegProfileId")} error={error("ffmpegProfileId")} clearable />
          <Select label={t("common.playoutMode")} description={t("channels.onDemandTheScheduleResumesWhere")} placeholder={t("common.continuous")} data={PLAYOUT_MODES()} value={values.playoutMode} onChange={(v) => set("playoutMode")(v as ChannelPlayoutMode | null)} error={error("playoutMode")} clearable />
          <MultiSelect
            label={t("channels.graphics")}
            description={graphics.length ? t("channels.graphicsDrawnInOrder") : t("channels.noGraphicsYet")}
            placeholder={values.graphicsIds.length ? undefined : t("channels.noGraphics")}
            data={graphics}
            value={values.graphicsIds}
            onChange={set("graphicsIds")}
            error={error("graphicsIds")}
            searchable
            clearable
          />
        </SimpleGrid>
        <Accordion variant="contained" value={moreOpen} onChange={setMoreOpen}>
          <Accordion.Item value="more">
            <Accordion.Control>{t("common.moreOptions")}</Accordion.Control>
            <Accordion.Panel>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t("common.group")} value={values.group} onChange={(e) => set("group")(e.currentTarget.value)} error={error("group")} />
                <TextInput label={t("common.categories")} description={t("channels.separatedByCommas")} value={values.categories} onChange={(e) => set("categories")(e.currentTarget.value)} error={error("categories")} />
                <TextInput label={t("common.logoUrl")} value={values.logoUrl} onChange={(e) => set("logoUrl")(e.currentTarget.value)} error={error("logoUrl")} />
                <Select label={t("common.subtitles")} placeholder={t("common.serverDefault")} data={SUBTITLE_MODES} value={values.subtitleMode} onChange={(v) => set("subtitleMode")(v as SubtitleMode | null)} error={error("subtitleMode")} clearable />
                <TextInput label={t("channels.preferredAudioLanguage")} description={t("channels.iso639CodeEGEng")} value={values.preferredAudioLanguageCode} onChange={(e) => set("preferredAudioLanguageCode")(e.currentTarget.value)} error={error("preferredAudioLanguageCode")} />
                <TextInput label={t("channels.preferredSubtitleLanguage")} value={values.preferredSubtitleLanguageCode} onChange={(e) => set("preferredSubtitleLanguageCode")(e.currentTarget.value)} error={error("preferredSubtitleLanguageCode")} />
                <Select label={t("common.subtitleDelivery")} placeholder={t("common.burnIn")} data={SUBTITLE_DELIVERIES()} value={values.subtitleDelivery} onChange={(v) => set("subtitleDelivery")(v as SubtitleDelivery | null)} error={error("subtitleDelivery")} clearable />
                <TextInput label={t("channels.softSubtitleLanguages")} description={t("channels.oneSwitchableHlsSubtitleTrackEach")} value={values.subtitleLanguageCodes} onChange={(e) => set("subtitleLanguageCodes")(e.currentTarget.value)} error={error("subtitleLanguageCodes")} />
                <TextInput label={t("channels.audioTrackLanguages")} description={t("channels.oneAudioTrackEachTheFirst")} value={values.audioLanguageCodes} onChange={(e) => set("audioLanguageCodes")(e.currentTarget.value)} error={error("audioLanguageCodes")} />
                <Switch label={t("common.enabled")} checked={values.isEnabled} onChange={(e) => set("isEnabled")(e.currentTarget.checked)} error={error("isEnabled")} />
                <Switch label={t("channels.showInTheGuide")} checked={values.showInEpg} onChange={(e) => set("showInEpg")(e.currentTarget.checked)} error={error("showInEpg")} />
              </SimpleGrid>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
        <ServerMessage message={errors?.general} />
        <Group justify="flex-end">
          <Button type="submit" loading={createState.fetching || updateState.fetching}>{submitLabel ?? (isNew ? t("common.createChannel") : t("common.saveChannel"))}</Button>
        </Group>
      </Stack>
    </form>
  );
}
