import { Alert, Button, Drawer, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useQuery } from "urql";
import { ServerMessage } from "../../components/ServerMessage";
import { DeleteGraphicDocument, GraphicsPageDocument } from "../../graphql/generated";
import { toServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { t } from "../../i18n/i18n";
import { GraphicForm, KINDS, type Graphic } from "./GraphicForm";
import { useTranslation } from "react-i18next";

function content(g: Graphic): string {
  if (g.kind === "Text") return g.text ?? "";
  return KINDS().find((k) => k.value === g.kind)?.label ?? g.kind;
}

function shown(g: Graphic): string {
  const when = (() => {
    switch (g.show) {
      case "ProgrammeStart":
        return t("graphics.shownProgrammeStart", { seconds: g.seconds });
      case "BeforeProgrammeEnd":
        return t("graphics.shownBeforeProgrammeEnd", { seconds: g.seconds });
      case "EveryMinutes":
        return t("graphics.shownEveryMinutes", { seconds: g.seconds, minutes: g.everyMinutes });
      default:
        return t("common.always");
    }
  })();
  return g.showDuringFiller ? t("graphics.alsoDuringFiller", { shown: when }) : when;
}

/** `/graphics`: text, now/next, clock and image elements drawn into channels' pictures; create, edit (with a live preview) and delete. */
export default function GraphicsPage() {
  const { t } = useTranslation();
  const [{ data, fetching, error }, refetch] = useQuery({ query: GraphicsPageDocument, requestPolicy: "cache-and-network" });
  const [editing, setEditing] = useState<Graphic | "new" | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [, remove] = useServerMutation(DeleteGraphicDocument);
  const reload = () => refetch({ requestPolicy: "network-only" });

  const onDelete = async (g: Graphic) => {
    const result = await remove({ id: g.id });
    setMessage(result.error ? (toServerErrors(result.error, []).general ?? t("graphics.refused")) : null);
    if (!result.error) reload();
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t("routes.graphics")}</Title>
        <Button onClick={() => setEditing("new")}>{t("graphics.newGraphic")}</Button>
      </Group>
      <Text c="dimmed" size="sm">{t("graphics.intro")}</Text>
      <ServerMessage message={error?.message ?? message} />
      {data && data.graphics.length === 0 && !fetching && <Text c="dimmed">{t("graphics.noGraphicsYet")}</Text>}
      {data && data.graphics.length > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover aria-label={t("graphics.table")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("common.name")}</Table.Th>
                <Table.Th>{t("graphics.draws")}</Table.Th>
                <Table.Th>{t("common.placement")}</Table.Th>
                <Table.Th>{t("common.shown")}</Table.Th>
                <Table.Th><span className="visually-hidden">{t("common.actions")}</span></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.graphics.map((g) => (
                <Table.Tr key={g.id}>
                  <Table.Td>{g.name}</Table.Td>
                  <Table.Td style={{ whiteSpace: "pre-line" }}>{content(g)}</Table.Td>
                  <Table.Td>{g.position} {g.sizePercent}%</Table.Td>
                  <Table.Td>{shown(g)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="default" onClick={() => setEditing(g)} aria-label={t("graphics.edit", { name: g.name })}>{t("common.edit")}</Button>
                      <Button size="xs" variant="subtle" color="red" onClick={() => void onDelete(g)} aria-label={t("graphics.delete", { name: g.name })}>{t("common.delete")}</Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {!data && error && <Alert color="red">{error.message}</Alert>}
      <Drawer opened={editing !== null} onClose={() => setEditing(null)} title={editing === "new" ? t("graphics.newGraphic") : t("graphics.editGraphic")} position="right" size="lg">
        {editing !== null && (
          <GraphicForm
            key={editing === "new" ? "new" : editing.id}
            existing={editing === "new" ? undefined : editing}
            channels={data?.channels ?? []}
            onSaved={() => {
              setEditing(null);
              reload();
            }}
          />
        )}
      </Drawer>
    </Stack>
  );
}
