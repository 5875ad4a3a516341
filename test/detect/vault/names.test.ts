import { describe, expect, it } from "vitest";
import { namePart } from "../../../src/detect/vault/names.js";

describe("namePart", () => {
  it("returns the first name or surname as written, without honorifics or suffixes", () => {
    expect(namePart("Dr. Émile Zola", "first-name")).toBe("Émile");
    expect(namePart("Dr. Émile Zola", "surname")).toBe("Zola");
    expect(namePart("Dwayne J. Sanchez MD", "surname")).toBe("Sanchez");
  });

  it("returns null for a value that is not a person name of two parts", () => {
    expect(namePart("Madonna", "first-name")).toBeNull();
    expect(namePart("ACC-0473033101", "surname")).toBeNull();
  });
});
