import { describe, expect, it } from "vitest";
import { SignInLimiter, SIGN_IN_LIMITS } from "../../server/services/owner-access/sign-in-limiter";

describe("sign-in limiter (fake clock)", () => {
  it("gives each address 5 tries in 15 minutes, counted from the oldest", () => {
    let now = 1_000_000;
    const limiter = new SignInLimiter(() => now);
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress; i++) {
      expect(limiter.take("192.168.1.20")).toBe(0);
      now += 60_000;
    }
    expect(limiter.take("192.168.1.20")).toBe(15 * 60 - 5 * 60);
    expect(limiter.take("192.168.1.21")).toBe(0);
    now = 1_000_000 + SIGN_IN_LIMITS.windowMs;
    expect(limiter.take("192.168.1.20")).toBe(0);
  });

  it("a right password forgets the address's failures", () => {
    const limiter = new SignInLimiter(() => 0);
    for (let i = 0; i < 4; i++) limiter.take("10.0.0.2");
    limiter.succeeded("10.0.0.2");
    for (let i = 0; i < 5; i++) expect(limiter.take("10.0.0.2")).toBe(0);
    expect(limiter.take("10.0.0.2")).toBeGreaterThan(0);
  });

  it("all addresses but loopback share 20 tries, so many addresses gain nothing; loopback keeps its own", () => {
    let now = 0;
    const limiter = new SignInLimiter(() => now);
    for (let i = 0; i < SIGN_IN_LIMITS.allAddresses; i++) {
      expect(limiter.take(`fd00::${i}`)).toBe(0);
      now += 1000;
    }
    expect(limiter.take("fd00::99")).toBe(Math.ceil((SIGN_IN_LIMITS.windowMs - now) / 1000));
    expect(limiter.take("127.0.0.1")).toBe(0);
    expect(limiter.take("::1")).toBe(0);
  });
});
