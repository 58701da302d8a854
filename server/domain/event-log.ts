/** Where process owners and services tell what happened (the server's redacting logger; the Logs page reads it). */
export interface EventLog {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
}

export const NO_EVENT_LOG: EventLog = { debug: () => undefined, info: () => undefined, warn: () => undefined };
