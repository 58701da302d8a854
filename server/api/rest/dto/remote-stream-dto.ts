import path from "node:path";
import type { CreatedRemoteStream, UpdatedRemoteStream } from "../../../services/remote-streams/remote-stream-service";
import { toScanStatusDto, type ScanStatusDto } from "./library-dto";

/**
 * A remote stream item made through the API: the same fields as an item file in a RemoteStreams library
 * folder. It is written as a YAML file into the library's own folder in the data folder, then scanned.
 */
export interface RemoteStreamCreateRequest {
  /**
   * The source: http, https, hls+http(s) (forces the HLS demuxer), rtmp(s), rtsp(s), or udp/rtp from a
   * multicast group or this computer. No user name or password in it (send them as `headers`).
   * @example "https://weather.example.org/live/loop.m3u8"
   */
  url: string;
  /** Shown in the guide; the URL's host when absent. @example "Weather loop" */
  title?: string;
  plot?: string;
  genres?: string[];
  /**
   * A fixed length ("30 minutes", "01:00:00", or seconds as text): played that long, looped when the source is
   * shorter. Required unless `live`; on a live item, its length where a schedule plays it by count.
   * @example "30 minutes"
   */
  duration?: string;
  /** Unbounded: the schedule decides how long it plays. */
  live?: boolean;
  /**
   * HTTP request headers sent with the URL (http, https and HLS only), and only to the URL's origin. Values
   * are secrets: never shown in answers or logs. At most 20; no line breaks.
   * @example {"Authorization": "Bearer 0123456789abcdef"}
   */
  headers?: { [name: string]: string };
}

export interface RemoteStreamCreatedDto {
  /** @isInt */
  libraryId: number;
  /** The item file's name in the library's own folder in the data folder. */
  file: string;
  /** The scan that reads the new file; the item appears when it ends. */
  scan: ScanStatusDto;
}

export function toRemoteStreamCreatedDto(created: CreatedRemoteStream): RemoteStreamCreatedDto {
  return { libraryId: created.libraryId, file: path.basename(created.file), scan: toScanStatusDto(created.scan) };
}

/**
 * The new fields of a remote stream made through the API: every field is replaced (a field left out is removed),
 * except `url` and `headers`, which keep the stored ones when left out (answers never show a URL's query or a
 * header's value, so a client cannot send them back). `headers: {}` removes the headers.
 */
export interface RemoteStreamUpdateRequest {
  /**
   * The new source (same rules as when adding); left out, the stored URL stays.
   * @example "https://weather.example.org/live/loop.m3u8"
   */
  url?: string;
  /** Shown in the guide; the URL's host when absent. @example "Weather loop" */
  title?: string;
  plot?: string;
  genres?: string[];
  /**
   * A fixed length ("30 minutes", "01:00:00", or seconds as text). Required unless `live`.
   * @example "30 minutes"
   */
  duration?: string;
  /** Unbounded: the schedule decides how long it plays. */
  live?: boolean;
  /**
   * Replaces the headers sent with the URL (http, https and HLS only, only to its origin); left out, the stored
   * ones stay; `{}` removes them. Values are secrets: never shown in answers or logs.
   * @example {"Authorization": "Bearer 0123456789abcdef"}
   */
  headers?: { [name: string]: string };
}

export interface RemoteStreamUpdatedDto {
  /** @isInt */
  itemId: number;
  /** @isInt */
  libraryId: number;
  /** The item file's name in the library's own folder in the data folder. */
  file: string;
  /** The scan that probes a changed URL or headers again; absent when only the description changed. */
  scan?: ScanStatusDto;
}

export function toRemoteStreamUpdatedDto(updated: UpdatedRemoteStream): RemoteStreamUpdatedDto {
  return { itemId: updated.itemId, libraryId: updated.libraryId, file: path.basename(updated.file), ...(updated.scan ? { scan: toScanStatusDto(updated.scan) } : {}) };
}
