import { Anchor, Breadcrumbs, Stack, Text, Title } from "@mantine/core";
import type { PageProps } from "../../app/routes";
import { Link, navigate } from "../../app/router";
import { ChannelForm } from "./ChannelForm";
import { useTranslation } from "react-i18next";

/** `/channels/new` and `/channels/:id/edit`. */
export default function ChannelEditPage({ params }: PageProps) {
  const { t } = useTranslation();
  const channelId = params.id ? Number(params.id) : undefined;
  return (
    <Stack maw={900}>
      <Breadcrumbs>
        <Anchor component={Link} to="/channels">{t("common.channels")}</Anchor>
        <Text>{channelId ? t("common.edit") : t("common.new")}</Text>
      </Breadcrumbs>
      <Title order={1}>{channelId ? t("common.editChannel") : t("common.newChannel")}</Title>
      <ChannelForm channelId={channelId} onSaved={(c) => navigate(channelId ? "/channels" : `/channels/${c.id}/playout`)} />
    </Stack>
  );
}
