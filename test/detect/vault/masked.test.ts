import { describe, expect, it } from "vitest";
import { maskedTail, maskedTailVariants } from "../../../src/detect/vault/masked.js";

describe("maskedTail", () => {
  it("is the last four digits of an identifier long enough to be masked (eight digits or more)", () => {
    expect(maskedTail("939796410")).toBe("6410");
    expect(maskedTail("INS-67737826")).toBe("7826");
    expect(maskedTail("1234567")).toBeNull();
  });

  it("is longer where asked while at least four digits stay hidden", () => {
    expect(maskedTail("4023712506821203588", 7)).toBe("1203588");
    expect(maskedTail("939796410", 5)).toBe("96410");
    expect(maskedTail("939796410", 6)).toBeNull();
    expect(maskedTailVariants("4023712506821203588").map((variant) => variant.form)).toEqual(["3588", "03588", "203588", "1203588", "21203588"]);
  });
});
