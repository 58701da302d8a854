import type { Database } from "../db/database";
import { Watermark } from "../db/entities/watermark";
import type { Repositories } from "../db/repositories";
import { WatermarkImageSource, WatermarkMode, WatermarkPosition, WatermarkSize } from "../domain/enums";
import { DomainError } from "./domain-error";
import { ImageIntake, type PreparedImage } from "./files/image-intake";
import type { WatermarkImages } from "./files/watermark-images";
import { toStreamWatermark, type WatermarkImageFiles } from "./stream-watermark";
import type { WatermarkPreviewRenderer } from "../domain/watermark-preview";
import { Violations } from "./validation/violations";
import type { WatermarkSettingsInput } from "./watermark-input";

export const DEFAULT_WIDTH_PERCENT = 15;
export const DEFAULT_MARGIN_PERCENT = 5;
export const MAX_MARGIN_PERCENT = 50;
export const MAX_FREQUENCY_MINUTES = 60;
export const MAX_DURATION_SECONDS = 600;
/** The preview frame: 16:9, small enough to render in well under a second. */
export const PREVIEW_SIZE = { width: 640, height: 360 } as const;

const INTERMITTENT_FIELDS = ["frequencyMinutes", "durationSeconds"] as const;

type WatermarkFields = Omit<Watermark, "id">;

/**
 * Watermarks: every rule lives here, shared by REST and GraphQL. A Custom image comes with the request
 * (imageData) or lies inside the data folder or a library folder (imagePath; nothing elsewhere on this
 * computer is read); it is copied into the data folder on save (see WatermarkImages), so the watermark
 * names the copy FFmpeg may read.
 */
export class WatermarkService {
  private readonly intake: ImageIntake;

  constructor(
    private readonly db: Database,
    images?: WatermarkImages,
    private readonly previews?: { renderer: () => WatermarkPreviewRenderer | undefined; files: WatermarkImageFiles },
  ) {
    this.intake = new ImageIntake(db, images, "watermark");
  }

  /**
   * One PNG frame of a generated test pattern at `size` with the watermark drawn as a stream would draw
   * it (an intermittent one as it looks while shown). A ChannelLogo watermark shows the logo of the first
   * channel using it, else a generated logo.
   */
  async preview(id: number, size = PREVIEW_SIZE): Promise<Buffer> {
    const renderer = this.previews?.renderer();
    if (!renderer || !this.previews) throw DomainError.invalid("id", "previews need FFmpeg, which is not available on this server");
    const files = this.previews.files;
    const { watermark, channel } = await this.db.read(async (repos) => {
      const found = await this.find(repos, id);
      const user = (await repos.channels.list()).find((c) => c.watermarkId === id);
      return { watermark: found, channel: user ?? { name: "Logo", logoUrl: null } };
    });
    const drawn = await toStreamWatermark(watermark, channel, 0, files);
    if (!drawn) throw DomainError.invalid("imagePath", "the image is missing or outside the data folder: upload the image again and save, so it is copied in");
    try {
      return await renderer.render(drawn, size);
    } catch (error) {
      throw DomainError.invalid("id", `FFmpeg could not draw the preview: ${(error as Error).message.split("\n").slice(-3).join(" ")}`);
    }
  }

  list(): Promise<Watermark[]> {
    return this.db.read((repos) => repos.watermarks.list());
  }

  get(id: number): Promise<Watermark> {
    return this.db.read((repos) => this.find(repos, id));
  }

  async create(input: WatermarkSettingsInput): Promise<Watermark> {
    const image = await this.prepareImage(input);
    return this.keepingImage(image, () => this.db.write(async (repos) => repos.watermarks.save(Object.assign(new Watermark(), await this.validate(repos, input, image)))));
  }

  /** Replaces every field; absent ones take their defaults. */
  async update(id: number, input: WatermarkSettingsInput): Promise<Watermark> {
    const image = await this.prepareImage(input);
    let previous: string | null = null;
    const saved = await this.keepingImage(image, () =>
      this.db.write(async (repos) => {
        const watermark = await this.find(repos, id);
        previous = watermark.imagePath;
        return repos.watermarks.save(Object.assign(watermark, await this.validate(repos, input, image, id)));
      }),
    );
    if (previous !== saved.imagePath) await this.releaseUnused(previous);
    return saved;
  }

  /** Refused (422) while a channel or a schedule item uses the watermark. */
  delete(id: number): Promise<void> {
    return this.db.write(async (repos) => {
      const watermark = await this.find(repos, id);
      const [items, channels] = await Promise.all([repos.watermarks.scheduleItemsUsing(id), repos.watermarks.channelsUsing(id)]);
      const users = [...items.map((u) => `schedule ${u.scheduleId} item ${u.itemId}`), ...channels.map((c) => `channel ${c.number} ${JSON.stringify(c.name)}`)];
      if (users.length) throw DomainError.invalid("id", `the watermark is in use by ${users.join(", ")}`);
      await repos.watermarks.delete(id);
      return watermark.imagePath;
    }).then((image) => this.releaseUnused(image));
  }

  private async find(repos: Repositories, id: number): Promise<Watermark> {
    const watermark = await repos.watermarks.findById(id);
    if (!watermark) throw DomainError.notFound("Watermark", id);
    return watermark;
  }

