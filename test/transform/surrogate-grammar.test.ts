import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OutputText, withArticleFor } from "../../src/transform/surrogate-grammar.js";

describe("OutputText", () => {
  it("builds what appending to a string and fitting its article there builds", () => {
    const piece = fc.string({ unit: fc.constantFrom("a", "A", "n", "N", " ", "\t", "*", "x", "e"), maxLength: 12 });
    const word = fc.constantFrom("Engineering", "Sales", "HR", "QA", "hour", "user", "Marketing", "one", "[REDACTED:department]");
    fc.assert(
      fc.property(fc.array(fc.tuple(piece, word, word), { maxLength: 12 }), (steps) => {
        let expected = "";
        const output = new OutputText();
        for (const [between, original, replacement] of steps) {
          expected = withArticleFor(expected + between, original, replacement) + replacement;
          output.append(between);
          output.fitArticle(original, replacement);
          output.append(replacement);
          expect(output.length).toBe(expected.length);
        }
        expect(output.toString()).toBe(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it("fits an article across pieces", () => {
    const output = new OutputText();
    output.append("hired as a");
    output.append(" ");
    output.append("**");
    output.fitArticle("Sales", "Engineering");
    output.append("Engineering");
    expect(output.toString()).toBe("hired as an **Engineering");
  });
});
