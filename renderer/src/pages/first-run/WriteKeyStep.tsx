import { Alert, Button, Card, Group, PasswordInput, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { CopyField } from "../../components/CopyField";
import { useCreateWriteKey } from "../../components/use-create-write-key";
import { ownerAccessChanged, ownerAccessError, setOwnerPassword } from "../../graphql/owner-session";
import { useTranslation } from "react-i18next";

function OwnerPasswordForm({ onSet }: { onSet: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== repeat) return setError(t("firstRun.theTwoPasswordsDiffer"));
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
        <PasswordInput label={t("common.ownerPassword")} description={t("firstRun.n8CharactersOrMore")} value={password} onChange={(e) => setPassword(e.currentTarget.value)} required autoComplete="new-password" />
        <PasswordInput label={t("firstRun.repeatThePassword")} value={repeat} onChange={(e) => setRepeat(e.currentTarget.value)} required autoComplete="new-password" />
        {error && <Text c="red" size="sm" role="alert">{error}</Text>}
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>{t("common.setPassword")}</Button>
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
  const { t } = useTranslation();
  const writeKey = useCreateWriteKey();
  const [created, setCreated] = useState<string | null>(null);
  const [passwordSet, setPasswordSet] = useState(false);

  return (
    <Stack>
      <Text>{t("firstRun.protectAirwaveWithAnOwnerPassword")}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder>
          <Stack gap="xs">
            <Title order={3} size="h4">{t("common.ownerPassword")}</Title>
            <Text size="sm" c="dimmed">{t("firstRun.forPeopleThePagesSignIn")}</Text>
            {passwordSet ? (
              <Alert color="green" title={t("firstRun.ownerPasswordSet")} role="status">{t("firstRun.thisBrowserIsSignedInAnyone")}</Alert>
            ) : (
              <OwnerPasswordForm onSet={() => { setPasswordSet(true); ownerAccessChanged(); }} />
            )}
          </Stack>
        </Card>
        <Card withBorder>
          <Stack gap="xs">
            <Title order={3} size="h4">{t("common.writeKey")}</Title>
            <Text size="sm" c="dimmed">{t("firstRun.forScriptsAndToolsChangesNeed")}</Text>
            {created ? (
              <>
                <Alert color="green" title={t("firstRun.writeKeyCreated")} role="status">{t("firstRun.itIsInEffectNowThis")}</Alert>
                <CopyField label={t("firstRun.yourWriteKey")} value={created} />
              </>
            ) : (
              <>
                {writeKey.error && <Text c="red" size="sm">{writeKey.error}</Text>}
                <Group justify="flex-end">
                  <Button variant="light" loading={writeKey.fetching} onClick={async () => setCreated(await writeKey.create())}>{t("firstRun.createAWriteKey")}</Button>
                </Group>
              </>
            )}
          </Stack>
        </Card>
      </SimpleGrid>
      <Group justify="flex-end">
        {created || passwordSet ? <Button onClick={onDone}>{t("firstRun.nextAddALibrary")}</Button> : <Button variant="default" onClick={onDone}>{t("firstRun.skipForNow")}</Button>}
      </Group>
    </Stack>
  );
}
