import { Button, Group, Text } from "@mantine/core";
import { useState } from "react";
import { SkipChannelDocument } from "../../graphql/generated";
import { toServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";

/** Ends the programme on air for every viewer; shows what plays next, or the server's reason it cannot. */
export function SkipButton({ channelId, channelName, onSkipped, size = "compact-sm" }: { channelId: number; channelName: string; onSkipped?: () => void; size?: string }) {
  const [state, skip] = useServerMutation(SkipChannelDocument);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const run = async () => {
    const result = await skip({ id: channelId });
    if (result.error || !result.data) {
      setMessage({ text: toServerErrors(result.error, []).general ?? "The skip failed", failed: true });
      return;
    }
    const next = result.data.skipChannel.nextTitle;
    setMessage({ text: next ? `Now playing: ${next}` : "Skipped", failed: false });
    onSkipped?.();
  };
  return (
    <Group gap={4} wrap="nowrap">
      <Button size={size} variant="light" onClick={run} loading={state.fetching} aria-label={`Skip the programme on ${channelName}`}>Skip</Button>
      {message && <Text size="xs" c={message.failed ? "red" : "dimmed"} role="status" lineClamp={2}>{message.text}</Text>}
    </Group>
  );
}
