import { Alert } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** A message from the server that is not tied to one field. */
export function ServerMessage({ message, title }: { message: string | null | undefined; title?: string }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <Alert color="red" title={title ?? t("common.theServerRefusedThis")} role="alert" style={{ whiteSpace: "pre-line" }}>
      {message}
    </Alert>
  );
}
