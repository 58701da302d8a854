import { Stack, Text } from "@mantine/core";
import { useEffect } from "react";
import { useQuery } from "urql";
import { ChannelNowPlayingDocument } from "../../graphql/generated";
import { useTranslation } from "react-i18next";
import { currentLocale } from "../../i18n/i18n";

const time = (iso: string) => new Date(iso).toLocaleTimeString(currentLocale(), { hour: "2-digit", minute: "2-digit" });

/** What a channel plays now and next, refreshed every 30 s and after a skip (SkipButton names the NowPlaying type). */
export function ChannelNowPlaying({ channelId, compact = false }: { channelId: number; compact?: boolean }) {
  const { t } = useTranslation();
  const [{ data, error }, refetch] = useQuery({ query: ChannelNowPlayingDocument, variables: { channelId } });
  useEffect(() => {
    const timer = window.setInterval(() => refetch({ requestPolicy: "network-only" }), 30_000);
    return () => window.clearInterval(timer);
  }, [refetch]);
  if (error) return <Text size="sm" c="dimmed">{error.graphQLErrors[0]?.message ?? t("common.notAvailable")}</Text>;
  const now = data?.nowPlaying;
  if (!now) return null;
  const current = now.current;
  const next = now.next[0];
  return (
    <Stack gap={0}>
      <Text size="sm" lineClamp={1}>
        <Text span fw={600}>Now: </Text>
        {current ? `${current.customTitle ?? current.title ?? "Untitled"}${compact ? "" : ` (until ${time(current.finish)})`}` : t("common.offline")}
      </Text>
      {next && (
        <Text size="sm" c="dimmed" lineClamp={1}>
          <Text span fw={600}>Next: </Text>
          {`${time(next.start)} ${next.customTitle ?? next.title ?? "Untitled"}`}
        </Text>
      )}
    </Stack>
  );
}
