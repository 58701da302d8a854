import { Alert, Button, Code, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useQuery } from "urql";
import { ShellStatusDocument } from "../graphql/generated";
import { useCreateWriteKey } from "./use-create-write-key";

/**
 * Warns while the server is reachable from other machines and anyone there may change it; one click
 * sets a random write key (kept in this browser, shown once so other tools can use it).
 */
export function LoopbackWarning() {
  const [{ data }, refetch] = useQuery({ query: ShellStatusDocument });
  const writeKey = useCreateWriteKey();
  const [createdKey, setCreatedKey] = useState<string | null>(null);
  const settings = data?.settings;
  if (!settings) return null;

  if (createdKey) {
    return (
      <Alert color="green" title="Write key saved" role="status" withCloseButton onClose={() => setCreatedKey(null)}>
        <Stack gap={4}>
          <Text size="sm">It is in effect now, and this browser will send it with every change. Copy it now for other tools; it is not shown again:</Text>
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
    <Alert color="orange" title="Anyone on your network can change this server" role="alert">
      <Group justify="space-between" align="center">
        <Text size="sm">
          Airwave listens beyond this computer and no write key is set, so any device on the network can edit or delete channels and libraries.
          {settings.restartRequired && " A saved change is waiting for a restart."}
        </Text>
        <Button color="orange" onClick={setKey} loading={writeKey.fetching}>Set a write key</Button>
      </Group>
      {writeKey.error && <Text c="red" size="sm" mt="xs">{writeKey.error}</Text>}
    </Alert>
  );
}
