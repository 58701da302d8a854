import { MediaServerKind } from "../../domain/enums";
import type { MediaBrowserDialect } from "../mediabrowser/transport";

/**
 * Emby, where it differs from Jellyfin: routes under `/emby`, the key in `X-Emby-Token`, PascalCase
 * query names with comma-separated lists, and a public identity without Jellyfin's `ProductName`.
 */
export const embyDialect: MediaBrowserDialect = {
  kind: MediaServerKind.Emby,
  prefix: "/emby",
  authHeaders: (credential) => ({ "X-Emby-Token": credential }),
  setQuery(params, camelName, value) {
    params.set(camelName[0].toUpperCase() + camelName.slice(1), typeof value === "string" ? value : value.join(","));
  },
  isOwnKind: (info) => !info.ProductName && typeof info.Version === "string" && /^4\./.test(info.Version),
};
