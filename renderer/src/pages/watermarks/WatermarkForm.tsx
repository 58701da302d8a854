import { Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { ImageFileInput } from "../../components/ImageFileInput";
import { readAsDataUrl } from "../../components/read-as-data-url";
import { ServerMessage } from "../../components/ServerMessage";
import { CreateWatermarkDocument, UpdateWatermarkDocument, type WatermarkInput, type WatermarksPageQuery } from "../../graphql/generated";
import { toServerErrors, type ServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { useTranslation } from "react-i18next";
import { t } from "../../i18n/i18n";

type Watermark = WatermarksPageQuery["watermarks"][number];

const FIELDS = ["name", "imageSource", "imageData", "imagePath", "position", "size", "widthPercent", "horizontalMarginPercent", "verticalMarginPercent", "opacity", "mode", "frequencyMinutes", "durationSeconds", "placeWithinSourceContent"] as const;
const POSITIONS = () => ([
  { value: "TopLeft", label: t("common.topLeft") },
  { value: "TopRight", label: t("common.topRight") },
  { value: "BottomLeft", label: t("common.bottomLeft") },
  { value: "BottomRight", label: t("common.bottomRight") },
  { value: "Center", label: t("common.centre") },
]);

/** What the server gives a watermark created with a name and an image only (the API's documented defaults). */
function blank(): WatermarkInput {
  return { name: "", imageSource: "Custom", imagePath: "", position: "BottomRight", size: "Scaled", widthPercent: 15, horizontalMarginPercent: 5, verticalMarginPercent: 5, opacity: 100, mode: "Permanent", placeWithinSourceContent: false };
}

function fromWatermark(w: Watermark): WatermarkInput {
  const { id: _id, __typename: _t, ...rest } = w as Watermark & { __typename?: string };
  return { ...blank(), ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== null)) };
}

/**
 * A watermark: an image file the user picks in the browser (sent with the request and kept in the data
 * folder; an existing watermark keeps its stored image until another is picked) or the channel's logo, where and how large it sits, how opaque, and whether it shows all the time or now and
 * then. Which fields a choice uses is the server's rule; its messages appear under the fields.
 */
