/**
 * Failed sign-ins, counted so guessing the owner password over the network is hopeless: each address
 * gets PER_ADDRESS tries in WINDOW_MS, and all addresses but loopback together get ALL_ADDRESSES (so many
 * LAN or IPv6 addresses gain nothing; loopback is left out of that pool so a flood from the LAN cannot
 * lock the owner out at the computer itself). A try counts as failed from the moment it starts until it
 * succeeds, so parallel tries cannot overtake the count. While a limit holds, no password is checked.
 */
export const SIGN_IN_LIMITS = { perAddress: 5, allAddresses: 20, windowMs: 15 * 60 * 1000 } as const;

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

export class SignInLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly clock: () => number) {}

  /** Seconds until `address` may try again, or 0: then the try is counted (as failed until `succeeded`). */
  take(address: string): number {
    const now = this.clock();
    this.prune(now);
    const own = this.failures.get(address) ?? [];
    const pool = LOOPBACK.test(address) ? [] : this.poolFailures();
    const wait = Math.max(waitFor(own, SIGN_IN_LIMITS.perAddress, now), waitFor(pool, SIGN_IN_LIMITS.allAddresses, now));
    if (wait > 0) return Math.ceil(wait / 1000);
    own.push(now);
    this.failures.set(address, own);
    return 0;
  }

  /** The try of `address` was right: its failures are forgotten. */
  succeeded(address: string): void {
    this.failures.delete(address);
  }

  private poolFailures(): number[] {
    const all: number[] = [];
    for (const [address, times] of this.failures) if (!LOOPBACK.test(address)) all.push(...times);
    return all.sort((a, b) => a - b);
  }

  private prune(now: number): void {
    for (const [address, times] of this.failures) {
      const kept = times.filter((t) => t > now - SIGN_IN_LIMITS.windowMs);
      if (kept.length) this.failures.set(address, kept);
      else this.failures.delete(address);
    }
  }
}

/** With `limit` or more failures in the window, the time until the oldest that matters leaves it. */
function waitFor(times: readonly number[], limit: number, now: number): number {
  if (times.length < limit) return 0;
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[sorted.length - limit] + SIGN_IN_LIMITS.windowMs - now;
}
