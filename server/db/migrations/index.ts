import type { MigrationInterface } from "typeorm";
import { InitialSchema1795336800000 } from "./0001-initial-schema";
import { MediaSearch1795336900000 } from "./0002-media-search";
import { LibraryScanResult1795337000000 } from "./0003-library-scan-result";
import { LibraryRevision1795337100000 } from "./0004-library-revision";
import { FillerWatermark1795337200000 } from "./0005-filler-watermark";
import { PlayoutItemExternal1795337300000 } from "./0006-playout-item-external";
import { BlockPlayouts1795337400000 } from "./0007-block-playouts";
import { FillerPresetSearchQuery1795337600000 } from "./0009-filler-preset-search-query";
import { ArtworkModel1795337700000 } from "./0010-artwork-model";
import { SongTags1795337800000 } from "./0011-song-tags";
import { MediaSources1795337900000 } from "./0012-media-sources";
import { CopyWhenCompatible1795338000000 } from "./0013-copy-when-compatible";
import { OnDemandChannels1795338100000 } from "./0014-on-demand-channels";
import { RemoteStreams1795338200000 } from "./0015-remote-streams";
import { ChannelTracks1795338300000 } from "./0016-channel-tracks";
import { OwnerSessions1795338400000 } from "./0017-owner-sessions";
import { Graphics1795338500000 } from "./0018-graphics";
import { MediaVersions1795338600000 } from "./0019-media-versions";

type MigrationClass = new () => MigrationInterface;

/** Every migration, oldest first. New ones are appended; shipped ones never change. */
export const ALL_MIGRATIONS: MigrationClass[] = [InitialSchema1795336800000, MediaSearch1795336900000, LibraryScanResult1795337000000, LibraryRevision1795337100000, FillerWatermark1795337200000, PlayoutItemExternal1795337300000, BlockPlayouts1795337400000, FillerPresetSearchQuery1795337600000, ArtworkModel1795337700000, SongTags1795337800000, MediaSources1795337900000, CopyWhenCompatible1795338000000, OnDemandChannels1795338100000, RemoteStreams1795338200000, ChannelTracks1795338300000, OwnerSessions1795338400000, Graphics1795338500000, MediaVersions1795338600000];
