import { Loader, Text } from "@mantine/core";
import { lazy, Suspense } from "react";
import type { YamlEditorProps } from "./types";

// CodeMirror is its own chunk, loaded only by pages that edit YAML.
const CodeMirrorYaml = lazy(() => import("./CodeMirrorYaml"));

/** The YAML editor, loaded on demand. */
export function YamlEditor(props: YamlEditorProps) {
  return (
    <Suspense
      fallback={
        <Text size="sm" c="dimmed" role="status">
          <Loader size="xs" mr="xs" />Loading the editor…
        </Text>
      }
    >
      <CodeMirrorYaml {...props} />
    </Suspense>
  );
}
