import { ValidationService } from "@tsoa/runtime";

/**
 * tsoa matches an enum by comparing `String(value)`, so `["Hevc"]` (an array) passes as `"Hevc"`.
 * An enum value must be a string or a number; anything else is refused like any other wrong type.
 */
type EnumValidator = (name: string, value: unknown, fieldErrors: Record<string, { message: string; value?: unknown }>, members: unknown[], parent?: string) => unknown;

const prototype = ValidationService.prototype as unknown as { validateEnum: EnumValidator };
const validateEnum = prototype.validateEnum;
prototype.validateEnum = function (this: unknown, name, value, fieldErrors, members, parent = "") {
  // null is allowed through: tsoa models `T | null` as a union with the enum [null].
  if (value !== undefined && value !== null && typeof value !== "string" && typeof value !== "number") {
    fieldErrors[parent + name] = { message: `should be one of the following; [${members.map((m) => `'${String(m)}'`).join(",")}]`, value };
    return undefined;
  }
  return validateEnum.call(this, name, value, fieldErrors, members, parent);
};
