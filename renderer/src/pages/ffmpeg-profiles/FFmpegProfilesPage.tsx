import { Alert, Badge, Button, Code, Drawer, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useQuery } from "urql";
import { ServerMessage } from "../../components/ServerMessage";
import { DeleteProfileDocument, DuplicateProfileDocument, FFmpegProfilesPageDocument, TestProfileDocument, type FFmpegProfilesPageQuery, type TestProfileMutation } from "../../graphql/generated";
import { toServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { FFmpegProfileForm } from "./FFmpegProfileForm";
import { useTranslation } from "react-i18next";
import { currentLocale } from "../../i18n/i18n";
import { useFormat } from "../../i18n/format";

type Profile = FFmpegProfilesPageQuery["ffmpegProfiles"][number];
type TestResult = TestProfileMutation["testFFmpegProfile"] & { profile: string };

function TestReport({ result }: { result: TestResult }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!result.ok) {
    return (
      <Alert color="red" title={t("ffmpegProfiles.testingFailed", { profile: result.profile })} role="status">
        <Code block>{result.error ?? t("ffmpegProfiles.ffmpegFailed")}</Code>
      </Alert>
    );
  }
  return (
    <Alert color={result.speed !== null && result.speed !== undefined && result.speed >= 1 ? "green" : "yellow"} title={t("ffmpegProfiles.tested", { profile: result.profile })} role="status">
      <Text size="sm">{t("ffmpegProfiles.encodedSOfATestPattern", { encoded: format.number(result.encodedMs / 1000, { maximumFractionDigits: 0 }), elapsed: format.number(result.elapsedMs / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 }), speed: result.speed == null ? "—" : format.number(result.speed, { minimumFractionDigits: 1, maximumFractionDigits: 1 }), encoder: result.acceleration !== "None" ? `${result.videoEncoder} (${result.acceleration})` : result.videoEncoder })}</Text>
      {result.warnings.map((w) => <Text key={w} size="sm">{w}</Text>)}
    </Alert>
  );
}

/** `/ffmpeg-profiles`: how channels are encoded; create, edit, duplicate, test and delete. */
export default function FFmpegProfilesPage() {
  const { t } = useTranslation();
  const [{ data, error }, refetch] = useQuery({ query: FFmpegProfilesPageDocument, requestPolicy: "cache-and-network" });
  const [editing, setEditing] = useState<Profile | "new" | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [testing, setTesting] = useState<number | null>(null);
  const [result, setResult] = useState<TestResult | null>(null);
  const [, remove] = useServerMutation(DeleteProfileDocument);
  const [, duplicate] = useServerMutation(DuplicateProfileDocument);
  const [, test] = useServerMutation(TestProfileDocument);
  const reload = () => refetch({ requestPolicy: "network-only" });

  const act = async (run: () => Promise<{ error?: Parameters<typeof toServerErrors>[0] }>) => {
    const outcome = await run();
    setMessage(outcome.error ? (toServerErrors(outcome.error, []).general ?? t("common.theServerRefusedThis")) : null);
    if (!outcome.error) reload();
  };
  const onTest = async (p: Profile) => {
    setTesting(p.id);
    setResult(null);
    const outcome = await test({ id: p.id });
    setTesting(null);
    if (outcome.error) return setMessage(toServerErrors(outcome.error, []).general);
    if (outcome.data) setResult({ ...outcome.data.testFFmpegProfile, profile: p.name });
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t("common.ffmpegProfiles")}</Title>
        <Button onClick={() => setEditing("new")}>{t("ffmpegProfiles.newFfmpegProfile")}</Button>
      </Group>
      <ServerMessage message={error?.message ?? message} />
      {result && <TestReport result={result} />}
      {data && (
        <Table.ScrollContainer minWidth={820}>
          <Table striped highlightOnHover aria-label={t("common.ffmpegProfiles")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("common.name")}</Table.Th>
                <Table.Th>{t("common.video")}</Table.Th>
                <Table.Th>{t("common.audio")}</Table.Th>
                <Table.Th>{t("common.hardware")}</Table.Th>
                <Table.Th><span className="visually-hidden">{t("common.actions")}</span></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.ffmpegProfiles.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{p.name} {p.isDefault && <Badge size="xs" variant="light">{t("common.default2")}</Badge>}</Table.Td>
                  <Table.Td>{t("ffmpegProfiles.kbps", { width: p.resolution.width, height: p.resolution.height, videoFormat: p.videoFormat, videoBitrate: p.videoBitrate })}</Table.Td>
                  <Table.Td>{t("ffmpegProfiles.chKbps", { audioFormat: p.audioFormat, audioChannels: p.audioChannels, audioBitrate: p.audioBitrate })}</Table.Td>
                  <Table.Td>
                    {p.hardwareAcceleration}
                    {p.accelerationFailure && (
                      <Text size="xs" c="red" title={p.accelerationFailure.reason}>{t("ffmpegProfiles.failingSoftwareUntil", { toLocaleTimeString: new Date(p.accelerationFailure.failingUntil).toLocaleTimeString(currentLocale()) })}</Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="default" onClick={() => setEditing(p)} aria-label={t("ffmpegProfiles.edit", { name: p.name })}>{t("common.edit")}</Button>
                      <Button size="xs" variant="default" onClick={() => void act(() => duplicate({ id: p.id }))} aria-label={t("ffmpegProfiles.duplicate", { name: p.name })}>{t("common.duplicate")}</Button>
                      <Button size="xs" variant="default" loading={testing === p.id} onClick={() => void onTest(p)} aria-label={t("ffmpegProfiles.test", { name: p.name })}>{t("common.test")}</Button>
                      <Button size="xs" variant="subtle" color="red" onClick={() => void act(() => remove({ id: p.id }))} aria-label={t("ffmpegProfiles.delete", { name: p.name })}>{t("common.delete")}</Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Drawer opened={editing !== null} onClose={() => setEditing(null)} title={editing === "new" ? t("ffmpegProfiles.newFfmpegProfile") : t("ffmpegProfiles.editFfmpegProfile")} position="right" size="lg">
        {editing !== null && data && (
          <FFmpegProfileForm
            key={editing === "new" ? "new" : editing.id}
            existing={editing === "new" ? undefined : editing}
            defaults={data.ffmpegProfileDefaults}
            accelerations={data.hardwareAccelerations}
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
