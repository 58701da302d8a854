import { Anchor, Badge, Button, Group, Image, Menu, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useQuery } from "urql";
import { Link, navigate } from "../../app/router";
import { CopyField, CopyLink } from "../../components/CopyField";
import { ServerMessage } from "../../components/ServerMessage";
import { ChannelsDocument, DeleteChannelDocument } from "../../graphql/generated";
import { toServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { ChannelNowPlaying } from "./ChannelNowPlaying";
import { SkipButton } from "./SkipButton";
import { useTranslation } from "react-i18next";

/** Every channel: logo, number, what plays now and next, stream links; create, edit, delete. */
export default function ChannelsPage() {
  const { t } = useTranslation();
  const [{ data, error }, refetch] = useQuery({ query: ChannelsDocument });
  const [, remove] = useServerMutation(DeleteChannelDocument);
  const [message, setMessage] = useState<string | null>(null);

  const deleteChannel = async (id: number, label: string) => {
    if (!window.confirm(t("channels.deleteChannelAndItsPlayout", { label: label }))) return;
    const result = await remove({ id });
    setMessage(result.error ? toServerErrors(result.error, []).general : null);
    refetch({ requestPolicy: "network-only" });
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t("common.channels")}</Title>
        <Group gap="xs">
          <Button component={Link} to="/channels/generate" variant="light">{t("channels.makeChannelsFromMyLibrary")}</Button>
          <Button component={Link} to="/channels/new">{t("common.newChannel")}</Button>
        </Group>
      </Group>
      {data && <CopyField label={t("channels.m3uPlaylistUrl")} value={data.settings.m3uUrl} />}
      <ServerMessage title={t("channels.cannotLoadChannels")} message={error?.message} />
      <ServerMessage message={message} />
      {data && data.channels.length === 0 && (
        <Text>{t("channels.noChannelsYet")}{" "}<Anchor component={Link} to="/welcome">{t("channels.setUpYourFirstChannel")}</Anchor>.</Text>
      )}
      {data && data.channels.length > 0 && (
        <Table.ScrollContainer minWidth={900}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={60}><span className="visually-hidden">{t("common.logo")}</span></Table.Th>
                <Table.Th w={80}>{t("common.number")}</Table.Th>
                <Table.Th>{t("common.name")}</Table.Th>
                <Table.Th>{t("channels.nowAndNext")}</Table.Th>
                <Table.Th>{t("common.links")}</Table.Th>
                <Table.Th w={120}><span className="visually-hidden">{t("common.actions")}</span></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.channels.map((channel) => (
                <Table.Tr key={channel.id}>
                  <Table.Td>
                    {/* Whole, whatever its shape: generated logos are 2:1, artwork may be anything (contain, never crop). */}
                    <Image src={channel.logoUrl ?? `/iptv/logos/gen?text=${encodeURIComponent(channel.name)}`} alt={t("channels.logo", { name: channel.name })} w={64} h={32} fit="contain" radius="sm" />
                  </Table.Td>
                  <Table.Td fw={700}>{channel.number}</Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      <Text fw={600}>{channel.name}</Text>
                      <Group gap={4}>
                        {!channel.isEnabled && <Badge color="gray" size="xs">{t("common.disabled")}</Badge>}
                        {channel.group && <Badge variant="light" size="xs">{channel.group}</Badge>}
                        {channel.playoutMode === "OnDemand" && <Badge variant="light" color="grape" size="xs">{t("common.onDemand")}</Badge>}
                      </Group>
                    </Stack>
                  </Table.Td>
                  <Table.Td maw={320}>
                    {channel.playoutId ? <ChannelNowPlaying channelId={channel.id} compact /> : (
                      <Anchor component={Link} to={`/channels/${channel.id}/playout`} size="sm">{t("channels.giveItAPlayout")}</Anchor>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <CopyLink label={t("common.streamUrl")} value={channel.streamUrl} />
                      <CopyLink label={t("common.m3uUrl")} value={data.settings.m3uUrl} />
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="compact-sm" variant="light" component={Link} to={`/watch/${encodeURIComponent(channel.number)}`} aria-label={t("channels.watch", { name: channel.name })}>{t("common.watch")}</Button>
                      {channel.playoutId && <SkipButton channelId={channel.id} channelName={channel.name} />}
                      <Menu position="bottom-end">
                        <Menu.Target>
                          <Button size="compact-sm" variant="default" aria-label={t("channels.moreActionsFor", { name: channel.name })}>⋯</Button>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item onClick={() => navigate(`/channels/${channel.id}/edit`)}>{t("common.edit")}</Menu.Item>
                          <Menu.Item onClick={() => navigate(`/channels/${channel.id}/playout`)}>{t("common.playout")}</Menu.Item>
                          <Menu.Item color="red" onClick={() => deleteChannel(channel.id, `${channel.number} ${channel.name}`)}>{t("common.delete")}</Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
