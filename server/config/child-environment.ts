import { CONFIG_KEYS } from "./config-keys";

const SECRET_VARIABLES = new Set(CONFIG_KEYS.filter((k) => k.secret).map((k) => k.key.replace(":", "__").toLowerCase()));

/**
 * Takes the variables that carry secret settings (`Api__WriteKey`, `JWT__IssuerSigningKey`,
 * `Auth__PasswordHash`, `Database__Url`, `Database__Password`: every key marked secret in CONFIG_KEYS) out
 * of `env` (the server process's own, once the configuration is loaded), so no child process (FFmpeg,
 * ffprobe, the scanner, scripts) inherits them. Returns a copy of `env` as it was, for the settings page to
 * tell which settings the environment fixes.
 */
export function removeSecretSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const before = { ...env };
  for (const name of Object.keys(env)) if (SECRET_VARIABLES.has(name.toLowerCase())) delete env[name];
  return before;
}
