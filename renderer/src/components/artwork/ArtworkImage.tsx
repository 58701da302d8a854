import { useState } from "react";
import classes from "./artwork.module.css";

export interface ArtworkLike {
  kind: string;
  url: string;
  listUrl: string;
}

/** The first picture of the kinds given (in that order of preference). */
export function pickArtwork(artwork: readonly ArtworkLike[] | undefined, ...kinds: string[]): ArtworkLike | undefined {
  for (const kind of kinds) {
    const found = artwork?.find((a) => a.kind === kind);
    if (found) return found;
  }
  return undefined;
}

/**
 * A lazily loaded picture in a frame of a fixed aspect ratio (posters 2:3, thumbnails 16:9, covers 1:1),
 * with a neutral placeholder (the title's initial) until it loads, or when there is none or it fails.
 */
export function ArtworkImage({ src, alt, ratio, width }: { src: string | undefined; alt: string; ratio: number; width?: number | string }) {
  const [state, setState] = useState<{ src?: string; loaded: boolean; failed: boolean }>({ loaded: false, failed: false });
  const current = state.src === src ? state : { src, loaded: false, failed: false };
  const showImage = Boolean(src) && !current.failed;
  return (
    <div className={classes.frame} style={{ aspectRatio: String(ratio), width }} data-artwork={src ? "image" : "placeholder"}>
      {!current.loaded && (
        <div className={classes.placeholder} aria-hidden>
          {alt.trim().charAt(0).toUpperCase()}
        </div>
      )}
      {showImage && (
        <img
          className={`${classes.image} ${current.loaded ? classes.loaded : ""}`}
          src={src}
          alt={alt}
          loading="lazy"
          decoding="async"
          onLoad={() => setState({ src, loaded: true, failed: false })}
          onError={() => setState({ src, loaded: false, failed: true })}
        />
      )}
    </div>
  );
}
