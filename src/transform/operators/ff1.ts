import { createFf1, type Ff1 } from "../../crypto/ff1.js";
import type { Operator } from "../base.js";
import { memoize, createFormatPreservingOperator, type NumeralCipher } from "./format.js";

/** FF1 (NIST SP 800-38G; crypto/ff1.ts, on @noble/ciphers), one instance per (radix, tweak). */
export function createFf1Cipher(key: Uint8Array): NumeralCipher {
  const encoder = new TextEncoder();
  const cached = memoize((id): Ff1 => {
    const separator = id.indexOf(":");
    return createFf1(Number(id.slice(0, separator)), key, encoder.encode(id.slice(separator + 1)));
  });
  const instance = (radix: number, tweak: string): Ff1 => cached(`${radix}:${tweak}`);
  return {
    encrypt: (numerals, radix, tweak) => instance(radix, tweak).encrypt(numerals),
    decrypt: (numerals, radix, tweak) => instance(radix, tweak).decrypt(numerals),
  };
}

/** The default FPE operator: FF1 (the only FPE mode NIST's 2025 draft of SP 800-38G Rev.1 keeps). */
export function createFf1Operator(key: Uint8Array): Operator {
  return createFormatPreservingOperator("ff1", createFf1Cipher(key));
}
