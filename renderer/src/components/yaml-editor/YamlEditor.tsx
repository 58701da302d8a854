import { Loader, Text } from "@mantine/core";
import { lazy, Suspense } from "react";
import type { YamlEditorProps } from "./types";
import { useTranslation } from "react-i18next";

// CodeMirror is its own chunk, loaded only by pages that edit YAML.
const CodeMirrorYaml = lazy(() => import("./CodeMirrorYaml"));

/** The YAML editor, loaded on demand. */
export function YamlEditor(props: YamlEditorProps) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Text size="sm" c="dimmed" role="status">
          <Loader size="xs" mr="xs" />{t("yamlEditor.loadingTheEditor")}</Text>
      }
    >
      <CodeMirrorYaml {...props} />
    </Suspense>
  );
}
