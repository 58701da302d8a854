import { Alert, Anchor, Breadcrumbs, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useQuery } from "urql";
import type { PageProps } from "../../app/routes";
import { Link, navigate } from "../../app/router";
import { ServerMessage } from "../../components/ServerMessage";
import { ChannelPlayoutDocument } from "../../graphql/generated";
import { formatTime } from "../libraries/ScanStatus";
import { PlayoutResetButton } from "../playouts/PlayoutResetButton";
import { PlayoutSetup } from "./PlayoutSetup";
import { SourcePlayoutSetup } from "./SourcePlayoutSetup";
import { BlockPlayoutSetup } from "./BlockPlayoutSetup";
import { useTranslation } from "react-i18next";
import { t } from "../../i18n/i18n";

const KINDS = () => ([
  { value: "Sequential", label: t("common.yamlDefinition") },
  { value: "Classic", label: t("common.classicSchedule") },
  { value: "Block", label: t("common.blockTemplates") },
  { value: "ExternalJson", label: t("common.externalJson") },
  { value: "Scripted", label: t("common.script") },
] as const);
type ChosenKind = ReturnType<typeof KINDS>[number]["value"];

/** `/channels/:id/playout`: give a channel its playout (YAML, a Classic schedule, a channel file or a script), or change it. */
export default function ChannelPlayoutPage({ params }: PageProps) {
  const { t } = useTranslation();
  const [{ data, error }] = useQuery({ query: ChannelPlayoutDocument, variables: { id: Number(params.id) }, requestPolicy: "network-only" });
  const channel = data?.channel;
  const playout = channel?.playout;
  const [kind, setKind] = useState<ChosenKind>("Sequential");
  useEffect(() => {
    if (playout && KINDS().some((k) => k.value === playout.kind)) setKind(playout.kind as ChosenKind);
  }, [playout]);
  const onSaved = (build: { success: boolean }) => build.success && channel && navigate(`/watch/${encodeURIComponent(channel.number)}`);
  return (
    <Stack maw={1000}>
      <Breadcrumbs>
        <Anchor component={Link} to="/channels">{t("common.channels")}</Anchor>
        <Text>{t("common.playout")}</Text>
      </Breadcrumbs>
      <Title order={1}>{channel ? t("channels.playoutOf", { number: channel.number, name: channel.name }) : t("common.playout")}</Title>
      <ServerMessage title={t("common.cannotLoad")} message={error?.message} />
      {playout && (
        <Alert color={playout.buildStatus.success === false ? "red" : "gray"} title={t("channels.playout", { kind: playout.kind })}>{t("channels.lastBuildAt", { time: formatTime(playout.buildStatus.lastBuild) })}{playout.buildStatus.message ? ` — ${playout.buildStatus.message}` : ""}
          <PlayoutResetButton channelId={channel!.id} />
        </Alert>
      )}
      {channel && (
        <SegmentedControl
          aria-label={t("common.playoutKind")}
          data={KINDS().map((k) => ({ ...k }))}
          value={kind}
          onChange={(value) => setKind(value as ChosenKind)}
          disabled={!!playout}
        />
      )}
      {playout && !KINDS().some((k) => k.value === playout.kind) ? (
        <Text>{t("channels.thisChannelHasAPlayout", { kind: playout.kind })}</Text>
      ) : channel && kind === "Sequential" ? (
        <PlayoutSetup channelId={channel.id} playoutId={playout?.id} initialDefinition={playout?.definition} onSaved={onSaved} />
      ) : channel && kind === "Block" ? (
        <BlockPlayoutSetup channelId={channel.id} playoutId={playout?.id} initial={playout?.templates} onSaved={onSaved} />
      ) : channel && kind !== "Sequential" && kind !== "Block" ? (
        <SourcePlayoutSetup key={kind} kind={kind} channelId={channel.id} playoutId={playout?.id} initial={{ scheduleId: playout?.scheduleId, scheduleFile: playout?.scheduleFile }} onSaved={onSaved} />
      ) : null}
    </Stack>
  );
}
