import { Badge, Stack, Table, Text, Title } from "@mantine/core";
import { useEffect } from "react";
import { useQuery } from "urql";
import { clock } from "./clock";
import { OnDemandStatesDocument } from "../../graphql/generated";
import { useTranslation } from "react-i18next";
import { currentLocale } from "../../i18n/i18n";


/** Every on-demand channel: playing, or paused since when and where it resumes; refreshed with the sessions. */
export function OnDemandStates({ refreshMs }: { refreshMs: number }) {
  const { t } = useTranslation();
  const [{ data }, refetch] = useQuery({ query: OnDemandStatesDocument, requestPolicy: "network-only" });
  useEffect(() => {
    const timer = setInterval(() => refetch({ requestPolicy: "network-only" }), refreshMs);
    return () => clearInterval(timer);
  }, [refetch, refreshMs]);
  const states = data?.onDemandStates ?? [];
  if (!states.length) return null;
  return (
    <Stack gap="xs">
      <Title order={2}>{t("common.onDemandChannels")}</Title>
      <Table aria-label={t("common.onDemandChannels")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("common.channel")}</Table.Th>
            <Table.Th>{t("common.state")}</Table.Th>
            <Table.Th>{t("common.resumesAt")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {states.map((s) => (
            <Table.Tr key={s.channelId}>
              <Table.Td>{`${s.channelNumber} · ${s.channelName}`}</Table.Td>
              <Table.Td>
                {s.playing ? <Badge color="green">{t("common.playing")}</Badge> : <Text size="sm">{t("sessions.pausedSince", { toLocaleString: new Date(s.pausedSince!).toLocaleString(currentLocale(), { dateStyle: "medium", timeStyle: "short" }) })}</Text>}
              </Table.Td>
              <Table.Td>{s.checkpoint ? (s.checkpoint.title ? t("sessions.at", { title: s.checkpoint.title, clock: clock(s.checkpoint.offsetSeconds) }) : t("sessions.gapAt", { clock: clock(s.checkpoint.offsetSeconds) })) : "—"}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
