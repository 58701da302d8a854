import { Anchor, Breadcrumbs, Button, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery } from "urql";
import { Link, navigate } from "../../app/router";
import type { PageProps } from "../../app/routes";
import { ServerMessage } from "../../components/ServerMessage";
import { DeleteRemoteStreamDocument, RemoteStreamForEditDocument, UpdateRemoteStreamDocument } from "../../graphql/generated";
import { toServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { durationText, RemoteStreamForm } from "./RemoteStreamForm";

/** Changes or deletes a remote stream made in Airwave (one from a library folder's file or a playlist is changed there). */
export default function EditRemoteStreamPage({ params }: PageProps) {
  const { t } = useTranslation();
  const itemId = Number(params.id);
  const [{ data, error }] = useQuery({ query: RemoteStreamForEditDocument, variables: { itemId }, requestPolicy: "network-only" });
  const [, update] = useServerMutation(UpdateRemoteStreamDocument);
  const [deleting, remove] = useServerMutation(DeleteRemoteStreamDocument);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const stream = data?.remoteStream;
  const back = stream ? `/libraries/${stream.libraryId}` : "/libraries";

  const onDelete = async () => {
    if (!stream || !window.confirm(t("remoteStreams.confirmDelete", { title: stream.title }))) return;
    const result = await remove({ itemId });
    if (result.error) setDeleteError(toServerErrors(result.error, []).general);
    else navigate(back);
  };

  return (
    <Stack maw={760}>
      <Breadcrumbs>
        <Anchor component={Link} to="/libraries">{t("common.libraries")}</Anchor>
        {stream && <Anchor component={Link} to={back}>{t("remoteStreams.library")}</Anchor>}
        <Text>{stream?.title ?? "…"}</Text>
      </Breadcrumbs>
      <Title order={1}>{t("remoteStreams.editTitle")}</Title>
      <ServerMessage title={t("common.cannotLoad")} message={error?.message} />
      {stream?.notEditable && <ServerMessage message={t("remoteStreams.notEditable", { reason: stream.notEditable })} />}
      {stream && !stream.notEditable && (
        <RemoteStreamForm
          key={stream.itemId}
          label={t("remoteStreams.editTitle")}
          initial={{ url: stream.urlHasQuery ? "" : (stream.url ?? ""), title: stream.title, live: stream.live, duration: durationText(stream.durationMs), plot: stream.plot ?? "", genres: stream.genres.join(", "), headers: [] }}
          stored={{ url: stream.url, urlHasQuery: stream.urlHasQuery, headerNames: stream.headerNames }}
          submitLabel={t("common.save")}
          onSubmit={async (input) => {
            const result = await update({ itemId, input });
            if (!result.error) navigate(back);
            return result.error;
          }}
          extra={<Button variant="subtle" color="red" onClick={onDelete} loading={deleting.fetching}>{t("remoteStreams.delete")}</Button>}
        />
      )}
      <ServerMessage message={deleteError} />
    </Stack>
  );
}
