import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Which media server a library or item is synced from; nothing for local folders. */
export function SourceBadge({ source }: { source: { name: string; kind: string } | null | undefined }) {
  const { t } = useTranslation();
  if (!source) return null;
  return (
    <Badge variant="outline" size="sm" title={t("common.syncedFromTheServer", { kind: source.kind, name: source.name })} aria-label={t("common.from", { kind: source.kind, name: source.name })}>
      {source.kind} · {source.name}
    </Badge>
  );
}
