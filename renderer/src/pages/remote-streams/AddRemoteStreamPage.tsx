import { Anchor, Breadcrumbs, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useQuery } from "urql";
import { Link, navigate } from "../../app/router";
import type { PageProps } from "../../app/routes";
import { ServerMessage } from "../../components/ServerMessage";
import { CreateRemoteStreamDocument, LibraryByIdDocument } from "../../graphql/generated";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { EMPTY_STREAM, RemoteStreamForm } from "./RemoteStreamForm";

/** Adds a remote stream to a RemoteStreams library; the library page shows it once the scan has read it. */
export default function AddRemoteStreamPage({ params }: PageProps) {
  const { t } = useTranslation();
  const libraryId = Number(params.id);
  const [{ data, error }] = useQuery({ query: LibraryByIdDocument, variables: { id: libraryId } });
  const [, create] = useServerMutation(CreateRemoteStreamDocument);
  const library = data?.library;
  return (
    <Stack maw={760}>
      <Breadcrumbs>
        <Anchor component={Link} to="/libraries">{t("common.libraries")}</Anchor>
        <Anchor component={Link} to={`/libraries/${libraryId}`}>{library?.name ?? "…"}</Anchor>
        <Text>{t("remoteStreams.addTitle")}</Text>
      </Breadcrumbs>
      <Title order={1}>{t("remoteStreams.addTitle")}</Title>
      <ServerMessage title={t("common.cannotLoad")} message={error?.message} />
      {library && library.kind !== "RemoteStreams" && <ServerMessage message={t("remoteStreams.notARemoteLibrary", { name: library.name })} />}
      {library?.kind === "RemoteStreams" && (
        <RemoteStreamForm
          label={t("remoteStreams.addTitle")}
          initial={EMPTY_STREAM}
          submitLabel={t("remoteStreams.add")}
          onSubmit={async (input) => {
            const result = await create({ libraryId, input: { ...input, url: input.url ?? "" } });
            if (!result.error) navigate(`/libraries/${libraryId}`);
            return result.error;
          }}
        />
      )}
    </Stack>
  );
}
