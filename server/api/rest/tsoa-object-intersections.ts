import { ValidationService, type TsoaRoute } from "@tsoa/runtime";

/**
 * Request bodies reuse shared parts as intersections (`ContentTargetInput & { … }`), which the OpenAPI
 * document shows as `allOf` with the shared component. tsoa validates an intersection by trying each part
 * alone with unknown fields silently dropped, then reports one error for the whole object: the wrong field
 * is not named, an unknown field is not named, and objects inside a part lose their unknown-field check.
 *
 * An intersection of closed object types describes one object, so it is validated as that object: the
 * parts' properties merged into one model without additional properties, exactly what an interface that
 * `extends` the shared part gets (each field named, unknown fields refused). Any other intersection (with a
 * union, a primitive, an open object, or one property typed two ways) keeps tsoa's own validation.
 */
type Schema = TsoaRoute.PropertySchema;
type Properties = Record<string, Schema>;
type FieldErrors = Record<string, { message: string; value?: unknown }>;

function closedObjectProperties(models: TsoaRoute.Models, schema: Schema): Properties | undefined {
  if (schema.ref) {
    const model = models[schema.ref];
    if (model?.dataType === "refObject") return model.additionalProperties === false ? model.properties : undefined;
    if (model?.dataType === "refAlias") return closedObjectProperties(models, model.type);
    return undefined;
  }
  // tsoa leaves `additionalProperties` out of an object literal without an index signature, and closes it (throw-on-extras).
  if (schema.dataType === "nestedObjectLiteral") return schema.additionalProperties ? undefined : schema.nestedProperties;
  if (schema.dataType === "intersection") return mergedObjectProperties(models, schema.subSchemas ?? []);
  return undefined;
}

/** The properties of the one object an intersection of closed object types describes, or undefined when it is not one. */
export function mergedObjectProperties(models: TsoaRoute.Models, parts: readonly Schema[]): Properties | undefined {
  if (parts.length === 0) return undefined;
  const merged: Properties = {};
  for (const part of parts) {
    const properties = closedObjectProperties(models, part);
    if (!properties) return undefined;
    for (const [key, property] of Object.entries(properties)) {
      if (key in merged && JSON.stringify(merged[key]) !== JSON.stringify(property)) return undefined;
      merged[key] = property;
    }
  }
  return merged;
}

interface Validator {
  models: TsoaRoute.Models;
  validateModel(input: { name: string; value: unknown; modelDefinition: TsoaRoute.ModelSchema; fieldErrors: FieldErrors; isBodyParam: boolean; parent?: string }): unknown;
  validateIntersection(name: string, value: unknown, fieldErrors: FieldErrors, isBodyParam: boolean, subSchemas: Schema[] | undefined, parent?: string): unknown;
}

const prototype = ValidationService.prototype as unknown as Validator;
const validateIntersection = prototype.validateIntersection;
prototype.validateIntersection = function (this: Validator, name, value, fieldErrors, isBodyParam, subSchemas, parent = "") {
  const properties = subSchemas && mergedObjectProperties(this.models, subSchemas);
  if (!properties) return validateIntersection.call(this, name, value, fieldErrors, isBodyParam, subSchemas, parent);
  return this.validateModel({ name, value, modelDefinition: { dataType: "refObject", properties, additionalProperties: false }, fieldErrors, isBodyParam, parent });
};
