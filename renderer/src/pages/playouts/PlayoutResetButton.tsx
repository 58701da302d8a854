import { Button, Menu, Text } from "@mantine/core";
import { useState } from "react";
import { ResetChannelPlayoutDocument } from "../../graphql/generated";
import { toServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";

/** Rebuilds a channel's playout from now (Reset), optionally forgetting content positions. */
export function PlayoutResetButton({ channelId, onDone }: { channelId: number; onDone?: (outcome: string) => void }) {
  const [state, reset] = useServerMutation(ResetChannelPlayoutDocument);
  const [outcome, setOutcome] = useState<string | null>(null);
  const run = async (eraseHistory: boolean) => {
    const result = await reset({ channelId, eraseHistory });
    const build = result.data?.resetPlayout;
    const text = result.error || !build ? toServerErrors(result.error, []).general ?? "The reset failed." : build.success ? `Rebuilt: ${build.itemCount} items.` : `The build failed: ${build.message}`;
    setOutcome(text);
    onDone?.(text);
  };
  return (
    <>
      <Menu position="bottom-end">
        <Menu.Target>
          <Button size="xs" variant="default" loading={state.fetching}>Reset…</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => run(false)}>Reset from now (keep content positions)</Menu.Item>
          <Menu.Item color="red" onClick={() => window.confirm("Forget where every content source was and draw a new seed?") && run(true)}>Reset and erase history</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {outcome && <Text size="sm" role="status">{outcome}</Text>}
    </>
  );
}
