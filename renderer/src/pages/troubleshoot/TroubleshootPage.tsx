import { Alert, Button, Code, Group, NumberInput, SegmentedControl, Select, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useQuery } from "urql";
import { ServerMessage } from "../../components/ServerMessage";
import { TroubleshootChannelDocument, TroubleshootChannelsDocument, TroubleshootMediaItemDocument, type TroubleshootChannelMutation } from "../../graphql/generated";
import { toServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";

type Report = TroubleshootChannelMutation["troubleshootChannel"];

function download(report: Report) {
  const url = URL.createObjectURL(new Blob([report.text], { type: "text/plain" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = report.channelNumber ? `airwave-troubleshoot-channel-${report.channelNumber}.txt` : "airwave-troubleshoot-media-item.txt";
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * `/troubleshoot`: runs a channel's real pipeline (or a media item from its start with a chosen profile) for up
 * to 20 s without viewers and shows everything it did.
 */
export default function TroubleshootPage() {
  const [{ data }] = useQuery({ query: TroubleshootChannelsDocument });
  const [state, run] = useServerMutation(TroubleshootChannelDocument);
  const [itemState, runItem] = useServerMutation(TroubleshootMediaItemDocument);
  const [mode, setMode] = useState<"channel" | "item">("channel");
  const [channel, setChannel] = useState<string | null>(null);
  const [itemId, setItemId] = useState<number | null>(null);
  const [profileId, setProfileId] = useState<string | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    setReport(null);
    if (mode === "channel" && channel) {
      const result = await run({ channelNumber: channel });
      setError(result.error ? toServerErrors(result.error, []).general : null);
      if (result.data) setReport(result.data.troubleshootChannel);
    } else if (mode === "item" && itemId !== null && profileId) {
      const result = await runItem({ mediaItemId: itemId, ffmpegProfileId: Number(profileId) });
      setError(result.error ? toServerErrors(result.error, []).general : null);
      if (result.data) setReport(result.data.troubleshootMediaItem);
    }
  };
  const ready = mode === "channel" ? channel !== null : itemId !== null && profileId !== null;
  const subject = report ? (report.channelNumber ? `Channel ${report.channelNumber} "${report.channelName}"` : report.channelName) : "";

  return (
    <Stack>
      <Title order={1}>Stream troubleshooter</Title>
      <Text c="dimmed">Runs what a channel plays now through the real pipeline for up to 20 seconds, without viewers, and shows every step.</Text>
      <SegmentedControl w={320} aria-label="What to run" value={mode} onChange={(v) => setMode(v as "channel" | "item")} data={[{ value: "channel", label: "A channel" }, { value: "item", label: "A media item" }]} />
      <Group align="flex-end">
        {mode === "channel" ? (
          <Select label="Channel" searchable w={320} data={(data?.channels ?? []).map((c) => ({ value: c.number, label: `${c.number} ${c.name}` }))} value={channel} onChange={setChannel} />
        ) : (
          <>
            <NumberInput label="Media item" description="Its number, as in the address of its page (/media/…)" w={240} min={1} value={itemId ?? ""} onChange={(v) => setItemId(typeof v === "number" ? v : null)} />
            <Select label="FFmpeg profile" w={240} data={(data?.ffmpegProfiles ?? []).map((p) => ({ value: String(p.id), label: p.name }))} value={profileId} onChange={setProfileId} />
          </>
        )}
        <Button onClick={() => void start()} loading={state.fetching || itemState.fetching} disabled={!ready}>Run</Button>
        {report && <Button variant="default" onClick={() => download(report)}>Download report</Button>}
      </Group>
      <ServerMessage message={error} />
      {report && (
        <Stack gap="sm" aria-label="Troubleshooter report" component="section">
          <Alert color={report.planKind === "media" ? "blue" : report.planKind === "error" ? "red" : "gray"} title={`${subject} plays ${report.planKind === "media" ? "media" : report.planKind === "error" ? "an error slate" : "the offline slate"}`}>
            {report.planReason && <Text size="sm" style={{ whiteSpace: "pre-line" }}>{report.planReason}</Text>}
          </Alert>
          <Title order={2} size="h4">Input probe</Title>
          <Code block>{report.probe ?? "no input file"}</Code>
          {report.runs.map((r, i) => (
            <Stack key={i} gap={4}>
              <Title order={2} size="h4">FFmpeg run {i + 1} ({r.kind}) — exit code {r.exitCode ?? "killed"}</Title>
              <Text size="sm">First segment: {r.firstSegmentMs === null || r.firstSegmentMs === undefined ? "none" : `${r.firstSegmentMs} ms`} · speed: {r.speed === null || r.speed === undefined ? "—" : `×${r.speed}`} · encoders: {r.videoEncoder ?? "—"} / {r.audioEncoder ?? "—"} · streams: {r.maps.join(" ")}</Text>
              {r.toneMapping ? <Text size="sm">Tone mapping: {r.toneMapping}</Text> : null}
              {r.copyDecision ? <Text size="sm">Copy decision: {r.copyDecision}</Text> : null}
              {r.warnings.map((w) => <Text key={w} size="sm" c="yellow.8">{w}</Text>)}
              <Text size="sm" fw={600}>Command</Text>
              <Code block style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{r.commandLine}</Code>
              {r.filters && (
                <>
                  <Text size="sm" fw={600}>Filters</Text>
                  <Code block style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{r.filters}</Code>
                </>
              )}
              <Text size="sm" fw={600}>FFmpeg's error output</Text>
              <Code block aria-label={`stderr of run ${i + 1}`} style={{ whiteSpace: "pre-wrap" }}>{r.stderr || "(empty)"}</Code>
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
