import type { FileReport } from "./file-report";
import type { Path } from "./path";

interface KeyedEntry {
  key?: string;
  keyPath: Path;
  report: FileReport;
}

/**
 * Keys are case-sensitive when looked up, and must differ by more than case (reference §1.3,
 * §10 item 2). Entries come main file first, then imports in order; a later duplicate is an error
 * (upstream silently keeps the first).
 */
export function registerKeys<T extends KeyedEntry>(entries: readonly T[], noun: string): Map<string, T> {
  const byKey = new Map<string, T>();
  const byLowerKey = new Map<string, T>();
  for (const entry of entries) {
    if (entry.key === undefined) continue;
    const first = byLowerKey.get(entry.key.toLowerCase());
    if (first?.key !== undefined) {
      const where = describeLocation(first);
      const message =
        first.key === entry.key
          ? `duplicate ${noun} key "${entry.key}"; it is already defined at ${where}`
          : `duplicate ${noun} key "${entry.key}": "${first.key}" is already defined at ${where} (keys must differ by more than case)`;
      entry.report.atValue(entry.keyPath, message);
      continue;
    }
    byLowerKey.set(entry.key.toLowerCase(), entry);
    byKey.set(entry.key, entry);
  }
  return byKey;
}

export function describeLocation(entry: { keyPath: Path; report: FileReport }): string {
  const { file, line, column } = entry.report.location(entry.keyPath);
  return `${file}:${line}:${column}`;
}
