import { describe, expect, it } from "vitest";
import { contextWords, hasContext } from "../../../src/detect/recognizers/context.js";

describe("context words", () => {
  const words = contextWords(["ssn", "social security", "a/c"]);

  it("matches whole words and phrases across separators, case-insensitively", () => {
    expect(words.test("Social-Security no")).toBe(true);
    expect(words.test("SSN:")).toBe(true);
    expect(words.test("a/c")).toBe(true);
    expect(words.test("classn")).toBe(false);
  });

  it("looks only inside the window around the span", () => {
    const text = `SSN ${"x".repeat(100)} 123`;
    const start = text.length - 3;
    expect(hasContext(text, start, text.length, words)).toBe(false);
    expect(hasContext(text, start, text.length, words, { before: 200, after: 0 })).toBe(true);
    expect(hasContext("123 (ssn)", 0, 3, words)).toBe(true);
  });
});
