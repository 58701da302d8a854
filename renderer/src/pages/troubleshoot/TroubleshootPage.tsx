import { Alert, Button, Code, Group, NumberInput, SegmentedControl, Select, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useQuery } from "urql";
import { ServerMessage } from "../../components/ServerMessage";
import { TroubleshootChannelDocument, TroubleshootChannelsDocument, TroubleshootMediaItemDocument, type TroubleshootChannelMutation } from "../../graphql/generated";
import { toServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../i18n/format";

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
  const { t } = useTranslation();
  const format = useFormat();
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
      <Title order={1}>{t("common.streamTroubleshooter")}</Title>
      <Text c="dimmed">{t("troubleshoot.runsWhatAChannelPlaysNow")}</Text>
      <SegmentedControl w={320} aria-label={t("troubleshoot.whatToRun")} value={mode} onChange={(v) => setMode(v as "channel" | "item")} data={[{ value: "channel", label: t("common.aChannel") }, { value: "item", label: t("troubleshoot.aMediaItem") }]} />
      <Group align="flex-end">
        {mode === "channel" ? (
          <Select label={t("common.channel")} searchable w={320} data={(data?.channels ?? []).map((c) => ({ value: c.number, label: `${c.number} ${c.name}` }))} value={channel} onChange={setChannel} />
        ) : (
          <>
            <NumberInput label={t("common.mediaItem")} description={t("troubleshoot.itsNumberAsInTheAddress")} w={240} min={1} value={itemId ?? ""} onChange={(v) => setItemId(typeof v === "number" ? v : null)} />
            <Select label={t("common.ffmpegProfile")} w={240} data={(data?.ffmpegProfiles ?? []).map((p) => ({ value: String(p.id), label: p.name }))} value={profileId} onChange={setProfileId} />
          </>
        )}
        <Button onClick={() => void start()} loading={state.fetching || itemState.fetching} disabled={!ready}>{t("common.run")}</Button>
        {report && <Button variant="default" onClick={() => download(report)}>{t("common.downloadReport")}</Button>}
      </Group>
      <ServerMessage message={error} />
      {report && (
        <Stack gap="sm" aria-label={t("common.troubleshooterReport")} component="section">
          <Alert color={report.planKind === "media" ? "blue" : report.planKind === "error" ? "red" : "gray"} title={(report.planKind === "media" ? t("troubleshoot.playsMedia", { subject }) : report.planKind === "error" ? t("troubleshoot.playsErrorSlate", { subject }) : t("troubleshoot.playsOfflineSlate", { subject }))}>
            {report.planReason && <Text size="sm" style={{ whiteSpace: "pre-line" }}>{report.planReason}</Text>}
          </Alert>
          <Title order={2} size="h4">{t("common.inputProbe")}</Title>
          <Code block>{report.probe ?? t("troubleshoot.noInputFile")}</Code>
          {report.runs.map((r, i) => (
            <Stack key={i} gap={4}>
              <Title order={2} size="h4">{t("troubleshoot.runTitle", { n: i + 1, kind: r.kind, exit: r.exitCode ?? t("common.killed") })}</Title>
              <Text size="sm">{t("troubleshoot.runFacts", { firstSegment: r.firstSegmentMs == null ? t("common.none2") : t("troubleshoot.ms", { ms: format.number(r.firstSegmentMs) }), speed: r.speed == null ? "—" : `×${format.number(r.speed)}`, video: r.videoEncoder ?? "—", audio: r.audioEncoder ?? "—", streams: r.maps.join(" ") })}</Text>
              {r.toneMapping ? <Text size="sm">{t("troubleshoot.toneMapping", { toneMapping: r.toneMapping })}</Text> : null}
              {r.copyDecision ? <Text size="sm">{t("troubleshoot.copyDecision", { copyDecision: r.copyDecision })}</Text> : null}
              {r.warnings.map((w) => <Text key={w} size="sm" c="yellow.8">{w}</Text>)}
              <Text size="sm" fw={600}>{t("common.command")}</Text>
              <Code block style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{r.commandLine}</Code>
              {r.filters && (
                <>
                  <Text size="sm" fw={600}>{t("common.filters")}</Text>
                  <Code block style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{r.filters}</Code>
                </>
              )}
              <Text size="sm" fw={600}>{t("troubleshoot.ffmpegSErrorOutput")}</Text>
              <Code block aria-label={t("troubleshoot.stderrOfRun", { n: i + 1 })} style={{ whiteSpace: "pre-wrap" }}>{r.stderr || t("troubleshoot.empty")}</Code>
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
