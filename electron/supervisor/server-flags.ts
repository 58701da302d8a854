/**
 * The V8 flags the server process runs with (the desktop app's utility process, `npm start`, and the
 * benchmarks that measure the server as shipped); bench/memory measures what they save, bench/guide
 * what they cost:
 * - `--max-semi-space-size=1`: semi-spaces of 1 MB instead of 16 MB. The server's allocations are
 *   request-sized, and the young generation V8 grows while the modules load would otherwise stay
 *   resident (~28 MB) for the life of the process.
 * - `--heap-growing-percent=35`: the old generation grows by 35% steps, so a guide rebuild or a large
 *   validation leaves little behind. It replaced `--optimize-for-size`, which kept the heap as small
 *   (idle 92-96 MB, now 95-96 MB) but made V8 collect in its memory-reducing mode on every GC and use
 *   its size-optimised code: a 100-channel guide rebuild took 451-472 ms with it and 267-299 ms with
 *   this. Steps of 20% rebuilt in 298-359 ms; 50% idled at 98.7 MB, too close to the 100 MB target.
 */
export const SERVER_EXEC_ARGV: readonly string[] = ["--max-semi-space-size=1", "--heap-growing-percent=35"];

/**
 * Environment the launchers add to the server process's (a value the user's environment already sets
 * wins), read only by glibc when the process starts, so it has to come from the parent; it does nothing
 * on Windows or macOS, nor where Electron routes malloc to its own allocator.
 * - `MALLOC_ARENA_MAX=2`: glibc's malloc gives every thread that allocates its own arena (the server
 *   has 11 threads: libuv's pool runs SQLite, file and zlib work, V8's workers compile and mark), and
 *   each arena keeps the memory freed into it. Measured with plain Node on Linux (bench/memory,
 *   bench/soak): 8-10 arenas of ~1 MB each at idle, idle RSS -3 MB with the cap and -6 to -7 MB under
 *   the soak's viewer waves.
 * - `MALLOC_MMAP_THRESHOLD_=131072`: blocks of 128 KB and more are always mapped apart and given back
 *   when freed. By default glibc raises that threshold (up to 32 MB) after the first large block is
 *   freed, so the start-up's large buffers stay in the heap afterwards: idle RSS 99.3 MB with it against
 *   101.4-103.6 MB without (both without `--optimize-for-size`).
 */
export const SERVER_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" };
