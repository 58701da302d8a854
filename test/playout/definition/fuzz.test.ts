import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { validateDefinition, type ValidationResult } from "../../../server/playout/definition";
import { matchesSchema } from "../../../server/playout/definition/schema-validation";
import { parseYamlSource } from "../../../server/playout/definition/yaml-source";
import { mutatedDefinitionText, randomYamlishText, validDefinitionText } from "./fuzz-arbitraries";

const MAIN = "main.yaml";
/** Far above the typical run of a few milliseconds, leaving room for a busy machine: only a pathological case gets near it. */
const MAX_MS_PER_DOCUMENT = 1000;

function timedValidate(text: string): { result: ValidationResult; ms: number } {
  const started = performance.now();
  const result = validateDefinition(text, { fileName: MAIN, readImport: () => null });
  return { result, ms: performance.now() - started };
}

/** The form-by-form validation never accepts what the JSON schema, applied whole, rejects. */
function expectAgreementWithSchema(text: string, result: ValidationResult): void {
  if (result.valid) expect(matchesSchema(parseYamlSource(text).data, "main")).toBe(true);
}

function expectWellFormed(text: string, result: ValidationResult): void {
  const lines = text.split(/\r\n|\r|\n/).length;
  expect(result.valid).toBe(result.errors.length === 0);
  expect(result.definition !== undefined).toBe(result.valid);
  for (const error of result.errors) {
    expect(error.file).toBe(MAIN);
    expect(Number.isInteger(error.line) && error.line >= 1 && error.line <= lines + 1).toBe(true);
    expect(Number.isInteger(error.column) && error.column >= 1).toBe(true);
    expect(typeof error.path).toBe("string");
    expect(error.message.length).toBeGreaterThan(0);
  }
}

describe("fuzzing validateDefinition (5,000 documents)", () => {
  // The first call compiles the schema validators; keep that out of the per-document time bound.
  beforeAll(() => {
    validateDefinition("playout: [{repeat: true}]\ncontent: [{collection: a, key: a, order: shuffle}]\n", { fileName: MAIN });
  });

  test("definitions built from the spec's forms are valid, whatever their key order or YAML style", () => {
    fc.assert(
      fc.property(validDefinitionText, (text) => {
        const { result, ms } = timedValidate(text);
        expect(result.errors).toEqual([]);
        expectWellFormed(text, result);
        expectAgreementWithSchema(text, result);
        expect(ms).toBeLessThan(MAX_MS_PER_DOCUMENT);
      }),
      { numRuns: 700 },
    );
  });

  test("mutated definitions never throw and every error has a position", () => {
    fc.assert(
      fc.property(mutatedDefinitionText(150), (text) => {
        const { result, ms } = timedValidate(text);
        expectWellFormed(text, result);
        expectAgreementWithSchema(text, result);
        expect(ms).toBeLessThan(MAX_MS_PER_DOCUMENT);
      }),
      { numRuns: 2000 },
    );
  });

  test("random YAML-ish text never throws and every error has a position", () => {
    fc.assert(
      fc.property(randomYamlishText, (text) => {
        const { result, ms } = timedValidate(text);
        expectWellFormed(text, result);
        expect(ms).toBeLessThan(MAX_MS_PER_DOCUMENT);
      }),
      { numRuns: 2300 },
    );
  });
});
