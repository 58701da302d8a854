import { MediaServerKind } from "../../domain/enums";
import axios from "axios";
import { fetchWithCredential, isRedirect, MAX_IMAGE_BYTES, MAX_JSON_BYTES, readCapped, redirectFailure } from "../credential-fetch";
import { errorCode, networkFailure, statusFailure } from "../http-failure";
import type { BaseItemDto, ItemsPage, PublicSystemInfo, SystemInfo } from "../mediabrowser/dto";
import type { ItemQuery, MediaBrowserTransport } from "../mediabrowser/transport";
import { MediaServerError, type MediaServerConnection } from "../types";

/** What Airwave calls of `@jellyfin/sdk` (its declarations cannot be followed under node16 resolution; see mediabrowser/dto.ts). */
interface SdkResponse<T> {
  data: T;
}
interface SdkApi {
  readonly authorizationHeader: string;
}
interface Sdk {
  api: SdkApi;
  system: { getPublicSystemInfo(): Promise<SdkResponse<PublicSystemInfo>>; getSystemInfo(): Promise<SdkResponse<SystemInfo>> };
  library: {
    getMediaFolders(request?: { isHidden?: boolean }): Promise<SdkResponse<ItemsPage>>;
    getItems(request: Record<string, unknown>): Promise<SdkResponse<ItemsPage>>;
  };
  playlists: { getPlaylistItems(request: { playlistId: string; startIndex: number; limit: number }): Promise<SdkResponse<ItemsPage>> };
}

const CLIENT = { name: "Airwave", version: "1" };
const DEVICE = { id: "airwave-server", name: "Airwave" };

async function loadSdk(baseUrl: string, token: string, timeoutMs: number): Promise<Sdk> {
  // The SDK is an ES module; this server is CommonJS, so it is loaded with import().
  const [{ Jellyfin }, { getSystemApi }, { getLibraryApi }, { getPlaylistApi }] = await Promise.all([
    import("@jellyfin/sdk/lib/jellyfin.js"),
    import("@jellyfin/sdk/lib/utils/api/system-api.js"),
    import("@jellyfin/sdk/lib/utils/api/library-api.js"),
    import("@jellyfin/sdk/lib/utils/api/playlist-api.js"),
  ]);
  // An instance of its own (not axios' shared default): no redirect is followed with the key, bodies are capped.
  const http = axios.create({ timeout: timeoutMs, maxRedirects: 0, maxContentLength: MAX_JSON_BYTES });
  const api = new Jellyfin({ clientInfo: CLIENT, deviceInfo: DEVICE }).createApi(baseUrl, token, http as never) as unknown as SdkApi;
  return {
    api,
    system: getSystemApi(api as never) as unknown as Sdk["system"],
    library: getLibraryApi(api as never) as unknown as Sdk["library"],
    playlists: getPlaylistApi(api as never) as unknown as Sdk["playlists"],
  };
}

/** Jellyfin through its official SDK: `Authorization: MediaBrowser …, Token="…"`, routes at the server's base. */
export class JellyfinTransport implements MediaBrowserTransport {
  readonly kind = MediaServerKind.Jellyfin;
  private readonly baseUrl: string;
  private sdk: Promise<Sdk> | undefined;

  constructor(
    private readonly connection: MediaServerConnection,
    private readonly timeoutMs: number,
  ) {
    this.baseUrl = connection.url.replace(/\/+$/, "");
  }

  isOwnKind(info: PublicSystemInfo): boolean {
    return info.ProductName === "Jellyfin Server";
  }

  publicInfo(): Promise<PublicSystemInfo> {
    return this.call("reading the server's identity", (sdk) => sdk.system.getPublicSystemInfo());
  }

  systemInfo(): Promise<SystemInfo> {
    return this.call("checking the API key", (sdk) => sdk.system.getSystemInfo());
  }

  async mediaFolders(): Promise<BaseItemDto[]> {
    return (await this.call("listing libraries", (sdk) => sdk.library.getMediaFolders({ isHidden: false }))).Items ?? [];
  }

  items(query: ItemQuery): Promise<ItemsPage> {
    return this.call("listing items", (sdk) => sdk.library.getItems({ ...query, enableTotalRecordCount: true, enableUserData: false }));
  }

  playlistItems(playlistId: string, startIndex: number, limit: number): Promise<ItemsPage> {
    return this.call("listing a playlist", (sdk) => sdk.playlists.getPlaylistItems({ playlistId, startIndex, limit }));
  }

  url(relativePath: string): string {
    return `${this.baseUrl}/${relativePath}`;
  }

  authHeaders(): Record<string, string> {
    return { Authorization: `MediaBrowser Client="${CLIENT.name}", Device="${DEVICE.name}", DeviceId="${DEVICE.id}", Version="${CLIENT.version}", Token="${this.connection.credential}"` };
  }

  async getBinary(relativePath: string): Promise<{ body: Buffer; contentType: string }> {
    return fetchBinary(this.url(relativePath), this.authHeaders(), this.timeoutMs);
  }

  private async call<T>(what: string, run: (sdk: Sdk) => Promise<SdkResponse<T>>): Promise<T> {
    this.sdk ??= loadSdk(this.baseUrl, this.connection.credential, this.timeoutMs);
    try {
      return (await run(await this.sdk)).data;
    } catch (error) {
      // Axios errors carry the request headers (the key): only the status or the code leaves here.
      const status = (error as { response?: { status?: number } }).response?.status;
      if (status !== undefined && isRedirect(status)) throw redirectFailure(status, what);
      if (status !== undefined) throw statusFailure(status, what);
      if ((error as { code?: unknown }).code === "ERR_BAD_RESPONSE" && /maxContentLength/.test(String((error as Error).message))) {
        throw new MediaServerError("server-error", `${what}: the answer is larger than ${MAX_JSON_BYTES / 1024 / 1024} MiB`);
      }
      throw networkFailure(errorCode(error), what);
    }
  }
}

/** GET with the credential headers (artwork); failures as `MediaServerError`. */
export async function fetchBinary(url: string, headers: Record<string, string>, timeoutMs: number): Promise<{ body: Buffer; contentType: string }> {
  const what = "fetching artwork";
  const response = await fetchWithCredential(url, { headers, signal: AbortSignal.timeout(timeoutMs) }, what);
  const contentType = response.headers.get("content-type") ?? "application/octet-stream";
  if (!response.ok || !contentType.startsWith("image/")) await response.body?.cancel().catch(() => undefined);
  if (!response.ok) throw statusFailure(response.status, what);
  if (!contentType.startsWith("image/")) throw new MediaServerError("server-error", `${what}: the server did not send an image`);
  return { body: await readCapped(response, MAX_IMAGE_BYTES, what), contentType };
}
