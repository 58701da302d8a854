import type { Logger } from "./logger";

const SECRET_QUERY = /\b(access_token|api_key|apikey|token|key|cap)=([^&\s"']+)/gi;

/**
 * `text` with every configured secret (whatever its length: a short key is still a key; the longest
 * first, so one secret inside another goes whole) and every token-like query value replaced by `[redacted]`.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  const known = secrets.filter(Boolean).sort((a, b) => b.length - a.length);
  // One pass: text put in for one secret is never searched for another.
  const out = known.length ? text.replace(new RegExp(known.map(escapeRegExp).join("|"), "g"), "[redacted]") : text;
  return out.replace(SECRET_QUERY, "$1=[redacted]");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Passes every message and string field on to each logger with the secrets (read at each call) taken out. */
export function redactingLogger(targets: readonly Logger[], secrets: () => Array<string | undefined>): Logger {
  const at = (level: keyof Logger) => (message: string, fields?: Record<string, unknown>) => {
    const known = secrets().filter((s): s is string => Boolean(s));
    const cleaned = fields && Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, clean(v, known)]));
    for (const target of targets) target[level](redactSecrets(message, known), cleaned);
  };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

/** A field value as the log shows it, redacted: strings, error messages and objects (as JSON). */
function clean(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === "string") return redactSecrets(value, secrets);
  if (value instanceof Error) return redactSecrets(value.stack ?? value.message, secrets);
  if (value !== null && typeof value === "object") return redactSecrets(JSON.stringify(value), secrets);
  return value;
}
