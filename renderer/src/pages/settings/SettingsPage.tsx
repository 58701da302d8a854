import { Alert, Badge, Button, Card, Code, Group, NumberInput, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useEffect, useState, type FormEvent } from "react";
import { useQuery } from "urql";
import { CopyField } from "../../components/CopyField";
import { LanguagePicker } from "../../components/LanguagePicker";
import { ServerMessage } from "../../components/ServerMessage";
import { SettingsDocument, UpdateSettingsDocument, type SettingsFieldsFragment, type SettingsInput } from "../../graphql/generated";
import { toServerErrors, type ServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { BackupsCard } from "./BackupsCard";
import { FFmpegInfoCard } from "./FFmpegInfoCard";
import { IptvTokenCard } from "./IptvTokenCard";
import { OwnerPasswordSetting } from "./OwnerPasswordSetting";
import { SetupTransferCard } from "./SetupTransferCard";
import { useTranslation } from "react-i18next";

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

function SecretSetting({ label, newLabel, field, isSet, description, onSave, error }: { label: string; newLabel: string; field: "writeKey" | "iptvTokenKey"; isSet: boolean; description: string; onSave: (input: SettingsInput) => Promise<boolean>; error?: string }) {
  const { t } = useTranslation();
  const [value, setValue] = useState("");
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text fw={600}>{label}</Text>
        <Badge color={isSet ? "green" : "gray"} variant="light">{isSet ? t("common.set") : t("common.notSet")}</Badge>
      </Group>
      <Text size="sm" c="dimmed">{description}</Text>
      <Group align="flex-start" wrap="nowrap">
        <PasswordInput aria-label={newLabel} placeholder={newLabel} value={value} onChange={(e) => setValue(e.currentTarget.value)} error={error} style={{ flex: 1 }} autoComplete="new-password" />
        <Button variant="default" disabled={!value} onClick={async () => (await onSave({ [field]: value })) && setValue("")}>{t("common.save")}</Button>
        {isSet && <Button variant="subtle" color="red" onClick={() => onSave({ [field]: null })}>{t("common.remove")}</Button>}
      </Group>
    </Stack>
  );
}

export default function SettingsPage() {
  const { t } = useTranslation();
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

  if (error) return <ServerMessage title={t("settings.cannotLoadSettings")} message={error.message} />;
  if (!settings || !values) return null;
  const set = <K extends keyof Editable>(key: K, value: Editable[K]) => setValues({ ...values, [key]: value });
  const asNumber = (value: string | number) => (typeof value === "number" ? value : Number.parseInt(value, 10));

  return (
    <Stack maw={1000}>
      <Title order={1}>{t("common.settings")}</Title>
      {settings.restartRequired && <Alert color="yellow" title={t("common.restartNeeded")} role="status">{t("settings.someSavedSettingsTakeEffectAfter")}</Alert>}
      {settings.environmentOverrides.length > 0 && (
        <Text size="sm" c="dimmed">{t("settings.setByEnvironmentVariablesNotEditable")}{" "}{settings.environmentOverrides.map((k) => <Code key={k} mr={4}>{k}</Code>)}</Text>
      )}
      <LanguagePicker />
      <Card withBorder component="section" aria-label={t("settings.mediaPlayerAddresses")}>
        <Title order={2} size="h4" mb="sm">{t("settings.addressesForMediaPlayers")}</Title>
        <Stack gap="xs">
          <CopyField label={t("common.m3uPlaylist")} value={settings.m3uUrl} />
          <CopyField label={t("common.xmltvGuide")} value={settings.xmltvUrl} />
          <CopyField label={t("common.hdhomerunTuner")} value={settings.hdhomerunUrl} />
        </Stack>
      </Card>
      <Card withBorder component="section" aria-label={t("common.folders")}>
        <Title order={2} size="h4" mb="sm">{t("common.folders")}</Title>
        <Stack gap="xs">
          <CopyField label={t("settings.scriptsScriptedPlayoutsRunScriptsOnly")} value={settings.scriptsFolder} />
          <CopyField label={t("settings.channelFilesAndYamlDefinitionsExternaljson")} value={settings.playoutsFolder} />
        </Stack>
      </Card>
      <form onSubmit={submit} aria-label={t("settings.schedulingAndTunerSettings")}>
        <Card withBorder component="section">
          <Title order={2} size="h4" mb="sm">{t("settings.schedulingGuideAndTuner")}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t("common.timeZone")} description={t("settings.ianaZoneEGEuropeBerlin")} value={values.timeZone} onChange={(e) => set("timeZone", e.currentTarget.value)} error={errors?.fields.timeZone} />
            <NumberInput label={t("settings.daysOfPlayoutToBuild")} value={values.playoutDaysToBuild} onChange={(v) => set("playoutDaysToBuild", asNumber(v))} error={errors?.fields.playoutDaysToBuild} allowDecimal={false} />
            <NumberInput label={t("settings.daysOfGuide")} value={values.guideDaysToBuild} onChange={(v) => set("guideDaysToBuild", asNumber(v))} error={errors?.fields.guideDaysToBuild} allowDecimal={false} />
            <NumberInput label={t("settings.hdhomerunTunerCount")} value={values.hdhomerunTunerCount} onChange={(v) => set("hdhomerunTunerCount", asNumber(v))} error={errors?.fields.hdhomerunTunerCount} allowDecimal={false} />
            <TextInput label={t("common.ffmpegPath")} placeholder={t("common.foundAutomatically")} value={values.ffmpegPath} onChange={(e) => set("ffmpegPath", e.currentTarget.value)} error={errors?.fields.ffmpegPath} />
            <TextInput label={t("common.ffprobePath")} placeholder={t("common.foundAutomatically")} value={values.ffprobePath} onChange={(e) => set("ffprobePath", e.currentTarget.value)} error={errors?.fields.ffprobePath} />
          </SimpleGrid>
          <ServerMessage message={errors?.general} />
          <Group justify="flex-end" mt="md">
            {saved && <Text size="sm" c="green" role="status">{t("common.saved")}</Text>}
            <Button type="submit" loading={state.fetching}>{t("common.saveSettings")}</Button>
          </Group>
        </Card>
      </form>
      <Card withBorder component="section" aria-label={t("common.access")}>
        <Title order={2} size="h4" mb="sm">{t("common.access")}</Title>
        <Stack>
          {settings.listeningBeyondLoopback && !settings.writeKeySet && !settings.passwordSet && (
            <Alert color="orange" role="alert">{t("settings.airwaveListensBeyondThisComputerWith")}</Alert>
          )}
          <OwnerPasswordSetting />
          <SecretSetting label={t("common.writeKey")} newLabel={t("settings.newWriteKey")} field="writeKey" isSet={settings.writeKeySet} description={t("settings.whenSetEveryChangeNeedsThis")} onSave={save} error={errors?.fields.writeKey} />
          <SecretSetting label={t("settings.iptvTokenKey")} newLabel={t("settings.newIptvTokenKey")} field="iptvTokenKey" isSet={settings.iptvTokenKeySet} description={t("settings.whenSetMediaPlayersNeedA")} onSave={save} error={errors?.fields.iptvTokenKey} />
          <IptvTokenCard enabled={settings.iptvTokenKeySet} />
        </Stack>
      </Card>
      <BackupsCard intervalHours={settings.backupIntervalHours} keep={settings.backupKeep} onSave={save} errors={errors?.fields} />
      <SetupTransferCard />
      <FFmpegInfoCard />
    </Stack>
  );
}
