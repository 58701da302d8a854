import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fillUrlPlaceholderBytes, fillUrlPlaceholders, placeholderUrlWriter } from "../../server/guide";

describe("fillUrlPlaceholderBytes", () => {
  it("gives exactly the bytes of fillUrlPlaceholders for any text, base URL and token", () => {
    const piece = fc.oneof(
      fc.string(),
      fc.constant("é🎬&<"),
      fc.string().map((p) => placeholderUrlWriter.server(`/iptv/logos/gen?text=${p}`)),
      fc.string().map((p) => placeholderUrlWriter.server(`/iptv/artwork/posters/${p}`)),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), fc.constantFrom("http://a:1", "http://tv.example/base/", "https://x&y"), fc.option(fc.string({ minLength: 1 }), { nil: undefined }), (pieces, baseUrl, accessToken) => {
        const text = pieces.join("\n");
        const ctx = { baseUrl, accessToken };
        expect(Buffer.concat(fillUrlPlaceholderBytes(Buffer.from(text), ctx)).toString("utf8")).toBe(fillUrlPlaceholders(text, ctx));
      }),
      { numRuns: 500 },
    );
  });
});
