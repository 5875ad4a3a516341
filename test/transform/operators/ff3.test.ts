import FF3Cipher from "ff3";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deriveKeys } from "../../../src/crypto/keys.js";
import type { OperatorOutput } from "../../../src/transform/base.js";
import { createFf3Block, createFf3Cipher, createFf3Operator, MAX_BLOCK } from "../../../src/transform/operators/ff3.js";

// NIST FF3 samples (64-bit tweaks; AES-128 key of samples 1-5) and ACVP FF3-1 samples (56-bit tweaks).
const VECTORS: [string, string, string, number, string, string][] = [
  ["FF3 sample 1", "EF4359D8D580AA4F7F036D6F04FC6A94", "D8E7920AFA330A73", 10, "890121234567890000", "750918814058654607"],
  ["FF3 sample 2", "EF4359D8D580AA4F7F036D6F04FC6A94", "9A768A92F60E12D8", 10, "890121234567890000", "018989839189395384"],
  ["FF3-1 ACVP tg1 tc1", "2DE79D232DF5585D68CE47882AE256D6", "CBD09280979564", 10, "3992520240", "8901801106"],
];
// Longer than one padding-safe block: checked on the ff3 package itself.
const LONG_VECTORS: typeof VECTORS = [
  ["FF3 sample 3", "EF4359D8D580AA4F7F036D6F04FC6A94", "D8E7920AFA330A73", 10, "89012123456789000000789000000", "48598367162252569629397416226"],
  ["FF3 sample 5", "EF4359D8D580AA4F7F036D6F04FC6A94", "9A768A92F60E12D8", 26, "0123456789abcdefghi", "g2pk40i992fn20cjakb"],
  [
    "FF3-1 ACVP tg1 tc2",
    "01C63017111438F7FC8E24EB16C71AB5",
    "C4E822DCD09F27",
    10,
    "60761757463116869318437658042297305934914824457484538562",
    "35637144092473838892796702739628394376915177448290847293",
  ],
];

describe("ff3 block wrapper", () => {
  it.each(LONG_VECTORS)("%s (ff3 package)", (_name, key, tweak, radix, plaintext, ciphertext) => {
    const cipher = new FF3Cipher(key, tweak, radix);
    expect(cipher.encrypt(plaintext)).toBe(ciphertext);
    expect(cipher.decrypt(ciphertext)).toBe(plaintext);
  });

  it.each(VECTORS)("%s", (_name, key, tweak, radix, plaintext, ciphertext) => {
    const block = createFf3Block(key, tweak, radix);
    expect(block.encrypt(plaintext)).toBe(ciphertext);
    expect(block.decrypt(ciphertext)).toBe(plaintext);
  });

  it("rejects characters outside the radix instead of corrupting them", () => {
    const block = createFf3Block("EF4359D8D580AA4F7F036D6F04FC6A94", "D8E7920AFA330A", 10);
    expect(() => block.encrypt("12345a789")).toThrow(/outside radix 10/);
    expect(() => createFf3Block("EF4359D8D580AA4F7F036D6F04FC6A94", "D8E7920AFA330A", 26).encrypt("ABCDEFG")).toThrow(Error);
  });

  it("refuses blocks longer than the padding-safe length", () => {
    const block = createFf3Block("EF4359D8D580AA4F7F036D6F04FC6A94", "D8E7920AFA330A", 10);
    expect(() => block.encrypt("1".repeat(MAX_BLOCK + 1))).toThrow(/safe block/);
  });

  it("turns ff3's thrown strings into Errors", () => {
    expect(() => createFf3Block("00", "D8E7920AFA330A", 10)).toThrow(Error);
    const block = createFf3Block("EF4359D8D580AA4F7F036D6F04FC6A94", "D8E7920AFA330A", 10);
    expect(() => block.encrypt("123")).toThrow(/message length 3/);
    try {
      block.encrypt("123");
    } catch (thrown) {
      expect(thrown).toBeInstanceOf(Error);
    }
  });
});

describe("FF3-1 numeral cipher beyond one block", () => {
  const cipher = createFf3Cipher(deriveKeys("ff3-test").fpe);

  it("round-trips radix-10 strings of 19 to 60 digits", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 19, maxLength: 60 }), (digits) => {
        const encrypted = cipher.encrypt(digits, 10, "t");
        expect(encrypted).toHaveLength(digits.length);
        expect(encrypted.every((d) => d >= 0 && d <= 9)).toBe(true);
        expect(cipher.decrypt(encrypted, 10, "t")).toEqual(digits);
      }),
      { numRuns: 100 },
    );
  });

  it("lets every output block depend on every input block", () => {
    const digits = Array.from({ length: 40 }, (_, i) => i % 10);
    const changedLast = [...digits.slice(0, 39), (digits[39] + 1) % 10];
    const a = cipher.encrypt(digits, 10, "t");
    const b = cipher.encrypt(changedLast, 10, "t");
    expect(a.slice(0, 13)).not.toEqual(b.slice(0, 13));
  });
});

describe("FF3-1 operator", () => {
  const operator = createFf3Operator(deriveKeys("ff3-test").fpe);

  it("round-trips a 19-digit card and long mixed identifiers", () => {
    for (const value of ["6011000990139424123", "ACCT-1234567890123456789012-XYZ", "4111111111111111"]) {
      const meta = { field: "card", kind: "card", valueType: "format" as const };
      const { text } = operator.apply({ ...meta, value }) as OperatorOutput;
      expect(text).toHaveLength(value.length);
      expect(text).not.toBe(value);
      expect(operator.reverse!(text, meta)).toBe(value);
    }
  });
});
