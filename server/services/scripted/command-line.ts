/**
 * Splits a scripted playout's command line into its tokens: whitespace separates, single and double
 * quotes group, a backslash escapes the next character outside single quotes. No shell is involved:
 * the tokens become the argument array of the child process.
 */
export function splitCommandLine(line: string): { ok: true; tokens: string[] } | { ok: false; message: string } {
  const tokens: string[] = [];
  let current = "";
  let inToken = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === "\0") return { ok: false, message: "contains a NUL character" };
    if (quote === "'") {
      if (ch === "'") quote = null;
      else current += ch;
      continue;
    }
    if (ch === "\\" && i + 1 < line.length) {
      current += line[++i];
      inToken = true;
      continue;
    }
    if (quote === '"') {
      if (ch === '"') quote = null;
      else current += ch;
      continue;
    }
    if (ch === '"' || ch === "'") {
      quote = ch;
      inToken = true;
    } else if (/\s/.test(ch)) {
      if (inToken) tokens.push(current);
      current = "";
      inToken = false;
    } else {
      current += ch;
      inToken = true;
    }
  }
  if (quote) return { ok: false, message: `has an unclosed ${quote} quote` };
  if (inToken) tokens.push(current);
  if (!tokens.length) return { ok: false, message: "is empty" };
  return { ok: true, tokens };
}

/** How to start a script: Node scripts run with this Node, Python with python3, anything else directly. */
export function interpreterFor(script: string, nodePath: string): { command: string; args: string[] } {
  if (/\.(mjs|cjs|js)$/i.test(script)) return { command: nodePath, args: [script] };
  if (/\.py$/i.test(script)) return { command: "python3", args: [script] };
  return { command: script, args: [] };
}
