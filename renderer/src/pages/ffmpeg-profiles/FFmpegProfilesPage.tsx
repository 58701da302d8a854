import { Alert, Badge, Button, Code, Drawer, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useQuery } from "urql";
import { ServerMessage } from "../../components/ServerMessage";
import { DeleteProfileDocument, DuplicateProfileDocument, FFmpegProfilesPageDocument, TestProfileDocument, type FFmpegProfilesPageQuery, type TestProfileMutation } from "../../graphql/generated";
import { toServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { FFmpegProfileForm } from "./FFmpegProfileForm";

type Profile = FFmpegProfilesPageQuery["ffmpegProfiles"][number];
type TestResult = TestProfileMutation["testFFmpegProfile"] & { profile: string };

function TestReport({ result }: { result: TestResult }) {
  if (!result.ok) {
    return (
      <Alert color="red" title={`Testing "${result.profile}" failed`} role="status">
        <Code block>{result.error ?? "FFmpeg failed"}</Code>
      </Alert>
    );
  }
  return (
    <Alert color={result.speed !== null && result.speed !== undefined && result.speed >= 1 ? "green" : "yellow"} title={`Tested "${result.profile}"`} role="status">
      <Text size="sm">
        Encoded {(result.encodedMs / 1000).toFixed(0)} s of a test pattern in {(result.elapsedMs / 1000).toFixed(1)} s: ×{result.speed?.toFixed(1)} real time with {result.videoEncoder}
        {result.acceleration !== "None" ? ` (${result.acceleration})` : ""}.
      </Text>
      {result.warnings.map((w) => <Text key={w} size="sm">{w}</Text>)}
    </Alert>
  );
}

/** `/ffmpeg-profiles`: how channels are encoded; create, edit, duplicate, test and delete. */
export default function FFmpegProfilesPage() {
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
    setMessage(outcome.error ? (toServerErrors(outcome.error, []).general ?? "The server refused this") : null);
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
        <Title order={1}>FFmpeg profiles</Title>
        <Button onClick={() => setEditing("new")}>New FFmpeg profile</Button>
      </Group>
      <ServerMessage message={error?.message ?? message} />
      {result && <TestReport result={result} />}
      {data && (
        <Table.ScrollContainer minWidth={820}>
          <Table striped highlightOnHover aria-label="FFmpeg profiles">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Video</Table.Th>
                <Table.Th>Audio</Table.Th>
                <Table.Th>Hardware</Table.Th>
                <Table.Th><span className="visually-hidden">Actions</span></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.ffmpegProfiles.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{p.name} {p.isDefault && <Badge size="xs" variant="light">default</Badge>}</Table.Td>
                  <Table.Td>{p.resolution.width}×{p.resolution.height} {p.videoFormat} {p.videoBitrate} kbps</Table.Td>
                  <Table.Td>{p.audioFormat} {p.audioChannels} ch {p.audioBitrate} kbps</Table.Td>
                  <Table.Td>
                    {p.hardwareAcceleration}
                    {p.accelerationFailure && (
                      <Text size="xs" c="red" title={p.accelerationFailure.reason}>
                        failing: software until {new Date(p.accelerationFailure.failingUntil).toLocaleTimeString()}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="default" onClick={() => setEditing(p)} aria-label={`Edit ${p.name}`}>Edit</Button>
                      <Button size="xs" variant="default" onClick={() => void act(() => duplicate({ id: p.id }))} aria-label={`Duplicate ${p.name}`}>Duplicate</Button>
                      <Button size="xs" variant="default" loading={testing === p.id} onClick={() => void onTest(p)} aria-label={`Test ${p.name}`}>Test</Button>
                      <Button size="xs" variant="subtle" color="red" onClick={() => void act(() => remove({ id: p.id }))} aria-label={`Delete ${p.name}`}>Delete</Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Drawer opened={editing !== null} onClose={() => setEditing(null)} title={editing === "new" ? "New FFmpeg profile" : "Edit FFmpeg profile"} position="right" size="lg">
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
