import { Button, Checkbox, Fieldset, Group, NumberInput, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { ServerMessage } from "../../components/ServerMessage";
import { CreateProfileDocument, UpdateProfileDocument, type FFmpegProfileCreateInput, type FFmpegProfilesPageQuery } from "../../graphql/generated";
import { toServerErrors, type ServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { useTranslation } from "react-i18next";

type Profile = FFmpegProfilesPageQuery["ffmpegProfiles"][number];
type Acceleration = FFmpegProfilesPageQuery["hardwareAccelerations"][number];

const FIELDS = ["name", "threadCount", "hardwareAcceleration", "vaapiDevice", "resolution", "scalingBehavior", "videoFormat", "videoProfile", "bitDepth", "videoBitrate", "videoBufferSize", "audioFormat", "audioBitrate", "audioBufferSize", "audioChannels", "audioSampleRate", "normalizeFramerate", "deinterlaceVideo", "normalizeLoudness", "copyWhenCompatible"] as const;

function fromProfile(p: Profile): FFmpegProfileCreateInput {
  const { id: _id, isDefault: _d, accelerationFailure: _f, resolution, vaapiDevice, ...rest } = p as Profile & { __typename?: string };
  delete (rest as { __typename?: string }).__typename;
  return { ...rest, vaapiDevice: vaapiDevice ?? undefined, resolution: { width: resolution.width, height: resolution.height } };
}

/** A new profile starts from the server's defaults; the encoder profile stays empty so it follows the format. */
function fromDefaults(defaults: Profile): FFmpegProfileCreateInput {
  const { videoProfile: _profile, ...rest } = fromProfile(defaults);
  return rest;
}

/**
 * Every field of an FFmpeg profile, grouped. Hardware accelerations that cannot encode here are shown
 * disabled with the server's reason; every rule is the server's, its messages appear under the fields.
 */
export function FFmpegProfileForm({ existing, defaults, accelerations, onSaved }: { existing?: Profile; defaults: Profile; accelerations: readonly Acceleration[]; onSaved: () => void }) {
  const { t } = useTranslation();
  const [input, setInput] = useState<FFmpegProfileCreateInput>(existing ? fromProfile(existing) : fromDefaults(defaults));
  const [errors, setErrors] = useState<ServerErrors | null>(null);
  const [createState, create] = useServerMutation(CreateProfileDocument);
  const [updateState, update] = useServerMutation(UpdateProfileDocument);
  const set = (patch: Partial<FFmpegProfileCreateInput>) => setInput({ ...input, ...patch });
  const e = errors?.fields ?? {};
  const num = (value: string | number) => (typeof value === "number" ? value : undefined);

  const usable = new Map(accelerations.map((a) => [a.acceleration, a]));
  const accelerationData = ["None", "Qsv", "Nvenc", "Vaapi", "VideoToolbox", "Amf"].map((value) => {
    const status = usable.get(value as Acceleration["acceleration"]);
    const blocked = value !== "None" && status !== undefined && !status.usable && value !== existing?.hardwareAcceleration;
    return { value, label: blocked ? t("ffmpegProfiles.unavailable", { value: value, reason: status.reason ?? t("ffmpegProfiles.notUsableHere") }) : value, disabled: blocked };
  });
  const unusableChosen = input.hardwareAcceleration && input.hardwareAcceleration !== "None" ? usable.get(input.hardwareAcceleration) : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = existing ? await update({ id: existing.id, input }) : await create({ input });
    if (result.error) return setErrors(toServerErrors(result.error, FIELDS));
    onSaved();
  };

  return (
    <form onSubmit={submit} aria-label={existing ? t("ffmpegProfiles.editFfmpegProfile") : t("ffmpegProfiles.newFfmpegProfile")} noValidate>
      <Stack>
        <ServerMessage message={errors?.general} />
        <TextInput label={t("common.name")} required value={input.name} onChange={(ev) => set({ name: ev.currentTarget.value })} error={e.name} />
        <Fieldset legend={t("common.video")}>
          <SimpleGrid cols={2}>
            <NumberInput label={t("common.width")} value={input.resolution?.width} onChange={(v) => set({ resolution: { width: num(v) ?? 0, height: input.resolution?.height ?? 0 } })} error={e.resolution} />
            <NumberInput label={t("common.height")} value={input.resolution?.height} onChange={(v) => set({ resolution: { width: input.resolution?.width ?? 0, height: num(v) ?? 0 } })} />
            <Select label={t("common.scaling")} data={["ScaleAndPad", "Stretch", "Crop"]} value={input.scalingBehavior ?? null} onChange={(v) => set({ scalingBehavior: (v ?? undefined) as FFmpegProfileCreateInput["scalingBehavior"] })} error={e.scalingBehavior} />
            <Select label={t("common.videoFormat")} data={["H264", "Hevc", "Mpeg2Video"]} value={input.videoFormat ?? null} onChange={(v) => set({ videoFormat: (v ?? undefined) as FFmpegProfileCreateInput["videoFormat"] })} error={e.videoFormat} />
            <TextInput label={t("common.encoderProfile")} placeholder={t("ffmpegProfiles.theFormatSDefault")} value={input.videoProfile ?? ""} onChange={(ev) => set({ videoProfile: ev.currentTarget.value || undefined })} error={e.videoProfile} />
            <NumberInput label={t("common.bitDepth")} value={input.bitDepth ?? ""} onChange={(v) => set({ bitDepth: num(v) })} error={e.bitDepth} />
            <NumberInput label={t("ffmpegProfiles.videoBitrateKbps")} value={input.videoBitrate ?? ""} onChange={(v) => set({ videoBitrate: num(v) })} error={e.videoBitrate} />
            <NumberInput label={t("ffmpegProfiles.videoBufferKbit")} value={input.videoBufferSize ?? ""} onChange={(v) => set({ videoBufferSize: num(v) })} error={e.videoBufferSize} />
          </SimpleGrid>
          <Group mt="sm">
            <Checkbox label={t("ffmpegProfiles.normalizeFrameRate")} checked={input.normalizeFramerate ?? false} onChange={(ev) => set({ normalizeFramerate: ev.currentTarget.checked })} error={e.normalizeFramerate} />
            <Checkbox label={t("common.deinterlace")} checked={input.deinterlaceVideo ?? false} onChange={(ev) => set({ deinterlaceVideo: ev.currentTarget.checked })} error={e.deinterlaceVideo} />
          </Group>
        </Fieldset>
        <Fieldset legend={t("common.audio")}>
          <SimpleGrid cols={2}>
            <Select label={t("common.audioFormat")} data={["Aac", "Ac3"]} value={input.audioFormat ?? null} onChange={(v) => set({ audioFormat: (v ?? undefined) as FFmpegProfileCreateInput["audioFormat"] })} error={e.audioFormat} />
            <NumberInput label={t("common.audioChannels")} value={input.audioChannels ?? ""} onChange={(v) => set({ audioChannels: num(v) })} error={e.audioChannels} />
            <NumberInput label={t("ffmpegProfiles.audioBitrateKbps")} value={input.audioBitrate ?? ""} onChange={(v) => set({ audioBitrate: num(v) })} error={e.audioBitrate} />
            <NumberInput label={t("ffmpegProfiles.audioBufferKbit")} value={input.audioBufferSize ?? ""} onChange={(v) => set({ audioBufferSize: num(v) })} error={e.audioBufferSize} />
            <NumberInput label={t("ffmpegProfiles.sampleRateKhz")} decimalScale={2} value={input.audioSampleRate ?? ""} onChange={(v) => set({ audioSampleRate: num(v) })} error={e.audioSampleRate} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t("common.hardware")}>
          <Select
            label={t("common.hardwareAcceleration")}
            data={accelerationData}
            value={input.hardwareAcceleration ?? "None"}
            onChange={(v) => set({ hardwareAcceleration: (v ?? "None") as FFmpegProfileCreateInput["hardwareAcceleration"] })}
            error={e.hardwareAcceleration ?? (unusableChosen && !unusableChosen.usable ? t("ffmpegProfiles.notUsableHereStreamsFall", { reason: unusableChosen.reason ?? t("ffmpegProfiles.unknownReason") }) : undefined)}
          />
          {input.hardwareAcceleration === "Vaapi" && <TextInput mt="sm" label={t("common.vaapiDevice")} placeholder={"/dev/dri/renderD128"} value={input.vaapiDevice ?? ""} onChange={(ev) => set({ vaapiDevice: ev.currentTarget.value || undefined })} error={e.vaapiDevice} />}
        </Fieldset>
        <Fieldset legend={t("common.loudness")}>
          <Checkbox label={t("ffmpegProfiles.normalizeLoudnessEbuR128")} checked={input.normalizeLoudness ?? false} onChange={(ev) => set({ normalizeLoudness: ev.currentTarget.checked })} error={e.normalizeLoudness} />
        </Fieldset>
        <Fieldset legend={t("common.copy")}>
          <Checkbox
            label={t("ffmpegProfiles.copyVideoAndAudioThatAlready")}
            description={t("ffmpegProfiles.codecSizeFrameRatePixelFormat")}
            checked={input.copyWhenCompatible ?? true}
            onChange={(ev) => set({ copyWhenCompatible: ev.currentTarget.checked })}
            error={e.copyWhenCompatible}
          />
        </Fieldset>
        <Fieldset legend={t("common.advanced")}>
          <NumberInput label={t("ffmpegProfiles.encoderThreads0Automatic")} value={input.threadCount ?? ""} onChange={(v) => set({ threadCount: num(v) })} error={e.threadCount} />
        </Fieldset>
        <Group justify="flex-end">
          <Button type="submit" loading={createState.fetching || updateState.fetching}>{existing ? t("common.saveProfile") : t("common.createProfile")}</Button>
        </Group>
      </Stack>
    </form>
  );
}
