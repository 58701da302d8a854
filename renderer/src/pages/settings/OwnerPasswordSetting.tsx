import { Badge, Button, Group, PasswordInput, Stack, Text } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { ownerAccessChanged, ownerAccessError, setOwnerPassword, useOwnerAccess } from "../../graphql/owner-session";
import { useTranslation } from "react-i18next";

/** Sets, changes (the current password needed) or removes the owner password; the server ends every other session. */
export function OwnerPasswordSetting() {
  const { t } = useTranslation();
  const { access, refresh } = useOwnerAccess();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  if (!access) return null;
  const isSet = access.passwordSet;

  const change = async (password: string | null) => {
    try {
      await setOwnerPassword(password, isSet ? current : undefined);
      setCurrent("");
      setNext("");
      setMessage({ ok: true, text: password === null ? t("settings.ownerPasswordRemoved") : t("settings.ownerPasswordSaved") });
      refresh();
      ownerAccessChanged();
    } catch (refused) {
      setMessage({ ok: false, text: ownerAccessError(refused) });
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void change(next);
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="xs">
        <Group gap="xs">
          <Text fw={600}>{t("common.ownerPassword")}</Text>
          <Badge color={isSet ? "green" : "gray"} variant="light">{isSet ? t("common.set") : t("common.notSet")}</Badge>
        </Group>
        <Text size="sm" c="dimmed">{t("settings.whenSetThesePagesSignIn")}{access.passwordFromEnvironment && t("settings.itIsSetByTheEnvironment")}
        </Text>
        {!access.passwordFromEnvironment && (
          <Group align="flex-end" wrap="wrap">
            {isSet && <PasswordInput label={t("common.currentPassword")} value={current} onChange={(e) => setCurrent(e.currentTarget.value)} autoComplete="current-password" style={{ flex: 1 }} />}
            <PasswordInput label={t("settings.newOwnerPassword")} value={next} onChange={(e) => setNext(e.currentTarget.value)} autoComplete="new-password" style={{ flex: 1 }} />
            <Button type="submit" variant="default" disabled={!next}>{t("common.savePassword")}</Button>
            {isSet && <Button variant="subtle" color="red" disabled={!current} onClick={() => void change(null)}>{t("common.remove")}</Button>}
          </Group>
        )}
        {message && <Text size="sm" c={message.ok ? "green" : "red"} role={message.ok ? "status" : "alert"}>{message.text}</Text>}
      </Stack>
    </form>
  );
}
