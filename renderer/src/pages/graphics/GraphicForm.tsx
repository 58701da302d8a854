import { Button, Card, Checkbox, ColorInput, Group, Image, Loader, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useEffect, useState, type FormEvent } from "react";
import { useClient } from "urql";
import { readAsDataUrl } from "../../components/read-as-data-url";
import { ImageFileInput } from "../../components/ImageFileInput";
import { ServerMessage } from "../../components/ServerMessage";
import {
  CreateGraphicDocument,
  GraphicFormPreviewDocument,
  UpdateGraphicDocument,
  type GraphicInput,
  type GraphicKind,
  type GraphicPosition,
  type GraphicShow,
  type GraphicTimeFormat,
  type GraphicsPageQuery,
} from "../../graphql/generated";
import { toServerErrors, type ServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { t } from "../../i18n/i18n";
import { useTranslation } from "react-i18next";

export type Graphic = GraphicsPageQuery["graphics"][number];
type Channel = GraphicsPageQuery["channels"][number];

const FIELDS = ["name", "kind", "text", "imageData", "imagePath", "position", "horizontalMarginPercent", "verticalMarginPercent", "sizePercent", "color", "backgroundColor", "backgroundOpacity", "opacity", "fadeSeconds", "show", "seconds", "everyMinutes", "timeFormat", "showDuringFiller"] as const;

export const KINDS = (): { value: GraphicKind; label: string }[] => [
  { value: "Text", label: t("graphics.kindText") },
  { value: "NowNext", label: t("graphics.kindNowNext") },
  { value: "Clock", label: t("graphics.kindClock") },
  { value: "Image", label: t("graphics.kindImage") },
];
const POSITIONS = (): { value: GraphicPosition; label: string }[] => [
  { value: "TopLeft", label: t("common.topLeft") },
  { value: "TopCenter", label: t("graphics.topCentre") },
  { value: "TopRight", label: t("common.topRight") },
  { value: "MiddleLeft", label: t("graphics.middleLeft") },
  { value: "Center", label: t("common.centre") },
  { value: "MiddleRight", label: t("graphics.middleRight") },
  { value: "BottomLeft", label: t("common.bottomLeft") },
  { value: "BottomCenter", label: t("graphics.bottomCentre") },
  { value: "BottomRight", label: t("common.bottomRight") },
];
const SHOWS = (): { value: GraphicShow; label: string }[] => [
  { value: "Always", label: t("common.always") },
  { value: "ProgrammeStart", label: t("graphics.showProgrammeStart") },
  { value: "BeforeProgrammeEnd", label: t("graphics.showBeforeProgrammeEnd") },
  { value: "EveryMinutes", label: t("graphics.showEveryMinutes") },
];
const TIME_FORMATS = (): { value: GraphicTimeFormat; label: string }[] => [
  { value: "TwentyFourHour", label: t("graphics.twentyFourHour") },
  { value: "TwelveHour", label: t("graphics.twelveHour") },
];
const PLACEHOLDERS = "{{title}} {{showTitle}} {{season}} {{episode}} {{year}} {{artist}} {{album}} {{channelName}} {{channelNumber}} {{start}} {{end}} {{next.title}} {{next.showTitle}} {{next.start}} {{time}}";
/** How long the form rests before the preview is drawn again: typing does not start one FFmpeg per key. */
const PREVIEW_DELAY_MS = 350;

interface Values {
  name: string;
  kind: GraphicKind;
  text: string;
  imagePath: string | null;
  position: GraphicPosition;
  horizontalMarginPercent: number | null;
  verticalMarginPercent: number | null;
  sizePercent: number | null;
  color: string;
  backgroundColor: string;
  backgroundOpacity: number | null;
  opacity: number | null;
  fadeSeconds: number | null;
  show: GraphicShow;
  seconds: number | null;
  everyMinutes: number | null;
  timeFormat: GraphicTimeFormat;
  showDuringFiller: boolean;
}

/** The server's defaults (GraphicInput's documentation); position and size depend on the kind. */
function blank(): Values {
  return {
    name: "",
    kind: "Text",
    text: "Now: {{title}}",
    imagePath: null,
    position: "BottomLeft",
    horizontalMarginPercent: 4,
    verticalMarginPercent: 5,
    sizePercent: 5,
    color: "#FFFFFF",
    backgroundColor: "#000000",
    backgroundOpacity: 60,
    opacity: 100,
    fadeSeconds: 0.5,
    show: "Always",
    seconds: null,
    everyMinutes: null,
    timeFormat: "TwentyFourHour",
    showDuringFiller: false,
  };
}

function fromGraphic(g: Graphic): Values {
  return { ...g, text: g.text ?? "", fadeSeconds: g.show === "Always" ? 0.5 : g.fadeSeconds };
}

/** Only what the kind and timing use: the server refuses the others. */
function toInput(v: Values, image: Pick<GraphicInput, "imageData" | "imagePath">): GraphicInput {
  const timed = v.show !== "Always";
  const isImage = v.kind === "Image";
  return {
    name: v.name,
    kind: v.kind,
    position: v.position,
    horizontalMarginPercent: v.horizontalMarginPercent,
    verticalMarginPercent: v.verticalMarginPercent,
    sizePercent: v.sizePercent,
    opacity: v.opacity,
    show: v.show,
    showDuringFiller: v.showDuringFiller,
    ...(v.kind === "Text" ? { text: v.text } : {}),
    ...(isImage ? image : { color: v.color, backgroundColor: v.backgroundColor, backgroundOpacity: v.backgroundOpacity, timeFormat: v.timeFormat }),
    ...(timed ? { seconds: v.seconds, fadeSeconds: v.fadeSeconds } : {}),
    ...(v.show === "EveryMinutes" ? { everyMinutes: v.everyMinutes } : {}),
  };
}

interface Preview {
  url: string | null;
  problem: string | null;
  drawing: boolean;
}

/**
 * The live preview: FFmpeg draws the form's current settings (saved or not) over a test pattern, filled in
 * from the chosen channel's programmes or sample titles, a moment after the last change.
 */
function useLivePreview(input: GraphicInput | null, channel: string | null): Preview {
  const client = useClient();
  const [preview, setPreview] = useState<Preview>({ url: null, problem: null, drawing: false });
  const key = JSON.stringify([input, channel]);
  useEffect(() => {
    if (!input) {
      setPreview({ url: null, problem: t("graphics.pickedImageAfterSave"), drawing: false });
      return;
    }
    let current = true;
    setPreview((p) => ({ ...p, drawing: true }));
    const timer = setTimeout(async () => {
      // A name is not part of the picture: an unnamed draft still previews.
      const result = await client.query(GraphicFormPreviewDocument, { input: { ...input, name: input.name.trim() || "Preview" }, channel }, { requestPolicy: "network-only" }).toPromise();
      if (!current) return;
      if (result.data) setPreview({ url: result.data.graphicPreview, problem: null, drawing: false });
      else setPreview((p) => ({ url: p.url, problem: toServerErrors(result.error, []).general ?? t("graphics.previewFailed"), drawing: false }));
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // The key stands for the input's content: a new object with the same settings draws nothing new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, client]);
  return preview;
}

/**
 * A graphics element: what it draws (a text template, the programme now and next, the clock, an image),
 * where and how large, and when. Messages under the fields are the server's.
 */
export function GraphicForm({ existing, channels, onSaved }: { existing?: Graphic; channels: readonly Channel[]; onSaved: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(existing ? fromGraphic(existing) : blank());
  const [errors, setErrors] = useState<ServerErrors | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [previewChannel, setPreviewChannel] = useState<string | null>(null);
  const [createState, create] = useServerMutation(CreateGraphicDocument);
  const [updateState, update] = useServerMutation(UpdateGraphicDocument);
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  const num = (value: string | number) => (typeof value === "number" ? value : null);
  const isImage = values.kind === "Image";
  const timed = values.show !== "Always";

  const changeKind = (kind: GraphicKind) => {
    const wasImage = values.kind === "Image";
    const image = kind === "Image";
    // Position and size defaults differ by kind; a value the user set stays.
    set({
      kind,
      ...(wasImage !== image ? { sizePercent: image ? 15 : 5 } : {}),
      ...(values.position === (wasImage || values.kind === "Clock" ? "TopRight" : "BottomLeft") ? { position: image || kind === "Clock" ? "TopRight" : "BottomLeft" } : {}),
    });
  };

  // A picked file is previewed once saved (the server keeps a copy first); the stored image previews at once.
  const previewInput = isImage && file ? null : toInput(values, values.imagePath ? { imagePath: values.imagePath } : {});
  const preview = useLivePreview(previewInput, previewChannel);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let image: Pick<GraphicInput, "imageData" | "imagePath"> = {};
    if (isImage) {
      try {
        image = file ? { imageData: await readAsDataUrl(file) } : values.imagePath ? { imagePath: values.imagePath } : {};
      } catch (error) {
        return setErrors({ fields: { imageData: `cannot be read: ${(error as Error).message}` }, general: null, unauthorized: false });
      }
    }
    const input = toInput(values, image);
    const result = existing ? await update({ id: existing.id, input }) : await create({ input });
    if (result.error) return setErrors(toServerErrors(result.error, FIELDS));
    onSaved();
  };

  const e = errors?.fields ?? {};
  const channelChoices = channels.map((c) => ({ value: c.number, label: `${c.number} ${c.name}` }));
  return (
    <form onSubmit={submit} aria-label={existing ? t("graphics.editGraphic") : t("graphics.newGraphic")} noValidate>
      <Stack>
        <ServerMessage message={errors?.general} />
        <Card withBorder padding="xs">
          <Stack gap={6}>
            <Group justify="space-between">
              <Text size="sm" fw={500}>{t("graphics.livePreview")}</Text>
              {preview.drawing && <Loader size="xs" aria-label={t("graphics.drawingThePreview")} />}
            </Group>
            <div style={{ aspectRatio: "16 / 9", width: "100%", background: "var(--mantine-color-default-border)" }}>
              {preview.url && <Image src={preview.url} alt={t("graphics.livePreview")} w="100%" data-drawing={preview.drawing ? "true" : "false"} />}
            </div>
            {preview.problem && <Text size="xs" c="orange" role="status">{preview.problem}</Text>}
            <Select
              size="xs"
              label={t("graphics.filledInFrom")}
              placeholder={t("graphics.sampleTitles")}
              data={channelChoices}
              value={previewChannel}
              onChange={setPreviewChannel}
              clearable
              description={t("graphics.filledInFromDescription")}
            />
          </Stack>
        </Card>
        <TextInput label={t("common.name")} required value={values.name} onChange={(ev) => set({ name: ev.currentTarget.value })} error={e.name} data-autofocus />
        <Select label={t("common.kind")} data={KINDS()} value={values.kind} onChange={(v) => v && changeKind(v as GraphicKind)} allowDeselect={false} error={e.kind} />
        {values.kind === "Text" && (
          <Textarea
            label={t("fields.text")}
            description={t("graphics.textDescription", { placeholders: PLACEHOLDERS })}
            autosize
            minRows={2}
            value={values.text}
            onChange={(ev) => set({ text: ev.currentTarget.value })}
            error={e.text}
          />
        )}
        {isImage && (
          <ImageFileInput storedPath={values.imagePath} keeps={t("graphics.keepsItsStoredImage")} file={file} onChange={setFile} error={e.imageData ?? e.imagePath} />
        )}
        <SimpleGrid cols={2}>
          <Select label={t("common.position")} data={POSITIONS()} value={values.position} onChange={(v) => v && set({ position: v as GraphicPosition })} allowDeselect={false} error={e.position} />
          <NumberInput label={isImage ? t("graphics.imageHeight") : t("graphics.textSize")} decimalScale={2} value={values.sizePercent ?? ""} onChange={(v) => set({ sizePercent: num(v) })} error={e.sizePercent} />
          <NumberInput label={t("fields.horizontalMarginPercent")} decimalScale={2} value={values.horizontalMarginPercent ?? ""} onChange={(v) => set({ horizontalMarginPercent: num(v) })} error={e.horizontalMarginPercent} />
          <NumberInput label={t("fields.verticalMarginPercent")} decimalScale={2} value={values.verticalMarginPercent ?? ""} onChange={(v) => set({ verticalMarginPercent: num(v) })} error={e.verticalMarginPercent} />
          {!isImage && <ColorInput label={t("graphics.textColour")} format="hex" value={values.color} onChange={(v) => set({ color: v.toUpperCase() })} error={e.color} />}
          {!isImage && <ColorInput label={t("graphics.boxColour")} format="hex" value={values.backgroundColor} onChange={(v) => set({ backgroundColor: v.toUpperCase() })} error={e.backgroundColor} />}
          {!isImage && <NumberInput label={t("graphics.boxOpacity")} description={t("graphics.boxOpacityDescription")} value={values.backgroundOpacity ?? ""} onChange={(v) => set({ backgroundOpacity: num(v) })} error={e.backgroundOpacity} />}
          <NumberInput label={t("fields.opacity")} value={values.opacity ?? ""} onChange={(v) => set({ opacity: num(v) })} error={e.opacity} />
          {!isImage && <Select label={t("graphics.times")} data={TIME_FORMATS()} value={values.timeFormat} onChange={(v) => v && set({ timeFormat: v as GraphicTimeFormat })} allowDeselect={false} error={e.timeFormat} />}
        </SimpleGrid>
        <Select label={t("common.shown")} data={SHOWS()} value={values.show} onChange={(v) => v && set({ show: v as GraphicShow })} allowDeselect={false} error={e.show} />
        {timed && (
          <SimpleGrid cols={values.show === "EveryMinutes" ? 3 : 2}>
            <NumberInput label={t("graphics.forSeconds")} value={values.seconds ?? ""} onChange={(v) => set({ seconds: num(v) })} error={e.seconds} />
            {values.show === "EveryMinutes" && <NumberInput label={t("graphics.everyMinutes")} value={values.everyMinutes ?? ""} onChange={(v) => set({ everyMinutes: num(v) })} error={e.everyMinutes} />}
            <NumberInput label={t("graphics.fadeSeconds")} decimalScale={2} value={values.fadeSeconds ?? ""} onChange={(v) => set({ fadeSeconds: num(v) })} error={e.fadeSeconds} />
          </SimpleGrid>
        )}
        <Checkbox label={t("graphics.alsoDuringFillerLabel")} checked={values.showDuringFiller} onChange={(ev) => set({ showDuringFiller: ev.currentTarget.checked })} error={e.showDuringFiller} />
        <Group justify="flex-end">
          <Button type="submit" loading={createState.fetching || updateState.fetching}>{existing ? t("graphics.save") : t("graphics.create")}</Button>
        </Group>
      </Stack>
    </form>
  );
}
