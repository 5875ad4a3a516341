import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deriveKeys } from "../../../src/crypto/keys.js";
import { OperatorError, type OperatorInput, type OperatorOutput } from "../../../src/transform/base.js";
import { createFf1Cipher } from "../../../src/transform/operators/ff1.js";
import { createFf3Cipher } from "../../../src/transform/operators/ff3.js";
import {
  createFormatPreservingOperator,
  mergeFormat,
  PAD_DIGITS,
  REPRESENTATION_LENGTH,
  splitFormat,
  type NumeralCipher,
} from "../../../src/transform/operators/format.js";

const key = deriveKeys("format-test").fpe;
const input = (value: string, field: string | null = "ssn", kind = "ssn"): OperatorInput => ({ value, field, kind, valueType: "format" });
const meta = (field: string | null = "ssn", kind = "ssn") => ({ field, kind, valueType: "format" as const });

/** The shape of a string: digit -> d, upper -> A, lower -> a, others themselves. */
function shape(text: string): string {
  return text.replace(/[0-9]/g, "d").replace(/[A-Z]/g, "A").replace(/[a-z]/g, "a");
}

describe("splitFormat / mergeFormat", () => {
  it("splits digits, letters with case, and literals", () => {
    const template = splitFormat("Ab-9 é");
    expect(template.radices).toEqual([26, 26, 10]);
    expect(template.numerals).toEqual([0, 1, 9]);
    expect(template.slots.filter((slot) => "literal" in slot)).toHaveLength(3);
    expect(mergeFormat(template, [25, 25, 0])).toBe("Zz-0 é");
  });

  it("round-trips any string", () => {
    fc.assert(fc.property(fc.string({ unit: "grapheme-ascii" }), (text) => {
      const template = splitFormat(text);
      expect(mergeFormat(template, template.numerals)).toBe(text);
    }));
  });
});

const ciphers: [string, NumeralCipher][] = [
  ["ff1", createFf1Cipher(key)],
  ["ff3-1", createFf3Cipher(key)],
];

