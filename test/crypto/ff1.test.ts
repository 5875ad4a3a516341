import { FF1 } from "@noble/ciphers/ff1.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createFf1 } from "../../src/crypto/ff1.js";

/** Numeral strings of a radix, at least FF1's minimum length for it. */
const numeralsOf = (radix: number, maxLength: number) => {
  let minLength = 2;
  while (radix ** minLength < 100) minLength++;
  return fc.array(fc.nat(radix - 1), { minLength, maxLength: Math.max(minLength, maxLength) });
};

describe("createFf1", () => {
  it("gives @noble/ciphers' FF1 outputs on small and large domains, any key size and tweak, and decrypts them", () => {
    const input = fc
      .record({
        radix: fc.oneof(fc.constantFrom(2, 10, 26, 36, 62), fc.integer({ min: 2, max: 0xffff })),
        key: fc.constantFrom(16, 24, 32).chain((size) => fc.uint8Array({ minLength: size, maxLength: size })),
        tweak: fc.uint8Array({ maxLength: 40 }),
        maxLength: fc.oneof(fc.integer({ min: 2, max: 24 }), fc.integer({ min: 25, max: 70 })),
      })
      .chain((setup) => numeralsOf(setup.radix, setup.maxLength).map((numerals) => ({ ...setup, numerals })));
    fc.assert(
      fc.property(input, ({ radix, key, tweak, numerals }) => {
        const reference = FF1(radix, key, tweak);
        const ours = createFf1(radix, key, tweak);
        const encrypted = ours.encrypt(numerals);
        expect(encrypted).toEqual(reference.encrypt([...numerals]));
        expect(ours.decrypt(encrypted)).toEqual(numerals);
        expect(ours.decrypt(numerals)).toEqual(reference.decrypt([...numerals]));
      }),
      { numRuns: 300 },
    );
  });

  it("reuses one length's layout across calls without carrying state between them", () => {
    const ours = createFf1(10, new Uint8Array(16).fill(3), new TextEncoder().encode("field:ssn"));
    const reference = FF1(10, new Uint8Array(16).fill(3), new TextEncoder().encode("field:ssn"));
    for (const value of ["939796410", "123456789", "939796410", "000000000"]) {
      const numerals = [...value].map(Number);
      expect(ours.encrypt(numerals)).toEqual(reference.encrypt(numerals));
    }
  });

  it("refuses what FF1 does not define: radix, short strings, numerals outside the radix, bad keys", () => {
    const key = new Uint8Array(16);
    expect(() => createFf1(1, key)).toThrow(/radix 1/);
    expect(() => createFf1(0x10000, key)).toThrow(/radix/);
    expect(() => createFf1(10, key).encrypt([1])).toThrow(/too short/);
    expect(() => createFf1(10, key).encrypt([1, 2, 3, 10])).toThrow(/numeral 10 outside radix 10/);
    expect(() => createFf1(10, key).encrypt([1, 2, 3.5])).toThrow(/numeral 3.5/);
    expect(() => createFf1(10, new Uint8Array(15))).toThrow();
  });
});
