import { Anchor, Breadcrumbs, Stack, Text, Title } from "@mantine/core";
import type { PageProps } from "../../app/routes";
import { Link } from "../../app/router";
import { ChannelNowPlaying } from "../channels/ChannelNowPlaying";
import { SkipButton } from "../channels/SkipButton";
import { ChannelPreview } from "./ChannelPreview";
import { useQuery } from "urql";
import { PreviewChannelDocument } from "../../graphql/generated";
import { useTranslation } from "react-i18next";

/** `/watch/:number`: a channel's live stream in the browser. */
export default function PreviewPage({ params }: PageProps) {
  const { t } = useTranslation();
  const [{ data }] = useQuery({ query: PreviewChannelDocument });
  const channel = data?.channels.find((c) => c.number === params.number);
  return (
    <Stack>
      <Breadcrumbs>
        <Anchor component={Link} to="/channels">{t("common.channels")}</Anchor>
        <Text>{t("common.livePreview")}</Text>
      </Breadcrumbs>
      <Title order={1}>{channel ? `${channel.number} · ${channel.name}` : t("preview.channel", { number: params.number })}</Title>
      <ChannelPreview number={params.number} />
      {channel && <ChannelNowPlaying channelId={channel.id} />}
      {channel && <SkipButton channelId={channel.id} channelName={channel.name} size="sm" />}
    </Stack>
  );
}
