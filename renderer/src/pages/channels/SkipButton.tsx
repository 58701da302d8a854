import { Button, Group, Text } from "@mantine/core";
import { useState } from "react";
import { SkipChannelDocument } from "../../graphql/generated";
import { toServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { useTranslation } from "react-i18next";
import { announceSkip } from "./skip-signal";

/**
 * A skip changes what every open now-playing view shows: naming the types makes the GraphQL client refetch
 * the queries on screen that hold them, even one already in flight (a refetch of its own would be merged
 * with that one and show the programme before the skip).
 */
const SKIP_CHANGES = { additionalTypenames: ["NowPlaying", "OnDemandState", "StreamSession"] };

/** Ends the programme on air for every viewer; shows what plays next, or the server's reason it cannot. */
export function SkipButton({ channelId, channelName, size = "compact-sm" }: { channelId: number; channelName: string; size?: string }) {
  const { t } = useTranslation();
  const [state, skip] = useServerMutation(SkipChannelDocument);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const run = async () => {
    const result = await skip({ id: channelId }, SKIP_CHANGES);
    if (result.error || !result.data) {
      setMessage({ text: toServerErrors(result.error, []).general ?? t("channels.theSkipFailed"), failed: true });
      return;
    }
    announceSkip(channelId);
    const next = result.data.skipChannel.nextTitle;
    setMessage({ text: next ? t("channels.nowPlaying", { title: next }) : t("channels.skipped"), failed: false });
  };
  return (
    <Group gap={4} wrap="nowrap">
      <Button size={size} variant="light" onClick={run} loading={state.fetching} aria-label={t("channels.skipTheProgrammeOn", { channelName: channelName })}>{t("common.skip")}</Button>
      {message && <Text size="xs" c={message.failed ? "red" : "dimmed"} role="status" lineClamp={2}>{message.text}</Text>}
    </Group>
  );
}
