import type { Logger } from "./logger";

const SECRET_QUERY = /\b(access_token|api_key|apikey|token|key)=([^&\s"']+)/gi;
const MIN_SECRET_LENGTH = 4;

/** `text` with every configured secret and every token-like query value replaced by `[redacted]`. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= MIN_SECRET_LENGTH) out = out.split(secret).join("[redacted]");
  return out.replace(SECRET_QUERY, "$1=[redacted]");
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
