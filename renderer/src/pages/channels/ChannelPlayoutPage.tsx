import { Alert, Anchor, Breadcrumbs, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "urql";
import type { PageProps } from "../../app/routes";
import { Link, navigate } from "../../app/router";
import { ServerMessage } from "../../components/ServerMessage";
import { ChannelPlayoutDocument } from "../../graphql/generated";
import { formatTime } from "../libraries/ScanStatus";
import { PlayoutResetButton } from "../playouts/PlayoutResetButton";
import { PlayoutSetup } from "./PlayoutSetup";

/** `/channels/:id/playout`: give a channel its YAML playout, or change it. */
export default function ChannelPlayoutPage({ params }: PageProps) {
  const [{ data, error }] = useQuery({ query: ChannelPlayoutDocument, variables: { id: Number(params.id) }, requestPolicy: "network-only" });
  const channel = data?.channel;
  const playout = channel?.playout;
  return (
    <Stack maw={1000}>
      <Breadcrumbs>
        <Anchor component={Link} to="/channels">Channels</Anchor>
        <Text>Playout</Text>
      </Breadcrumbs>
      <Title order={1}>{channel ? `Playout of ${channel.number} · ${channel.name}` : "Playout"}</Title>
      <ServerMessage title="Cannot load" message={error?.message} />
      {playout && (
        <Alert color={playout.buildStatus.success === false ? "red" : "gray"} title={`${playout.kind} playout`}>
          Last build: {formatTime(playout.buildStatus.lastBuild)}{playout.buildStatus.message ? ` — ${playout.buildStatus.message}` : ""}
          <PlayoutResetButton channelId={channel!.id} />
        </Alert>
      )}
      {playout && playout.kind !== "Sequential" ? (
        <Text>This channel has a {playout.kind} playout, edited on its own page.</Text>
      ) : channel ? (
        <PlayoutSetup
          channelId={channel.id}
          playoutId={playout?.id}
          initialDefinition={playout?.definition}
          onSaved={(build) => build.success && navigate(`/watch/${encodeURIComponent(channel.number)}`)}
        />
      ) : null}
    </Stack>
  );
}
