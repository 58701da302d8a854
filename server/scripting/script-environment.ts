/** Variables a script inherits from the server: what programs need to run, nothing that could hold a secret. */
const INHERITED = new Set(["PATH", "HOME", "LANG", "TZ"]);
/** Windows cannot start most programs without these. */
const INHERITED_ON_WINDOWS = new Set(["SYSTEMROOT", "WINDIR", "PATHEXT", "USERPROFILE", "TEMP", "TMP"]);

/**
 * The whole environment of a script: PATH, HOME, LANG, LC_*, TZ from the server's environment plus the
 * build's own AIRWAVE_* values. Settings given as environment variables (`Api__WriteKey`,
 * `JWT__IssuerSigningKey`, …), NODE_OPTIONS and everything else stay out.
 */
export function scriptEnvironment(server: NodeJS.ProcessEnv, build: Record<string, string>, platform = process.platform, electron = Boolean(process.versions.electron)): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(server)) {
    if (value === undefined) continue;
    const upper = name.toUpperCase();
    if (INHERITED.has(upper) || upper.startsWith("LC_") || (platform === "win32" && INHERITED_ON_WINDOWS.has(upper))) env[name] = value;
  }
  // Inside the desktop app the server's executable is Electron; this makes it act as Node for .js scripts.
  if (electron) env.ELECTRON_RUN_AS_NODE = "1";
  for (const [name, value] of Object.entries(build)) if (name.startsWith("AIRWAVE_")) env[name] = value;
  return env;
}
