import type { ErrorObject } from "ajv/dist/2020";
import { describeValue } from "./describe-value";
import type { FileReport } from "./file-report";
import { chooseForm, formsFor, INSTRUCTION_FORMS, knownProperties, type ElementKind, type FormSpec } from "./forms";
import type { Path } from "./path";
import { describeSchemaError, reportSchemaProblems, type FormContext } from "./schema-messages";
import { validateForm } from "./schema-validation";
import { suggest } from "./suggest";

const NOUNS: Readonly<Record<ElementKind, string>> = {
  content: "content definition",
  instruction: "instruction",
  reset: "reset instruction",
};

/**
 * Picks the form of one list element by its identifying key and reports schema errors against
 * that form only. Returns the form (even when the element has errors) or undefined if none fits.
 */
export function checkElement(
  element: ElementKind,
  data: unknown,
  path: Path,
  report: FileReport,
): FormSpec | undefined {
  const keys = formsFor(element).map((form) => form.key);
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    const hint = typeof data === "string" && keys.includes(data) ? `; did you mean "${data}:"?` : "";
    const article = element === "instruction" ? "an" : "a";
    report.atValue(path, `expected ${article} ${NOUNS[element]} (a mapping with one of ${keys.join(", ")}), got ${describeValue(data)}${hint}`);
    return undefined;
  }
  const mapping = data as Record<string, unknown>;
  const form = chooseForm(element, mapping);
  if (!form) {
    reportMissingForm(element, mapping, path, report, keys);
    return undefined;
  }
  const context: FormContext = {
    noun: element === "content" ? "content definition" : "instruction",
    formKey: form.key,
    otherFormKeys: new Set(keys.filter((key) => key !== form.key)),
  };
  const problems = withoutRedundantErrors(validateForm(form.defName, data)).map((error) =>
    describeSchemaError(error, data, path, context),
  );
  reportSchemaProblems(problems.filter((problem) => problem !== undefined), report);
  return form;
}

function reportMissingForm(
  element: ElementKind,
  mapping: Record<string, unknown>,
  path: Path,
  report: FileReport,
  keys: string[],
): void {
  const present = Object.keys(mapping);
  if (element === "reset") {
    const misplaced = present.find((key) => INSTRUCTION_FORMS.some((form) => form.key === key));
    if (misplaced) {
      report.atKey([...path, misplaced], `"${misplaced}" cannot be used in reset; reset accepts ${keys.join(", ")}`);
      return;
    }
  }
  if (element === "instruction" && present.includes("rewind")) {
    report.atKey([...path, "rewind"], `"rewind" can only be used in the reset list`);
    return;
  }
  const known = knownProperties(element);
  for (const key of present.filter((name) => !known.has(name))) {
    const guess = suggest(key, keys);
    if (guess) {
      report.atKey([...path, key], `unknown property "${key}"; did you mean "${guess}"?`);
      return;
    }
  }
  report.atValue(path, `no ${NOUNS[element]} form recognised; use one of the keys ${keys.join(", ")}`);
}

/** A value of the wrong type also fails its enum; the type error alone says it. */
function withoutRedundantErrors(errors: ErrorObject[]): ErrorObject[] {
  const typeErrors = new Set(errors.filter((error) => error.keyword === "type").map((error) => error.instancePath));
  return errors.filter((error) => error.keyword !== "enum" || !typeErrors.has(error.instancePath));
}
