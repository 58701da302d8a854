/**
 * Compile-time check (run by `npm run typecheck`, no test body): the Plex wire shapes the client reads
 * (server/media-servers/plex/plex-api.ts) agree with the models generated from the published Plex API
 * description (@lukehagar/plexjs). Those models name arrays in camelCase (`media`, `part`) where the
 * wire says `Media`, `Part`; `Camel` maps ours the same way before comparing. A field whose name or
 * type drifts from the description fails `npm run typecheck` here.
 *
 * Left out on purpose, where the description is wrong about what servers send: `Guid` (the description
 * types its `id` as an integer; servers send `"imdb://tt0111161"`), the item's own `guid` string (the
 * models put the `Guid` array under that name), and `Chapter`, `Label`, `Stream.forced`
 * and the paging headers, which it does not describe.
 */
import type * as described from "@lukehagar/plexjs/sdk/models/shared/index.js";
import type { GetSectionsMediaContainer } from "@lukehagar/plexjs/sdk/models/operations/getsections.js";
import type {
  PlexMedia,
  PlexMetadata,
  PlexPageInfo,
  PlexPart,
  PlexSection,
  PlexSections,
  PlexServerRoot,
  PlexStream,
  PlexTag,
} from "../../../server/media-servers/plex/plex-api";

type Camel<T> = T extends readonly (infer E)[]
  ? Camel<E>[]
  : T extends object
    ? { [K in keyof T as K extends string ? Uncapitalize<K> : K]: Camel<T[K]> }
    : T;

/** `true` only when every field we read has the described name and a compatible type. */
type Agrees<Ours, Described> = [Camel<Ours>] extends [Described] ? true : false;

export const conformance: {
  metadata: Agrees<Omit<PlexMetadata, "guid" | "Guid" | "Chapter" | "Label" | "Media">, described.Metadata>;
  media: Agrees<Omit<PlexMedia, "Part">, described.Media>;
  part: Agrees<Omit<PlexPart, "Stream">, described.Part>;
  stream: Agrees<PlexStream, described.Stream>;
  tag: Agrees<PlexTag, described.Tag>;
  section: Agrees<PlexSection, described.LibrarySection>;
  sections: Agrees<Omit<PlexSections, "Directory">, GetSectionsMediaContainer>;
  serverRoot: Agrees<PlexServerRoot, described.LibrarySectionsMediaContainer>;
  page: Agrees<PlexPageInfo, described.MediaContainer>;
} = {
  metadata: true,
  media: true,
  part: true,
  stream: true,
  tag: true,
  section: true,
  sections: true,
  serverRoot: true,
  page: true,
};
