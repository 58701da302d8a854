import { FakeMediaBrowserServer } from "../mediabrowser/fake-mediabrowser-server";

export const EMBY_SERVER_ID = "0a1b2c3d4e5f60718293a4b5c6d7e8f9";

/** A fake Emby 4.8 server: routes under `/emby`, no `ProductName` in its public identity, the key in `X-Emby-Token` or `api_key`. */
export function fakeEmby(apiKey: string): FakeMediaBrowserServer {
  return new FakeMediaBrowserServer(
    {
      prefix: "/emby",
      publicInfo: { Id: EMBY_SERVER_ID, ServerName: "Fake Emby", Version: "4.8.10.0", LocalAddress: "http://127.0.0.1" },
      credential: (req, query) => {
        const value = req.headers["x-emby-token"];
        return (Array.isArray(value) ? value[0] : value) ?? query.get("api_key") ?? undefined;
      },
      // Emby answers Fields=Tags with TagItems (name and numeric id) and no Tags.
      wire: ({ Tags, ...dto }) => (Tags === undefined ? dto : { ...dto, TagItems: (Tags ?? []).map((Name, i) => ({ Name, Id: 4000 + i })) }),
    },
    apiKey,
    { Id: EMBY_SERVER_ID, ServerName: "Fake Emby", Version: "4.8.10.0", OperatingSystem: "Linux" },
  );
}
