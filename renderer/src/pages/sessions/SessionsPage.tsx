import { Badge, Button, Group, List, Stack, Table, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useQuery } from "urql";
import { clock } from "./clock";
import { ServerMessage } from "../../components/ServerMessage";
import { LiveSessionsDocument, StopLiveSessionDocument } from "../../graphql/generated";
import { toServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { OnDemandStates } from "./OnDemandStates";
import { useTranslation } from "react-i18next";
import { currentLocale } from "../../i18n/i18n";
import { useFormat } from "../../i18n/format";

const REFRESH_MS = 2000;


const MODE_LABEL: Record<string, "sessions.modeShared" | "sessions.modeTsLegacy" | "sessions.modeHlsDirect"> = { segmenter: "sessions.modeShared", "ts-legacy": "sessions.modeTsLegacy", "hls-direct": "sessions.modeHlsDirect" };

/** `/sessions`: every channel being streamed now, who watches it and what plays, and the on-demand channels' states; refreshed every 2 s. */
export default function SessionsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [{ data, error }, refetch] = useQuery({ query: LiveSessionsDocument, requestPolicy: "network-only" });
  const [, stop] = useServerMutation(StopLiveSessionDocument);
  const [stopError, setStopError] = useState<string | null>(null);

  useEffect(() => {
    const timer = setInterval(() => refetch({ requestPolicy: "network-only" }), REFRESH_MS);
    return () => clearInterval(timer);
  }, [refetch]);

  const onStop = async (channelNumber: string) => {
    const result = await stop({ channelNumber });
    setStopError(result.error ? (toServerErrors(result.error, []).general ?? t("sessions.couldNotStopTheSession")) : null);
    refetch({ requestPolicy: "network-only" });
  };

  const sessions = data?.sessions ?? [];
  return (
    <Stack>
      <Title order={1}>{t("common.liveSessions")}</Title>
      <ServerMessage message={error?.message ?? stopError} />
      {data && sessions.length === 0 && <Text c="dimmed">{t("sessions.nothingIsBeingStreamedRightNow")}</Text>}
      {sessions.length > 0 && (
        <Table.ScrollContainer minWidth={900}>
          <Table striped aria-label={t("common.liveSessions")} verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("common.channel")}</Table.Th>
                <Table.Th>{t("common.mode")}</Table.Th>
                <Table.Th>{t("common.started")}</Table.Th>
                <Table.Th>{t("common.viewers")}</Table.Th>
                <Table.Th>{t("common.playingNow")}</Table.Th>
                <Table.Th>{t("common.speed")}</Table.Th>
                <Table.Th>{t("common.restarts")}</Table.Th>
                <Table.Th><span className="visually-hidden">{t("common.actions")}</span></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sessions.map((s) => (
                <Table.Tr key={`${s.channelNumber}-${s.mode}-${s.startedAt}`} aria-label={t("sessions.channel", { channelNumber: s.channelNumber })}>
                  <Table.Td>
                    <Text fw={700}>{s.channelNumber}</Text>
                    <Text size="sm">{s.channelName ?? t("common.deletedChannel")}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{MODE_LABEL[s.mode] ? t(MODE_LABEL[s.mode]) : s.mode}</Text>
                    {s.state !== "running" && <Badge size="xs" variant="light">{s.state}</Badge>}
                  </Table.Td>
                  <Table.Td><Text size="sm">{new Date(s.startedAt).toLocaleTimeString(currentLocale())}</Text></Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600}>{s.viewers}</Text>
                    <List size="xs" listStyleType="none" spacing={2}>
                      {s.viewerList.map((v) => (
                        <List.Item key={`${v.kind}-${v.address}-${v.userAgent}-${v.since}`}>
                          {v.address || t("common.unknownAddress")} · {v.kind === "hls" ? "HLS" : "MPEG-TS"} · {v.userAgent ?? t("sessions.noUserAgent")}
                        </List.Item>
                      ))}
                    </List>
                  </Table.Td>
                  <Table.Td>
                    {s.nowPlaying ? (
                      <>
                        <Text size="sm" style={{ overflowWrap: "anywhere" }}>{s.nowPlaying.title}</Text>
                        <Text size="xs" c="dimmed">{t("sessions.atOf", { clock: clock(s.nowPlaying.offsetSeconds), clock2: clock(s.nowPlaying.durationSeconds) })}</Text>
                        {s.nowPlaying.video && s.nowPlaying.audio && (
                          <Text size="xs" c="dimmed" title={t("sessions.videoAudio", { reason: s.nowPlaying.video.reason, reason2: s.nowPlaying.audio.reason })}>{t("sessions.videoAudioModes", { video: s.nowPlaying.video.mode, audio: s.nowPlaying.audio.mode })}
                            {s.nowPlaying.earlyMs ? t("sessions.startedSEarlyOnAKeyframe", { seconds: format.number(s.nowPlaying.earlyMs / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) }) : ""}
                          </Text>
                        )}
                        {s.acceleration && <Text size="xs" c="red">{t("sessions.failingSoftwareUntil", { acceleration: s.acceleration.acceleration, toLocaleTimeString: new Date(s.acceleration.failingUntil).toLocaleTimeString(currentLocale()) })}</Text>}
                      </>
                    ) : (
                      <Text size="sm" c="dimmed">—</Text>
                    )}
                  </Table.Td>
                  <Table.Td><Text size="sm">{s.speed === null || s.speed === undefined ? "—" : `×${s.speed.toFixed(2)}`}</Text></Table.Td>
                  <Table.Td><Text size="sm" c={s.restarts ? "red" : undefined}>{s.restarts}</Text></Table.Td>
                  <Table.Td>
                    <Group justify="flex-end">
                      <Button size="xs" color="red" variant="light" onClick={() => void onStop(s.channelNumber)} aria-label={t("sessions.stopChannel", { channelNumber: s.channelNumber })}>{t("common.stop")}</Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <OnDemandStates refreshMs={REFRESH_MS} />
    </Stack>
  );
}
