import { Alert, Button, Card, Center, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { ownerAccessError, signIn } from "../graphql/owner-session";

/** Shown instead of the app while an owner password protects the server and this browser is not signed in. */
export function SignInPage({ onSignedIn }: { onSignedIn: () => void }) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await signIn(password);
      setError(null);
      onSignedIn();
    } catch (refused) {
      setError(ownerAccessError(refused));
      setPassword("");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Center mih="100vh" p="md">
      <Card withBorder padding="xl" maw={420} w="100%">
        <form onSubmit={submit}>
          <Stack>
            <Title order={1} size="h2">Sign in to Airwave</Title>
            <Text size="sm" c="dimmed">
              An owner password protects this server. Media players keep working without it. Forgot it? Run <code>airwave set-password</code> on the computer that holds Airwave's data folder.
            </Text>
            <PasswordInput label="Owner password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} required data-autofocus autoComplete="current-password" />
            {error && <Alert color="red" role="alert" title="Not signed in">{error}</Alert>}
            <Button type="submit" loading={busy}>Sign in</Button>
          </Stack>
        </form>
      </Card>
    </Center>
  );
}
