import { createHash } from "node:crypto";
import FF3Cipher from "ff3";
import type { Operator } from "../base.js";
import { memoize, createFormatPreservingOperator, type NumeralCipher } from "./format.js";

/** ff3's fixed alphabet, cut at the radix. */
const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";
/** ff3 pads each half with at most 8 zeros, so only half-lengths <= 9 always round-trip. */
export const MAX_BLOCK = 18;

/** ff3 throws strings: turn anything thrown into an Error. */
function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(`ff3: ${String(thrown)}`);
}

function assertAlphabet(text: string, radix: number): void {
  const allowed = ALPHABET.slice(0, radix);
  for (const char of text) {
    if (!allowed.includes(char)) throw new Error(`ff3: character ${JSON.stringify(char)} is outside radix ${radix}`);
  }
}

/** One FF3-1 block cipher over strings, with ff3's defects wrapped (alphabet, padding cap, thrown strings). */
export interface Ff3Block {
  encrypt(text: string): string;
  decrypt(text: string): string;
}

export function createFf3Block(keyHex: string, tweakHex: string, radix: number): Ff3Block {
  let cipher: FF3Cipher;
  try {
    cipher = new FF3Cipher(keyHex, tweakHex, radix);
  } catch (thrown) {
    throw asError(thrown);
  }
  const run = (direction: "encrypt" | "decrypt", text: string): string => {
    assertAlphabet(text, radix);
    if (text.length > MAX_BLOCK) throw new Error(`ff3: ${text.length} characters exceed the ${MAX_BLOCK}-character safe block`);
    let result: string;
    try {
      result = cipher[direction](text);
    } catch (thrown) {
      throw asError(thrown);
    }
    if (result.length !== text.length) throw new Error("ff3: output length differs from input length");
    return result;
  };
  return { encrypt: (text) => run("encrypt", text), decrypt: (text) => run("decrypt", text) };
}

/** FF3-1 tweaks are 56 bits: the first 7 bytes of SHA-256 of the textual tweak. */
function tweakHex(tweak: string): string {
  return createHash("sha256").update(tweak).digest("hex").slice(0, 14);
}

function chunkLengths(length: number): number[] {
  const count = Math.ceil(length / MAX_BLOCK);
  const base = Math.floor(length / count);
  return Array.from({ length: count }, (_, i) => base + (i < length % count ? 1 : 0));
}

function splitChunks(text: string): string[] {
  let start = 0;
  return chunkLengths(text.length).map((size) => text.slice(start, (start += size)));
}

/**
 * FF3-1 over numeral strings of any length: up to MAX_BLOCK one block; longer strings are cut in
 * balanced blocks (each >= 9 >= minlen) enciphered in two chained passes, forward then backward,
 * each block's tweak bound to the blocks already done, so every output block depends on every input.
 */
export function createFf3Cipher(key: Uint8Array): NumeralCipher {
  const keyHex = Buffer.from(key).toString("hex");
  const cached = memoize((id) => {
    const separator = id.indexOf(":");
    return createFf3Block(keyHex, tweakHex(id.slice(separator + 1)), Number(id.slice(0, separator)));
  });
  const block = (radix: number, tweak: string): Ff3Block => cached(`${radix}:${tweak}`);
  const chained = (radix: number, tweak: string, pass: number, index: number, chain: string[]): Ff3Block =>
    createFf3Block(keyHex, tweakHex(`${tweak}\u0000${pass}\u0000${index}\u0000${chain.join("")}`), radix);
  const toText = (numerals: number[]): string => numerals.map((n) => ALPHABET[n]).join("");
  const toNumerals = (text: string, radix: number): number[] => [...text].map((c) => parseInt(c, radix));

  const encrypt = (text: string, radix: number, tweak: string): string => {
    if (text.length <= MAX_BLOCK) return block(radix, tweak).encrypt(text);
    const chunks = splitChunks(text);
    for (let i = 0; i < chunks.length; i++) chunks[i] = chained(radix, tweak, 1, i, chunks.slice(0, i)).encrypt(chunks[i]);
    for (let i = chunks.length - 1; i >= 0; i--) chunks[i] = chained(radix, tweak, 2, i, chunks.slice(i + 1)).encrypt(chunks[i]);
    return chunks.join("");
  };
  const decrypt = (text: string, radix: number, tweak: string): string => {
    if (text.length <= MAX_BLOCK) return block(radix, tweak).decrypt(text);
    const chunks = splitChunks(text);
    for (let i = 0; i < chunks.length; i++) chunks[i] = chained(radix, tweak, 2, i, chunks.slice(i + 1)).decrypt(chunks[i]);
    for (let i = chunks.length - 1; i >= 0; i--) chunks[i] = chained(radix, tweak, 1, i, chunks.slice(0, i)).decrypt(chunks[i]);
    return chunks.join("");
  };
  return {
    encrypt: (numerals, radix, tweak) => toNumerals(encrypt(toText(numerals), radix, tweak), radix),
    decrypt: (numerals, radix, tweak) => toNumerals(decrypt(toText(numerals), radix, tweak), radix),
  };
}

/** FF3-1 (the paper's choice, via the `ff3` package), selectable with `fpe: "ff3-1"`. */
export function createFf3Operator(key: Uint8Array): Operator {
  return createFormatPreservingOperator("ff3-1", createFf3Cipher(key));
}
