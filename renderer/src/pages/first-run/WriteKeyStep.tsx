import { Alert, Button, Card, Group, PasswordInput, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { CopyField } from "../../components/CopyField";
import { useCreateWriteKey } from "../../components/use-create-write-key";
import { ownerAccessChanged, ownerAccessError, setOwnerPassword } from "../../graphql/owner-session";

function OwnerPasswordForm({ onSet }: { onSet: () => void }) {
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== repeat) return setError("The two passwords differ");
    setBusy(true);
    try {
      await setOwnerPassword(password);
      setError(null);
      onSet();
    } catch (refused) {
      setError(ownerAccessError(refused));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="xs">
        <PasswordInput label="Owner password" description="8 characters or more" value={password} onChange={(e) => setPassword(e.currentTarget.value)} required autoComplete="new-password" />
        <PasswordInput label="Repeat the password" value={repeat} onChange={(e) => setRepeat(e.currentTarget.value)} required autoComplete="new-password" />
        {error && <Text c="red" size="sm" role="alert">{error}</Text>}
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>Set password</Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * First-run protection, before the first library: an owner password (the UI signs in; other devices see
 * nothing without it), a write key for scripts (generated here, saved on the server and in this browser,
 * shown once to copy), both, or neither for now (the warning banner keeps reminding).
 */
export function WriteKeyStep({ onDone }: { onDone: () => void }) {
  const writeKey = useCreateWriteKey();
  const [created, setCreated] = useState<string | null>(null);
  const [passwordSet, setPasswordSet] = useState(false);

  return (
    <Stack>
      <Text>Protect Airwave with an owner password, a write key, or both: without either, any device on your network can change or delete your channels.</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder>
          <Stack gap="xs">
            <Title order={3} size="h4">Owner password</Title>
            <Text size="sm" c="dimmed">For people: the pages sign in, and other browsers and devices see and change nothing without it. Media players keep working.</Text>
            {passwordSet ? (
              <Alert color="green" title="Owner password set" role="status">This browser is signed in. Anyone else must sign in first.</Alert>
            ) : (
              <OwnerPasswordForm onSet={() => { setPasswordSet(true); ownerAccessChanged(); }} />
            )}
          </Stack>
        </Card>
        <Card withBorder>
          <Stack gap="xs">
            <Title order={3} size="h4">Write key</Title>
            <Text size="sm" c="dimmed">For scripts and tools: changes need it (sent as X-Api-Key).</Text>
            {created ? (
              <>
                <Alert color="green" title="Write key created" role="status">
                  It is in effect now. This browser keeps it and sends it with every change. Copy it now for other tools: it is not shown again.
                </Alert>
                <CopyField label="Your write key" value={created} />
              </>
            ) : (
              <>
                {writeKey.error && <Text c="red" size="sm">{writeKey.error}</Text>}
                <Group justify="flex-end">
                  <Button variant="light" loading={writeKey.fetching} onClick={async () => setCreated(await writeKey.create())}>Create a write key</Button>
                </Group>
              </>
            )}
          </Stack>
        </Card>
      </SimpleGrid>
      <Group justify="flex-end">
        {created || passwordSet ? <Button onClick={onDone}>Next: add a library</Button> : <Button variant="default" onClick={onDone}>Skip for now</Button>}
      </Group>
    </Stack>
  );
}
