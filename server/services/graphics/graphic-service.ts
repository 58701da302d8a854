import type { Database } from "../../db/database";
import type { Channel } from "../../db/entities/channel";
import { Graphic } from "../../db/entities/graphic";
import type { Repositories } from "../../db/repositories";
import { GraphicKind, GraphicPosition, GraphicShow, GraphicTimeFormat } from "../../domain/enums";
import type { GraphicsPreviewRenderer } from "../../domain/graphics-preview";
import { findNowPlaying } from "../../playout/now-playing";
import { DomainError } from "../domain-error";
import { ImageIntake, type PreparedImage } from "../files/image-intake";
import type { WatermarkImages } from "../files/watermark-images";
import type { WatermarkImageCheck } from "../stream-watermark";
import { Violations } from "../validation/violations";
import type { GraphicSettingsInput } from "./graphic-input";
import { templateProblem } from "./placeholders";
import { programmeOf, toStreamGraphic, type GraphicsContext } from "./stream-graphics";

export const MAX_SECONDS = 600;
export const MAX_EVERY_MINUTES = 120;
export const MAX_FADE_SECONDS = 10;
export const PREVIEW_SIZE = { width: 640, height: 360 } as const;
const COLOR = /^#[0-9A-Fa-f]{6}$/;
const TIMED = [GraphicShow.ProgrammeStart, GraphicShow.BeforeProgrammeEnd, GraphicShow.EveryMinutes];

type GraphicFields = Omit<Graphic, "id">;

/** What the preview fills in when no channel is named, or the channel has nothing on. */
const SAMPLE: Pick<GraphicsContext, "now" | "next"> = {
  now: { title: "Big Buck Bunny", showTitle: "Open Movies", season: 1, episode: 2, year: 2008, artist: "Blender Foundation", album: "Open Movies", start: 0, finish: 0 },
  next: { title: "Sintel", showTitle: "Open Movies", start: 0, finish: 0 },
};

/**
 * Graphics elements: every rule lives here, shared by REST and GraphQL. An Image element's picture comes in
 * as a watermark's does (ImageIntake) and is copied into the data folder's `graphics/`.
 */
export class GraphicService {
  private readonly intake: ImageIntake;

  constructor(
    private readonly db: Database,
    images: WatermarkImages | undefined,
    private readonly previews: { renderer: () => GraphicsPreviewRenderer | undefined; check: WatermarkImageCheck; timeZone: () => string; clock: () => number },
  ) {
    this.intake = new ImageIntake(db, images, "graphics element");
  }

  list(): Promise<Graphic[]> {
    return this.db.read((repos) => repos.graphics.list());
  }

  get(id: number): Promise<Graphic> {
    return this.db.read((repos) => this.find(repos, id));
  }

  /**
   * One PNG frame of a generated test pattern with the element drawn by FFmpeg as a stream draws it (shown,
   * whatever its timing): filled in from channel `channelNumber`'s programme on air and the next one, else
   * from sample titles. `settings` previews unsaved settings (the form) instead of a stored element.
   */
  async preview(id: number | null, channelNumber?: string, settings?: GraphicSettingsInput): Promise<Buffer> {
    const renderer = this.previews.renderer();
    if (!renderer) throw DomainError.invalid("id", "previews need FFmpeg, which is not available on this server");
    const at = this.previews.clock();
    const { graphic, context } = await this.db.read(async (repos) => {
      const graphic = settings ? Object.assign(new Graphic(), { id: 0 }, await this.validate(repos, settings, null, undefined, true)) : await this.find(repos, id ?? 0);
      return { graphic, context: await this.previewContext(repos, channelNumber, at) };
    });
    const drawn = await toStreamGraphic({ ...graphic, show: GraphicShow.Always, showDuringFiller: true }, context, this.previews.check);
    if (!drawn) throw DomainError.invalid("imagePath", "the image is missing or outside the data folder: upload the image again and save, so it is copied in");
    try {
      return await renderer.render([drawn], PREVIEW_SIZE);
    } catch (error) {
      throw DomainError.invalid("id", `FFmpeg could not draw the preview: ${(error as Error).message.split("\n").slice(-3).join(" ")}`);
    }
  }

  async create(input: GraphicSettingsInput): Promise<Graphic> {
    const image = await this.prepareImage(input);
    return this.intake.keeping(image, this.stillUsed, () => this.db.write(async (repos) => repos.graphics.save(Object.assign(new Graphic(), await this.validate(repos, input, image)))));
  }

