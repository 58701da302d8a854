import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { CopyField } from "../../components/CopyField";
import { useCreateWriteKey } from "../../components/use-create-write-key";

/**
 * First-run offer of a write key, before the first library: generated here, saved on the server and in
 * this browser, shown once to copy. Skipping is allowed (the warning banner keeps reminding).
 */
export function WriteKeyStep({ onDone }: { onDone: () => void }) {
  const writeKey = useCreateWriteKey();
  const [created, setCreated] = useState<string | null>(null);

  if (created) {
    return (
      <Stack>
        <Alert color="green" title="Write key created" role="status">
          It is in effect now. This browser keeps it and sends it with every change. Copy it now for other tools: it is not shown again.
        </Alert>
        <CopyField label="Your write key" value={created} />
        <Group justify="flex-end">
          <Button onClick={onDone}>Next: add a library</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack>
      <Text>Protect Airwave with a write key: without one, any device on your network can change or delete your channels.</Text>
      {writeKey.error && <Text c="red" size="sm">{writeKey.error}</Text>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>Skip for now</Button>
        <Button loading={writeKey.fetching} onClick={async () => setCreated(await writeKey.create())}>Create a write key</Button>
      </Group>
    </Stack>
  );
}
