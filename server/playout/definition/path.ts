/** A step into a parsed document: a mapping key or a list index. */
export type PathSegment = string | number;
export type Path = readonly PathSegment[];

const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `["playout", 3, "duration"]` → `playout[3].duration`; odd keys are quoted: `content[0]["a b"]`. */
export function formatPath(path: Path): string {
  let text = "";
  for (const segment of path) {
    if (typeof segment === "number") text += `[${segment}]`;
    else if (PLAIN_KEY.test(segment)) text += text === "" ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}
