import { describe, expect, it } from "vitest";
import { NormalizeBuffer, normalizeText, normalizeValue, originalSpan } from "../../../src/detect/vault/normalize.js";

describe("normalizeText", () => {
  it("lowercases, folds diacritics and collapses separators while mapping offsets back", () => {
    const n = normalizeText("Call (982) 414-6584, José!");
    expect(n.text).toBe("call 982 414 6584 jose ");
    const start = n.text.indexOf("982");
    expect(originalSpan(n, start, start + "982 414 6584".length)).toEqual([6, 19]);
    expect(n.source.slice(...originalSpan(n, n.text.indexOf("jose"), n.text.indexOf("jose") + 4))).toBe("José");
  });

  it("keeps a lone dot or comma between digits so that 205.902 and 205,902 differ", () => {
    expect(normalizeValue("$205,902.00")).toBe("205,902.00");
    expect(normalizeValue("205.902")).toBe("205.902");
    expect(normalizeValue("1957. 07")).toBe("1957 07");
    expect(normalizeValue("CANARY_SSN_754B6934")).toBe("canary ssn 754b6934");
  });

  it("includes a trailing combining mark in the original span", () => {
    const n = normalizeText("Jose\u0301 x");
    expect(n.text).toBe("jose x");
    expect(originalSpan(n, 0, 4)).toEqual([0, 5]);
  });

  it("reuses one buffer for strings of any length, with the same result as normalizeText", () => {
    const buffer = new NormalizeBuffer(4);
    for (const text of ["Ann-Marie O'Neil, 205.902!", "x", "Ünïcödé  ß 12,5 ** ok", "a".repeat(300)]) {
      buffer.fill(text);
      const expected = normalizeText(text);
      expect(buffer.slice(0, buffer.length)).toBe(expected.text);
      expect([...buffer.origin.subarray(0, buffer.length)]).toEqual([...expected.origin]);
    }
    buffer.fill("jose x");
    expect(buffer.onTokenBoundaries(0, 4)).toBe(true);
    expect(buffer.onTokenBoundaries(1, 4)).toBe(false);
    expect(buffer.tokenEnd(1)).toBe(4);
  });
});
