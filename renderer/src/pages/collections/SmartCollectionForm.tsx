import { Button, Group, Stack, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { ServerMessage } from "../../components/ServerMessage";
import { CreateSmartCollectionDocument, UpdateSmartCollectionDocument } from "../../graphql/generated";
import { toServerErrors, type ServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { SmartQueryEditor } from "./SmartQueryEditor";
import { useTranslation } from "react-i18next";

/** Creates or changes a smart collection; the query is checked live and on save by the server. */
export function SmartCollectionForm({ existing, onSaved }: { existing?: { id: number; name: string; query: string }; onSaved: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(existing?.name ?? "");
  const [query, setQuery] = useState(existing?.query ?? "");
  const [errors, setErrors] = useState<ServerErrors | null>(null);
  const [createState, create] = useServerMutation(CreateSmartCollectionDocument);
  const [updateState, update] = useServerMutation(UpdateSmartCollectionDocument);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = existing ? await update({ id: existing.id, name, query }) : await create({ name, query });
    if (result.error) return setErrors(toServerErrors(result.error, ["name", "query"]));
    onSaved();
  };
  return (
    <form onSubmit={submit} aria-label={existing ? t("collections.editSmartCollection") : t("collections.newSmartCollection")}>
      <Stack>
        <TextInput label={t("common.name")} value={name} onChange={(e) => setName(e.currentTarget.value)} required error={errors?.fields.name} data-autofocus />
        <SmartQueryEditor value={query} onChange={setQuery} error={errors?.fields.query} />
        <ServerMessage message={errors?.general} />
        <Group justify="flex-end"><Button type="submit" loading={createState.fetching || updateState.fetching}>{existing ? t("common.save") : t("collections.createSmartCollection")}</Button></Group>
      </Stack>
    </form>
  );
}