describe.each(ciphers)("format-preserving operator over %s", (name, cipher) => {
  const operator = createFormatPreservingOperator(name, cipher);
  const apply = (value: OperatorInput): OperatorOutput => operator.apply(value) as OperatorOutput;

  it("keeps digits, letter case and separators in place", () => {
    for (const value of ["939-79-6410", "939 79 6410", "INS-41208932", "ins-41208932", "(415) 555-0142", "AB12cd34EF"]) {
      const { text, exception } = apply(input(value));
      expect(exception).toBeUndefined();
      expect(shape(text)).toBe(shape(value));
      expect(text).not.toBe(value);
    }
  });

  it("changes canary tokens everywhere, prefix included", () => {
    const { text } = apply(input("CANARY_SSN_754B6934", null, "canary"));
    expect(shape(text)).toBe(shape("CANARY_SSN_754B6934"));
    expect(text.startsWith("CANARY")).toBe(false);
    expect(text.slice(-8)).not.toBe("754B6934");
  });

  it("keeps an identifier's type label before six digits or more, enciphers a random or short one, and reverses both", () => {
    const kept = apply(input("INS-41208932")).text;
    expect(kept).toMatch(/^INS-\d{8}$/);
    // Every written form of the label enciphers the digits alike.
    for (const written of ["ins-41208932", "INS 41208932", "mrn: 41208932", "CASE-2024-5567"]) {
      const { text } = apply(input(written));
      expect(text.slice(0, text.search(/\d/))).toBe(written.slice(0, written.search(/\d/)));
      expect(text.replace(/\D/g, "")).not.toBe(written.replace(/\D/g, ""));
      expect(operator.reverse!(text, input(written))).toBe(written);
    }
    expect(apply(input("ins-41208932")).text.replace(/\D/g, "")).toBe(kept.replace(/\D/g, ""));
    // Letters that name no type (a random prefix), and a label before fewer than 10^6 digits, are enciphered.
    for (const value of ["BQ-4471093", "EMP-61844"]) {
      const { text } = apply(input(value));
      expect(text.slice(0, 2)).not.toBe(value.slice(0, 2));
      expect(operator.reverse!(text, input(value))).toBe(value);
    }
  });

  it("encrypts the digits alike whatever the separators, and per field", () => {
    const dashed = apply(input("939-79-6410")).text;
    expect(apply(input("939796410")).text).toBe(dashed.replace(/-/g, ""));
    expect(apply(input("939-79-6410", "spouse_ssn")).text).not.toBe(dashed);
    expect(apply(input("939-79-6410", null, "ssn")).text).not.toBe(dashed);
    expect(apply(input("939-79-6410")).text).toBe(dashed);
  });

  it("pads a short domain reversibly and records a representation-length exception", () => {
    const { text, exception } = apply(input("742", "score", "score"));
    expect(exception).toBe(REPRESENTATION_LENGTH);
    expect(text).toMatch(new RegExp(`^\\d{${PAD_DIGITS + 3}}$`));
    expect(operator.reverse!(text, meta("score", "score"))).toBe("742");
    const letters = apply(input("A-7", "grade", "grade"));
    expect(letters.exception).toBe(REPRESENTATION_LENGTH);
    expect(operator.reverse!(letters.text, meta("grade", "grade"))).toBe("A-7");
  });

  it("round-trips random formatted values, short and long", () => {
    const value = fc
      .array(fc.oneof(fc.constantFrom(..."0123456789"), fc.constantFrom(..."abcXYZ"), fc.constantFrom("-", " ", "/", ".")), {
        minLength: 1,
        maxLength: 30,
      })
      .map((chars) => chars.join(""))
      .filter((text) => /[0-9A-Za-z]/.test(text));
    fc.assert(
      fc.property(value, fc.option(fc.constantFrom("ssn", "card"), { nil: null }), (text, field) => {
        const { text: out, exception } = apply(input(text, field, "id"));
        if (exception === undefined) expect(shape(out)).toBe(shape(text));
        else expect(out.length).toBe(text.length + PAD_DIGITS);
        expect(operator.reverse!(out, meta(field, "id"))).toBe(text);
      }),
      { numRuns: 150 },
    );
  });

  it("round-trips 6 to 12 digit numbers (those a padded output could look like)", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{6,12}$/), (digits) => {
        const { text } = apply(input(digits, "account", "id"));
        expect(operator.reverse!(text, meta("account", "id"))).toBe(digits);
      }),
      { numRuns: 150 },
    );
  });

  it("refuses values with nothing to encrypt, too long, or not an output", () => {
    expect(() => apply(input("--- ..."))).toThrow(OperatorError);
    expect(() => apply(input("9".repeat(300)))).toThrow(OperatorError);
    expect(() => operator.reverse!("12", meta())).toThrow(OperatorError);
    expect(() => apply(input("٩٣٩-٧٩-٦٤١٠"))).toThrow(OperatorError);
    expect(() => apply(input("JOSÉ-12345678"))).toThrow(OperatorError);
    expect(apply(input("12345678 → 9")).text).toMatch(/^\d{8} → \d$/);
  });
});

describe("ambiguity between padded and normal outputs", () => {
  const identity: NumeralCipher = { encrypt: (numerals) => [...numerals], decrypt: (numerals) => [...numerals] };
  const operator = createFormatPreservingOperator("identity", identity);

  it("reverses a padded output by its zero pad", () => {
    const { text } = operator.apply(input("742")) as OperatorOutput;
    expect(text).toBe("000000742");
    expect(operator.reverse!(text, meta())).toBe("742");
  });

  it("refuses a normal value whose output would read as padded", () => {
    const error = (() => {
      try {
        operator.apply(input("0000001"));
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toBeInstanceOf(OperatorError);
    expect((error as OperatorError).fallback).toBe("fpe-ambiguous");
  });
});
