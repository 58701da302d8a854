import { Badge, Card, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { ServerMessage } from "../../components/ServerMessage";
import { rest, RestError } from "../../graphql/rest";
import { useTranslation } from "react-i18next";

interface FFmpegInfo {
  ffmpegPath: string;
  ffprobePath: string;
  ffmpegSource: string;
  ffprobeSource: string;
  available: boolean;
  version?: string;
  error?: string;
  videoEncoders: string[];
  audioEncoders: string[];
  hardwareAccelerations: string[];
}

/** Which FFmpeg the server uses and what it can do (REST: GraphQL has no equivalent). */
export function FFmpegInfoCard() {
  const { t } = useTranslation();
  const [info, setInfo] = useState<FFmpegInfo | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    rest<FFmpegInfo>("GET", "/api/v1/ffmpeg/info").then(setInfo, (e: unknown) => setMessage(e instanceof RestError ? e.problem.detail : String(e)));
  }, []);
  return (
    <Card withBorder component="section" aria-label="FFmpeg">
      <Title order={2} size="h4" mb="sm">FFmpeg</Title>
      <ServerMessage message={message} />
      {info && (
        <Stack gap="xs">
          <Group gap="xs">
            <Badge color={info.available ? "green" : "red"} variant="light">{info.available ? t("common.available") : t("common.notAvailable")}</Badge>
            {info.version && <Text size="sm">{info.version}</Text>}
          </Group>
          {info.error && <Text c="red" size="sm">{info.error}</Text>}
          <Table>
            <Table.Tbody>
              <Table.Tr><Table.Th>FFmpeg</Table.Th><Table.Td ff="monospace" fz="sm">{info.ffmpegPath} ({info.ffmpegSource})</Table.Td></Table.Tr>
              <Table.Tr><Table.Th>ffprobe</Table.Th><Table.Td ff="monospace" fz="sm">{info.ffprobePath} ({info.ffprobeSource})</Table.Td></Table.Tr>
              <Table.Tr><Table.Th>{t("common.videoEncoders")}</Table.Th><Table.Td fz="sm">{info.videoEncoders.join(", ") || t("common.none2")}</Table.Td></Table.Tr>
              <Table.Tr><Table.Th>{t("common.audioEncoders")}</Table.Th><Table.Td fz="sm">{info.audioEncoders.join(", ") || t("common.none2")}</Table.Td></Table.Tr>
              <Table.Tr><Table.Th>{t("common.hardwareAcceleration")}</Table.Th><Table.Td fz="sm">{info.hardwareAccelerations.join(", ") || t("common.none2")}</Table.Td></Table.Tr>
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Card>
  );
}
