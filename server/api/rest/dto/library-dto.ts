import type { LibraryKind } from "../../../domain/enums";
import type { LibraryView } from "../../../services/library-service";
import type { ScanStatus } from "../../../services/library-scanning";

export interface LibraryPathDto {
  /** @isInt */
  id: number;
  path: string;
  /** When this path was last scanned successfully (ISO 8601). */
  lastScan?: string;
}

export interface ScanStatusDto {
  state: "Running";
  /** 0–100 */
  percent: number;
  currentFolder?: string;
  startedAt: string;
}

export interface LibraryDto {
  /** @isInt */
  id: number;
  name: string;
  kind: LibraryKind;
  paths: LibraryPathDto[];
  lastScan?: string;
  lastScanSuccess?: boolean;
  lastScanMessage?: string;
  /** `RemoteStreams` libraries: the IPTV playlist read on every scan. */
  m3uUrl?: string;
  /** Present while a scan runs. */
  scan?: ScanStatusDto;
}

export interface LibraryCreateRequest {
  name: string;
  kind: LibraryKind;
  /** Folders; a `RemoteStreams` library may have none (its items then come from `m3uUrl` or `POST …/remote-streams`). */
  paths: string[];
  /**
   * `RemoteStreams` only: an IPTV M3U playlist (http or https, at most 5 MB) whose entries become live items
   * (`tvg-id`, `tvg-name`, `tvg-logo`, `group-title`); read before the library is stored and on every scan.
   * @example "http://192.168.1.5/iptv/channels.m3u"
   */
  m3uUrl?: string | null;
}

export interface LibraryUpdateRequest {
  name?: string;
  kind?: LibraryKind;
  paths?: string[];
  /** `RemoteStreams` only: the IPTV playlist URL; null removes it. */
  m3uUrl?: string | null;
}

export interface LibraryPathRequest {
  path: string;
}

export interface ScanQueuedDto {
  /** False when the request joined a scan that was already running. */
  started: boolean;
  scan: ScanStatusDto;
}

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? undefined : new Date(ms).toISOString());

export function toScanStatusDto(status: ScanStatus): ScanStatusDto {
  return { state: status.state, percent: status.percent, currentFolder: status.currentFolder ?? undefined, startedAt: new Date(status.startedAt).toISOString() };
}

export function toLibraryDto({ library, scan }: LibraryView): LibraryDto {
  return {
    id: library.id,
    name: library.name,
    kind: library.kind,
    paths: (library.paths ?? []).map((p) => ({ id: p.id, path: p.path, lastScan: iso(p.lastScan) })),
    lastScan: iso(library.lastScan),
    lastScanSuccess: library.lastScanSuccess ?? undefined,
    lastScanMessage: library.lastScanMessage ?? undefined,
    m3uUrl: library.m3uUrl ?? undefined,
    scan: scan ? toScanStatusDto(scan) : undefined,
  };
}
