import { Alert, Button, Card, Center, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { ownerAccessError, signIn } from "../graphql/owner-session";
import { useTranslation } from "react-i18next";

/** Shown instead of the app while an owner password protects the server and this browser is not signed in. */
export function SignInPage({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
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
            <Title order={1} size="h2">{t("common.signInToAirwave")}</Title>
            <Text size="sm" c="dimmed">{t("common.anOwnerPasswordProtectsThisServer")}{" "}<code>airwave set-password</code>{" "}{t("common.onTheComputerThatHoldsAirwaveS")}</Text>
            <PasswordInput label={t("common.ownerPassword")} value={password} onChange={(e) => setPassword(e.currentTarget.value)} required data-autofocus autoComplete="current-password" />
            {error && <Alert color="red" role="alert" title={t("common.notSignedIn")}>{error}</Alert>}
            <Button type="submit" loading={busy}>{t("common.signIn")}</Button>
          </Stack>
        </form>
      </Card>
    </Center>
  );
}
