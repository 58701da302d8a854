import { Alert, Button, Code, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useQuery } from "urql";
import { ShellStatusDocument } from "../graphql/generated";
import { useCreateWriteKey } from "./use-create-write-key";
import { useTranslation } from "react-i18next";

/**
 * Warns while the server is reachable from other machines and anyone there may change it; one click
 * sets a random write key (kept in this browser, shown once so other tools can use it).
 */
export function LoopbackWarning() {
  const { t } = useTranslation();
  const [{ data }, refetch] = useQuery({ query: ShellStatusDocument });
  const writeKey = useCreateWriteKey();
  const [createdKey, setCreatedKey] = useState<string | null>(null);
  const settings = data?.settings;
  if (!settings) return null;

  if (createdKey) {
    return (
      <Alert color="green" title={t("common.writeKeySaved")} role="status" withCloseButton onClose={() => setCreatedKey(null)}>
        <Stack gap={4}>
          <Text size="sm">{t("common.itIsInEffectNowAnd")}</Text>
          <Code>{createdKey}</Code>
        </Stack>
      </Alert>
    );
  }
  if (!settings.listeningBeyondLoopback || settings.writeKeySet || settings.passwordSet) return null;

  const setKey = async () => {
    const key = await writeKey.create();
    if (!key) return;
    setCreatedKey(key);
    refetch({ requestPolicy: "network-only" });
  };

  return (
    <Alert color="orange" title={t("common.anyoneOnYourNetworkCanChange")} role="alert">
      <Group justify="space-between" align="center">
        <Text size="sm">{t("common.airwaveListensBeyondThisComputerAnd")}{settings.restartRequired && t("common.aSavedChangeIsWaitingFor")}
        </Text>
        <Button color="orange" onClick={setKey} loading={writeKey.fetching}>{t("common.setAWriteKey")}</Button>
      </Group>
      {writeKey.error && <Text c="red" size="sm" mt="xs">{writeKey.error}</Text>}
    </Alert>
  );
}
