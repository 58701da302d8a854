import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { autocompletion, completionKeymap, type CompletionContext, type CompletionResult } from "@codemirror/autocomplete";
import { yaml } from "@codemirror/lang-yaml";
import { HighlightStyle, indentOnInput, syntaxHighlighting } from "@codemirror/language";
import { lintGutter, linter, lintKeymap, type Diagnostic } from "@codemirror/lint";
import { EditorState, type Text as DocText } from "@codemirror/state";
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from "@codemirror/view";
import { tags } from "@lezer/highlight";
import { useEffect, useRef } from "react";
import { schemaSuggestions } from "./schema-completion";
import { cursorContext } from "./yaml-path";
import type { YamlEditorProps, YamlProblem } from "./types";

/** How long typing must pause before the server checks the text. */
const VALIDATE_DELAY_MS = 400;

const highlight = HighlightStyle.define([
  { tag: [tags.propertyName, tags.definition(tags.propertyName)], color: "var(--mantine-color-blue-text)" },
  { tag: [tags.string, tags.special(tags.string)], color: "var(--mantine-color-green-text)" },
  { tag: [tags.number, tags.bool, tags.null, tags.keyword], color: "var(--mantine-color-grape-text)" },
  { tag: [tags.comment, tags.lineComment], color: "var(--mantine-color-dimmed)", fontStyle: "italic" },
  { tag: [tags.punctuation, tags.separator, tags.squareBracket, tags.brace], color: "var(--mantine-color-dimmed)" },
]);

const theme = EditorView.theme({
  "&": { fontSize: "13px", border: "1px solid var(--mantine-color-default-border)", borderRadius: "var(--mantine-radius-sm)", backgroundColor: "var(--mantine-color-body)", color: "var(--mantine-color-text)" },
  "&.cm-focused": { outline: "2px solid var(--mantine-color-indigo-5)", outlineOffset: "1px" },
  ".cm-content": { fontFamily: "var(--mantine-font-family-monospace)", minHeight: "12em", caretColor: "var(--mantine-color-text)" },
  ".cm-gutters": { backgroundColor: "var(--mantine-color-default)", color: "var(--mantine-color-dimmed)", borderRight: "1px solid var(--mantine-color-default-border)" },
  ".cm-activeLine, .cm-activeLineGutter": { backgroundColor: "var(--mantine-color-default-hover)" },
  ".cm-scroller": { maxHeight: "28em", overflow: "auto" },
  ".cm-tooltip": { backgroundColor: "var(--mantine-color-body)", color: "var(--mantine-color-text)", border: "1px solid var(--mantine-color-default-border)" },
});

/** The span to underline for a 1-based line and column: the word there, or the line's text. */
export function problemRange(doc: DocText, line: number, column: number): { from: number; to: number } {
  const target = doc.line(Math.min(Math.max(1, line), doc.lines));
  const text = target.text;
  let start = Math.min(Math.max(0, column - 1), text.length);
  if (start >= text.length) start = text.length - text.trimStart().length;
  let end = start;
  while (end < text.length && !/[\s:,\]}]/.test(text[end]!)) end++;
  if (end === start) end = text.length;
  return { from: target.from + start, to: target.from + end };
}

function toDiagnostics(doc: DocText, problems: readonly YamlProblem[]): Diagnostic[] {
  return problems.map((p) => ({ ...problemRange(doc, p.line, p.column), severity: "error" as const, message: p.path ? `${p.path}: ${p.message}` : p.message, source: "server" }));
}

function completeFromSchema(context: CompletionContext): CompletionResult | null {
  const line = context.state.doc.lineAt(context.pos);
  const lines = context.state.doc.toString().split("\n");
  const cursor = cursorContext(lines, line.number - 1, context.pos - line.from);
  if (!context.explicit && cursor.prefix === "" && cursor.valueOf === undefined) return null;
  const options = schemaSuggestions(cursor).map((s) => ({ label: s.label, apply: s.apply, detail: s.detail, type: s.kind === "enum" ? "enum" : "property" }));
  if (options.length === 0) return null;
  return { from: context.pos - cursor.prefix.length, options, validFor: /^[\w-]*$/ };
}

/** CodeMirror 6 over a YAML playout: highlighting, completion from the schema, the server's errors underlined. */
export default function CodeMirrorYaml({ value, onChange, label, describedBy, validate, onValidated }: YamlEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const callbacks = useRef({ onChange, validate, onValidated });
  callbacks.current = { onChange, validate, onValidated };

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightActiveLine(),
          drawSelection(),
          history(),
          indentOnInput(),
          EditorState.tabSize.of(2),
          yaml(),
          syntaxHighlighting(highlight),
          autocompletion({ override: [completeFromSchema], activateOnTyping: true }),
          keymap.of([...completionKeymap, ...lintKeymap, ...defaultKeymap, ...historyKeymap]),
          lintGutter(),
          linter(
            async (v) => {
              const text = v.state.doc.toString();
              const problems = await callbacks.current.validate(text);
              callbacks.current.onValidated?.(text, problems);
              // The document may have moved on while the server answered; positions are for `text`.
              return v.state.doc.toString() === text ? toDiagnostics(v.state.doc, problems.filter((p) => p.inThisText)) : [];
            },
            { delay: VALIDATE_DELAY_MS },
          ),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ "aria-label": label, "aria-multiline": "true", role: "textbox", ...(describedBy ? { "aria-describedby": describedBy } : {}) }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) callbacks.current.onChange(update.state.doc.toString());
          }),
          theme,
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The editor is created once; later value changes are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  return <div ref={host} data-testid="yaml-editor" />;
}
