import { expect } from "vitest";
import { type RawResponse } from "../../support/http";

/** A 422 problem-details response naming each of `fields` in its errors and its detail. */
export function expect422(response: RawResponse, ...fields: string[]): void {
  expect(response.status, response.text).toBe(422);
  expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/);
  expect(response.json).toMatchObject({ status: 422, title: "Validation failed" });
  const named = response.json.errors.map((e: { field: string }) => e.field);
  for (const field of fields) {
    expect(named, response.text).toContain(field);
    expect(response.json.detail).toContain(field);
  }
}

export function expect404(response: RawResponse): void {
  expect(response.status, response.text).toBe(404);
  expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/);
  expect(response.json).toMatchObject({ status: 404, title: "Resource not found" });
}
