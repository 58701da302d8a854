import type { MediaSource } from "../../db/entities/media-source";
import type { MediaServerKind } from "../../domain/enums";

/** A media source as both APIs show it: everything but the credential, which only reports that it is set. */
export interface MediaSourceView {
  id: number;
  name: string;
  kind: MediaServerKind;
  url: string;
  hasCredential: boolean;
  pathReplacements: Array<{ serverPath: string; localPath: string }>;
  serverId: string | null;
  serverName: string | null;
  serverVersion: string | null;
}

export function toMediaSourceView(source: MediaSource): MediaSourceView {
  return {
    id: source.id,
    name: source.name,
    kind: source.kind,
    url: source.url,
    hasCredential: source.credential.length > 0,
    pathReplacements: source.pathReplacements.map((r) => ({ serverPath: r.serverPath, localPath: r.localPath })),
    serverId: source.serverId,
    serverName: source.serverName,
    serverVersion: source.serverVersion,
  };
}
