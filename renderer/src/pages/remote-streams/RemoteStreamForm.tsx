import { ActionIcon, Button, Checkbox, Fieldset, Group, PasswordInput, Stack, Switch, Text, TextInput, Textarea } from "@mantine/core";
import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { CombinedError } from "urql";
import { ServerMessage } from "../../components/ServerMessage";
import { toServerErrors, type ServerErrors } from "../../graphql/server-errors";

/** What the form edits; headers are name/value rows (values are secrets the server never sends back). */
export interface StreamFormValues {
  url: string;
  title: string;
  live: boolean;
  duration: string;
  plot: string;
  genres: string;
  headers: Array<{ name: string; value: string }>;
}

/** The input both mutations take; `url` and `headers` are left out of an edit that keeps the stored ones. */
export interface StreamInput {
  url?: string;
  title: string | null;
  plot: string | null;
  genres: string[];
  duration: string | null;
  live: boolean;
  headers?: Array<{ name: string; value: string }>;
}

export const EMPTY_STREAM: StreamFormValues = { url: "", title: "", live: false, duration: "", plot: "", genres: "", headers: [] };
const FIELDS = ["url", "title", "plot", "genres", "duration", "live", "headers"] as const;

export interface StoredSource {
  /** The stored URL as shown (without its query). */
  url: string | null;
  urlHasQuery: boolean;
  headerNames: readonly string[];
}

/**
 * A remote stream's fields. Adding (no `stored`): every field is sent. Editing: a URL left empty keeps the stored
 * one (shown without its query), and the stored headers stay unless "Replace the headers" is ticked.
 */
export function RemoteStreamForm({ label, initial, stored, submitLabel, onSubmit, extra }: {
  label: string;
  initial: StreamFormValues;
  stored?: StoredSource;
  submitLabel: string;
  onSubmit: (input: StreamInput) => Promise<CombinedError | undefined>;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [replaceHeaders, setReplaceHeaders] = useState(!stored || stored.headerNames.length === 0);
  const [errors, setErrors] = useState<ServerErrors | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof StreamFormValues>(key: K) => (value: StreamFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const setHeader = (index: number, part: "name" | "value", text: string) => set("headers")(values.headers.map((h, i) => (i === index ? { ...h, [part]: text } : h)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input: StreamInput = {
      title: values.title.trim() || null,
      plot: values.plot.trim() || null,
      genres: values.genres.split(",").map((g) => g.trim()).filter(Boolean),
      duration: values.duration.trim() || null,
      live: values.live,
    };
    if (!stored || values.url.trim()) input.url = values.url.trim();
    if (replaceHeaders) input.headers = values.headers.filter((h) => h.name.trim() || h.value);
    setBusy(true);
    try {
      const error = await onSubmit(input);
      setErrors(error ? toServerErrors(error, FIELDS) : null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} aria-label={label}>
      <Stack>
        <TextInput
          label={t("remoteStreams.url")}
          description={stored ? (stored.urlHasQuery ? t("remoteStreams.urlKeptWithQuery") : t("remoteStreams.urlKept")) : t("remoteStreams.urlHelp")}
          placeholder={stored?.url ?? "https://example.com/live/index.m3u8"}
          value={values.url}
          onChange={(e) => set("url")(e.currentTarget.value)}
          required={!stored}
          error={errors?.fields.url}
        />
        <TextInput label={t("remoteStreams.title")} description={t("remoteStreams.titleHelp")} value={values.title} onChange={(e) => set("title")(e.currentTarget.value)} error={errors?.fields.title} />
        <Switch label={t("remoteStreams.live")} description={t("remoteStreams.liveHelp")} checked={values.live} onChange={(e) => set("live")(e.currentTarget.checked)} error={errors?.fields.live} />
        <TextInput
          label={values.live ? t("remoteStreams.lengthByCount") : t("remoteStreams.duration")}
          description={values.live ? t("remoteStreams.lengthByCountHelp") : t("remoteStreams.durationHelp")}
          placeholder="00:30:00"
          value={values.duration}
          onChange={(e) => set("duration")(e.currentTarget.value)}
          required={!values.live}
          error={errors?.fields.duration}
        />
        <Textarea label={t("remoteStreams.plot")} autosize minRows={2} value={values.plot} onChange={(e) => set("plot")(e.currentTarget.value)} error={errors?.fields.plot} />
        <TextInput label={t("remoteStreams.genres")} description={t("remoteStreams.genresHelp")} value={values.genres} onChange={(e) => set("genres")(e.currentTarget.value)} error={errors?.fields.genres} />
        <Fieldset legend={t("remoteStreams.headers")} aria-label={t("remoteStreams.headers")}>
          <Stack gap="xs">
            <Text size="sm" c="dimmed">{t("remoteStreams.headersHelp")}</Text>
            {stored && stored.headerNames.length > 0 && (
              <>
                <Text size="sm">{t("remoteStreams.storedHeaders", { names: stored.headerNames.join(", ") })}</Text>
                <Checkbox label={t("remoteStreams.replaceHeaders")} checked={replaceHeaders} onChange={(e) => setReplaceHeaders(e.currentTarget.checked)} />
              </>
            )}
            {replaceHeaders && values.headers.map((header, index) => (
              <Group key={index} align="flex-end" wrap="nowrap">
                <TextInput label={t("remoteStreams.headerName", { number: index + 1 })} value={header.name} onChange={(e) => setHeader(index, "name", e.currentTarget.value)} style={{ flex: 1 }} />
                <PasswordInput label={t("remoteStreams.headerValue", { number: index + 1 })} value={header.value} onChange={(e) => setHeader(index, "value", e.currentTarget.value)} style={{ flex: 2 }} />
                <ActionIcon variant="subtle" color="red" size="lg" aria-label={t("remoteStreams.removeHeader", { number: index + 1 })} onClick={() => set("headers")(values.headers.filter((_, i) => i !== index))}>×</ActionIcon>
              </Group>
            ))}
            {replaceHeaders && (
              <Group>
                <Button variant="default" size="xs" onClick={() => set("headers")([...values.headers, { name: "", value: "" }])}>{t("remoteStreams.addHeader")}</Button>
              </Group>
            )}
            {errors?.fields.headers && <Text size="sm" c="red" role="alert">{errors.fields.headers}</Text>}
          </Stack>
        </Fieldset>
        <ServerMessage message={errors?.general} />
        <Group justify="space-between">
          <div>{extra}</div>
          <Button type="submit" loading={busy}>{submitLabel}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A length in ms as the form writes it (hh:mm:ss); empty for none. */
export function durationText(ms: number): string {
  if (ms <= 0) return "";
  const total = Math.round(ms / 1000);
  const part = (n: number) => String(n).padStart(2, "0");
  return `${part(Math.floor(total / 3600))}:${part(Math.floor((total % 3600) / 60))}:${part(total % 60)}`;
}
