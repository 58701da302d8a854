import { Center, Loader } from "@mantine/core";
import type { ReactNode } from "react";
import { useOwnerAccess } from "../graphql/owner-session";
import { readWriteKey } from "../graphql/write-key";
import { SignInPage } from "./SignInPage";
import { useTranslation } from "react-i18next";

/**
 * The app, or the sign-in page while an owner password is set and this browser has neither a session nor a
 * write key (which the server accepts for everything). Asks again whenever a request was refused (401).
 */
export function OwnerGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { access, refresh } = useOwnerAccess();
  if (!access) return <Center h="100vh"><Loader aria-label={t("common.loading")} /></Center>;
  if (access.passwordSet && !access.signedIn && readWriteKey() === null) return <SignInPage onSignedIn={refresh} />;
  return <>{children}</>;
}
