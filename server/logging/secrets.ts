import { redactSecrets } from "./redacting-logger";

/** Where a part of the server hands over a secret the moment it exists (a key just given, a capability just made). */
export interface SecretSink {
  add(value: string | null | undefined): void;
}

/**
 * Every secret this server knows, for redaction of log lines, FFmpeg error text and the troubleshooter:
 * values added as they appear (never forgotten until the process ends, so a key replaced through
 * Settings stays redacted too) and sources read at every use (the configuration, stored credentials).
 */
export class Secrets implements SecretSink {
  private readonly added = new Set<string>();
  private readonly sources: Array<() => Iterable<string | null | undefined>> = [];

  add(value: string | null | undefined): void {
    if (value) this.added.add(value);
  }

  /** A source read at every use. */
  watch(source: () => Iterable<string | null | undefined>): void {
    this.sources.push(source);
  }

  /** Every known secret, once each, whatever its length. */
  list(): string[] {
    const all = new Set(this.added);
    for (const source of this.sources) for (const value of source()) if (value) all.add(value);
    return [...all];
  }

  redact(text: string): string {
    return redactSecrets(text, this.list());
  }
}
