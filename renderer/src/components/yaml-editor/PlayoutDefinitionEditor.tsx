import { Alert, Group, List, Loader, Stack, Text, Title } from "@mantine/core";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useClient } from "urql";
import { PlayoutEditorPreviewDocument, PlayoutEditorValidateDocument, type PlayoutEditorPreviewQuery } from "../../graphql/generated";
import { toServerErrors } from "../../graphql/server-errors";
import { ServerMessage } from "../ServerMessage";
import { PlayoutPreviewTimeline } from "./PlayoutPreviewTimeline";
import type { YamlProblem } from "./types";
import { YamlEditor } from "./YamlEditor";

const PREVIEW_HOURS = 6;

type Check = { state: "checking" } | { state: "done"; problems: YamlProblem[] } | { state: "failed"; message: string };

/**
 * A YAML playout definition with the server in the loop: every pause in typing is checked by
 * `validatePlayout` (problems underlined in place and listed), and a valid text is previewed with
 * `previewPlayout` for the next hours.
 */
export function PlayoutDefinitionEditor({ value, onChange, label = "YAML playout definition", description }: { value: string; onChange: (value: string) => void; label?: string; description?: string }) {
  const client = useClient();
  const statusId = useId();
  const [check, setCheck] = useState<Check>({ state: "checking" });
  const [preview, setPreview] = useState<PlayoutEditorPreviewQuery["previewPlayout"] | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const latest = useRef(value);
  latest.current = value;

  const validate = useCallback(
    async (text: string): Promise<YamlProblem[]> => {
      setCheck({ state: "checking" });
      const result = await client.query(PlayoutEditorValidateDocument, { definition: text }, { requestPolicy: "network-only" }).toPromise();
      if (result.error || !result.data) {
        setCheck({ state: "failed", message: toServerErrors(result.error, []).general ?? "The server did not answer." });
        return [];
      }
      return result.data.validatePlayout.errors.map((e) => ({ line: e.line, column: e.column, path: e.path, message: e.message, inThisText: e.file === "definition" }));
    },
    [client],
  );

  const onValidated = useCallback(
    async (text: string, problems: YamlProblem[]) => {
      if (text !== latest.current) return;
      setCheck((current) => (current.state === "failed" ? current : { state: "done", problems }));
      if (problems.length > 0 || !text.trim()) {
        setPreview(null);
        return;
      }
      const result = await client.query(PlayoutEditorPreviewDocument, { definition: text, hours: PREVIEW_HOURS }, { requestPolicy: "network-only" }).toPromise();
      if (text !== latest.current) return;
      setPreview(result.data?.previewPlayout ?? null);
      setPreviewError(result.error ? toServerErrors(result.error, []).general : null);
    },
    [client],
  );

  useEffect(() => {
    if (!value.trim()) setPreview(null);
  }, [value]);

  return (
    <Stack gap="xs">
      <div>
        <Text component="div" fw={500} size="sm">{label}</Text>
        {description && <Text size="xs" c="dimmed">{description}</Text>}
      </div>
      <YamlEditor value={value} onChange={onChange} label={label} describedBy={statusId} validate={validate} onValidated={onValidated} />
      <div id={statusId} role="status" aria-live="polite">
        {check.state === "checking" && (
          <Group gap={6}><Loader size={12} /><Text size="sm" c="dimmed">Checking with the server…</Text></Group>
        )}
        {check.state === "failed" && <ServerMessage title="Cannot check the definition" message={check.message} />}
        {check.state === "done" && check.problems.length === 0 && <Text size="sm" c="green">The server accepts this definition.</Text>}
        {check.state === "done" && check.problems.length > 0 && (
          <Alert color="red" title={`The server found ${check.problems.length === 1 ? "a problem" : `${check.problems.length} problems`}`} p="xs">
            <List size="sm">
              {check.problems.map((p, i) => (
                <List.Item key={i}>Line {p.line}, column {p.column}{p.path ? ` (${p.path})` : ""}: {p.message}</List.Item>
              ))}
            </List>
          </Alert>
        )}
      </div>
      <ServerMessage title="Cannot preview" message={previewError} />
      {preview && (
        <Stack gap={4}>
          <Title order={3} size="h5">The next {PREVIEW_HOURS} hours</Title>
          <PlayoutPreviewTimeline preview={preview} hours={PREVIEW_HOURS} />
        </Stack>
      )}
    </Stack>
  );
}
