import { describe, expect, it } from "vitest";
import type { VaultEntry } from "../../../src/detect/vault/vault.js";
import { gradeLetterDetector } from "../../../src/detect/vault/grade-letters.js";
import { createRecons } from "../../../src/guard.js";

const rating = (value: string): VaultEntry => ({ field: "internal_rating", value, kind: "text", valueType: "value" });

/** The letters the detector finds in `text` for a rating of `value`. */
function foundIn(text: string, value: string): string[] {
  return gradeLetterDetector(() => [rating(value)])
    .detect(text)
    .map((detection) => text.slice(detection.start, detection.end));
}

describe("a letter grade a few words after its label", () => {
  // Round 7 red team; the first four kept the real letter in dev finance messages.
  it.each([
    ['   - The internal rating of the account is "C," which may indicate some limitations.', "C"],
    ['The internal rating for Mr. Michael Davis is "B," and there is a risk note', "B"],
    ["- **Risk Rating**: *(Placeholder from context: **D** – flagged for review)*", "D"],
    ["- **Internal Risk Rating:** Low (A)", "A"],
    ["- Internal rating on file: D", "D"],
    ["Internal risk rating currently: D", "D"],
    ["- **Internal Rating (A–F):** B", "B"],
    ['"internal_rating (A-F)": "D"', "D"],
    ["risk_bucket=B+", "B+"],
    ["the account's internal rating (currently C) or risk notes", "C"],
  ])("%s", (text, value) => {
    expect(foundIn(text, value)).toEqual([value]);
  });

  it.each([
    ["Internal rating: A review is pending.", "A"], // the article
    ['Internal rating (e.g., "A" or "B" preferred; "C" or below)', "C"], // a policy's options
    ["Ratings A–C proceed; the rating scale goes from A to F.", "A"], // ranges
    ['"interest_rate_tier": "N/A"', "A"], // an abbreviation
    ["Rating | [Input] | ❌ F = Decline |", "F"], // a legend's key
    ["Internal rating: B+", "B"], // another grade
    ["Rating pending.\nB", "B"], // past the label's line
  ])("%s: nothing", (text, value) => {
    expect(foundIn(text, value)).toEqual([]);
  });

  it("is one of the guard's detectors: the letter is protected for a reader not allowed the rating", () => {
    const guard = createRecons({ secret: "s", vault: { internal_rating: "C" }, policy: { fields: {} } });
    const { content } = guard.sanitizeSync({ channel: "C2", content: 'The internal rating of the account is "C," which may indicate issues.', recipient: "worker" });
    expect(content).not.toMatch(/"C,"/);
    expect(content).toMatch(/^The internal rating of the account is "\[REDACTED:[^\]]+\]," which may indicate issues\.$/);
  });
});
