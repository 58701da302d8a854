// Rewrites of tsoa's OpenAPI output into the forms OpenAPI 3.0 validators (Redocly's recommended rules)
// accept, without changing what the document says.

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/** The `type` of the component a `$ref` names (enums are string or number). */
function refType(spec, ref) {
  const name = ref.replace("#/components/schemas/", "");
  return spec.components?.schemas?.[name]?.type ?? "string";
}

/**
 * `{ allOf: [{ $ref }], nullable: true }` (a nullable enum) has no `type` beside `nullable`, which 3.0 needs:
 * it becomes `oneOf` of the reference and an explicit null (`nullable` with the enum's type and `enum: [null]`).
 * `{ $ref, description }` (siblings of `$ref` are ignored in 3.0) becomes `{ allOf: [{ $ref }], description }`.
 */
function rewriteSchema(spec, schema) {
  if (!isObject(schema)) return schema;
  for (const [key, value] of Object.entries(schema)) {
    if (Array.isArray(value)) schema[key] = value.map((item) => rewriteSchema(spec, item));
    else if (isObject(value)) schema[key] = rewriteSchema(spec, value);
  }
  if (schema.nullable === true && schema.type === undefined && Array.isArray(schema.allOf) && schema.allOf.length === 1 && schema.allOf[0].$ref) {
    const { allOf, nullable: _nullable, ...rest } = schema;
    return { ...rest, oneOf: [allOf[0], { type: refType(spec, allOf[0].$ref), nullable: true, enum: [null] }] };
  }
  if (typeof schema.$ref === "string" && Object.keys(schema).length > 1) {
    const { $ref, ...rest } = schema;
    return { ...rest, allOf: [{ $ref }] };
  }
  return schema;
}

/**
 * A component that is one part of an `allOf` with others (a shared part such as ContentTargetInput) must
 * not say `additionalProperties: false`: 3.0 validators would refuse the other parts' fields (3.0 has no
 * `unevaluatedProperties`). The server still refuses unknown fields (tsoa's throw-on-extras).
 */
function openComposedParts(spec) {
  const parts = new Set();
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isObject(node)) return;
    if (Array.isArray(node.allOf) && node.allOf.length > 1) {
      for (const member of node.allOf) if (typeof member.$ref === "string") parts.add(member.$ref.replace("#/components/schemas/", ""));
    }
    Object.values(node).forEach(visit);
  };
  visit(spec.components.schemas);
  for (const name of parts) delete spec.components.schemas[name]?.additionalProperties;
}

const problem = { "application/json": { schema: { $ref: "#/components/schemas/ProblemDetails" } } };

/**
 * Statuses the middleware in front of every route can answer (server/http): 400 for a malformed path
 * (canonical-path.ts), and 401 for a write without the key when one is configured (write-key.ts).
 */
function addPipelineResponses(operation) {
  operation.responses["400"] ??= { description: "Malformed request (path, query or body)", content: problem };
  if (operation.security?.some((requirement) => "writeKey" in requirement)) {
    operation.responses["401"] ??= { description: "X-Api-Key is missing or wrong (when Api:WriteKey is set)", content: problem };
  }
}

/** A request body example per operationId (openapi-examples.json; a contract test validates each against its schema). */
function addExamples(operation, examples) {
  const example = examples[operation.operationId];
  const content = operation.requestBody?.content?.["application/json"];
  if (content && example !== undefined) content.example = example;
}

/** A text body (YAML export) is plain text, not tsoa's base64 `format: byte`. */
function plainTextResponses(operation) {
  for (const response of Object.values(operation.responses)) {
    for (const [type, media] of Object.entries(response.content ?? {})) {
      if (!type.includes("json") && media.schema?.format === "byte") media.schema = { type: "string" };
    }
  }
}

export function applyLintForms(spec, examples = {}) {
  spec.components.schemas = rewriteSchema(spec, spec.components.schemas);
  openComposedParts(spec);
  for (const item of Object.values(spec.paths)) {
    for (const operation of Object.values(item)) {
      for (const key of ["parameters", "requestBody", "responses"]) if (operation[key]) operation[key] = rewriteSchema(spec, operation[key]);
      addPipelineResponses(operation);
      addExamples(operation, examples);
      plainTextResponses(operation);
    }
  }
  // "UNLICENSED" (package.json's word for "no licence granted"); the URL says what it means.
  if (spec.info.license?.name === "UNLICENSED") spec.info.license.url = "https://docs.npmjs.com/cli/v10/configuring-npm/package-json#license";
}
