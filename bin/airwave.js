#!/usr/bin/env node
"use strict";
// Airwave command line. Runs the compiled code in dist/ (build it with `npm run build`).
const fs = require("node:fs");
const path = require("node:path");
const { parseArgs } = require("node:util");

const USAGE = `Usage: airwave <command> [arguments]

Commands:
  validate FILE...   Validate YAML playout definition files (imports resolve relative to each
                     file's folder). Prints "file:line:column message (at path)" for every error,
                     or "FILE: ok" for a valid file. Exits 1 when any file has errors, else 0.
  restore FILE       Replace the data folder's database and settings.json with a backup taken by
                     the server (<data>/backups/*.sqlite3). The server must be stopped. The data
                     folder is AIRWAVE_DATA_DIR, else the desktop app's. The database it replaces
                     is kept as airwave.sqlite3.before-restore. Exits 1 when it refuses.
  export [-o FILE]   Write the running server's setup (GET /api/v1/export) as YAML to FILE, or to
                     standard output.
  import [--apply] [--reset] FILE
                     Report what importing a setup export into the running server would create,
                     update or skip, media and files it lacks and every problem with its path; with
                     --apply, import it (one transaction: all or nothing). Playouts continue the
                     timelines the export carries; --reset starts them again from now instead.
                     Exits 1 when it cannot be imported.
  import [--apply] --from dizquetv|tunarr DIR
                     Report what bringing dizqueTV's channels (its .dizquetv folder) or Tunarr's (its
                     data folder, with db.db) into the running server would create: channels with
                     numbers, names, icons and groups, each with an ExternalJson playout of its
                     programmes over the matching library items (by guid, else file path; the report
                     lists what did not match), filler lists as Fallback filler presets, FFmpeg
                     settings as profiles; with --apply, import it (one transaction: all or nothing).
  import [--apply] --from ersatztv DIR
                     Report what bringing ErsatzTV's setup (its data folder, with ersatztv.sqlite3,
                     read only) into the running server would create and what cannot come, with why:
                     local libraries (made and scanned first), FFmpeg profiles, watermarks, collections,
                     smart and multi-collections, filler presets, channels, Classic schedules, blocks and
                     templates, YAML and external JSON playouts; with --apply, import it (one
                     transaction: all or nothing; refused when it was imported before).
  set-password [--print-hash | --remove]
                     Set the owner password of the UI (asked twice on a terminal, else read from the
                     first line of standard input), also when it is forgotten: its scrypt hash is
                     written into the data folder's settings.json directly (AIRWAVE_DATA_DIR, else
                     the desktop app's), no network; a running server applies it when restarted.
                     --print-hash prints the hash for the Auth__PasswordHash environment variable
                     instead; --remove takes the password away.
  backup             Make the running server take a backup now.
  backups            List the running server's backups, newest first.
  help, --help, -h   Show this help.

Commands that talk to a running server take --server URL (else AIRWAVE_URL, else
http://localhost:8409) and --key KEY (else AIRWAVE_API_KEY) for a server with a write key.
`;

const EXIT_OK = 0;
const EXIT_INVALID = 1;
const EXIT_USAGE = 2;
const EXIT_NOT_BUILT = 3;

const SERVICE_MODULE = path.join(__dirname, "..", "dist", "server", "services", "playout-validation-service.js");

function loadCompiled(file) {
  if (!fs.existsSync(file)) {
    process.stderr.write(`airwave: the compiled code is missing (${path.relative(process.cwd(), file) || file}); run npm run build first\n`);
    process.exit(EXIT_NOT_BUILT);
  }
  return require(file);
}

const loadService = () => loadCompiled(SERVICE_MODULE);

/** Runs a command compiled from server/cli/: it returns { code, stdout, stderr }. */
async function runCompiled(module, name, ...args) {
  const result = await loadCompiled(path.join(__dirname, "..", "dist", "server", "cli", `${module}.js`))[name](...args);
  if (result.stdout) process.stdout.write(result.stdout);
  if (result.stderr) process.stderr.write(result.stderr);
  return result.code;
}

/** A file name as the user would recognise it: as typed for the files given, relative to the current folder otherwise. */
function displayName(file, typedByAbsolute) {
  const typed = typedByAbsolute.get(file);
  if (typed !== undefined) return typed;
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : file;
}

function formatError(error, typedByAbsolute) {
  const where = `${displayName(error.file, typedByAbsolute)}:${error.line}:${error.column}`;
  return error.path ? `${where} ${error.message} (at ${error.path})` : `${where} ${error.message}`;
}