  /** Replaces every field; absent ones take their defaults. */
  async update(id: number, input: GraphicSettingsInput): Promise<Graphic> {
    const image = await this.prepareImage(input);
    let previous: string | null = null;
    const saved = await this.intake.keeping(image, this.stillUsed, () =>
      this.db.write(async (repos) => {
        const graphic = await this.find(repos, id);
        previous = graphic.imagePath;
        return repos.graphics.save(Object.assign(graphic, await this.validate(repos, input, image, id)));
      }),
    );
    if (previous !== saved.imagePath) await this.intake.releaseUnused(previous, this.stillUsed);
    return saved;
  }

  /** Refused (422, naming them) while channels, schedule items or block items use the element. */
  delete(id: number): Promise<void> {
    return this.db
      .write(async (repos) => {
        const graphic = await this.find(repos, id);
        const [channels, items, blockItems] = await Promise.all([repos.graphics.channelsUsing(id), repos.graphics.scheduleItemsUsing(id), repos.graphics.blockItemsUsing(id)]);
        const users = [
          ...channels.map((c) => `channel ${c.number} ${JSON.stringify(c.name)}`),
          ...items.map((u) => `schedule ${u.scheduleId} item ${u.itemId}`),
          ...blockItems.map((u) => `block ${u.blockId} item ${u.itemId}`),
        ];
        if (users.length) throw DomainError.invalid("id", `the graphics element is in use by ${users.join(", ")}`);
        await repos.graphics.delete(id);
        return graphic.imagePath;
      })
      .then((image) => this.intake.releaseUnused(image, this.stillUsed));
  }

  private readonly stillUsed = async (imagePath: string): Promise<boolean> => (await this.db.read((repos) => repos.graphics.list())).some((g) => g.imagePath === imagePath);

  private async find(repos: Repositories, id: number): Promise<Graphic> {
    const graphic = await repos.graphics.findById(id);
    if (!graphic) throw DomainError.notFound("Graphics element", id);
    return graphic;
  }

  private prepareImage(input: GraphicSettingsInput): Promise<PreparedImage | null> {
    return input.kind === GraphicKind.Image ? this.intake.prepare(input) : Promise.resolve(null);
  }

  private async previewContext(repos: Repositories, channelNumber: string | undefined, at: number): Promise<GraphicsContext> {
    const base = { at, filler: false, timeZone: this.previews.timeZone() };
    if (channelNumber === undefined) return { ...base, channel: { name: "Airwave", number: "1" }, ...SAMPLE };
    const channel = (await repos.channels.list()).find((c) => c.number === channelNumber);
    if (!channel) throw DomainError.invalid("channel", `there is no channel ${channelNumber}`);
    return { ...base, channel: { name: channel.name, number: channel.number }, ...(await programmesAt(repos, channel, at)) };
  }

