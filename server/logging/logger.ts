import type { LogLevel } from "../config/app-config";

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** Field names whose values never reach a log line. */
const SECRET_FIELD = /key|token|secret|password|authorization/i;

function render(fields: Record<string, unknown> | undefined): string {
  if (!fields) return "";
  const parts = Object.entries(fields).map(([name, value]) => {
    const shown = SECRET_FIELD.test(name) ? "[redacted]" : value instanceof Error ? value.message : value;
    return `${name}=${typeof shown === "string" ? shown : JSON.stringify(shown)}`;
  });
  return parts.length ? ` ${parts.join(" ")}` : "";
}

/** `level` may be read at every line (`Logging:Level` changes at run time through Settings). */
export function createLogger(level: LogLevel | (() => LogLevel), write: (line: string) => void = (l) => process.stderr.write(l)): Logger {
  const threshold = typeof level === "function" ? () => ORDER[level()] : () => ORDER[level];
  const at = (lvl: LogLevel) => (message: string, fields?: Record<string, unknown>) => {
    if (ORDER[lvl] < threshold()) return;
    write(`${new Date().toISOString()} ${lvl.toUpperCase()} ${message}${render(fields)}\n`);
  };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}
