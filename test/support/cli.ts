import { spawn } from "node:child_process";
import path from "node:path";

const CLI = path.resolve(__dirname, "../../bin/airwave.js");

/**
 * Runs `bin/airwave.js` (compiled code, its own process) without blocking an in-process test server;
 * AIRWAVE_URL and AIRWAVE_API_KEY are cleared unless `env` sets them.
 */
export function runAirwave(args: string[], env: Record<string, string> = {}, input?: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, AIRWAVE_URL: "", AIRWAVE_API_KEY: "", ...env } });
    // Standard input: `input` when given, else closed at once.
    child.stdin.end(input ?? "");
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
