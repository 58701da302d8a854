import type Ajv2020 from "ajv/dist/2020";
import type { ErrorObject, ValidateFunction } from "ajv/dist/2020";
import {
  YAML_PLAYOUT_IMPORT_SCHEMA_ID,
  YAML_PLAYOUT_SCHEMA_ID,
  yamlPlayoutImportSchema,
  yamlPlayoutSchema,
} from "./json-schema";

export type FileKind = "main" | "import";

interface Validators {
  ajv: Ajv2020;
  documents: Record<FileKind, ValidateFunction>;
  forms: Map<string, ValidateFunction>;
}

let validators: Validators | undefined;

/** Compiled once, on first use (ajv itself is loaded then too: a server that never validates YAML does not hold it). */
function getValidators(): Validators {
  if (!validators) {
    const Ajv = (require("ajv/dist/2020") as typeof import("ajv/dist/2020")).default;
    const ajv = new Ajv({ strict: true, allErrors: true, verbose: true, allowUnionTypes: true });
    ajv.addSchema(yamlPlayoutSchema);
    ajv.addSchema(yamlPlayoutImportSchema);
    validators = {
      ajv,
      documents: {
        main: ajv.getSchema(YAML_PLAYOUT_SCHEMA_ID)!,
        import: ajv.getSchema(YAML_PLAYOUT_IMPORT_SCHEMA_ID)!,
      },
      forms: new Map(),
    };
  }
  return validators;
}

/**
 * Elements of these lists are checked form by form (see `validateForm`), so the document-level
 * errors about them, and ajv's `oneOf` fan-out over all forms, are dropped here.
 */
const DISPATCHED_ELEMENT = /^\/(?:content|playout|reset)\/\d+(?:\/|$)|^\/sequence\/\d+\/items\/\d+(?:\/|$)/;

/** Schema errors of the document outside the elements of content/playout/reset/sequence items. */
export function validateDocumentShape(data: unknown, kind: FileKind): ErrorObject[] {
  const validate = getValidators().documents[kind];
  if (validate(data)) return [];
  return (validate.errors ?? []).filter((error) => !DISPATCHED_ELEMENT.test(error.instancePath));
}

/** The whole document against the schema, as a plain yes/no (used to cross-check in tests). */
export function matchesSchema(data: unknown, kind: FileKind): boolean {
  return getValidators().documents[kind](data) === true;
}

/** Schema errors of one element against one form's `$defs` entry. */
export function validateForm(defName: string, data: unknown): ErrorObject[] {
  const { ajv, forms } = getValidators();
  let validate = forms.get(defName);
  if (!validate) {
    validate = ajv.getSchema(`${YAML_PLAYOUT_SCHEMA_ID}#/$defs/${defName}`);
    if (!validate) throw new Error(`no schema definition named ${defName}`);
    forms.set(defName, validate);
  }
  return validate(data) ? [] : [...(validate.errors ?? [])];
}
