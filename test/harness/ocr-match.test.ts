import { describe, expect, it } from "vitest";
import { editsToFind, readsAs } from "../support/ocr";

describe("OCR text matching", () => {
  it("counts the edits that make the expected text appear anywhere in what was read", () => {
    expect(editsToFind("~ Now: Big Buek Bunny | Beer |", "Now: Big Buck Bunny")).toBe(1);
    expect(editsToFind("Now: Big Buck Bunny", "Now: Big Buck Bunny")).toBe(0);
    expect(editsToFind("Now: Bg Buck Bunny", "Now: Big Buck Bunny")).toBe(1);
    expect(editsToFind("", "Next")).toBe(4);
  });

  it("allows one misread letter in twelve, and no other text", () => {
    expect(readsAs("~ Now: Big Buek Bunny | Beer |", "Now: Big Buck Bunny")).toBe(true);
    expect(readsAs("Now: Big Bvek Bunny", "Now: Big Buck Bunny")).toBe(false);
    expect(readsAs("Next: Sintel Trailer", "Now: Big Buck Bunny")).toBe(false);
    expect(readsAs("Now: Sintel", "Now: Big Buck Bunny")).toBe(false);
    expect(readsAs("Hello Airwave", "Hello Airwave")).toBe(true);
    expect(readsAs("Hel1o Airwave", "Hello Airwave")).toBe(true);
  });
});
