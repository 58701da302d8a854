/**
 * Taking in the image of a watermark or a graphics element: it comes with the request (imageData, a data:
 * URL) or lies inside the data folder or a library folder (imagePath; nothing elsewhere on this computer is
 * read), and is copied into the data folder (WatermarkImages) before the write transaction starts, so slow
 * disks never hold the write lock. A copy made for a write that is refused is removed again.
 */
import type { Database } from "../../db/database";
import { DomainError } from "../domain-error";
import { locateConfinedFile } from "./confined-file";
import { MAX_WATERMARK_IMAGE_BYTES, type AdoptedImage, type WatermarkImages } from "./watermark-images";
import { checkImageFile, checkImagePathShape, decodeImageData } from "../validation/image-file";

export type ImageField = "imagePath" | "imageData";
export type PreparedImage = { ok: false; field: ImageField; message: string } | { ok: true; path: string; created: boolean };
const UPLOAD_INSTEAD = "must name an image inside the data folder or a library folder; send the image itself in imageData instead";

export class ImageIntake {
  constructor(
    private readonly db: Database,
    private readonly images: WatermarkImages | undefined,
    /** Names the rows in messages: "watermark", "graphics element". */
    private readonly what: string,
  ) {}

  /** The copy's path, or why the image was refused; null when the input names no image (or both ways). An oversized upload throws. */
  async prepare(input: { imageData?: string | null; imagePath?: string | null }): Promise<PreparedImage | null> {
    if (input.imageData != null) {
      if (input.imagePath != null) return null;
      const decoded = decodeImageData(input.imageData, MAX_WATERMARK_IMAGE_BYTES);
      if (!decoded.ok) {
        if ("tooLarge" in decoded) throw DomainError.tooLarge("imageData", MAX_WATERMARK_IMAGE_BYTES);
        return { ok: false, field: "imageData", message: decoded.message };
      }
      return this.copying("imageData", (images) => images.adoptBytes(decoded.bytes, decoded.ext));
    }
    if (input.imagePath == null) return null;
    const shaped = checkImagePathShape(input.imagePath);
    if (!shaped.ok) return { ok: false, field: "imagePath", message: shaped.message };
    const folders = [...(this.images ? [this.images.dataDir] : []), ...(await this.db.read((repos) => repos.libraries.allPaths())).map((p) => p.path)];
    const found = folders.length ? locateConfinedFile(shaped.path, folders, "the data folder and the library folders") : undefined;
    if (!found?.ok) return { ok: false, field: "imagePath", message: found?.problem === "missing" ? "does not exist" : found?.problem === "not-a-file" ? "is not a file" : UPLOAD_INSTEAD };
    const checked = await checkImageFile(found.path);
    if (!checked.ok) return { ok: false, field: "imagePath", message: checked.message };
    return this.copying("imagePath", (images) => images.adopt(checked.path));
  }

  /** Runs the write; a copy made for it is removed again when the write is refused. */
  async keeping<T>(image: PreparedImage | null, stillUsed: (path: string) => Promise<boolean>, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (image?.ok && image.created) await this.releaseUnused(image.path, stillUsed);
      throw error;
    }
  }

  /** Deletes a copied image no row names any more. */
  async releaseUnused(imagePath: string | null, stillUsed: (path: string) => Promise<boolean>): Promise<void> {
    if (!imagePath || !this.images) return;
    if (!(await stillUsed(imagePath))) await this.images.release(imagePath);
  }

  private async copying(field: ImageField, copy: (images: WatermarkImages) => Promise<AdoptedImage>): Promise<PreparedImage> {
    if (!this.images) return { ok: false, field, message: `cannot be stored: this server has no data folder for ${this.what} images` };
    try {
      const adopted = await copy(this.images);
      return adopted.ok ? adopted : { ok: false, field, message: adopted.message };
    } catch (error) {
      return { ok: false, field, message: `cannot be copied into the data folder (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` };
    }
  }
}
