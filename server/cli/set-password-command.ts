import { hashPassword } from "../config/password-hash";
import { SETTINGS_FILE } from "../config/load-config";
import { setInEnvironment, writeSettingsFile } from "../config/settings-file";
import { runningServerPid } from "../db/data-folder-lock";
import { dataFolder, type CommandResult } from "./restore-command";

const MIN_LENGTH = 8;
const MAX_LENGTH = 1024;

/**
 * `airwave set-password [--remove | --print-hash]`: sets (or resets, when forgotten) the owner password by
 * writing its scrypt hash into the data folder's settings.json directly: no network, so it works only for
 * someone who can write that folder. `--print-hash` prints the hash for `Auth__PasswordHash` instead;
 * `--remove` takes the password away. `readPassword` gives the new password (asked twice on a terminal).
 */
export async function setPasswordCommand(args: readonly string[], env: NodeJS.ProcessEnv, readPassword: () => Promise<string | null>): Promise<CommandResult> {
  const unknown = args.filter((a) => a !== "--remove" && a !== "--print-hash");
  if (unknown.length || (args.includes("--remove") && args.includes("--print-hash"))) {
    return { code: 2, stderr: `airwave set-password: unexpected ${unknown.length ? unknown.join(" ") : "--remove with --print-hash"}; use set-password, set-password --print-hash or set-password --remove\n` };
  }
  const dataDir = dataFolder(env);
  const remove = args.includes("--remove");
  let hash: string | null = null;
  if (!remove) {
    const password = await readPassword();
    if (password === null) return { code: 1, stderr: "airwave set-password: the two passwords differ; nothing was changed\n" };
    const length = [...password].length;
    if (length < MIN_LENGTH || length > MAX_LENGTH) return { code: 1, stderr: `airwave set-password: the password must be ${MIN_LENGTH} to ${MAX_LENGTH} characters long; nothing was changed\n` };
    hash = await hashPassword(password);
    if (args.includes("--print-hash")) return { code: 0, stdout: `${hash}\n` };
  }
  writeSettingsFile(dataDir, [["Auth:PasswordHash", hash]]);
  const notes: string[] = [];
  if (setInEnvironment(env, "Auth:PasswordHash")) notes.push("Auth__PasswordHash is set in this environment and wins over settings.json where it is set for the server.");
  const pid = runningServerPid(dataDir);
  if (pid !== undefined) notes.push(`The server (pid ${pid}) uses this folder: restart it to apply the change; every session ends then.`);
  const done = remove ? `Owner password removed from ${dataDir}/${SETTINGS_FILE}.` : `Owner password set in ${dataDir}/${SETTINGS_FILE}; sessions of any earlier password end.`;
  return { code: 0, stdout: [done, ...notes].join("\n") + "\n" };
}
