import { Anchor, Breadcrumbs, Stack, Text, Title } from "@mantine/core";
import type { PageProps } from "../../app/routes";
import { Link, navigate } from "../../app/router";
import { ChannelForm } from "./ChannelForm";

/** `/channels/new` and `/channels/:id/edit`. */
export default function ChannelEditPage({ params }: PageProps) {
  const channelId = params.id ? Number(params.id) : undefined;
  return (
    <Stack maw={900}>
      <Breadcrumbs>
        <Anchor component={Link} to="/channels">Channels</Anchor>
        <Text>{channelId ? "Edit" : "New"}</Text>
      </Breadcrumbs>
      <Title order={1}>{channelId ? "Edit channel" : "New channel"}</Title>
      <ChannelForm channelId={channelId} onSaved={(c) => navigate(channelId ? "/channels" : `/channels/${c.id}/playout`)} />
    </Stack>
  );
}
