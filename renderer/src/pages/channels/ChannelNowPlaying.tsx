import { Stack, Text } from "@mantine/core";
import { useEffect } from "react";
import { useQuery } from "urql";
import { ChannelNowPlayingDocument } from "../../graphql/generated";
import { useTranslation } from "react-i18next";
import { currentLocale } from "../../i18n/i18n";
import { onSkip } from "./skip-signal";

const time = (iso: string) => new Date(iso).toLocaleTimeString(currentLocale(), { hour: "2-digit", minute: "2-digit" });

/** Asked again this long after a skip as well: an answer that was in flight during the skip may predate it. */
const AFTER_SKIP_MS = 1000;

/**
 * What a channel plays now and next, refreshed every 30 s, when the programme on air ends, and after a skip
 * (SkipButton names the NowPlaying type and announces the skip).
 */
export function ChannelNowPlaying({ channelId, compact = false }: { channelId: number; compact?: boolean }) {
  const { t } = useTranslation();
  const [{ data, error }, refetch] = useQuery({ query: ChannelNowPlayingDocument, variables: { channelId } });
  useEffect(() => {
    const timer = window.setInterval(() => refetch({ requestPolicy: "network-only" }), 30_000);
    return () => window.clearInterval(timer);
  }, [refetch]);
  useEffect(() => {
    const timers: number[] = [];
    const unsubscribe = onSkip(channelId, () => {
      refetch({ requestPolicy: "network-only" });
      timers.push(window.setTimeout(() => refetch({ requestPolicy: "network-only" }), AFTER_SKIP_MS));
    });
    return () => {
      unsubscribe();
      timers.forEach((t) => window.clearTimeout(t));
    };
  }, [channelId, refetch]);
  const finish = data?.nowPlaying?.current?.finish;
  useEffect(() => {
    if (!finish) return;
    const untilEnd = new Date(finish).getTime() - Date.now();
    // Timers past ~24 days overflow; the 30 s refresh covers programmes that long.
    if (untilEnd > 2 ** 31 - 1) return;
    const timer = window.setTimeout(() => refetch({ requestPolicy: "network-only" }), Math.max(0, untilEnd) + 500);
    return () => window.clearTimeout(timer);
  }, [finish, refetch]);
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
