import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deriveKeys } from "../../../src/crypto/keys.js";
import type { OperatorOutput } from "../../../src/transform/base.js";
import { createFf1Cipher, createFf1Operator } from "../../../src/transform/operators/ff1.js";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";
const toNumerals = (text: string): number[] => [...text].map((c) => ALPHABET.indexOf(c));
const toText = (numerals: number[]): string => numerals.map((n) => ALPHABET[n]).join("");
const hexKey = (hex: string): Uint8Array => Uint8Array.from(Buffer.from(hex, "hex"));

const AES128 = "2B7E151628AED2A6ABF7158809CF4F3C";
const AES192 = "2B7E151628AED2A6ABF7158809CF4F3CEF4359D8D580AA4F";
const AES256 = "2B7E151628AED2A6ABF7158809CF4F3CEF4359D8D580AA4F7F036D6F04FC6A94";
// NIST SP 800-38G FF1 samples 1-9; tweaks 39383736353433323130 and 3737373770717273373737 as ASCII.
const SAMPLES: [number, string, number, string, string, string][] = [
  [1, AES128, 10, "", "0123456789", "2433477484"],
  [2, AES128, 10, "9876543210", "0123456789", "6124200773"],
  [3, AES128, 36, "7777pqrs777", "0123456789abcdefghi", "a9tv40mll9kdu509eum"],
  [4, AES192, 10, "", "0123456789", "2830668132"],
  [5, AES192, 10, "9876543210", "0123456789", "2496655549"],
  [6, AES192, 36, "7777pqrs777", "0123456789abcdefghi", "xbj3kv35jrawxv32ysr"],
  [7, AES256, 10, "", "0123456789", "6657667009"],
  [8, AES256, 10, "9876543210", "0123456789", "1001623463"],
  [9, AES256, 36, "7777pqrs777", "0123456789abcdefghi", "xs8a0azh2avyalyzuwd"],
];

describe("FF1 numeral cipher (@noble/ciphers)", () => {
  it.each(SAMPLES)("NIST sample %i", (_sample, key, radix, tweak, plaintext, ciphertext) => {
    const cipher = createFf1Cipher(hexKey(key));
    expect(toText(cipher.encrypt(toNumerals(plaintext), radix, tweak))).toBe(ciphertext);
    expect(toText(cipher.decrypt(toNumerals(ciphertext), radix, tweak))).toBe(plaintext);
  });
});

describe("FF1 operator", () => {
  const operator = createFf1Operator(deriveKeys("ff1-test").fpe);

  it("is deterministic for one key and differs across keys", () => {
    const value = { value: "939-79-6410", field: "ssn", kind: "ssn", valueType: "format" as const };
    const first = (operator.apply(value) as OperatorOutput).text;
    expect((operator.apply(value) as OperatorOutput).text).toBe(first);
    const other = createFf1Operator(deriveKeys("another secret").fpe);
    expect((other.apply(value) as OperatorOutput).text).not.toBe(first);
  });

  it("round-trips card numbers of 13 to 19 digits", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{13,19}$/), (card) => {
        const meta = { field: "card", kind: "card", valueType: "format" as const };
        const { text } = operator.apply({ ...meta, value: card }) as OperatorOutput;
        expect(text).toMatch(/^\d+$/);
        expect(text).toHaveLength(card.length);
        expect(operator.reverse!(text, meta)).toBe(card);
      }),
      { numRuns: 100 },
    );
  });
});
