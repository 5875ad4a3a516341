import { expect, it } from "vitest";
import type { Recognizer } from "../../../src/detect/base.js";

/** The substrings a recognizer reports, in order. */
export function found(recognizer: Recognizer, text: string): string[] {
  return recognizer.detect(text).map((d) => text.slice(d.start, d.end));
}

/** Confidence of the single hit whose text is `value`. */
export function confidenceOf(recognizer: Recognizer, text: string, value: string): number {
  const hits = recognizer.detect(text).filter((d) => text.slice(d.start, d.end) === value);
  expect(hits).toHaveLength(1);
  return hits[0].confidence;
}

/** 100 KB strings built to make a backtracking regex explode. */
export const ADVERSARIAL_INPUTS: readonly string[] = [
  "a".repeat(1e5),
  "1".repeat(1e5),
  "1-".repeat(5e4),
  "1 ".repeat(5e4),
  "1.".repeat(5e4),
  "1:".repeat(5e4),
  "a@".repeat(5e4),
  "a.".repeat(5e4),
  "A_".repeat(5e4),
  "CANARY_".repeat(14286),
  "AB12 ".repeat(2e4),
  "July 1".repeat(16667),
  "+1 (".repeat(25000),
];

/** Runs the recognizer on every adversarial input: it must return (no time limit asserted). */
export function itTerminatesOnAdversarialInput(recognizer: Recognizer): void {
  it("returns on 100 KB adversarial strings", () => {
    for (const input of ADVERSARIAL_INPUTS) {
      expect(Array.isArray(recognizer.detect(input))).toBe(true);
    }
  });
}

/** Every detection carries the recognizer's identity, tier 1 and null field. */
export function itReportsItsIdentity(recognizer: Recognizer, sample: string): void {
  it("labels hits with its name, kind, value type, tier 1 and no field", () => {
    const hits = recognizer.detect(sample);
    expect(hits.length).toBeGreaterThan(0);
    for (const d of hits) {
      expect(d).toMatchObject({ field: null, kind: recognizer.kind, valueType: recognizer.valueType, tier: 1, source: recognizer.name });
      expect(d.confidence).toBeGreaterThan(0);
      expect(d.confidence).toBeLessThanOrEqual(1);
    }
  });
}
