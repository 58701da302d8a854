import fc from "fast-check";
import { expect, test } from "vitest";
import { stringify } from "yaml";
import { validateDefinition } from "../../../server/playout/definition";
import { parseYamlSource } from "../../../server/playout/definition/yaml-source";
import { matchesSchema } from "../../../server/playout/definition/schema-validation";
import { validDefinition } from "./fuzz-arbitraries";

function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== "object") return [prefix];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return [prefix, ...entries.flatMap(([k, v]) => paths(v, [...prefix, k]))];
}
function setAt(root: any, path: (string | number)[], v: unknown, del: boolean) {
  if (path.length === 0) return v;
  const copy = structuredClone(root);
  let cur = copy;
  for (const seg of path.slice(0, -1)) cur = cur[seg];
  const last = path[path.length - 1];
  if (del) { if (Array.isArray(cur)) cur.splice(last as number, 1); else delete cur[last]; } else cur[last] = v;
  return copy;
}
test("explore", () => {
  fc.assert(
    fc.property(validDefinition, fc.nat(), fc.jsonValue({ maxDepth: 2 }), fc.boolean(), fc.constantFrom("x", "content", "sequence", "repeat", "key", "all", "name"), (def, which, value, del, newKey) => {
      const ps = paths(def);
      const p = ps[which % ps.length];
      let mutated = setAt(def, p, value, del);
      if (which % 7 === 0 && mutated && typeof mutated === "object") mutated = setAt(mutated, [...p.slice(0, -1), newKey], value, false);
      const text = stringify(mutated);
      const result = validateDefinition(text, { fileName: "m" });
      for (const e of result.errors) { expect(e.line).toBeGreaterThan(0); expect(e.column).toBeGreaterThan(0); }
      expect(result.definition !== undefined).toBe(result.valid);
      const parsed = parseYamlSource(text);
      if (!parsed.malformed && parsed.problems.length === 0 && !matchesSchema(parsed.data, "main")) {
        if (result.valid) throw new Error("schema rejects but valid:\n" + text);
      }
    }),
    { numRuns: 1500 },
  );
}, 300_000);
