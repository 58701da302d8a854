import { Alert, Anchor, Button, Card, Checkbox, FileInput, Group, List, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { ServerMessage } from "../../components/ServerMessage";
import { rest, RestError } from "../../graphql/rest";

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
    <Card withBorder component="section" aria-label="Import and export">
      <Title order={2} size="h4" mb="sm">Import and export</Title>
      <Stack>
        <Group>
          <Anchor href="/api/v1/export" download="airwave-setup.yaml">Download the setup (YAML)</Anchor>
          <Text size="sm" c="dimmed">Channels, profiles, collections, filler, schedules, blocks, playouts and portable settings; no keys.</Text>
        </Group>
        <FileInput label="Import a setup" placeholder="Choose an exported YAML file" accept=".yaml,.yml,application/yaml,text/yaml" value={null} onChange={choose} clearable={false} />
        <ServerMessage message={message} />
        {report && document && (
          <Stack gap="xs" aria-label="Import report">
            <Text fw={600}>
              {report.applied ? "Imported" : "Would import"} {document.name}: {count(report, "create")} new, {count(report, "update")} updated, {count(report, "skip")} skipped
            </Text>
            {report.unmatched.length > 0 && (
              <Alert color="yellow" title="Media this library does not have">
                <List size="sm">{report.unmatched.map((u) => <List.Item key={u.path}>{u.path}: {[...u.identity.guids, u.identity.library && u.identity.path ? `${u.identity.library}: ${u.identity.path}` : ""].filter(Boolean).join(", ")}</List.Item>)}</List>
              </Alert>
            )}
            {report.notices.some((n) => n.level === "warning") && (
              <Alert color="yellow" title="Not as on the machine it came from">
                <List size="sm" aria-label="Import warnings">{report.notices.filter((n) => n.level === "warning").map((n) => <List.Item key={`${n.path}${n.message}`}>{n.path}: {n.message}</List.Item>)}</List>
              </Alert>
            )}
            {report.notices.some((n) => n.level === "info") && (
              <List size="sm" aria-label="Import notes">{report.notices.filter((n) => n.level === "info").map((n) => <List.Item key={`${n.path}${n.message}`}>{n.path}: {n.message}</List.Item>)}</List>
            )}
            {report.errors.length > 0 && (
              <Alert color="red" title="The document cannot be imported" role="alert">
                <List size="sm">{report.errors.map((e) => <List.Item key={`${e.path}${e.message}`}>{e.path || "document"}: {e.message}</List.Item>)}</List>
              </Alert>
            )}
            {report.applied && <Text size="sm" c="green" role="status">Import applied; {reset ? "playouts start again from now." : "playouts continue their timelines."}</Text>}
            {!report.applied && report.valid && (
              <Group>
                <Text size="sm">Nothing has changed yet.</Text>
                <Checkbox label="Start every playout again from now" description="instead of continuing the timelines the export carries" checked={reset} onChange={(event) => setReset(event.currentTarget.checked)} />
                <Button onClick={() => send(document.text, true)} loading={busy}>Apply import</Button>
              </Group>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
