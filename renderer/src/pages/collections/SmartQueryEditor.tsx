import { Box, Code, Group, Loader, Text, TextInput } from "@mantine/core";
import { useId } from "react";
import { useLiveSearch } from "./use-live-search";
import { useTranslation } from "react-i18next";

/**
 * A smart-collection query with the server in the loop: the live match count, or the server's
 * syntax error with a caret under the position it names.
 */
export function SmartQueryEditor({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  const { t } = useTranslation();
  const live = useLiveSearch(value);
  const statusId = useId();
  return (
    <Box>
      <TextInput
        label={t("common.query")}
        description={t("collections.eGTypeEpisodeAndShowTitleTheSimpsons")}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        required
        error={error ?? (live.error ? t("collections.theServerCannotReadThisQuery") : undefined)}
        styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
        spellCheck={false}
        aria-describedby={statusId}
      />
      <Box id={statusId} role="status" aria-live="polite" mt={6}>
        {live.checking && <Group gap={6}><Loader size={12} /><Text size="sm" c="dimmed">{t("common.countingMatches")}</Text></Group>}
        {!live.checking && live.result && (
          <Text size="sm" data-testid="smart-match-count">
            {t("collections.itemsMatch", { count: live.result.totalCount })}
            {live.result.items.length > 0 ? `: ${live.result.items.map((i) => i.title).join(", ")}${live.result.totalCount > live.result.items.length ? ", …" : ""}` : "."}
          </Text>
        )}
        {!live.checking && live.error && (
          <Box data-testid="smart-query-error">
            {live.position !== null && (
              <Code block aria-hidden="true" style={{ whiteSpace: "pre" }}>
                {`${value}\n${" ".repeat(Math.max(0, live.position - 1))}^`}
              </Code>
            )}
            <Text size="sm" c="red">{live.error}</Text>
          </Box>
        )}
      </Box>
    </Box>
  );
}
