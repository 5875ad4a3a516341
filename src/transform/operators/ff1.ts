import { FF1 } from "@noble/ciphers/ff1.js";
import type { Operator } from "../base.js";
import { memoize, createFormatPreservingOperator, type NumeralCipher } from "./format.js";

type Ff1Instance = ReturnType<typeof FF1>;

/** FF1 (NIST SP 800-38G) from @noble/ciphers, one instance per (radix, tweak). */
export function createFf1Cipher(key: Uint8Array): NumeralCipher {
  const encoder = new TextEncoder();
  const cached = memoize((id): Ff1Instance => {
    const separator = id.indexOf(":");
    return FF1(Number(id.slice(0, separator)), key, encoder.encode(id.slice(separator + 1)));
  });
  const instance = (radix: number, tweak: string): Ff1Instance => cached(`${radix}:${tweak}`);
  return {
    encrypt: (numerals, radix, tweak) => instance(radix, tweak).encrypt(numerals),
    decrypt: (numerals, radix, tweak) => instance(radix, tweak).decrypt(numerals),
  };
}

/** The default FPE operator: FF1 (the only FPE mode NIST's 2025 draft of SP 800-38G Rev.1 keeps). */
export function createFf1Operator(key: Uint8Array): Operator {
  return createFormatPreservingOperator("ff1", createFf1Cipher(key));
}
