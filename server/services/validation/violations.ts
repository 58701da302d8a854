import { DomainError, type FieldError } from "../domain-error";

/** Collects every broken rule of one input so the caller hears about all of them at once. */
export class Violations {
  private readonly errors: FieldError[] = [];

  add(field: string, message: string): void {
    this.errors.push({ field, message });
  }

  has(field: string): boolean {
    return this.errors.some((e) => e.field === field);
  }

  /** Every problem so far. */
  get list(): readonly FieldError[] {
    return this.errors;
  }

  get any(): boolean {
    return this.errors.length > 0;
  }

  throwIfAny(): void {
    if (this.any) throw DomainError.validation(this.errors);
  }

  /** A required text of bounded length; returns the trimmed value. */
  text(field: string, value: string | undefined | null, min: number, max: number): string {
    const trimmed = (value ?? "").trim();
    if (trimmed.length < min) this.add(field, min <= 1 ? "must not be empty" : `must be at least ${min} characters`);
    else if (trimmed.length > max) this.add(field, `must not be longer than ${max} characters`);
    return trimmed;
  }

  integer(field: string, value: number, min: number, max: number): void {
    if (!Number.isInteger(value) || value < min || value > max) {
      this.add(field, `must be a whole number from ${min} to ${max}`);
    }
  }

  oneOf<T>(field: string, value: T, allowed: readonly T[]): void {
    if (!allowed.includes(value)) this.add(field, `must be one of ${allowed.join(", ")}`);
  }

  /** An optional finite number within [min, max]; `fallback` when absent (or refused). */
  range(field: string, value: number | null | undefined, fallback: number, min: number, max: number): number {
    if (value == null) return fallback;
    if (typeof value !== "number" || !Number.isFinite(value) || value < min || value > max) {
      this.add(field, `must be a number from ${min} to ${max}`);
      return fallback;
    }
    return value;
  }
}
