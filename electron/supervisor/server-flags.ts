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

/**
 * Environment the launchers add to the server process's (a value the user's environment already sets
 * wins). `MALLOC_ARENA_MAX=2`: glibc's malloc gives every thread that allocates its own arena (the
 * server has 11 threads: libuv's pool runs SQLite, file and zlib work, V8's workers compile and mark),
 * and each arena keeps the memory freed into it. Measured with plain Node on Linux (bench/memory,
 * bench/soak): 8-10 arenas of ~1 MB each at idle, idle RSS -3 MB with the cap and -6 to -7 MB under the
 * soak's viewer waves. It is read only by glibc when the process starts, so it has to come from the
 * parent: it does nothing on Windows or macOS, nor where Electron routes malloc to its own allocator.
 */
export const SERVER_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: "2" };
