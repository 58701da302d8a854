import { Button, Group, Select, Stack, Text } from "@mantine/core";
import { useEffect, useMemo, useState } from "react";
import { useQuery } from "urql";
import { ServerMessage } from "../../components/ServerMessage";
import { PlayoutDefinitionEditor } from "../../components/yaml-editor/PlayoutDefinitionEditor";
import {
  CreatePlayoutDocument,
  PlayoutSourcesDocument,
  UpdatePlayoutDocument,
} from "../../graphql/generated";
import { toServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { PLAYOUT_TEMPLATES, type PlayoutSource } from "./playout-templates";
import { useTranslation } from "react-i18next";

export interface PlayoutSaved {
  success: boolean;
  message: string;
  itemCount: number;
}

/**
 * Gives a channel a YAML playout: pick a collection or show and a ready-made template, or write the
 * YAML; the server validates and builds it.
 */
export function PlayoutSetup({ channelId, playoutId, initialDefinition, onSaved }: { channelId: number; playoutId?: number | null; initialDefinition?: string | null; onSaved: (build: PlayoutSaved) => void }) {
  const { t } = useTranslation();
  const [{ data }] = useQuery({ query: PlayoutSourcesDocument, requestPolicy: "network-only" });
  const sources: PlayoutSource[] = useMemo(
    () => [
      ...(data?.shows.items ?? []).map((s) => ({ value: `show:${s.title}`, label: `Show: ${s.title}` })),
      ...(data?.collections ?? []).map((c) => ({ value: `collection:${c.name}`, label: t("channels.collection", { name: c.name, itemCount: c.itemCount }) })),
    ],
    [data],
  );
  const [sourceValue, setSourceValue] = useState<string | null>(null);
  const [templateValue, setTemplateValue] = useState<string | null>(PLAYOUT_TEMPLATES[0].value);
  const [definition, setDefinition] = useState(initialDefinition ?? "");
  const [message, setMessage] = useState<string | null>(null);
  const [createState, create] = useServerMutation(CreatePlayoutDocument);
  const [updateState, update] = useServerMutation(UpdatePlayoutDocument);

  useEffect(() => {
    if (!sourceValue && !initialDefinition && sources.length > 0) setSourceValue(sources[0].value);
  }, [sources, sourceValue, initialDefinition]);

  useEffect(() => {
    const source = sources.find((s) => s.value === sourceValue);
    const template = PLAYOUT_TEMPLATES.find((t) => t.value === templateValue);
    if (source && template) setDefinition(template.render(source));
  }, [sourceValue, templateValue, sources]);

  const save = async () => {
    const result = playoutId
      ? await update({ id: playoutId, input: { definition } })
      : await create({ input: { channelId, kind: "Sequential", definition } });
    const change = result.data && ("createPlayout" in result.data ? result.data.createPlayout : result.data.updatePlayout);
    if (result.error || !change) {
      setMessage(toServerErrors(result.error, []).general);
      return;
    }
    setMessage(change.build.success ? null : t("channels.theBuildFailed", { message: change.build.message }));
    onSaved(change.build);
  };

  return (
    <Stack>
      <Group grow align="flex-start">
        <Select label={t("channels.whatToPlay")} placeholder={sources.length ? t("channels.pickAShowOrCollection") : t("channels.noShowsOrCollectionsYet")} data={sources} value={sourceValue} onChange={setSourceValue} searchable />
        <Select label={t("common.template")} data={PLAYOUT_TEMPLATES.map((template) => ({ value: template.value, label: t(template.label) }))} value={templateValue} onChange={setTemplateValue} allowDeselect={false} />
      </Group>
      <PlayoutDefinitionEditor value={definition} onChange={setDefinition} description={t("channels.filledInFromTheTemplateEdit")} />
      <ServerMessage message={message} />
      <Group justify="flex-end">
        <Button onClick={save} loading={createState.fetching || updateState.fetching} disabled={!definition.trim()}>{playoutId ? t("channels.saveAndRebuild") : t("common.createPlayout")}</Button>
      </Group>
      <Text size="xs" c="dimmed">{t("channels.savingBuildsTheScheduleForThe")}</Text>
    </Stack>
  );
}
