import { Button, Menu, Text } from "@mantine/core";
import { useState } from "react";
import { ResetChannelPlayoutDocument } from "../../graphql/generated";
import { toServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { useTranslation } from "react-i18next";

/** Rebuilds a channel's playout from now (Reset), optionally forgetting content positions. */
export function PlayoutResetButton({ channelId, onDone }: { channelId: number; onDone?: (outcome: string) => void }) {
  const { t } = useTranslation();
  const [state, reset] = useServerMutation(ResetChannelPlayoutDocument);
  const [outcome, setOutcome] = useState<string | null>(null);
  const run = async (eraseHistory: boolean) => {
    const result = await reset({ channelId, eraseHistory });
    const build = result.data?.resetPlayout;
    const text = result.error || !build ? toServerErrors(result.error, []).general ?? t("playouts.theResetFailed") : build.success ? t("playouts.rebuilt", { count: build.itemCount }) : t("channels.theBuildFailed", { message: build.message });
    setOutcome(text);
    onDone?.(text);
  };
  return (
    <>
      <Menu position="bottom-end">
        <Menu.Target>
          <Button size="xs" variant="default" loading={state.fetching}>{t("common.reset")}</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => run(false)}>{t("playouts.resetFromNowKeepContentPositions")}</Menu.Item>
          <Menu.Item color="red" onClick={() => window.confirm(t("playouts.forgetWhereEveryContentSourceWas")) && run(true)}>{t("playouts.resetAndEraseHistory")}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {outcome && <Text size="sm" role="status">{outcome}</Text>}
    </>
  );
}
