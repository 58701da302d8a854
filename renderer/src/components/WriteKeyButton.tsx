import { Button } from "@mantine/core";
import { useState } from "react";
import { forgetWriteKey, readWriteKey, requestWriteKey } from "../graphql/write-key";
import { useTranslation } from "react-i18next";

/** Shows whether this browser holds a write key; enter or forget it. */
export function WriteKeyButton() {
  const { t } = useTranslation();
  const [hasKey, setHasKey] = useState(() => readWriteKey() !== null);
  if (hasKey) {
    return (
      <Button variant="subtle" size="xs" onClick={() => { forgetWriteKey(); setHasKey(false); }} aria-label={t("common.forgetTheWriteKeyInThis")}>{t("common.forgetWriteKey")}</Button>
    );
  }
  return (
    <Button variant="subtle" size="xs" onClick={async () => setHasKey(await requestWriteKey())}>{t("common.enterWriteKey")}</Button>
  );
}
