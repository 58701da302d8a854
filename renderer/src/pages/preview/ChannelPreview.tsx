import { useEffect, useState } from "react";
import { useQuery } from "urql";
import { LivePlayer } from "../../components/LivePlayer";
import { ServerMessage } from "../../components/ServerMessage";
import { PreviewChannelDocument } from "../../graphql/generated";
import { previewStreamUrl } from "./stream-url";
import { useTranslation } from "react-i18next";

/** The live preview of one channel, by number. */
export function ChannelPreview({ number }: { number: string }) {
  const { t } = useTranslation();
  const [{ data, error }] = useQuery({ query: PreviewChannelDocument });
  const [src, setSrc] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const channel = data?.channels.find((c) => c.number === number);
  const needsToken = data?.settings.iptvTokenKeySet ?? false;
  useEffect(() => {
    if (!data) return;
    previewStreamUrl(number, needsToken).then(setSrc, (e: Error) => setProblem(e.message));
  }, [data, number, needsToken]);
  return (
    <>
      <ServerMessage title={t("preview.cannotStartThePreview")} message={error?.message ?? problem} />
      <LivePlayer src={src} title={channel ? `${channel.number} ${channel.name}` : t("preview.channel2", { number: number })} />
    </>
  );
}