  /** Checks every field (all violations at once) and returns the row to store; `image` is the prepared copy of an Image's picture. */
  private async validate(repos: Repositories, input: GraphicSettingsInput, image: PreparedImage | null, exceptId?: number, unsaved = false): Promise<GraphicFields> {
    const v = new Violations();
    const name = v.text("name", typeof input.name === "string" ? input.name : "", 1, 50);
    if (!unsaved && !v.has("name") && (await repos.graphics.isNameTaken(name, exceptId))) v.add("name", `a graphics element named "${name}" already exists`);
    const kind = input.kind;
    if (kind == null) v.add("kind", `is required: one of ${Object.values(GraphicKind).join(", ")}`);
    else v.oneOf("kind", kind, Object.values(GraphicKind));

    let text: string | null = null;
    if (kind === GraphicKind.Text) {
      if (input.text == null || typeof input.text !== "string") v.add("text", "is required with kind Text");
      else {
        text = v.text("text", input.text, 1, 500);
        const problem = templateProblem(input.text);
        if (!v.has("text") && problem) v.add("text", problem);
      }
    } else if (input.text != null) v.add("text", `must not be given with kind ${kind} (only Text uses it)`);

    let imagePath: string | null = null;
    if (kind === GraphicKind.Image) {
      if (input.imagePath != null && input.imageData != null) v.add("imageData", "must not be given with imagePath: send the image or name it, not both");
      else if (input.imagePath == null && input.imageData == null) v.add("imageData", "is required with kind Image (or imagePath naming an image inside the data or a library folder)");
      else if (image && !image.ok) v.add(image.field, image.message);
      else if (image?.ok) imagePath = image.path;
      else if (unsaved && input.imagePath != null) imagePath = input.imagePath;
    } else {
      for (const field of ["imagePath", "imageData"] as const) if (input[field] != null) v.add(field, `must not be given with kind ${kind} (only Image uses it)`);
    }

    const position = (input.position ?? (kind === GraphicKind.Clock || kind === GraphicKind.Image ? GraphicPosition.TopRight : GraphicPosition.BottomLeft)) as GraphicPosition;
    v.oneOf("position", position, Object.values(GraphicPosition));
    const horizontalMarginPercent = v.range("horizontalMarginPercent", input.horizontalMarginPercent, 4, 0, 50);
    const verticalMarginPercent = v.range("verticalMarginPercent", input.verticalMarginPercent, 5, 0, 50);
    const sizePercent = kind === GraphicKind.Image ? v.range("sizePercent", input.sizePercent, 15, 1, 100) : v.range("sizePercent", input.sizePercent, 5, 1, 30);
    const color = colour(v, "color", input.color, "#FFFFFF");
    const backgroundColor = colour(v, "backgroundColor", input.backgroundColor, "#000000");
    const backgroundOpacity = input.backgroundOpacity ?? 60;
    v.integer("backgroundOpacity", backgroundOpacity, 0, 100);
    const opacity = input.opacity ?? 100;
    v.integer("opacity", opacity, 0, 100);

    const show = (input.show ?? GraphicShow.Always) as GraphicShow;
    v.oneOf("show", show, Object.values(GraphicShow));
    const fadeSeconds = v.range("fadeSeconds", input.fadeSeconds, 0.5, 0, MAX_FADE_SECONDS);
    let seconds: number | null = null;
    let everyMinutes: number | null = null;
    if (TIMED.includes(show)) {
      if (input.seconds == null) v.add("seconds", `is required with show ${show}`);
      else {
        v.integer("seconds", input.seconds, 1, MAX_SECONDS);
        seconds = input.seconds;
      }
    } else if (input.seconds != null) v.add("seconds", `must not be given with show ${show} (only ProgrammeStart, BeforeProgrammeEnd and EveryMinutes use it)`);
    if (show === GraphicShow.EveryMinutes) {
      if (input.everyMinutes == null) v.add("everyMinutes", "is required with show EveryMinutes");
      else {
        v.integer("everyMinutes", input.everyMinutes, 1, MAX_EVERY_MINUTES);
        everyMinutes = input.everyMinutes;
      }
      if (!v.has("seconds") && !v.has("everyMinutes") && seconds !== null && everyMinutes !== null && seconds >= everyMinutes * 60) {
        v.add("seconds", `must be shorter than the period (${everyMinutes * 60} seconds), or the element never hides`);
      }
    } else if (input.everyMinutes != null) v.add("everyMinutes", `must not be given with show ${show} (only EveryMinutes uses it)`);
    if (show === GraphicShow.Always && input.fadeSeconds != null && input.fadeSeconds !== 0) v.add("fadeSeconds", "must not be given with show Always (the element never appears or goes)");

    const timeFormat = input.timeFormat ?? GraphicTimeFormat.TwentyFourHour;
    v.oneOf("timeFormat", timeFormat, Object.values(GraphicTimeFormat));
    let showDuringFiller = false;
    if (input.showDuringFiller != null) {
      if (typeof input.showDuringFiller !== "boolean") v.add("showDuringFiller", "must be true or false");
      else showDuringFiller = input.showDuringFiller;
    }

    v.throwIfAny();
    return { name, kind: kind!, text, imagePath, position, horizontalMarginPercent, verticalMarginPercent, sizePercent, color: color.toUpperCase(), backgroundColor: backgroundColor.toUpperCase(), backgroundOpacity, opacity, fadeSeconds, show, seconds, everyMinutes, timeFormat, showDuringFiller };
  }
}

/** The programme on air on `channel` at `at` and the next one (none in a gap before anything is scheduled). */
export async function programmesAt(repos: Repositories, channel: Channel, at: number): Promise<Pick<GraphicsContext, "now" | "next">> {
  const playout = await repos.playouts.findByChannel(channel.mirrorSourceChannelId ?? channel.id);
  if (!playout) return {};
  const offsetMs = channel.mirrorSourceChannelId !== null ? (channel.playoutOffsetSeconds ?? 0) * 1000 : 0;
  const rows = await repos.playouts.itemsFrom(playout.id, at - offsetMs, 3);
  const found = findNowPlaying(rows, at, { offsetMs, lookahead: 1 });
  const following = found.next[0];
  const next = following ? await programmeOf(repos, following, following.start + offsetMs, following.finish + offsetMs) : undefined;
  if (found.kind !== "playing") return next ? { next } : {};
  const now = await programmeOf(repos, found.item, found.wallStart, found.wallFinish);
  return { now, ...(next ? { next } : {}) };
}


function colour(v: Violations, field: string, value: string | null | undefined, fallback: string): string {
  if (value == null) return fallback;
  if (typeof value !== "string" || !COLOR.test(value)) {
    v.add(field, "must be a colour written #RRGGBB");
    return fallback;
  }
  return value;
}
