import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lineBounds, lineStartAt, sentenceBounds } from "../../../src/detect/vault/sentences.js";

/** The definitions the looked-up versions must keep: a scan from the text's start, `lastIndexOf` and `indexOf`. */
function scannedSentence(text: string, at: number): [number, number] {
  let start = 0;
  for (const match of text.matchAll(/[.!?](?=\s)|\n/g)) {
    if (match.index >= at) return [start, match.index];
    start = match.index + 1;
  }
  return [start, text.length];
}

function searchedLine(text: string, start: number, end: number): [number, number] {
  const to = text.indexOf("\n", end);
  return [text.lastIndexOf("\n", start - 1) + 1, to === -1 ? text.length : to];
}

const texts = fc.string({ unit: fc.constantFrom("a", " ", ".", "!", "?", "\n", "1", "\t"), maxLength: 60 });

describe("sentence and line bounds, looked up in the offsets found once per text", () => {
  it("are the bounds a scan from the text's start finds", () => {
    fc.assert(
      fc.property(texts, fc.nat(), (text, seed) => {
        const at = seed % (text.length + 1);
        expect(sentenceBounds(text, at)).toEqual(scannedSentence(text, at));
      }),
      { numRuns: 2000 },
    );
  });

  it("are the lines lastIndexOf and indexOf find, a start of 0 included", () => {
    fc.assert(
      fc.property(texts, fc.nat(), fc.nat(), (text, a, b) => {
        const start = a % (text.length + 1);
        const end = start + (b % (text.length - start + 1));
        expect(lineBounds(text, start, end)).toEqual(searchedLine(text, start, end));
        expect(lineStartAt(text, start)).toBe(text.lastIndexOf("\n", start) + 1);
      }),
      { numRuns: 2000 },
    );
  });

  it("answer for each text asked, in turn", () => {
    expect(sentenceBounds("One. Two. Three.", 6)).toEqual([4, 8]);
    expect(sentenceBounds("a\nb", 2)).toEqual([2, 3]);
    expect(sentenceBounds("One. Two. Three.", 12)).toEqual([9, 16]);
  });
});
