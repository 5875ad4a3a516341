import { describe, expect, it } from "vitest";
import { maskedTail } from "../../../src/detect/vault/masked.js";

describe("maskedTail", () => {
  it("is the last four digits of an identifier long enough to be masked", () => {
    expect(maskedTail("939796410")).toBe("6410");
    expect(maskedTail("12345678")).toBeNull();
  });
});
