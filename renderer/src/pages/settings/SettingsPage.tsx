import { Alert, Badge, Button, Card, Code, Group, NumberInput, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useEffect, useState, type FormEvent } from "react";
import { useQuery } from "urql";
import { CopyField } from "../../components/CopyField";
import { ServerMessage } from "../../components/ServerMessage";
import { SettingsDocument, UpdateSettingsDocument, type SettingsFieldsFragment, type SettingsInput } from "../../graphql/generated";
import { toServerErrors, type ServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { BackupsCard } from "./BackupsCard";
import { FFmpegInfoCard } from "./FFmpegInfoCard";
import { IptvTokenCard } from "./IptvTokenCard";
import { OwnerPasswordSetting } from "./OwnerPasswordSetting";
import { SetupTransferCard } from "./SetupTransferCard";

type Editable = Pick<SettingsFieldsFragment, "timeZone" | "playoutDaysToBuild" | "guideDaysToBuild" | "hdhomerunTunerCount"> & { ffmpegPath: string; ffprobePath: string };
const FIELDS = ["timeZone", "playoutDaysToBuild", "guideDaysToBuild", "hdhomerunTunerCount", "ffmpegPath", "ffprobePath", "writeKey", "iptvTokenKey", "backupIntervalHours", "backupKeep"];

function editable(s: SettingsFieldsFragment): Editable {
  return { timeZone: s.timeZone, playoutDaysToBuild: s.playoutDaysToBuild, guideDaysToBuild: s.guideDaysToBuild, hdhomerunTunerCount: s.hdhomerunTunerCount, ffmpegPath: s.ffmpegPath ?? "", ffprobePath: s.ffprobePath ?? "" };
}

/** Only what changed is sent; an emptied path removes its override. */
function changes(before: Editable, after: Editable): SettingsInput {
  const input: SettingsInput = {};
  if (after.timeZone !== before.timeZone) input.timeZone = after.timeZone;
  if (after.playoutDaysToBuild !== before.playoutDaysToBuild) input.playoutDaysToBuild = after.playoutDaysToBuild;
  if (after.guideDaysToBuild !== before.guideDaysToBuild) input.guideDaysToBuild = after.guideDaysToBuild;
  if (after.hdhomerunTunerCount !== before.hdhomerunTunerCount) input.hdhomerunTunerCount = after.hdhomerunTunerCount;
  if (after.ffmpegPath !== before.ffmpegPath) input.ffmpegPath = after.ffmpegPath.trim() || null;
  if (after.ffprobePath !== before.ffprobePath) input.ffprobePath = after.ffprobePath.trim() || null;
  return input;
}

function SecretSetting({ label, field, isSet, description, onSave, error }: { label: string; field: "writeKey" | "iptvTokenKey"; isSet: boolean; description: string; onSave: (input: SettingsInput) => Promise<boolean>; error?: string }) {
  const [value, setValue] = useState("");
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text fw={600}>{label}</Text>
        <Badge color={isSet ? "green" : "gray"} variant="light">{isSet ? "Set" : "Not set"}</Badge>
      </Group>
      <Text size="sm" c="dimmed">{description}</Text>
      <Group align="flex-start" wrap="nowrap">
        <PasswordInput aria-label={`New ${label.toLowerCase()}`} placeholder={`New ${label.toLowerCase()}`} value={value} onChange={(e) => setValue(e.currentTarget.value)} error={error} style={{ flex: 1 }} autoComplete="new-password" />
        <Button variant="default" disabled={!value} onClick={async () => (await onSave({ [field]: value })) && setValue("")}>Save</Button>
        {isSet && <Button variant="subtle" color="red" onClick={() => onSave({ [field]: null })}>Remove</Button>}
      </Group>
    </Stack>
  );
}

