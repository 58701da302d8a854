import { Button, Group, Select, Stack, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { desktopBridge } from "../../app/desktop-bridge";
import { ServerMessage } from "../../components/ServerMessage";
import { CreateLibraryDocument, type LibraryFieldsFragment, type LibraryKind } from "../../graphql/generated";
import { toServerErrors, type ServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { useTranslation } from "react-i18next";
import { t } from "../../i18n/i18n";

const KINDS = (): { value: LibraryKind; label: string }[] => ([
  { value: "Shows", label: t("common.tvShows") },
  { value: "Movies", label: t("common.movies") },
  { value: "OtherVideos", label: t("common.otherVideos") },
  { value: "Music", label: t("common.music") },
  { value: "RemoteStreams", label: t("remoteStreams.libraryKind") },
]);
const FIELDS = ["name", "kind", "paths", "m3uUrl"] as const;

/**
 * Adds a library with one folder; the server checks the folder. A RemoteStreams library needs no folder (streams
 * are added on its page) and may take an IPTV playlist URL whose entries become its streams.
 */
export function LibraryForm({ onCreated }: { onCreated: (library: LibraryFieldsFragment) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState("");
  const [kind, setKind] = useState<LibraryKind>("Shows");
  const [folder, setFolder] = useState("");
  const [m3uUrl, setM3uUrl] = useState("");
  const remote = kind === "RemoteStreams";
  const [errors, setErrors] = useState<ServerErrors | null>(null);
  const [state, create] = useServerMutation(CreateLibraryDocument);
  const bridge = desktopBridge();

  const pick = async () => {
    const chosen = await bridge?.pickFolder?.();
    if (chosen) setFolder(chosen);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await create({ input: { name, kind, paths: folder ? [folder] : [], ...(remote && m3uUrl.trim() ? { m3uUrl: m3uUrl.trim() } : {}) } });
    if (result.error || !result.data) {
      setErrors(toServerErrors(result.error, FIELDS));
      return;
    }
    setErrors(null);
    onCreated(result.data.createLibrary);
  };

  return (
    <form onSubmit={submit} aria-label={t("libraries.addALibrary")}>
      <Stack>
        <Group grow align="flex-start">
          <TextInput label={t("common.libraryName")} value={name} onChange={(e) => setName(e.currentTarget.value)} required error={errors?.fields.name} />
          <Select label={t("libraries.kindOfMedia")} data={KINDS()} value={kind} onChange={(v) => v && setKind(v as LibraryKind)} allowDeselect={false} error={errors?.fields.kind} />
        </Group>
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            label={t("common.folder")}
            description={remote ? t("remoteStreams.folderOptional") : t("libraries.theAbsolutePathOfAFolder")}
            placeholder="/home/me/Videos/Shows"
            value={folder}
            onChange={(e) => setFolder(e.currentTarget.value)}
            required={!remote}
            error={errors?.fields.paths}
            style={{ flex: 1 }}
          />
          {bridge?.pickFolder && <Button variant="default" onClick={pick}>{t("common.browse2")}</Button>}
        </Group>
        {remote && (
          <TextInput
            label={t("remoteStreams.m3uUrl")}
            description={t("remoteStreams.m3uUrlHelp")}
            placeholder="https://example.com/playlist.m3u"
            value={m3uUrl}
            onChange={(e) => setM3uUrl(e.currentTarget.value)}
            error={errors?.fields.m3uUrl}
          />
        )}
        <ServerMessage message={errors?.general} />
        <Group justify="flex-end">
          <Button type="submit" loading={state.fetching}>{t("common.addLibrary")}</Button>
        </Group>
      </Stack>
    </form>
  );
}
