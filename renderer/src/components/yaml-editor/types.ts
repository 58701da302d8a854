/** One problem the server found in a YAML definition (1-based line and column). */
export interface YamlProblem {
  line: number;
  column: number;
  path: string;
  message: string;
  /** False for problems in an imported file: they are listed, not underlined. */
  inThisText: boolean;
}

export interface YamlEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** The accessible name of the text area. */
  label: string;
  /** Id of the element describing the editor (help text, status). */
  describedBy?: string;
  /** Asks the server; called about 400 ms after typing stops. */
  validate: (text: string) => Promise<YamlProblem[]>;
  /** After each check: the text checked and what the server said. */
  onValidated?: (text: string, problems: YamlProblem[]) => void;
}
