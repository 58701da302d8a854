import { Button } from "@mantine/core";
import { ownerAccessChanged, signOut, useOwnerAccess } from "../graphql/owner-session";
import { useTranslation } from "react-i18next";

/** Ends this browser's session (shown while signed in with the owner password). */
export function SignOutButton() {
  const { t } = useTranslation();
  const { access } = useOwnerAccess();
  if (!access?.signedIn) return null;
  return (
    <Button variant="subtle" size="xs" onClick={async () => { await signOut(); ownerAccessChanged(); }}>{t("common.signOut")}</Button>
  );
}
