/**
 * The V8 flags the server process runs with (the desktop app's utility process, `npm start`, and the
 * benchmarks that measure the server as shipped); bench/memory measures what they save:
 * - `--max-semi-space-size=1`: semi-spaces of 1 MB instead of 16 MB. The server's allocations are
 *   request-sized, and the young generation V8 grows while the modules load would otherwise stay
 *   resident (~28 MB) for the life of the process.
 * - `--optimize-for-size`: V8 grows the old generation by smaller steps and collects sooner, so a guide
 *   rebuild or a large validation leaves tens of MB less behind (a tray app idles far more than it works).
 */
export const SERVER_EXEC_ARGV: readonly string[] = ["--max-semi-space-size=1", "--optimize-for-size"];
