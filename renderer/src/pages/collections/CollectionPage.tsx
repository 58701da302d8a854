import { Anchor, Breadcrumbs, Button, Group, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useQuery } from "urql";
import type { PageProps } from "../../app/routes";
import { Link } from "../../app/router";
import { ServerMessage } from "../../components/ServerMessage";
import { AddCollectionItemsDocument, CollectionDetailDocument, RemoveCollectionItemDocument, RenameCollectionDocument } from "../../graphql/generated";
import { toServerErrors, type ServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { mediaLabel, useLiveSearch } from "./use-live-search";
import { useTranslation } from "react-i18next";

/** `/collections/:id`: a collection's items; add by searching, remove, rename. */
export default function CollectionPage({ params }: PageProps) {
  const { t } = useTranslation();
  const id = Number(params.id);
  const [{ data, error }, refetch] = useQuery({ query: CollectionDetailDocument, variables: { id }, requestPolicy: "network-only" });
  const [name, setName] = useState("");
  const [nameErrors, setNameErrors] = useState<ServerErrors | null>(null);
  const [query, setQuery] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const live = useLiveSearch(query, 20);
  const [, rename] = useServerMutation(RenameCollectionDocument);
  const [, add] = useServerMutation(AddCollectionItemsDocument);
  const [, remove] = useServerMutation(RemoveCollectionItemDocument);
  const collection = data?.collection;
  useEffect(() => { if (collection) setName(collection.name); }, [collection?.name]); // eslint-disable-line react-hooks/exhaustive-deps
  const reload = () => refetch({ requestPolicy: "network-only" });
  const run = async (action: () => Promise<{ error?: Parameters<typeof toServerErrors>[0] }>) => {
    const result = await action();
    setMessage(result.error ? toServerErrors(result.error, []).general : null);
    reload();
  };
  const inCollection = new Set(collection?.items.map((i) => i.id));

  return (
    <Stack maw={1000}>
      <Breadcrumbs>
        <Anchor component={Link} to="/collections">{t("common.collections")}</Anchor>
        <Text>{collection?.name ?? t("common.collection")}</Text>
      </Breadcrumbs>
      <Title order={1}>{collection ? t("collections.collection", { name: collection.name }) : t("common.collection")}</Title>
      <ServerMessage title={t("collections.cannotLoadTheCollection")} message={error?.message} />
      <ServerMessage message={message} />
      {collection && (
        <>
          <form onSubmit={async (e) => { e.preventDefault(); const r = await rename({ id, name }); setNameErrors(r.error ? toServerErrors(r.error, ["name"]) : null); reload(); }}>
            <Group align="flex-end">
              <TextInput label={t("common.name")} value={name} onChange={(e) => setName(e.currentTarget.value)} error={nameErrors?.fields.name} />
              <Button type="submit" variant="default">{t("common.rename")}</Button>
            </Group>
            <ServerMessage message={nameErrors?.general} />
          </form>
          <Title order={2} size="h3">{t("collections.items", { count: collection.itemCount })}</Title>
          {collection.items.length > 0 && (
            <Table verticalSpacing={6}>
              <Table.Tbody>
                {collection.items.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td><Anchor component={Link} to={`/media/${item.id}`}>{mediaLabel(item)}</Anchor></Table.Td>
                    <Table.Td>{item.kind}</Table.Td>
                    <Table.Td w={100}><Button size="compact-sm" variant="subtle" color="red" onClick={() => run(() => remove({ id, mediaItemId: item.id }))} aria-label={t("collections.remove", { title: item.title })}>{t("common.remove")}</Button></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Title order={2} size="h3">{t("common.addItems")}</Title>
          <TextInput label={t("common.searchMedia")} description={t("collections.theSearchLanguageEGTypeShowOr")} value={query} onChange={(e) => setQuery(e.currentTarget.value)} />
          <div role="status" aria-live="polite">
            {live.error && <Text c="red" size="sm">{live.error}</Text>}
            {live.result && <Text size="sm" c="dimmed">{live.result.totalCount > live.result.items.length ? t("collections.matchesShowing", { count: live.result.totalCount, shown: live.result.items.length }) : t("collections.matches", { count: live.result.totalCount })}</Text>}
          </div>
          {live.result && live.result.items.length > 0 && (
            <Table verticalSpacing={6}>
              <Table.Tbody>
                {live.result.items.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>{mediaLabel(item)}</Table.Td>
                    <Table.Td>{item.kind}</Table.Td>
                    <Table.Td w={100}>
                      <Button size="compact-sm" variant="light" disabled={inCollection.has(item.id)} onClick={() => run(() => add({ id, mediaItemIds: [item.id] }))} aria-label={t("collections.add", { title: item.title })}>
                        {inCollection.has(item.id) ? t("common.added") : t("common.add")}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      )}
    </Stack>
  );
}