  /** A Custom image is checked and copied before the write transaction starts (ImageIntake). */
  private prepareImage(input: WatermarkSettingsInput): Promise<PreparedImage | null> {
    const source = input.imageSource ?? WatermarkImageSource.Custom;
    return source === WatermarkImageSource.Custom ? this.intake.prepare(input) : Promise.resolve(null);
  }

  private keepingImage<T>(image: PreparedImage | null, write: () => Promise<T>): Promise<T> {
    return this.intake.keeping(image, this.stillUsed, write);
  }

  private releaseUnused(imagePath: string | null): Promise<void> {
    return this.intake.releaseUnused(imagePath, this.stillUsed);
  }

  private readonly stillUsed = async (imagePath: string): Promise<boolean> => (await this.db.read((repos) => repos.watermarks.list())).some((w) => w.imagePath === imagePath);

  private async validate(repos: Repositories, input: WatermarkSettingsInput, image: PreparedImage | null, exceptId?: number): Promise<WatermarkFields> {
    const v = new Violations();
    const name = v.text("name", typeof input.name === "string" ? input.name : "", 1, 50);
    if (!v.has("name") && (await repos.watermarks.isNameTaken(name, exceptId))) v.add("name", `a watermark named "${name}" already exists`);

    const imageSource = input.imageSource ?? WatermarkImageSource.Custom;
    v.oneOf("imageSource", imageSource, Object.values(WatermarkImageSource));
    let imagePath: string | null = null;
    if (imageSource === WatermarkImageSource.Custom) {
      if (input.imagePath != null && input.imageData != null) v.add("imageData", "must not be given with imagePath: send the image or name it, not both");
      else if (input.imagePath == null && input.imageData == null) v.add("imagePath", "is required with imageSource Custom (or the image itself in imageData)");
      else if (image && !image.ok) v.add(image.field, image.message);
      else if (image?.ok) imagePath = image.path;
    } else {
      for (const field of ["imagePath", "imageData"] as const) {
        if (input[field] != null) v.add(field, `must not be given with imageSource ${imageSource} (the channel's logo is used)`);
      }
    }

    const position = input.position ?? WatermarkPosition.BottomRight;
    v.oneOf("position", position, Object.values(WatermarkPosition));
    const size = input.size ?? WatermarkSize.Scaled;
    v.oneOf("size", size, Object.values(WatermarkSize));
    let widthPercent = DEFAULT_WIDTH_PERCENT;
    if (size === WatermarkSize.Scaled) {
      widthPercent = v.range("widthPercent", input.widthPercent, DEFAULT_WIDTH_PERCENT, 1, 100);
    } else if (input.widthPercent != null) {
      v.add("widthPercent", `must not be given with size ${size} (only Scaled uses it)`);
    }
    const horizontalMarginPercent = v.range("horizontalMarginPercent", input.horizontalMarginPercent, DEFAULT_MARGIN_PERCENT, 0, MAX_MARGIN_PERCENT);
    const verticalMarginPercent = v.range("verticalMarginPercent", input.verticalMarginPercent, DEFAULT_MARGIN_PERCENT, 0, MAX_MARGIN_PERCENT);
    const opacity = input.opacity ?? 100;
    v.integer("opacity", opacity, 0, 100);

    const mode = input.mode ?? WatermarkMode.Permanent;
    v.oneOf("mode", mode, Object.values(WatermarkMode));
    let frequencyMinutes: number | null = null;
    let durationSeconds: number | null = null;
    if (mode === WatermarkMode.Intermittent) {
      if (input.frequencyMinutes == null) v.add("frequencyMinutes", "is required with mode Intermittent");
      else {
        v.integer("frequencyMinutes", input.frequencyMinutes, 1, MAX_FREQUENCY_MINUTES);
        frequencyMinutes = input.frequencyMinutes;
      }
      if (input.durationSeconds == null) v.add("durationSeconds", "is required with mode Intermittent");
      else {
        v.integer("durationSeconds", input.durationSeconds, 1, MAX_DURATION_SECONDS);
        durationSeconds = input.durationSeconds;
      }
      if (!v.has("frequencyMinutes") && !v.has("durationSeconds") && durationSeconds !== null && frequencyMinutes !== null && durationSeconds >= frequencyMinutes * 60) {
        v.add("durationSeconds", `must be shorter than the frequency (${frequencyMinutes * 60} seconds), or the watermark never hides`);
      }
    } else {
      for (const field of INTERMITTENT_FIELDS) {
        if (input[field] != null) v.add(field, `must not be given with mode ${mode} (only Intermittent uses it)`);
      }
    }

    let placeWithinSourceContent = false;
    if (input.placeWithinSourceContent != null) {
      if (typeof input.placeWithinSourceContent !== "boolean") v.add("placeWithinSourceContent", "must be true or false");
      else placeWithinSourceContent = input.placeWithinSourceContent;
    }

    v.throwIfAny();
    return {
      name,
      imageSource,
      imagePath,
      position,
      size,
      widthPercent,
      horizontalMarginPercent,
      verticalMarginPercent,
      opacity,
      mode,
      frequencyMinutes,
      durationSeconds,
      placeWithinSourceContent,
    };
  }
}
