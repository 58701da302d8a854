import { Button, CopyButton, Group, TextInput, Tooltip } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** A read-only URL with a copy button, both labelled for screen readers. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput label={label} value={value} readOnly style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t("common.copied") : t("common.copy")} withArrow>
            <Button variant="default" onClick={copy} aria-label={t("common.copy2", { label: label })}>{copied ? t("common.copied") : t("common.copy")}</Button>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

/** A compact copy button for tables. */
export function CopyLink({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button size="compact-xs" variant="light" onClick={copy} aria-label={t("common.copy2", { label: label })}>{copied ? t("common.copied") : label}</Button>
      )}
    </CopyButton>
  );
}
