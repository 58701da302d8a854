import { Center, Loader } from "@mantine/core";
import { useEffect } from "react";
import { useQuery } from "urql";
import { navigate } from "../../app/router";
import { SetupStateDocument } from "../../graphql/generated";
import { ServerMessage } from "../../components/ServerMessage";
import { useTranslation } from "react-i18next";

/** `/`: a new install goes to the first-run flow, a set-up one to its channels. */
export default function HomePage() {
  const { t } = useTranslation();
  const [{ data, error }] = useQuery({ query: SetupStateDocument, requestPolicy: "network-only" });
  useEffect(() => {
    if (!data) return;
    const watchable = data.channels.some((c) => c.playoutId !== null && c.playoutId !== undefined);
    navigate(data.libraries.length === 0 || !watchable ? "/welcome" : "/channels", { replace: true });
  }, [data]);
  if (error) return <ServerMessage title={t("home.cannotReachTheServer")} message={error.message} />;
  return <Center h={200}><Loader aria-label={t("common.loading")} /></Center>;
}
