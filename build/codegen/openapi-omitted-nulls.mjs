// The REST wire rule (API conventions §5): a property whose value is null is omitted from a JSON answer. So a
// property of an answer that may be null is not required: tsoa lists `x: T | null` as required and nullable,
// which a generated client would enforce on an answer that simply leaves it out.

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const componentName = (ref) => ref.replace("#/components/schemas/", "");

/** Nullable as tsoa writes it, or as the lint forms rewrite a nullable reference (`oneOf` with `enum: [null]`). */
function mayBeNull(schema) {
  if (!isObject(schema)) return false;
  if (schema.nullable === true) return true;
  return Array.isArray(schema.oneOf) && schema.oneOf.some((member) => member.nullable === true && Array.isArray(member.enum) && member.enum.length === 1 && member.enum[0] === null);
}

/** The components an answer can hold (followed through every reference). */
function answerComponents(spec) {
  const found = new Set();
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isObject(node)) return;
    if (typeof node.$ref === "string") {
      const name = componentName(node.$ref);
      if (!found.has(name)) {
        found.add(name);
        visit(spec.components.schemas[name]);
      }
    }
    Object.values(node).forEach(visit);
  };
  for (const item of Object.values(spec.paths)) for (const operation of Object.values(item)) visit(operation.responses);
  return found;
}

export function omittedNullsNotRequired(spec) {
  const visitSchema = (schema) => {
    if (!isObject(schema)) return;
    if (Array.isArray(schema.required) && isObject(schema.properties)) {
      schema.required = schema.required.filter((name) => !mayBeNull(schema.properties[name]));
      if (schema.required.length === 0) delete schema.required;
    }
    for (const value of Object.values(schema)) {
      if (Array.isArray(value)) value.forEach(visitSchema);
      else if (isObject(value) && !value.$ref) visitSchema(value);
    }
  };
  for (const name of answerComponents(spec)) visitSchema(spec.components.schemas[name]);
  for (const item of Object.values(spec.paths)) for (const operation of Object.values(item)) for (const response of Object.values(operation.responses)) for (const media of Object.values(response.content ?? {})) visitSchema(media.schema);
}
