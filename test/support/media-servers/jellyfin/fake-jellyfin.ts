import { FakeMediaBrowserServer } from "../mediabrowser/fake-mediabrowser-server";

export const JELLYFIN_SERVER_ID = "f1e2d3c4b5a697887766554433221100";

/**
 * A fake Jellyfin 10.10 server: routes at the root, `ProductName: "Jellyfin Server"`, the key in
 * `Authorization: MediaBrowser …, Token="…"` (or `X-Emby-Token` / `api_key`, which Jellyfin also accepts).
 */
export function fakeJellyfin(apiKey: string): FakeMediaBrowserServer {
  return new FakeMediaBrowserServer(
    {
      prefix: "",
      publicInfo: { Id: JELLYFIN_SERVER_ID, ServerName: "Fake Jellyfin", Version: "10.10.7", ProductName: "Jellyfin Server", LocalAddress: "http://127.0.0.1", StartupWizardCompleted: true },
      credential: (req, query) => /Token="([^"]*)"/.exec(req.headers.authorization ?? "")?.[1] ?? header(req, "x-emby-token") ?? query.get("api_key") ?? undefined,
    },
    apiKey,
    { Id: JELLYFIN_SERVER_ID, ServerName: "Fake Jellyfin", Version: "10.10.7", ProductName: "Jellyfin Server", OperatingSystem: "Linux" },
  );
}

function header(req: { headers: Record<string, string | string[] | undefined> }, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
