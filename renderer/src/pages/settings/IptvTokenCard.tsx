import { Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { CopyField } from "../../components/CopyField";
import { ServerMessage } from "../../components/ServerMessage";
import { rest, RestError } from "../../graphql/rest";
import { useTranslation } from "react-i18next";
import { currentLocale } from "../../i18n/i18n";

/** Mints a one-day token for media players (REST: GraphQL has no equivalent). */
export function IptvTokenCard({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const [token, setToken] = useState<{ token: string; expiresAt: string } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const mint = async () => {
    try {
      setToken(await rest<{ token: string; expiresAt: string }>("POST", "/api/v1/iptv/tokens"));
      setMessage(null);
    } catch (error) {
      setMessage(error instanceof RestError ? error.problem.detail : String(error));
    }
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600}>{t("settings.iptvAccessToken")}</Text>
        <Button variant="default" onClick={mint} disabled={!enabled}>{t("settings.mintAToken")}</Button>
      </Group>
      {!enabled && <Text size="sm" c="dimmed">{t("settings.noTokenKeyIsInEffect")}</Text>}
      <ServerMessage message={message} />
      {token && (
        <>
          <CopyField label={t("common.token")} value={token.token} />
          <Text size="xs" c="dimmed">{t("settings.validUntil", { toLocaleString: new Date(token.expiresAt).toLocaleString(currentLocale(), { dateStyle: "medium", timeStyle: "short" }) })}</Text>
        </>
      )}
    </Stack>
  );
}
