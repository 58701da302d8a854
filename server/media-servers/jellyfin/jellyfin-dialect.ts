import { MediaServerKind } from "../../domain/enums";
import type { MediaBrowserDialect } from "../mediabrowser/transport";

const CLIENT = { name: "Airwave", version: "1" };
const DEVICE = { id: "airwave-server", name: "Airwave" };

/**
 * Jellyfin as its official SDK speaks it: routes at the server's base, the key in
 * `Authorization: MediaBrowser …, Token="…"`, camelCase query names, lists as repeated keys.
 */
export const jellyfinDialect: MediaBrowserDialect = {
  kind: MediaServerKind.Jellyfin,
  prefix: "",
  authHeaders: (credential) => ({
    Authorization: `MediaBrowser Client="${CLIENT.name}", Device="${DEVICE.name}", DeviceId="${DEVICE.id}", Version="${CLIENT.version}", Token="${credential}"`,
  }),
  setQuery(params, camelName, value) {
    if (typeof value === "string") params.set(camelName, value);
    else for (const item of value) params.append(camelName, item);
  },
  isOwnKind: (info) => info.ProductName === "Jellyfin Server",
};
