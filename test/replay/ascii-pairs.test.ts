import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AsciiPairs } from "../../src/replay/ascii-pairs.js";

describe("AsciiPairs", () => {
  it("never rules out a needle the text holds, and rules out one with a pair the text lacks", () => {
    const pairs = new AsciiPairs("dear ms. butler, café’s bill");
    for (const needle of ["butler", "ms. b", "caf", "bill", "b", ""]) expect(pairs.mayHold(needle), needle).toBe(true);
    for (const needle of ["rita", "butlers", "bu tler"]) expect(pairs.mayHold(needle), needle).toBe(false);
  });

  it("answers as includes does whenever it says no (property)", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[abc é’]{0,40}$/), fc.stringMatching(/^[abc ]{0,6}$/), (text, needle) => {
        if (text.includes(needle)) expect(new AsciiPairs(text).mayHold(needle)).toBe(true);
      }),
    );
  });
});
