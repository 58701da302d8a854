import { Alert, Group, List, Loader, Stack, Text, Title } from "@mantine/core";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useClient } from "urql";
import { PlayoutEditorPreviewDocument, PlayoutEditorValidateDocument, type PlayoutEditorPreviewQuery } from "../../graphql/generated";
import { toServerErrors } from "../../graphql/server-errors";
import { ServerMessage } from "../ServerMessage";
import { PlayoutPreviewTimeline } from "./PlayoutPreviewTimeline";
import type { YamlProblem } from "./types";
import { YamlEditor } from "./YamlEditor";
import { useTranslation } from "react-i18next";

const PREVIEW_HOURS = 6;

type Check = { state: "checking" } | { state: "done"; problems: YamlProblem[] } | { state: "failed"; message: string };

/**
 * A YAML playout definition with the server in the loop: every pause in typing is checked by
 * `validatePlayout` (problems underlined in place and listed), and a valid text is previewed with
 * `previewPlayout` for the next hours.
 */
export function PlayoutDefinitionEditor({ value, onChange, label, description }: { value: string; onChange: (value: string) => void; label?: string; description?: string }) {
  const { t } = useTranslation();
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
        setCheck({ state: "failed", message: toServerErrors(result.error, []).general ?? t("yamlEditor.theServerDidNotAnswer") });
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
      <YamlEditor value={value} onChange={onChange} label={label ?? t("yamlEditor.yamlPlayoutDefinition")} describedBy={statusId} validate={validate} onValidated={onValidated} />
      <div id={statusId} role="status" aria-live="polite">
        {check.state === "checking" && (
          <Group gap={6}><Loader size={12} /><Text size="sm" c="dimmed">{t("yamlEditor.checkingWithTheServer")}</Text></Group>
        )}
        {check.state === "failed" && <ServerMessage title={t("yamlEditor.cannotCheckTheDefinition")} message={check.message} />}
        {check.state === "done" && check.problems.length === 0 && <Text size="sm" c="green">{t("yamlEditor.theServerAcceptsThisDefinition")}</Text>}
        {check.state === "done" && check.problems.length > 0 && (
          <Alert color="red" title={t("yamlEditor.theServerFound", { count: check.problems.length })} p="xs">
            <List size="sm">
              {check.problems.map((p, i) => (
                <List.Item key={i}>{t("yamlEditor.lineColumn", { line: p.line, column: p.column, value: p.path ? ` (${p.path})` : "", message: p.message })}</List.Item>
              ))}
            </List>
          </Alert>
        )}
      </div>
      <ServerMessage title={t("common.cannotPreview")} message={previewError} />
      {preview && (
        <Stack gap={4}>
          <Title order={3} size="h5">{t("yamlEditor.theNextHours", { count: PREVIEW_HOURS })}</Title>
          <PlayoutPreviewTimeline preview={preview} hours={PREVIEW_HOURS} />
        </Stack>
      )}
    </Stack>
  );
}
