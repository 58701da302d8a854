import type { MigrationInterface } from "typeorm";
import { InitialSchemaPostgres1795336800000 } from "./0001-initial-schema";
import { MediaSearchPostgres1795336900000 } from "./0002-media-search";
import { LibraryScanResultPostgres1795337000000 } from "./0003-library-scan-result";
import { LibraryRevisionPostgres1795337100000 } from "./0004-library-revision";
import { FillerWatermarkPostgres1795337200000 } from "./0005-filler-watermark";
import { PlayoutItemExternalPostgres1795337300000 } from "./0006-playout-item-external";
import { BlockPlayoutsPostgres1795337400000 } from "./0007-block-playouts";
import { FillerPresetSearchQueryPostgres1795337600000 } from "./0009-filler-preset-search-query";
import { ArtworkModelPostgres1795337700000 } from "./0010-artwork-model";
import { SongTagsPostgres1795337800000 } from "./0011-song-tags";
import { MediaSourcesPostgres1795337900000 } from "./0012-media-sources";
import { CopyWhenCompatiblePostgres1795338000000 } from "./0013-copy-when-compatible";
import { OnDemandChannelsPostgres1795338100000 } from "./0014-on-demand-channels";
import { RemoteStreamsPostgres1795338200000 } from "./0015-remote-streams";
import { ChannelTracksPostgres1795338300000 } from "./0016-channel-tracks";
import { OwnerSessionsPostgres1795338400000 } from "./0017-owner-sessions";
import { GraphicsPostgres1795338500000 } from "./0018-graphics";
import { MediaVersionsPostgres1795338600000 } from "./0019-media-versions";

type MigrationClass = new () => MigrationInterface;

/**
 * PostgreSQL's migrations, one per SQLite migration with the same name (a test holds the two lists in
 * step): the same schema in PostgreSQL's spelling. Integers are bigint (epoch milliseconds and file
 * sizes pass 2^31) and read back as numbers; case-insensitive names use the `nocase` ICU collation.
 */
export const ALL_POSTGRES_MIGRATIONS: MigrationClass[] = [
  InitialSchemaPostgres1795336800000,
  MediaSearchPostgres1795336900000,
  LibraryScanResultPostgres1795337000000,
  LibraryRevisionPostgres1795337100000,
  FillerWatermarkPostgres1795337200000,
  PlayoutItemExternalPostgres1795337300000,
  BlockPlayoutsPostgres1795337400000,
  FillerPresetSearchQueryPostgres1795337600000,
  ArtworkModelPostgres1795337700000,
  SongTagsPostgres1795337800000,
  MediaSourcesPostgres1795337900000,
  CopyWhenCompatiblePostgres1795338000000,
  OnDemandChannelsPostgres1795338100000,
  RemoteStreamsPostgres1795338200000,
  ChannelTracksPostgres1795338300000,
  OwnerSessionsPostgres1795338400000,
  GraphicsPostgres1795338500000,
  MediaVersionsPostgres1795338600000,
];