export function WatermarkForm({ existing, onSaved }: { existing?: Watermark; onSaved: () => void }) {
  const { t } = useTranslation();
  const [input, setInput] = useState<WatermarkInput>(existing ? fromWatermark(existing) : blank());
  const [errors, setErrors] = useState<ServerErrors | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [createState, create] = useServerMutation(CreateWatermarkDocument);
  const [updateState, update] = useServerMutation(UpdateWatermarkDocument);
  const set = (patch: Partial<WatermarkInput>) => setInput({ ...input, ...patch });
  const num = (value: string | number) => (typeof value === "number" ? value : null);
  const custom = input.imageSource !== "ChannelLogo";
  const scaled = input.size !== "ActualSize";
  const intermittent = input.mode === "Intermittent";

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let image: Partial<WatermarkInput> = {};
    if (custom) {
      try {
        // A picked file is sent itself; without one an existing watermark names its stored copy again.
        image = file ? { imageData: await readAsDataUrl(file) } : input.imagePath ? { imagePath: input.imagePath } : {};
      } catch (error) {
        return setErrors({ fields: { imageData: t("watermarks.cannotBeRead", { message: (error as Error).message }) }, general: null, unauthorized: false });
      }
    }
    // Only what the chosen source, size and mode use: the server refuses the others.
    const body: WatermarkInput = {
      name: input.name,
      imageSource: input.imageSource,
      position: input.position,
      size: input.size,
      horizontalMarginPercent: input.horizontalMarginPercent,
      verticalMarginPercent: input.verticalMarginPercent,
      opacity: input.opacity,
      mode: input.mode,
      placeWithinSourceContent: input.placeWithinSourceContent,
      ...image,
      ...(scaled ? { widthPercent: input.widthPercent } : {}),
      ...(intermittent ? { frequencyMinutes: input.frequencyMinutes, durationSeconds: input.durationSeconds } : {}),
    };
    const result = existing ? await update({ id: existing.id, input: body }) : await create({ input: body });
    if (result.error) return setErrors(toServerErrors(result.error, FIELDS));
    onSaved();
  };

  const e = errors?.fields ?? {};
  return (
    <form onSubmit={submit} aria-label={existing ? t("common.editWatermark") : t("common.newWatermark")} noValidate>
      <Stack>
        <ServerMessage message={errors?.general} />
        <TextInput label={t("common.name")} required value={input.name} onChange={(ev) => set({ name: ev.currentTarget.value })} error={e.name} data-autofocus />
        <Select label={t("common.image")} data={[{ value: "Custom", label: t("watermarks.anImageFile") }, { value: "ChannelLogo", label: t("watermarks.theChannelSLogo") }]} value={input.imageSource ?? "Custom"} onChange={(v) => v && set({ imageSource: v as WatermarkInput["imageSource"] })} allowDeselect={false} error={e.imageSource} />
        {custom && (
          <ImageFileInput storedPath={existing?.imagePath} keeps={t("watermarks.keepsItsStoredImage")} file={file} onChange={setFile} error={e.imageData ?? e.imagePath} />
        )}
        <SimpleGrid cols={2}>
          <Select label={t("common.position")} data={POSITIONS()} value={input.position ?? "BottomRight"} onChange={(v) => v && set({ position: v as WatermarkInput["position"] })} allowDeselect={false} error={e.position} />
          <Select label={t("common.size")} data={[{ value: "Scaled", label: t("watermarks.shareOfTheFrameWidth") }, { value: "ActualSize", label: t("watermarks.theImageSOwnSize") }]} value={input.size ?? "Scaled"} onChange={(v) => v && set({ size: v as WatermarkInput["size"] })} allowDeselect={false} error={e.size} />
          {scaled && <NumberInput label={t("watermarks.widthOfTheFrame")} decimalScale={2} value={input.widthPercent ?? ""} onChange={(v) => set({ widthPercent: num(v) })} error={e.widthPercent} />}
          <NumberInput label={t("common.opacity")} value={input.opacity ?? ""} onChange={(v) => set({ opacity: num(v) })} error={e.opacity} />
          <NumberInput label={t("watermarks.horizontalMargin")} decimalScale={2} value={input.horizontalMarginPercent ?? ""} onChange={(v) => set({ horizontalMarginPercent: num(v) })} error={e.horizontalMarginPercent} />
          <NumberInput label={t("watermarks.verticalMargin")} decimalScale={2} value={input.verticalMarginPercent ?? ""} onChange={(v) => set({ verticalMarginPercent: num(v) })} error={e.verticalMarginPercent} />
        </SimpleGrid>
        <Select label={t("common.shown")} data={[{ value: "Permanent", label: t("common.always") }, { value: "Intermittent", label: t("watermarks.nowAndThen") }]} value={input.mode ?? "Permanent"} onChange={(v) => v && set({ mode: v as WatermarkInput["mode"] })} allowDeselect={false} error={e.mode} />
        {intermittent && (
          <SimpleGrid cols={2}>
            <NumberInput label={t("common.everyMinutes")} value={input.frequencyMinutes ?? ""} onChange={(v) => set({ frequencyMinutes: num(v) })} error={e.frequencyMinutes} />
            <NumberInput label={t("common.forSeconds")} value={input.durationSeconds ?? ""} onChange={(v) => set({ durationSeconds: num(v) })} error={e.durationSeconds} />
          </SimpleGrid>
        )}
        <Checkbox label={t("watermarks.placeWithinThePictureNotThe")} checked={input.placeWithinSourceContent ?? false} onChange={(ev) => set({ placeWithinSourceContent: ev.currentTarget.checked })} error={e.placeWithinSourceContent} />
        <Group justify="flex-end">
          <Button type="submit" loading={createState.fetching || updateState.fetching}>{existing ? t("common.saveWatermark") : t("common.createWatermark")}</Button>
        </Group>
      </Stack>
    </form>
  );
}
