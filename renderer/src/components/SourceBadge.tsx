import { Badge } from "@mantine/core";

/** Which media server a library or item is synced from; nothing for local folders. */
export function SourceBadge({ source }: { source: { name: string; kind: string } | null | undefined }) {
  if (!source) return null;
  return (
    <Badge variant="outline" size="sm" title={`Synced from the ${source.kind} server “${source.name}”`} aria-label={`From ${source.kind}: ${source.name}`}>
      {source.kind} · {source.name}
    </Badge>
  );
}
