import type { MediaServerKind } from "../../../domain/enums";

export interface PathReplacementDto {
  /** The prefix of file paths as the server reports them, e.g. `/data/tv`. */
  serverPath: string;
  /** What Airwave reads instead, e.g. `/mnt/nas/tv` or `Z:\tv`. */
  localPath: string;
}

export interface MediaSourceDto {
  /** @isInt */
  id: number;
  name: string;
  kind: MediaServerKind;
  url: string;
  /** The token or API key is stored; it is never returned. */
  hasCredential: boolean;
  pathReplacements: PathReplacementDto[];
  serverId: string | null;
  serverName: string | null;
  serverVersion: string | null;
}

export interface MediaSourceRequest {
  name: string;
  kind: MediaServerKind;
  /** The server's base URL, e.g. `http://192.168.1.20:8096`. */
  url: string;
  /** Plex token, or a Jellyfin/Emby API key. */
  credential: string;
  pathReplacements?: PathReplacementDto[];
}

/** Changes what is given; a new kind, URL or credential is tested first. */
export interface MediaSourceUpdateRequest {
  name?: string;
  kind?: MediaServerKind;
  url?: string;
  credential?: string;
  pathReplacements?: PathReplacementDto[];
}

export interface ServerIdentityDto {
  id: string;
  name: string;
  version: string;
}

export interface RemoteLibraryDto {
  id: string;
  name: string;
  kind: "Movies" | "Shows" | "OtherVideos" | "Music";
  /** The Airwave library synced from it, when enabled. @isInt */
  libraryId: number | null;
}

export interface EnableLibraryRequest {
  /** The server library's id (from GET …/libraries). */
  remoteLibraryId: string;
  /** The Airwave library's name; default "<server library> (<source>)". */
  name?: string;
}

export interface RemoteCollectionDto {
  remoteId: string;
  remoteKind: "Collection" | "Playlist";
  name: string;
  /** @isInt */
  itemCount: number;
  /** @isInt */
  collectionId: number | null;
}

export interface ImportCollectionRequest {
  remoteId: string;
  remoteKind: "Collection" | "Playlist";
  name?: string;
}

export interface ImportedCollectionDto {
  /** @isInt */
  collectionId: number;
}
