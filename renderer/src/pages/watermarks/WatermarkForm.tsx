import { Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { ServerMessage } from "../../components/ServerMessage";
import { CreateWatermarkDocument, UpdateWatermarkDocument, type WatermarkInput, type WatermarksPageQuery } from "../../graphql/generated";
import { toServerErrors, type ServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";

type Watermark = WatermarksPageQuery["watermarks"][number];

const FIELDS = ["name", "imageSource", "imagePath", "position", "size", "widthPercent", "horizontalMarginPercent", "verticalMarginPercent", "opacity", "mode", "frequencyMinutes", "durationSeconds", "placeWithinSourceContent"] as const;
const POSITIONS = [
  { value: "TopLeft", label: "Top left" },
  { value: "TopRight", label: "Top right" },
  { value: "BottomLeft", label: "Bottom left" },
  { value: "BottomRight", label: "Bottom right" },
  { value: "Center", label: "Centre" },
];

/** What the server gives a watermark created with a name and an image only (the API's documented defaults). */
function blank(): WatermarkInput {
  return { name: "", imageSource: "Custom", imagePath: "", position: "BottomRight", size: "Scaled", widthPercent: 15, horizontalMarginPercent: 5, verticalMarginPercent: 5, opacity: 100, mode: "Permanent", placeWithinSourceContent: false };
}

function fromWatermark(w: Watermark): WatermarkInput {
  const { id: _id, __typename: _t, ...rest } = w as Watermark & { __typename?: string };
  return { ...blank(), ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== null)) };
}

/**
 * A watermark: an image file on the server's computer (copied into the data folder when saved) or the
 * channel's logo, where and how large it sits, how opaque, and whether it shows all the time or now and
 * then. Which fields a choice uses is the server's rule; its messages appear under the fields.
 */
export function WatermarkForm({ existing, onSaved }: { existing?: Watermark; onSaved: () => void }) {
  const [input, setInput] = useState<WatermarkInput>(existing ? fromWatermark(existing) : blank());
  const [errors, setErrors] = useState<ServerErrors | null>(null);
  const [createState, create] = useServerMutation(CreateWatermarkDocument);
  const [updateState, update] = useServerMutation(UpdateWatermarkDocument);
  const set = (patch: Partial<WatermarkInput>) => setInput({ ...input, ...patch });
  const num = (value: string | number) => (typeof value === "number" ? value : null);
  const custom = input.imageSource !== "ChannelLogo";
  const scaled = input.size !== "ActualSize";
  const intermittent = input.mode === "Intermittent";

  const submit = async (event: FormEvent) => {
    event.preventDefault();
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
      ...(custom ? { imagePath: input.imagePath } : {}),
      ...(scaled ? { widthPercent: input.widthPercent } : {}),
      ...(intermittent ? { frequencyMinutes: input.frequencyMinutes, durationSeconds: input.durationSeconds } : {}),
    };
    const result = existing ? await update({ id: existing.id, input: body }) : await create({ input: body });
    if (result.error) return setErrors(toServerErrors(result.error, FIELDS));
    onSaved();
  };

  const e = errors?.fields ?? {};
  return (
    <form onSubmit={submit} aria-label={existing ? "Edit watermark" : "New watermark"} noValidate>
      <Stack>
        <ServerMessage message={errors?.general} />
        <TextInput label="Name" required value={input.name} onChange={(ev) => set({ name: ev.currentTarget.value })} error={e.name} data-autofocus />
        <Select label="Image" data={[{ value: "Custom", label: "A file on the server's computer" }, { value: "ChannelLogo", label: "The channel's logo" }]} value={input.imageSource ?? "Custom"} onChange={(v) => v && set({ imageSource: v as WatermarkInput["imageSource"] })} allowDeselect={false} error={e.imageSource} />
        {custom && (
          <TextInput
            label="Image file"
            description="Full path of a PNG, JPEG, GIF or WebP file (up to 5 MB) on the server's computer; a copy is kept in Airwave's data folder."
            placeholder="/home/me/Pictures/logo.png"
            value={input.imagePath ?? ""}
            onChange={(ev) => set({ imagePath: ev.currentTarget.value })}
            error={e.imagePath}
          />
        )}
        <SimpleGrid cols={2}>
          <Select label="Position" data={POSITIONS} value={input.position ?? "BottomRight"} onChange={(v) => v && set({ position: v as WatermarkInput["position"] })} allowDeselect={false} error={e.position} />
          <Select label="Size" data={[{ value: "Scaled", label: "Share of the frame width" }, { value: "ActualSize", label: "The image's own size" }]} value={input.size ?? "Scaled"} onChange={(v) => v && set({ size: v as WatermarkInput["size"] })} allowDeselect={false} error={e.size} />
          {scaled && <NumberInput label="Width (% of the frame)" decimalScale={2} value={input.widthPercent ?? ""} onChange={(v) => set({ widthPercent: num(v) })} error={e.widthPercent} />}
          <NumberInput label="Opacity (%)" value={input.opacity ?? ""} onChange={(v) => set({ opacity: num(v) })} error={e.opacity} />
          <NumberInput label="Horizontal margin (%)" decimalScale={2} value={input.horizontalMarginPercent ?? ""} onChange={(v) => set({ horizontalMarginPercent: num(v) })} error={e.horizontalMarginPercent} />
          <NumberInput label="Vertical margin (%)" decimalScale={2} value={input.verticalMarginPercent ?? ""} onChange={(v) => set({ verticalMarginPercent: num(v) })} error={e.verticalMarginPercent} />
        </SimpleGrid>
        <Select label="Shown" data={[{ value: "Permanent", label: "Always" }, { value: "Intermittent", label: "Now and then" }]} value={input.mode ?? "Permanent"} onChange={(v) => v && set({ mode: v as WatermarkInput["mode"] })} allowDeselect={false} error={e.mode} />
        {intermittent && (
          <SimpleGrid cols={2}>
            <NumberInput label="Every (minutes)" value={input.frequencyMinutes ?? ""} onChange={(v) => set({ frequencyMinutes: num(v) })} error={e.frequencyMinutes} />
            <NumberInput label="For (seconds)" value={input.durationSeconds ?? ""} onChange={(v) => set({ durationSeconds: num(v) })} error={e.durationSeconds} />
          </SimpleGrid>
        )}
        <Checkbox label="Place within the picture, not the padded frame" checked={input.placeWithinSourceContent ?? false} onChange={(ev) => set({ placeWithinSourceContent: ev.currentTarget.checked })} error={e.placeWithinSourceContent} />
        <Group justify="flex-end">
          <Button type="submit" loading={createState.fetching || updateState.fetching}>{existing ? "Save watermark" : "Create watermark"}</Button>
        </Group>
      </Stack>
    </form>
  );
}
