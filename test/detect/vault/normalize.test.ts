import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { asciiDigits, escapedAs, NormalizeBuffer, normalizeText, normalizeValue, originalSpan } from "../../../src/detect/vault/normalize.js";

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

  it("reads the digits of other scripts as ASCII digits, one original character each", () => {
    const n = normalizeText("SSN ١٢٣-٤٥-٦٧٨٩, ۱۱۸٫۳۰۰ and १२,५");
    expect(n.text).toBe("ssn 123 45 6789 118 300 and 12,5");
    const start = n.text.indexOf("123");
    expect(originalSpan(n, start, start + "123 45 6789".length)).toEqual([4, 15]);
    expect(normalizeValue("٢٠٥.٩٠٢")).toBe("205.902");
  });

  it("maps only decimal digits of one UTF-16 unit to ASCII, keeping the length, and returns plain text as it is", () => {
    expect(asciiDigits("SSN ١٢٣-٤٥-٦٧٨٩")).toBe("SSN 123-45-6789");
    expect(asciiDigits("۰۱۲۳۴۵۶۷۸۹ ०१२३४५६७८९ ０１２３４５６７８９ ๐๙")).toBe("0123456789 0123456789 0123456789 09");
    // Superscripts, circled digits and fractions are no decimal digits; a math bold digit takes two units.
    for (const text of ["x² ① ½ Ⅻ", "𝟗𝟖𝟓", "Plain 123-45-6789 café"]) expect(asciiDigits(text)).toBe(text);
  });

  it("reads letters of other scripts drawn as Latin ones as those letters (Unicode confusables), other letters as they are", () => {
    // Cyrillic а, о, І and Greek Ο, Ν: what a writer uses to slip a name past a matcher.
    expect(normalizeText("Ryаn Wilsоn, WІLSΟΝ").text).toBe("ryan wilson wilson");
    expect(normalizeValue("Ryаn Wilsоn")).toBe(normalizeValue("Ryan Wilson"));
    // A letter with no Latin look-alike stays itself; one with an ASCII base folds to that base, as before.
    expect(normalizeValue("Иван José")).toBe("ивaн jose");
    expect(normalizeValue("日本 Straße")).toBe("日本 straße");
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

  it("agrees with a character-by-character reference on random text with marks, digits and separators", () => {
    const units = ["a", "B", "5", "0", ".", ",", " ", "-", "..", "\u0301", "é", "ß", "\n", "٣", "۷", "९", "Ü", "９", "Ｍ", "\u200b", "\u00ad", "T", "x"];
    const buffer = new NormalizeBuffer(2);
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...units), { maxLength: 24 }), (parts) => {
        const text = parts.join("");
        const expected = referenceNormalize(text);
        buffer.fill(text);
        expect(buffer.slice(0, buffer.length)).toBe(expected.text);
        expect([...buffer.origin.subarray(0, buffer.length)]).toEqual(expected.origin);
      }),
      { numRuns: 500 },
    );
  });
});

/** Digit zero of the Arabic-Indic, Eastern Arabic-Indic, Devanagari and full-width digits. */
const OTHER_SCRIPT_ZEROS = [0x660, 0x6f0, 0x966, 0xff10];

/** The normalization rule spelled out one character at a time: separator runs become one space at their first character. */
function referenceNormalize(source: string): { text: string; origin: number[] } {
  const fold = (unit: string): string | null => {
    const digit = OTHER_SCRIPT_ZEROS.map((zero) => unit.charCodeAt(0) - zero).find((value) => value >= 0 && value <= 9);
    if (unit.length === 1 && digit !== undefined) return String(digit);
    if (/[\p{M}\p{Cf}]/u.test(unit)) return null;
    if (!/[\p{L}\p{N}]/u.test(unit)) return " ";
    const base = unit.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
    return base.length === 1 && /[\p{L}\p{N}]/u.test(base) ? base : unit.toLowerCase().charAt(0);
  };
  let text = "";
  const origin: number[] = [];
  let run: { start: number; unit: string; length: number } | null = null;
  for (let i = 0; i < source.length; i++) {
    const folded = fold(source[i]);
    if (folded === null) continue;
    if (folded === " ") {
      if (run) run.length++;
      else run = { start: i, unit: source[i], length: 1 };
      continue;
    }
    if (run) {
      const decimal = run.length === 1 && (run.unit === "." || run.unit === ",") && /[0-9]$/.test(text) && /^[0-9]$/.test(folded);
      text += decimal ? run.unit : " ";
      origin.push(run.start);
      run = null;
    }
    text += folded;
    origin.push(i);
  }
  if (run) {
    text += " ";
    origin.push(run.start);
  }
  // The `T` of a date-time between two digits is a separator of its own.
  const chars = [...text];
  origin.forEach((at, index) => {
    if (source[at] === "T" && /[0-9]/.test(chars[index - 1] ?? "") && /[0-9]/.test(chars[index + 1] ?? "")) chars[index] = " ";
  });
  return { text: chars.join(""), origin };
}


describe("escapedAs", () => {
  it("percent-encodes a replacement as the span it replaces was", () => {
    expect(escapedAs("Ryan%20Wilson", "Neil Potter")).toBe("Neil%20Potter");
    expect(escapedAs("985%2d71%2d8578", "118-63-3758")).toBe("118%2d63%2d3758");
    expect(escapedAs("July%2028%2C%201957", "August 18, 1996")).toBe("August%2018%2C%201996");
    expect(escapedAs("Jos%C3%A9%20Garc%C3%ADa", "Zoë Lund")).toBe("Zo%C3%AB%20Lund");
    // What the writer wrote as it is stays so (a form's `+` for a space).
    expect(escapedAs("July+28%2C+1957", "August+18,+1996")).toBe("August+18%2C+1996");
  });

  it("leaves a replacement alone where the span had no percent escape", () => {
    expect(escapedAs("Ryan Wilson", "Neil Potter")).toBe("Neil Potter");
    expect(escapedAs("50% off", "a b")).toBe("a b");
  });
});
