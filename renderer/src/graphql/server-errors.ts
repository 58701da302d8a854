import type { CombinedError } from "urql";
import { i18n, t } from "../i18n/i18n";

/** One rule the server said the input broke, named by the input field. */
export interface ServerFieldError {
  field: string;
  message: string;
}

export interface ServerErrors {
  /** Messages keyed by input field (first segment of the server's field path). */
  fields: Record<string, string>;
  /** What is not tied to a shown field: the whole message, or messages of fields the form lacks. */
  general: string | null;
  unauthorized: boolean;
}

export function errorCode(error: CombinedError | undefined): string | undefined {
  const code = error?.graphQLErrors[0]?.extensions?.code;
  return typeof code === "string" ? code : undefined;
}

export function isUnauthorized(error: CombinedError | undefined): boolean {
  return error?.graphQLErrors.some((e) => e.extensions?.code === "UNAUTHORIZED") ?? false;
}

/**
 * The server names fields by their API path (`input.items[2].duration`); the UI shows the field's label in the
 * chosen language (`Dauer (items[2].duration)`). The server's message itself stays English, as it is in the API.
 */
export function fieldLabel(field: string): string {
  const path = field.replace(/^input\./, "");
  const name = path.split(/[.[\]]/).filter((part) => part && !/^\d+$/.test(part)).pop() ?? path;
  const key = `fields.${name}`;
  if (!i18n.exists(key)) return path;
  const label = t(key as "fields.name");
  return name === path ? label : `${label} (${path})`;
}

/**
 * Spreads the server's VALIDATION_FAILED field errors over the form's fields; anything the form does
 * not show stays in `general` so no message is lost.
 */
export function toServerErrors(error: CombinedError | undefined, formFields: readonly string[]): ServerErrors {
  const result: ServerErrors = { fields: {}, general: null, unauthorized: isUnauthorized(error) };
  if (!error) return result;
  const leftovers: string[] = [];
  for (const gqlError of error.graphQLErrors) {
    const fieldErrors = gqlError.extensions?.errors as ServerFieldError[] | undefined;
    if (!Array.isArray(fieldErrors) || fieldErrors.length === 0) {
      leftovers.push(gqlError.message);
      continue;
    }
    for (const { field, message } of fieldErrors) {
      const name = field.replace(/^input\./, "").split(/[.[]/)[0];
      if (formFields.includes(name)) result.fields[name] = result.fields[name] ? `${result.fields[name]}; ${message}` : message;
      else leftovers.push(`${fieldLabel(field)}: ${message}`);
    }
  }
  if (error.networkError && error.graphQLErrors.length === 0) leftovers.push(t("common.cannotReachTheServer", { message: error.networkError.message }));
  result.general = leftovers.length ? leftovers.join("\n") : null;
  return result;
}
