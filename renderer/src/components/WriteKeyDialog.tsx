import { Button, Checkbox, Group, Modal, PasswordInput, Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { onWriteKeyRequested, saveWriteKey } from "../graphql/write-key";
import { useTranslation } from "react-i18next";

/** Asks for the server's write key when a change was refused for the lack of it. */
export function WriteKeyDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState("");
  const [remember, setRemember] = useState(false);
  const resolver = useRef<((gotKey: boolean) => void) | null>(null);

  useEffect(
    () =>
      onWriteKeyRequested((resolve) => {
        resolver.current = resolve;
        setKey("");
        setOpen(true);
      }),
    [],
  );

  const finish = (gotKey: boolean) => {
    setOpen(false);
    resolver.current?.(gotKey);
    resolver.current = null;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!key) return;
    saveWriteKey(key, remember);
    finish(true);
  };

  return (
    <Modal opened={open} onClose={() => finish(false)} title={t("common.writeKeyNeeded")}>
      <form onSubmit={submit}>
        <Stack>
          <Text size="sm">{t("common.thisServerOnlyAcceptsChangesWith")}</Text>
          <PasswordInput label={t("common.writeKey")} value={key} onChange={(e) => setKey(e.currentTarget.value)} required data-autofocus autoComplete="off" />
          <Checkbox label={t("common.rememberOnThisDevice")} checked={remember} onChange={(e) => setRemember(e.currentTarget.checked)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => finish(false)}>{t("common.cancel")}</Button>
            <Button type="submit">{t("common.useKey")}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
