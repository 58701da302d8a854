import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidHdhrDeviceId, newHdhrDeviceId } from "../../server/guide";

describe("HDHomeRun device ids", () => {
  it("accepts a valid id and rejects a changed digit or two swapped digits", () => {
    // 1053C0CA checked separately against the published rule; the others change or swap one of its digits.
    expect(isValidHdhrDeviceId("1053C0CA")).toBe(true);
    expect(isValidHdhrDeviceId("1053C0CB")).toBe(false);
    expect(isValidHdhrDeviceId("1035C0CA")).toBe(false);
    expect(isValidHdhrDeviceId("1053C0C")).toBe(false);
    expect(isValidHdhrDeviceId("1053C0CG")).toBe(false);
    expect(isValidHdhrDeviceId("2f1a5b3c-0000-0000-0000-000000000000")).toBe(false);
  });

  it("new ids are 8 upper-case hex digits with a valid check digit, and any single-digit change breaks them", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 0.999999, noNaN: true }), { minLength: 7, maxLength: 7 }), fc.integer({ min: 0, max: 7 }), fc.integer({ min: 1, max: 15 }), (randoms, position, delta) => {
        let k = 0;
        const id = newHdhrDeviceId(() => randoms[k++]!);
        expect(id).toMatch(/^[0-9A-F]{8}$/);
        expect(isValidHdhrDeviceId(id)).toBe(true);
        const digit = (Number.parseInt(id[position]!, 16) + delta) % 16;
        const changed = `${id.slice(0, position)}${digit.toString(16).toUpperCase()}${id.slice(position + 1)}`;
        expect(isValidHdhrDeviceId(changed)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});
