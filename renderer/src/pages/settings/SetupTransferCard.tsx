import { Alert, Anchor, Button, Card, Checkbox, FileInput, Group, List, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { ServerMessage } from "../../components/ServerMessage";
import { rest, RestError } from "../../graphql/rest";
import { useTranslation } from "react-i18next";

interface ImportReport {
  valid: boolean;
  applied: boolean;
  entries: { path: string; table: string; action: "create" | "update" | "skip" }[];
  unmatched: { path: string; identity: { guids: string[]; library: string | null; path: string | null } }[];
  /** Lines that do not stop the import: files and libraries this machine lacks, settings its environment decides, how timelines go on. */
  notices: { path: string; level: "info" | "warning"; message: string }[];
  errors: { path: string; message: string }[];
}

function count(report: ImportReport, action: "create" | "update" | "skip") {
  return report.entries.filter((e) => e.action === action).length;
}

/** Download the setup as YAML; upload one, see the dry-run report, then apply it (REST: GraphQL has no equivalent). */
export function SetupTransferCard() {
  const { t } = useTranslation();
  const [document, setDocument] = useState<{ name: string; text: string } | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [reset, setReset] = useState(false);

  const send = async (text: string, apply: boolean) => {
    setBusy(true);
    try {
      setReport(await rest<ImportReport>("POST", `/api/v1/import${apply ? "?apply=true" : ""}`, { document: text, reset }));
      setMessage(null);
    } catch (error) {
      setMessage(error instanceof RestError ? error.problem.detail : String(error));
    } finally {
      setBusy(false);
    }
  };
  const choose = async (file: File | null) => {
    setReport(null);
    if (!file) return setDocument(null);
    const text = await file.text();
    setDocument({ name: file.name, text });
    await send(text, false);
  };

  return (
    <Card withBorder component="section" aria-label={t("settings.importAndExport")}>
      <Title order={2} size="h4" mb="sm">{t("settings.importAndExport")}</Title>
      <Stack>
        <Group>
          <Anchor href="/api/v1/export" download="airwave-setup.yaml">{t("settings.downloadTheSetupYaml")}</Anchor>
          <Text size="sm" c="dimmed">{t("settings.channelsProfilesCollectionsFillerSchedulesBlocks")}</Text>
        </Group>
        <FileInput label={t("settings.importASetup")} placeholder={t("settings.chooseAnExportedYamlFile")} accept=".yaml,.yml,application/yaml,text/yaml" value={null} onChange={choose} clearable={false} />
        <ServerMessage message={message} />
        {report && document && (
          <Stack gap="xs" aria-label={t("common.importReport")}>
            <Text fw={600}>
              {t(report.applied ? "settings.importedSummary" : "settings.wouldImportSummary", { name: document.name, created: count(report, "create"), updated: count(report, "update"), skipped: count(report, "skip") })}</Text>
            {report.unmatched.length > 0 && (
              <Alert color="yellow" title={t("settings.mediaThisLibraryDoesNotHave")}>
                <List size="sm">{report.unmatched.map((u) => <List.Item key={u.path}>{u.path}: {[...u.identity.guids, u.identity.library && u.identity.path ? `${u.identity.library}: ${u.identity.path}` : ""].filter(Boolean).join(", ")}</List.Item>)}</List>
              </Alert>
            )}
            {report.notices.some((n) => n.level === "warning") && (
              <Alert color="yellow" title={t("settings.notAsOnTheMachineIt")}>
                <List size="sm" aria-label={t("common.importWarnings")}>{report.notices.filter((n) => n.level === "warning").map((n) => <List.Item key={`${n.path}${n.message}`}>{n.path}: {n.message}</List.Item>)}</List>
              </Alert>
            )}
            {report.notices.some((n) => n.level === "info") && (
              <List size="sm" aria-label={t("common.importNotes")}>{report.notices.filter((n) => n.level === "info").map((n) => <List.Item key={`${n.path}${n.message}`}>{n.path}: {n.message}</List.Item>)}</List>
            )}
            {report.errors.length > 0 && (
              <Alert color="red" title={t("settings.theDocumentCannotBeImported")} role="alert">
                <List size="sm">{report.errors.map((e) => <List.Item key={`${e.path}${e.message}`}>{e.path || t("common.document")}: {e.message}</List.Item>)}</List>
              </Alert>
            )}
            {report.applied && <Text size="sm" c="green" role="status">{t("common.importApplied")}{" "}{reset ? t("settings.playoutsStartAgainFromNow") : t("settings.playoutsContinueTheirTimelines")}</Text>}
            {!report.applied && report.valid && (
              <Group>
                <Text size="sm">{t("settings.nothingHasChangedYet")}</Text>
                <Checkbox label={t("settings.startEveryPlayoutAgainFromNow")} description={t("settings.insteadOfContinuingTheTimelinesThe")} checked={reset} onChange={(event) => setReset(event.currentTarget.checked)} />
                <Button onClick={() => send(document.text, true)} loading={busy}>{t("common.applyImport")}</Button>
              </Group>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
