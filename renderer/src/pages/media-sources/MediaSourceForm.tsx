import { Button, Group, PasswordInput, Select, Stack, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { ServerMessage } from "../../components/ServerMessage";
import { CreateMediaSourceDocument, UpdateMediaSourceDocument, type MediaServerKind, type MediaSourceFieldsFragment } from "../../graphql/generated";
import { toServerErrors, type ServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { PathReplacementsInput, type PathReplacementRow } from "./PathReplacementsInput";
import { useTranslation } from "react-i18next";

const KINDS: { value: MediaServerKind; label: string }[] = [
  { value: "Plex", label: "Plex" },
  { value: "Jellyfin", label: "Jellyfin" },
  { value: "Emby", label: "Emby" },
];
const FIELDS = ["name", "kind", "url", "credential", "pathReplacements"] as const;
const CREDENTIAL_HELP: Record<MediaServerKind, "mediaSources.credentialHelpPlex" | "mediaSources.credentialHelpJellyfin" | "mediaSources.credentialHelpEmby"> = {
  Plex: "mediaSources.credentialHelpPlex",
  Jellyfin: "mediaSources.credentialHelpJellyfin",
  Emby: "mediaSources.credentialHelpEmby",
};

/** Adds a media source, or edits one (leave the credential empty to keep the stored one); the server tests it. */
export function MediaSourceForm({ existing, onSaved }: { existing?: MediaSourceFieldsFragment; onSaved: (source: MediaSourceFieldsFragment) => void }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<MediaServerKind>(existing?.kind ?? "Plex");
  const [name, setName] = useState(existing?.name ?? "");
  const [url, setUrl] = useState(existing?.url ?? "");
  const [credential, setCredential] = useState("");
  const [replacements, setReplacements] = useState<PathReplacementRow[]>(existing?.pathReplacements.map(({ serverPath, localPath }) => ({ serverPath, localPath })) ?? []);
  const [errors, setErrors] = useState<ServerErrors | null>(null);
  const [createState, create] = useServerMutation(CreateMediaSourceDocument);
  const [updateState, update] = useServerMutation(UpdateMediaSourceDocument);

  // A stored credential stays with the server it was entered for: a new address (scheme, host, port) needs it again.
  const movedServer = Boolean(existing) && originOf(url) !== originOf(existing?.url ?? "");

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { kind, name, url, pathReplacements: replacements, ...(credential || !existing ? { credential } : {}) };
    const result = existing ? await update({ id: existing.id, input }) : await create({ input: { ...input, credential } });
    const saved = result.data && ("updateMediaSource" in result.data ? result.data.updateMediaSource : result.data.createMediaSource);
    if (result.error || !saved) return setErrors(toServerErrors(result.error, FIELDS));
    setErrors(null);
    onSaved(saved);
  };

  return (
    <form onSubmit={submit} aria-label={existing ? t("mediaSources.edit", { name: existing.name }) : t("mediaSources.addAMediaSource")}>
      <Stack>
        <Group grow align="flex-start">
          <Select label={t("mediaSources.kindOfServer")} data={KINDS} value={kind} onChange={(v) => v && setKind(v as MediaServerKind)} allowDeselect={false} error={errors?.fields.kind} disabled={Boolean(existing)} />
          <TextInput label={t("common.name")} value={name} onChange={(e) => setName(e.currentTarget.value)} required error={errors?.fields.name} />
        </Group>
        <TextInput label={t("common.serverUrl")} placeholder={kind === "Plex" ? "http://192.168.1.20:32400" : "http://192.168.1.20:8096"} value={url} onChange={(e) => setUrl(e.currentTarget.value)} required error={errors?.fields.url} />
        <PasswordInput
          label={kind === "Plex" ? t("common.plexToken") : t("common.apiKey")}
          description={movedServer ? t("mediaSources.aNewServerAddressNeedsThe", { value: t(CREDENTIAL_HELP[kind]) }) : existing?.hasCredential ? t("mediaSources.storedTypeANewOneTo", { value: t(CREDENTIAL_HELP[kind]) }) : t(CREDENTIAL_HELP[kind])}
          value={credential}
          onChange={(e) => setCredential(e.currentTarget.value)}
          required={!existing || movedServer}
          error={errors?.fields.credential}
          autoComplete="off"
        />
        <PathReplacementsInput value={replacements} onChange={setReplacements} error={errors?.fields.pathReplacements} />
        <ServerMessage message={errors?.general} />
        <Group justify="flex-end">
          <Button type="submit" loading={createState.fetching || updateState.fetching}>{existing ? t("common.save") : t("mediaSources.addMediaSource")}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The origin of a URL as typed, or the text itself while it is not a URL yet. */
function originOf(text: string): string {
  try {
    return new URL(text).origin;
  } catch {
    return text;
  }
}
