import { Button, Group, Select, Stack, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { desktopBridge } from "../../app/desktop-bridge";
import { ServerMessage } from "../../components/ServerMessage";
import { CreateLibraryDocument, type LibraryFieldsFragment, type LibraryKind } from "../../graphql/generated";
import { toServerErrors, type ServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";

const KINDS: { value: LibraryKind; label: string }[] = [
  { value: "Shows", label: "TV shows" },
  { value: "Movies", label: "Movies" },
  { value: "OtherVideos", label: "Other videos" },
  { value: "Music", label: "Music" },
];
const FIELDS = ["name", "kind", "paths"] as const;

/** Adds a library with one folder; the server checks the folder. */
export function LibraryForm({ onCreated }: { onCreated: (library: LibraryFieldsFragment) => void }) {
  const [name, setName] = useState("");
  const [kind, setKind] = useState<LibraryKind>("Shows");
  const [folder, setFolder] = useState("");
  const [errors, setErrors] = useState<ServerErrors | null>(null);
  const [state, create] = useServerMutation(CreateLibraryDocument);
  const bridge = desktopBridge();

  const pick = async () => {
    const chosen = await bridge?.pickFolder?.();
    if (chosen) setFolder(chosen);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await create({ input: { name, kind, paths: folder ? [folder] : [] } });
    if (result.error || !result.data) {
      setErrors(toServerErrors(result.error, FIELDS));
      return;
    }
    setErrors(null);
    onCreated(result.data.createLibrary);
  };

  return (
    <form onSubmit={submit} aria-label="Add a library">
      <Stack>
        <Group grow align="flex-start">
          <TextInput label="Library name" value={name} onChange={(e) => setName(e.currentTarget.value)} required error={errors?.fields.name} />
          <Select label="Kind of media" data={KINDS} value={kind} onChange={(v) => v && setKind(v as LibraryKind)} allowDeselect={false} error={errors?.fields.kind} />
        </Group>
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            label="Folder"
            description="The absolute path of a folder on the server's computer"
            placeholder="/home/me/Videos/Shows"
            value={folder}
            onChange={(e) => setFolder(e.currentTarget.value)}
            required
            error={errors?.fields.paths}
            style={{ flex: 1 }}
          />
          {bridge?.pickFolder && <Button variant="default" onClick={pick}>Browse…</Button>}
        </Group>
        <ServerMessage message={errors?.general} />
        <Group justify="flex-end">
          <Button type="submit" loading={state.fetching}>Add library</Button>
        </Group>
      </Stack>
    </form>
  );
}
