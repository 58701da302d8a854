import { expect } from "vitest";
import { DomainError } from "../../server/services/domain-error";

/** Awaits a service call the rules must refuse (a Validation DomainError) and returns its errors. */
export async function refusal(call: Promise<unknown>): Promise<DomainError["errors"]> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, "the call should have been refused").toBeInstanceOf(DomainError);
  expect((error as DomainError).kind).toBe("Validation");
  return (error as DomainError).errors;
}

/** The fields a refused call names. */
export const refusedFields = async (call: Promise<unknown>): Promise<string[]> => (await refusal(call)).map((e) => e.field);

/** Awaits a call the rules must refuse naming `field`. */
export async function expectRefused(call: Promise<unknown>, field: string): Promise<void> {
  expect(await refusedFields(call)).toContain(field);
}
