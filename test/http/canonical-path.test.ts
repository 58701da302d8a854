import { describe, expect, it } from "vitest";
import { canonicalPath, MalformedPathError, pathSegments } from "../../server/http/canonical-path";
import { keyMatches, needsWriteKey, WRITE_KEY_EXEMPTIONS } from "../../server/http/write-key";

describe("canonicalPath", () => {
  it.each([
    ["/", "/"],
    ["", "/"],
    ["/api/v1/channels", "/api/v1/channels"],
    ["/api/v1/channels/", "/api/v1/channels/"],
    ["//api//v1///channels", "/api/v1/channels"],
    ["/api/v1/./channels", "/api/v1/channels"],
    ["/api/v1/x/../channels", "/api/v1/channels"],
    ["/api/v1/x/y/../../channels", "/api/v1/channels"],
    ["/api/v1/%2e/channels", "/api/v1/channels"],
    ["/api/v1/x/%2E%2E/channels", "/api/v1/channels"],
    ["/api/v1/scan/x/../../channels", "/api/v1/channels"],
    ["/../../../api/v1/channels", "/api/v1/channels"],
    ["/api/..", "/"],
    ["/api/v1/%63hannels", "/api/v1/channels"],
    ["/%61pi/v1/channels", "/api/v1/channels"],
    ["/%41PI/v1/channels", "/API/v1/channels"],
    ["/API/V1/Channels", "/API/V1/Channels"],
    ["/api/v1/channels/%31", "/api/v1/channels/1"],
    ["/iptv/channel/4.1.ts", "/iptv/channel/4.1.ts"],
  ])("%j -> %j", (input, expected) => {
    expect(canonicalPath(input)).toBe(expected);
  });

  it.each([
    // Separators and dot segments that arrive encoded stay data: they never split or climb.
    ["/api/v1/scan/x/..%2F..%2Fchannels", "/api/v1/scan/x/..%2F..%2Fchannels"],
    ["/api/v1/channels%2F1", "/api/v1/channels%2F1"],
    ["/api/v1/a%3Fb", "/api/v1/a%3Fb"],
    ["/api/v1/a%23b", "/api/v1/a%23b"],
    // Decoded once only: a double-encoded byte stays encoded.
    ["/api/v1/%2563hannels", "/api/v1/%2563hannels"],
    // Non-ASCII is re-encoded as UTF-8.
    ["/api/v1/caf%C3%A9", "/api/v1/caf%C3%A9"],
    ["/api/v1/café", "/api/v1/caf%C3%A9"],
    // Sub-delimiters that need no encoding come out plain.
    ["/api/v1/a%3Ab%40c", "/api/v1/a:b@c"],
  ])("keeps data data: %j -> %j", (input, expected) => {
    expect(canonicalPath(input)).toBe(expected);
  });

  it("is idempotent", () => {
    for (const raw of ["//API/./v1/x/../%63hannels/", "/api/v1/scan/x/..%2F..%2Fchannels", "/api/v1/caf%C3%A9", "/a%2520b"]) {
      const once = canonicalPath(raw);
      expect(canonicalPath(once)).toBe(once);
    }
  });

  it.each(["/api/v1/%zz", "/api/v1/%", "/api/v1/channels/%E0%A4%A", "/%C3", "/api/%ff/channels"])(
    "rejects malformed percent-encoding %j",
    (input) => {
      expect(() => canonicalPath(input)).toThrow(MalformedPathError);
    },
  );
});

describe("pathSegments", () => {
  it("drops empty segments and lower-cases", () => {
    expect(pathSegments("/API/V1/Channels/")).toEqual(["api", "v1", "channels"]);
    expect(pathSegments("/")).toEqual([]);
  });
});

describe("needsWriteKey (on canonical paths)", () => {
  it.each([
    ["POST", "/api/v1/channels", true],
    ["PUT", "/api/v1/channels/1", true],
    ["PATCH", "/api/v1/channels/1", true],
    ["DELETE", "/api/v1/channels/1", true],
    ["post", "/api/v1/channels", true],
    ["PURGE", "/api/v1/channels/1", true],
    ["POST", "/API/V1/channels", true],
    ["POST", "/api/v2/x", true],
    ["POST", "/api", true],
    ["GET", "/api/v1/channels", false],
    ["HEAD", "/api/v1/channels", false],
    ["OPTIONS", "/api/v1/channels", false],
    ["get", "/api/v1/channels", false],
    ["POST", "/iptv/channels", false],
    ["POST", "/graphql", false],
    ["POST", "/apiary/x", false],
    ["POST", "/api/v1/scan/abc/progress", false],
    ["DELETE", "/API/V1/SCAN/abc/progress", false],
    ["POST", "/api/v1/scan/abc", true],
    ["POST", "/api/v1/scan", true],
    ["POST", "/api/v2/scan/abc/progress", true],
    ["POST", "/api/v1/scanx/abc/progress", true],
    ["POST", "/api/v1/channels/scan/abc/progress", true],
    ["POST", "/api/v1/scripted/playout/build/abc/add_count", false],
    ["POST", "/api/v1/scripted/playout/build/abc", true],
    ["POST", "/api/v1/scripted/playout/abc/add_count", true],
    ["POST", "/api/v1/auth/sign-in", false],
    ["POST", "/api/v1/auth/sign-out", false],
    ["PUT", "/api/v1/auth/password", false],
    ["POST", "/api/v1/auth/other", true],
    ["POST", "/api/v1/auth/sign-in/x", true],
    ["POST", "/api/v2/auth/sign-in", true],
  ])("%s %s -> %s", (method, path, expected) => {
    expect(needsWriteKey(method, path)).toBe(expected);
  });

  it("has exactly two named exemptions, the scanner and scripted-build callbacks", () => {
    expect(WRITE_KEY_EXEMPTIONS.map((e) => e.name)).toEqual(["scanner-callback", "scripted-build-callback"]);
  });
});

describe("keyMatches", () => {
  it.each([
    ["S3cret-Key", true],
    ["S3cret-Kez", false],
    ["s3cret-key", false],
    ["S3CRET-KEY", false],
    ["S3cret-Key-and-more", false],
    ["S3", false],
    ["", false],
    ["S3cret-Key ", false],
  ])("%j -> %s", (presented, expected) => {
    expect(keyMatches(presented, "S3cret-Key")).toBe(expected);
  });

  it.each([[undefined], [null], [42], [["S3cret-Key"]]])("non-string %j never matches", (presented) => {
    expect(keyMatches(presented, "S3cret-Key")).toBe(false);
  });
});
