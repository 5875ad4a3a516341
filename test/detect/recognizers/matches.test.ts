import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allMatches } from "../../../src/detect/recognizers/matches.js";

const summary = (ms: Iterable<RegExpMatchArray>) => [...ms].map((m) => [m.index, ...m]);

describe("allMatches", () => {
  it("returns what matchAll returns, captures and offsets included", () => {
    const patterns = [/(\d+)-(\d+)?/g, /[a-c]{2}/gi, /x*/g, /(?<=a)b|$/g];
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("1", "2", "-", "a", "b", "c", "A", "x", " ") }), (text) => {
        for (const pattern of patterns) expect(summary(allMatches(pattern, text))).toEqual(summary(text.matchAll(pattern)));
      }),
    );
  });

  it("starts from the beginning whatever the pattern's lastIndex, and leaves it at 0", () => {
    const pattern = /\d/g;
    pattern.lastIndex = 3;
    expect(allMatches(pattern, "1 2 3").map((m) => m.index)).toEqual([0, 2, 4]);
    expect(pattern.lastIndex).toBe(0);
  });
});