async function validate(files) {
  if (files.length === 0) {
    process.stderr.write(`airwave validate: give at least one FILE\n\n${USAGE}`);
    return EXIT_USAGE;
  }
  const { PlayoutValidationService } = loadService();
  // The data folder only matters for definitions sent as text; files resolve imports next to themselves.
  let failed = false;
  for (const typed of files) {
    const absolute = path.resolve(typed);
    // The server reads definition files only from its own folders; offline, the user's own file is the folder.
    const folder = path.dirname(absolute);
    const service = new PlayoutValidationService(process.cwd(), { playouts: folder, definitions: folder, scripts: folder });
    const result = await service.validateFile(absolute);
    if (result.valid) {
      process.stdout.write(`${typed}: ok\n`);
      continue;
    }
    failed = true;
    const typedByAbsolute = new Map([[absolute, typed]]);
    for (const error of result.errors) process.stdout.write(`${formatError(error, typedByAbsolute)}\n`);
  }
  return failed ? EXIT_INVALID : EXIT_OK;
}

/** The new password: asked twice without echo on a terminal (null when the two differ), else the first line of standard input. */
async function readNewPassword() {
  if (!process.stdin.isTTY) {
    let text = "";
    for await (const chunk of process.stdin) text += chunk;
    return text.split(/\r?\n/)[0];
  }
  const first = await askHidden("New owner password: ");
  const second = await askHidden("Repeat it: ");
  return first === second ? first : null;
}

/** One line from the terminal, not shown while typed. */
function askHidden(prompt) {
  return new Promise((resolve, reject) => {
    process.stderr.write(prompt);
    const stdin = process.stdin;
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding("utf8");
    let value = "";
    const onData = (chunk) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n" || ch === "\u0004") {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off("data", onData);
          process.stderr.write("\n");
          return resolve(value);
        }
        if (ch === "\u0003") {
          stdin.setRawMode(false);
          stdin.off("data", onData);
          return reject(new Error("cancelled"));
        }
        if (ch === "\u007f" || ch === "\b") value = [...value].slice(0, -1).join("");
        else value += ch;
      }
    };
    stdin.on("data", onData);
  });
}

async function main(argv) {
  const [command, ...rest] = argv;
  if (command === undefined) {
    process.stderr.write(USAGE);
    return EXIT_USAGE;
  }
  if (command === "--help" || command === "-h" || command === "help") {
    process.stdout.write(USAGE);
    return EXIT_OK;
  }
  if (command === "validate" || command === "restore") {
    // strict: an unknown option is an error; "--" ends options, so a file may be named like one.
    let parsed;
    try {
      parsed = parseArgs({ args: rest, options: { help: { type: "boolean", short: "h" } }, allowPositionals: true, strict: true });
    } catch (error) {
      process.stderr.write(`airwave ${command}: ${error.message}\n\n${USAGE}`);
      return EXIT_USAGE;
    }
    if (parsed.values.help) {
      process.stdout.write(USAGE);
      return EXIT_OK;
    }
    if (command === "validate") return validate(parsed.positionals);
    if (parsed.positionals.length !== 1) {
      process.stderr.write(`airwave restore: give one backup FILE\n\n${USAGE}`);
      return EXIT_USAGE;
    }
    return runCompiled("restore-command", "restoreCommand", parsed.positionals[0], process.env);
  }
  if (command === "set-password") {
    if (rest.includes("--help") || rest.includes("-h")) {
      process.stdout.write(USAGE);
      return EXIT_OK;
    }
    return runCompiled("set-password-command", "setPasswordCommand", rest, process.env, readNewPassword);
  }
  const serverCommands = { export: "exportCommand", import: "importCommand", backup: "backupCommand", backups: "backupsCommand" };
  if (Object.hasOwn(serverCommands, command)) {
    if (rest.includes("--help") || rest.includes("-h")) {
      process.stdout.write(USAGE);
      return EXIT_OK;
    }
    if (command === "import" && rest.some((arg) => arg === "--from" || arg.startsWith("--from="))) return runCompiled("migrate-command", "migrateCommand", rest, process.env);
    return runCompiled("transfer-commands", serverCommands[command], rest, process.env);
  }
  process.stderr.write(`airwave: unknown command "${command}"\n\n${USAGE}`);
  return EXIT_USAGE;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`airwave: ${error && error.stack ? error.stack : String(error)}\n`);
    process.exitCode = EXIT_USAGE + 2;
  },
);