export default function SettingsPage() {
  const [{ data, error }] = useQuery({ query: SettingsDocument });
  const [state, update] = useServerMutation(UpdateSettingsDocument);
  const [values, setValues] = useState<Editable | null>(null);
  const [errors, setErrors] = useState<ServerErrors | null>(null);
  const [saved, setSaved] = useState(false);
  const settings = data?.settings;

  useEffect(() => {
    if (settings) setValues(editable(settings));
  }, [settings]);

  const save = async (input: SettingsInput): Promise<boolean> => {
    setSaved(false);
    const result = await update({ input });
    if (result.error) {
      setErrors(toServerErrors(result.error, FIELDS));
      return false;
    }
    setErrors(null);
    setSaved(true);
    return true;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (settings && values) await save(changes(editable(settings), values));
  };

  if (error) return <ServerMessage title="Cannot load settings" message={error.message} />;
  if (!settings || !values) return null;
  const set = <K extends keyof Editable>(key: K, value: Editable[K]) => setValues({ ...values, [key]: value });
  const asNumber = (value: string | number) => (typeof value === "number" ? value : Number.parseInt(value, 10));

  return (
    <Stack maw={1000}>
      <Title order={1}>Settings</Title>
      {settings.restartRequired && <Alert color="yellow" title="Restart needed" role="status">Some saved settings take effect after Airwave restarts.</Alert>}
      {settings.environmentOverrides.length > 0 && (
        <Text size="sm" c="dimmed">Set by environment variables (not editable here): {settings.environmentOverrides.map((k) => <Code key={k} mr={4}>{k}</Code>)}</Text>
      )}
      <Card withBorder component="section" aria-label="Media player addresses">
        <Title order={2} size="h4" mb="sm">Addresses for media players</Title>
        <Stack gap="xs">
          <CopyField label="M3U playlist" value={settings.m3uUrl} />
          <CopyField label="XMLTV guide" value={settings.xmltvUrl} />
          <CopyField label="HDHomeRun tuner" value={settings.hdhomerunUrl} />
        </Stack>
      </Card>
      <Card withBorder component="section" aria-label="Folders">
        <Title order={2} size="h4" mb="sm">Folders</Title>
        <Stack gap="xs">
          <CopyField label="Scripts (Scripted playouts run scripts only from here; Playout:ScriptsFolder)" value={settings.scriptsFolder} />
          <CopyField label="Channel files and YAML definitions (ExternalJson and file-based Sequential playouts)" value={settings.playoutsFolder} />
        </Stack>
      </Card>
      <form onSubmit={submit} aria-label="Scheduling and tuner settings">
        <Card withBorder component="section">
          <Title order={2} size="h4" mb="sm">Scheduling, guide and tuner</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Time zone" description="IANA zone, e.g. Europe/Berlin" value={values.timeZone} onChange={(e) => set("timeZone", e.currentTarget.value)} error={errors?.fields.timeZone} />
            <NumberInput label="Days of playout to build" value={values.playoutDaysToBuild} onChange={(v) => set("playoutDaysToBuild", asNumber(v))} error={errors?.fields.playoutDaysToBuild} allowDecimal={false} />
            <NumberInput label="Days of guide" value={values.guideDaysToBuild} onChange={(v) => set("guideDaysToBuild", asNumber(v))} error={errors?.fields.guideDaysToBuild} allowDecimal={false} />
            <NumberInput label="HDHomeRun tuner count" value={values.hdhomerunTunerCount} onChange={(v) => set("hdhomerunTunerCount", asNumber(v))} error={errors?.fields.hdhomerunTunerCount} allowDecimal={false} />
            <TextInput label="FFmpeg path" placeholder="Found automatically" value={values.ffmpegPath} onChange={(e) => set("ffmpegPath", e.currentTarget.value)} error={errors?.fields.ffmpegPath} />
            <TextInput label="ffprobe path" placeholder="Found automatically" value={values.ffprobePath} onChange={(e) => set("ffprobePath", e.currentTarget.value)} error={errors?.fields.ffprobePath} />
          </SimpleGrid>
          <ServerMessage message={errors?.general} />
          <Group justify="flex-end" mt="md">
            {saved && <Text size="sm" c="green" role="status">Saved</Text>}
            <Button type="submit" loading={state.fetching}>Save settings</Button>
          </Group>
        </Card>
      </form>
      <Card withBorder component="section" aria-label="Access">
        <Title order={2} size="h4" mb="sm">Access</Title>
        <Stack>
          {settings.listeningBeyondLoopback && !settings.writeKeySet && !settings.passwordSet && (
            <Alert color="orange" role="alert">Airwave listens beyond this computer with no write key: anyone on the network can change it.</Alert>
          )}
          <OwnerPasswordSetting />
          <SecretSetting label="Write key" field="writeKey" isSet={settings.writeKeySet} description="When set, every change needs this key or the owner's sign-in (the UI asks for it once). Applies at once; replacing or removing it needs the current key." onSave={save} error={errors?.fields.writeKey} />
          <SecretSetting label="IPTV token key" field="iptvTokenKey" isSet={settings.iptvTokenKeySet} description="When set, media players need a token for /iptv/ addresses. Applies after a restart." onSave={save} error={errors?.fields.iptvTokenKey} />
          <IptvTokenCard enabled={settings.iptvTokenKeySet} />
        </Stack>
      </Card>
      <BackupsCard intervalHours={settings.backupIntervalHours} keep={settings.backupKeep} onSave={save} errors={errors?.fields} />
      <SetupTransferCard />
      <FFmpegInfoCard />
    </Stack>
  );
}
