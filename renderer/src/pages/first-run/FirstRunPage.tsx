import { Button, Card, Center, Group, Loader, Stack, Stepper, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useQuery } from "urql";
import { Link } from "../../app/router";
import { ScanLibraryDocument, SetupStateDocument, ShellStatusDocument } from "../../graphql/generated";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { ChannelForm, type SavedChannel } from "../channels/ChannelForm";
import { PlayoutSetup } from "../channels/PlayoutSetup";
import { LibraryForm } from "../libraries/LibraryForm";
import { ScanStatus } from "../libraries/ScanStatus";
import { useLibraries } from "../libraries/use-libraries";
import { ChannelPreview } from "../preview/ChannelPreview";
import { WriteKeyStep } from "./WriteKeyStep";
import { useTranslation } from "react-i18next";

const Step = {
  Protect: 0,
  Library: 1,
  Scan: 2,
  Channel: 3,
  Playout: 4,
  Watch: 5,
} as const;
type Step = (typeof Step)[keyof typeof Step];

function ScanStep({ libraryId, onDone }: { libraryId: number | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [{ data }] = useLibraries(true);
  const library = data?.libraries.find((l) => l.id === libraryId) ?? data?.libraries[0];
  if (!library) return <Loader aria-label={t("common.loading")} />;
  const finished = !library.scan && library.lastScanSuccess !== null && library.lastScanSuccess !== undefined;
  return (
    <Stack>
      <Text>{t("firstRun.airwaveIsReadingFinding", { name: library.name })}</Text>
      <ScanStatus library={library} />
      <Group justify="flex-end">
        <Button onClick={onDone} disabled={!finished}>{t("firstRun.nextCreateAChannel")}</Button>
      </Group>
    </Stack>
  );
}

/** `/welcome`: from an empty install to watching a channel. Resumes where the install stands. */
export default function FirstRunPage() {
  const { t } = useTranslation();
  const [{ data }] = useQuery({ query: SetupStateDocument, requestPolicy: "network-only" });
  const [{ data: shell }] = useQuery({ query: ShellStatusDocument });
  const [step, setStep] = useState<Step | null>(null);
  const [libraryId, setLibraryId] = useState<number | null>(null);
  const [channel, setChannel] = useState<SavedChannel | null>(null);
  const [, scan] = useServerMutation(ScanLibraryDocument);

  useEffect(() => {
    if (!data || !shell || step !== null) return;
    const pending = data.channels.find((c) => !c.playoutId);
    const ready = data.channels.find((c) => c.playoutId);
    if (data.libraries.length === 0) setStep(shell.settings.writeKeySet || shell.settings.passwordSet ? Step.Library : Step.Protect);
    else if (pending) {
      setChannel(pending);
      setStep(Step.Playout);
    } else if (ready) {
      setChannel(ready);
      setStep(Step.Watch);
    } else setStep(Step.Channel);
  }, [data, shell, step]);

  if (step === null) return <Center h={200}><Loader aria-label={t("common.loading")} /></Center>;
  return (
    <Stack maw={1000}>
      <Title order={1}>{t("firstRun.welcomeToAirwave")}</Title>
      <Text c="dimmed">{t("firstRun.aFewStepsFromYourMedia")}</Text>
      <Stepper active={step} allowNextStepsSelect={false} size="sm">
        <Stepper.Step label={t("common.protect")} description={t("firstRun.passwordOrKey")} />
        <Stepper.Step label={t("common.library")} description={t("firstRun.addAFolder")} />
        <Stepper.Step label={t("common.scan")} description={t("firstRun.readTheMedia")} />
        <Stepper.Step label={t("common.channel")} description={t("common.createIt")} />
        <Stepper.Step label={t("common.playout")} description={t("firstRun.whatItPlays")} />
        <Stepper.Step label={t("common.watch")} description={t("common.livePreview")} />
      </Stepper>
      <Card withBorder padding="lg">
        {step === Step.Protect && <WriteKeyStep onDone={() => setStep(Step.Library)} />}
        {step === Step.Library && (
          <LibraryForm
            onCreated={async (library) => {
              setLibraryId(library.id);
              await scan({ id: library.id, force: false });
              setStep(Step.Scan);
            }}
          />
        )}
        {step === Step.Scan && <ScanStep libraryId={libraryId} onDone={() => setStep(Step.Channel)} />}
        {step === Step.Channel && (
          <Stack>
            <Group justify="space-between">
              <Text>{t("firstRun.createOneChannelByHandOr")}</Text>
              <Button component={Link} to="/channels/generate" variant="light">{t("firstRun.makeChannelsForMe")}</Button>
            </Group>
            <ChannelForm submitLabel={t("common.createChannel")} onSaved={(saved) => { setChannel(saved); setStep(Step.Playout); }} />
          </Stack>
        )}
        {step === Step.Playout && channel && (
          <PlayoutSetup channelId={channel.id} onSaved={(build) => build.success && setStep(Step.Watch)} />
        )}
        {step === Step.Watch && channel && (
          <Stack>
            <Text>{t("firstRun.channelIsOnThe", { number: channel.number, name: channel.name })}</Text>
            <ChannelPreview number={channel.number} />
            <Group justify="flex-end">
              <Button component={Link} to="/channels">{t("firstRun.goToTheChannels")}</Button>
            </Group>
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
