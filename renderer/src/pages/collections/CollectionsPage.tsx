import { Anchor, Button, Group, Modal, Stack, Table, Tabs, Text, TextInput, Title } from "@mantine/core";
import { useState, type FormEvent, type ReactNode } from "react";
import { useQuery } from "urql";
import { Link, navigate, useSearchParams } from "../../app/router";
import { ServerMessage } from "../../components/ServerMessage";
import {
  CollectionsOverviewDocument,
  CreateCollectionDocument,
  DeleteCollectionDocument,
  DeleteMultiCollectionDocument,
  DeletePlaylistDocument,
  DeleteSmartCollectionDocument,
  type CollectionsOverviewQuery,
} from "../../graphql/generated";
import { toServerErrors, type ServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { MultiCollectionForm } from "./MultiCollectionForm";
import { PlaylistForm } from "./PlaylistForm";
import { SmartCollectionForm } from "./SmartCollectionForm";
import { useTranslation } from "react-i18next";

type Tab = "collections" | "smart" | "multi" | "playlists";
type Editing = { tab: Tab; id?: number } | null;

function ListTable({ rows, columns }: { rows: { key: number; cells: ReactNode[]; name: string; onEdit?: () => void; onDelete: () => void }[]; columns: string[] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <Text c="dimmed">{t("common.noneYet")}</Text>;
  return (
    <Table verticalSpacing="sm" maw={900}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => <Table.Th key={c}>{c}</Table.Th>)}
          <Table.Th w={160}><span className="visually-hidden">{t("common.actions")}</span></Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            {row.cells.map((cell, i) => <Table.Td key={i}>{cell}</Table.Td>)}
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                {row.onEdit && <Button size="compact-sm" variant="default" onClick={row.onEdit} aria-label={t("collections.edit", { name: row.name })}>{t("common.edit")}</Button>}
                <Button size="compact-sm" variant="subtle" color="red" onClick={row.onDelete} aria-label={t("collections.delete", { name: row.name })}>{t("common.delete")}</Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function NewCollectionForm() {
  const { t } = useTranslation();
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<ServerErrors | null>(null);
  const [state, create] = useServerMutation(CreateCollectionDocument);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await create({ name });
    if (result.error || !result.data) return setErrors(toServerErrors(result.error, ["name"]));
    navigate(`/collections/${result.data.createCollection.id}`);
  };
  return (
    <form onSubmit={submit} aria-label={t("common.newCollection")}>
      <Stack>
        <TextInput label={t("common.name")} value={name} onChange={(e) => setName(e.currentTarget.value)} required error={errors?.fields.name} data-autofocus />
        <ServerMessage message={errors?.general} />
        <Group justify="flex-end"><Button type="submit" loading={state.fetching}>{t("common.createCollection")}</Button></Group>
      </Stack>
    </form>
  );
}

/** `/collections`: collections, smart collections, multi collections and playlists, one tab each. */
export default function CollectionsPage() {
  const { t } = useTranslation();
  const search = useSearchParams();
  const tab = (search.get("tab") as Tab | null) ?? "collections";
  const [{ data, error }, refetch] = useQuery({ query: CollectionsOverviewDocument, requestPolicy: "cache-and-network" });
  const [editing, setEditing] = useState<Editing>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [, deleteCollection] = useServerMutation(DeleteCollectionDocument);
  const [, deleteSmart] = useServerMutation(DeleteSmartCollectionDocument);
  const [, deleteMulti] = useServerMutation(DeleteMultiCollectionDocument);
  const [, deletePlaylist] = useServerMutation(DeletePlaylistDocument);
  const reload = () => refetch({ requestPolicy: "network-only" });
  const remove = async (label: string, action: () => Promise<{ error?: Parameters<typeof toServerErrors>[0] }>) => {
    if (!window.confirm(t("collections.delete2", { label: label }))) return;
    const result = await action();
    setMessage(result.error ? toServerErrors(result.error, []).general : null);
    reload();
  };
  const saved = () => { setEditing(null); reload(); };
  const nameOf = (list: { id: number; name: string }[], id: number | null | undefined) => list.find((x) => x.id === id)?.name ?? `#${id}`;
  const groupName = (d: CollectionsOverviewQuery, id: number) => nameOf(d.playlistGroups, id);
  const NEW_LABEL: Record<Tab, string> = { collections: t("common.newCollection"), smart: t("collections.newSmartCollection"), multi: t("collections.newMultiCollection"), playlists: t("common.newPlaylist") };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t("common.collections")}</Title>
        <Button onClick={() => setEditing({ tab })}>{NEW_LABEL[tab]}</Button>
      </Group>
      <ServerMessage title={t("collections.cannotLoadCollections")} message={error?.message} />
      <ServerMessage message={message} />
      <Tabs value={tab} onChange={(v) => v && navigate(`/collections?tab=${v}`, { replace: true })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="collections">{t("common.collections")}</Tabs.Tab>
          <Tabs.Tab value="smart">{t("common.smartCollections")}</Tabs.Tab>
          <Tabs.Tab value="multi">{t("common.multiCollections")}</Tabs.Tab>
          <Tabs.Tab value="playlists">{t("common.playlists")}</Tabs.Tab>
        </Tabs.List>
        {data && (
          <>
            <Tabs.Panel value="collections" pt="md">
              <ListTable columns={["Name", "Items"]} rows={data.collections.map((c) => ({
                key: c.id, name: c.name,
                cells: [<Anchor key="n" component={Link} to={`/collections/${c.id}`}>{c.name}</Anchor>, c.itemCount],
                onDelete: () => remove(t("collections.deleteCollection", { name: c.name }), () => deleteCollection({ id: c.id })),
              }))} />
            </Tabs.Panel>
            <Tabs.Panel value="smart" pt="md">
              <ListTable columns={["Name", "Query"]} rows={data.smartCollections.map((c) => ({
                key: c.id, name: c.name,
                cells: [c.name, <Text key="q" ff="monospace" size="sm">{c.query}</Text>],
                onEdit: () => setEditing({ tab: "smart", id: c.id }),
                onDelete: () => remove(t("collections.deleteSmart", { name: c.name }), () => deleteSmart({ id: c.id })),
              }))} />
            </Tabs.Panel>
            <Tabs.Panel value="multi" pt="md">
              <ListTable columns={["Name", "Members"]} rows={data.multiCollections.map((c) => ({
                key: c.id, name: c.name,
                cells: [c.name, c.items.map((m) => (m.collectionId != null ? nameOf(data.collections, m.collectionId) : nameOf(data.smartCollections, m.smartCollectionId))).join(", ")],
                onEdit: () => setEditing({ tab: "multi", id: c.id }),
                onDelete: () => remove(t("collections.deleteMulti", { name: c.name }), () => deleteMulti({ id: c.id })),
              }))} />
            </Tabs.Panel>
            <Tabs.Panel value="playlists" pt="md">
              <ListTable columns={["Name", "Group", "Entries"]} rows={data.playlists.map((p) => ({
                key: p.id, name: p.name,
                cells: [p.name, groupName(data, p.playlistGroupId), p.items.length],
                onEdit: () => setEditing({ tab: "playlists", id: p.id }),
                onDelete: () => remove(t("collections.deletePlaylist", { name: p.name }), () => deletePlaylist({ id: p.id })),
              }))} />
            </Tabs.Panel>
          </>
        )}
      </Tabs>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing ? (editing.id ? t("common.edit") : NEW_LABEL[editing.tab]) : ""} size="xl">
        {editing && data && editing.tab === "collections" && <NewCollectionForm />}
        {editing && data && editing.tab === "smart" && <SmartCollectionForm existing={data.smartCollections.find((c) => c.id === editing.id)} onSaved={saved} />}
        {editing && data && editing.tab === "multi" && <MultiCollectionForm existing={data.multiCollections.find((c) => c.id === editing.id)} sources={data} onSaved={saved} />}
        {editing && data && editing.tab === "playlists" && <PlaylistForm existing={data.playlists.find((c) => c.id === editing.id)} sources={data} onSaved={saved} />}
      </Modal>
    </Stack>
  );
}
