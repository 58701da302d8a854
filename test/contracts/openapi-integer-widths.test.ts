import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Clients generated from schema/openapi.json use a 32-bit integer for `format: int32`. Byte sizes,
 * epoch times and millisecond offsets pass 2^31 (a 2 GiB file, any date after 1970-01-25, 25 days of
 * media), so they must be declared int64 (or a plain double number).
 */
const WIDE = /^(size|mtime|.*Bytes|.*Ms|.*At)$/;

interface Found {
  at: string;
  format: string | undefined;
}

function wideIntegerFields(node: unknown, at: string, out: Found[]): Found[] {
  if (Array.isArray(node)) node.forEach((child, i) => wideIntegerFields(child, `${at}[${i}]`, out));
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      if (key === "properties" && value && typeof value === "object") {
        for (const [name, schema] of Object.entries(value as Record<string, { type?: string; format?: string }>)) {
          if (WIDE.test(name) && schema?.type === "integer") out.push({ at: `${at}.properties.${name}`, format: schema.format });
        }
      }
      wideIntegerFields(value, `${at}.${key}`, out);
    }
  }
  return out;
}

describe("OpenAPI integer widths", () => {
  const doc = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../schema/openapi.json"), "utf8"));
  const found = wideIntegerFields(doc, "#", []);

  it("declares every byte size, epoch time and millisecond field as int64", () => {
    expect(found.filter((f) => f.format !== "int64")).toEqual([]);
  });

  it("checks the fields that matter (a file's size and duration, chapter and playout offsets)", () => {
    const names = found.map((f) => f.at);
    for (const expected of [
      "#.components.schemas.MediaVersionDto.properties.size",
      "#.components.schemas.MediaVersionDto.properties.durationMs",
      "#.components.schemas.ScannedFile.properties.mtime",
      "#.components.schemas.MediaChapterDto.properties.startMs",
      "#.components.schemas.PlayoutItemDto.properties.inPointMs",
    ]) {
      expect(names).toContain(expected);
    }
  });

  it("finds an int32 declaration when there is one", () => {
    const sample = { components: { schemas: { X: { properties: { size: { type: "integer", format: "int32" }, count: { type: "integer", format: "int32" } } } } } };
    expect(wideIntegerFields(sample, "#", [])).toEqual([{ at: "#.components.schemas.X.properties.size", format: "int32" }]);
  });
});
