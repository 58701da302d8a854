import { Alert, Button, Code, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useQuery } from "urql";
import { SetWriteKeyDocument, ShellStatusDocument } from "../graphql/generated";
import { toServerErrors } from "../graphql/server-errors";
import { useServerMutation } from "../graphql/use-server-mutation";
import { saveWriteKey } from "../graphql/write-key";

function randomKey(): string {
  const bytes = new Uint8Array(24);
  window.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Warns while the server is reachable from other machines and anyone there may change it; one click
 * sets a random write key (kept in this browser, shown once so other tools can use it).
 */
export function LoopbackWarning() {
  const [{ data }, refetch] = useQuery({ query: ShellStatusDocument });
  const [state, setWriteKey] = useServerMutation(SetWriteKeyDocument);
  const [createdKey, setCreatedKey] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const settings = data?.settings;
  if (!settings) return null;

  if (createdKey) {
    return (
      <Alert color="green" title="Write key saved" role="status" withCloseButton onClose={() => setCreatedKey(null)}>
        <Stack gap={4}>
          <Text size="sm">This browser will send it with every change. Copy it now for other tools; it is not shown again:</Text>
          <Code>{createdKey}</Code>
          {settings.restartRequired && <Text size="sm" fw={600}>Restart Airwave to put it into effect.</Text>}
        </Stack>
      </Alert>
    );
  }
  if (!settings.listeningBeyondLoopback || settings.writeKeySet) return null;

  const setKey = async () => {
    const key = randomKey();
    const result = await setWriteKey({ key });
    if (result.error) {
      setError(toServerErrors(result.error, []).general);
      return;
    }
    saveWriteKey(key, true);
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
        <Button color="orange" onClick={setKey} loading={state.fetching}>Set a write key</Button>
      </Group>
      {error && <Text c="red" size="sm" mt="xs">{error}</Text>}
    </Alert>
  );
}
