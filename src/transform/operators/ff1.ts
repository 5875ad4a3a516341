import { createCipheriv, type Cipher } from "node:crypto";
import type { Operator } from "../base.js";
import { memoize, createFormatPreservingOperator, type NumeralCipher } from "./format.js";

const BLOCK = 16;
const ROUNDS = 10;
const MAX_LENGTH = 2 ** 32 - 1;

/**
 * FF1 (NIST SP 800-38G) over node's AES. Written here rather than taken from @noble/ciphers, whose
 * pure-JS AES and per-call key expansion made FPE the largest cost of guard setup (every vault value
 * gets its surrogate there). Same algorithm, same outputs (NIST samples and @noble/ciphers in the tests).
 */
export function createFf1Cipher(key: Uint8Array): NumeralCipher {
  // ECB of one block is the block cipher itself and keeps no state between calls: one instance serves every block.
  const aes = createCipheriv(`aes-${key.length * 8}-ecb`, key, null).setAutoPadding(false);
  const encoder = new TextEncoder();
  const tweakBytes = memoize((tweak) => encoder.encode(tweak));
  return {
    encrypt: (numerals, radix, tweak) => ff1(aes, numerals, radix, tweakBytes(tweak), false),
    decrypt: (numerals, radix, tweak) => ff1(aes, numerals, radix, tweakBytes(tweak), true),
  };
}

/** The default FPE operator: FF1 (the only FPE mode NIST's 2025 draft of SP 800-38G Rev.1 keeps). */
export function createFf1Operator(key: Uint8Array): Operator {
  return createFormatPreservingOperator("ff1", createFf1Cipher(key));
}

/** FF1.Encrypt (Algorithm 7) or FF1.Decrypt (Algorithm 8) of numeral string `x`. */
function ff1(aes: Cipher, x: readonly number[], radix: number, tweak: Uint8Array, decrypt: boolean): number[] {
  checkInput(x, radix);
  const n = x.length;
  const u = Math.floor(n / 2);
  const v = n - u;
  const b = radixBytes(radix, v);
  const d = 4 * Math.ceil(b / 4) + 4;
  // P || Q with Q = T || [0]^((-t-b-1) mod 16) || [i]1 || [NUMradix(B)]b; only the round's tail changes.
  const pq = Buffer.alloc(BLOCK + tweak.length + mod(-tweak.length - b - 1, BLOCK) + 1 + b);
  pq.set([1, 2, 1, (radix >> 16) & 0xff, (radix >> 8) & 0xff, radix & 0xff, 10, u & 0xff]);
  pq.writeUInt32BE(n, 8);
  pq.writeUInt32BE(tweak.length, 12);
  pq.set(tweak, BLOCK);
  const bigRadix = BigInt(radix);
  const modulusU = bigRadix ** BigInt(u);
  const modulusV = bigRadix ** BigInt(v);
  // Encrypt: rounds 0..9 over (A, B); decrypt: rounds 9..0 with the halves' roles swapped.
  let [left, right] = decrypt ? [x.slice(u), x.slice(0, u)] : [x.slice(0, u), x.slice(u)];
  // The blocks before the round's tail ([i]1 || [NUMradix(B)]b) are the same in every round: chained once.
  const fixedLength = Math.floor((pq.length - b - 1) / BLOCK) * BLOCK;
  const fixedChain = cbcMac(aes, Buffer.alloc(BLOCK), pq.subarray(0, fixedLength));
  const tail = pq.subarray(fixedLength);
  for (let round = 0; round < ROUNDS; round++) {
    const i = decrypt ? ROUNDS - 1 - round : round;
    tail[tail.length - b - 1] = i;
    if (b > 0) tail.set(toBytes(numeralValue(right, bigRadix), b), tail.length - b);
    const y = prfValue(aes, cbcMac(aes, fixedChain, tail), d);
    const m = i % 2 === 0 ? u : v;
    const modulus = m === u ? modulusU : modulusV;
    const sum = numeralValue(left, bigRadix) + (decrypt ? -y : y);
    [left, right] = [right, numerals(((sum % modulus) + modulus) % modulus, bigRadix, m)];
  }
  return decrypt ? [...right, ...left] : [...left, ...right];
}

/** What @noble/ciphers checks: a radix of at most 16 bits, radix^n >= 100, n >= 2, numerals in range. */
function checkInput(x: readonly number[], radix: number): void {
  if (radix < 2 || radix > 2 ** 16 - 1) throw new Error(`invalid radix ${radix}`);
  let minLength = 0;
  for (let domain = 1; domain < 100; domain *= radix) minLength++;
  if (x.length < Math.max(2, minLength) || x.length > MAX_LENGTH) throw new Error("X is outside minLen..maxLen bounds");
  for (const numeral of x) if (!Number.isSafeInteger(numeral) || numeral < 0 || numeral >= radix) throw new Error("invalid X: digit outside radix");
}

/** b = ceil(ceil(v * log2(radix)) / 8): the bytes of radix^v - 1. */
function radixBytes(radix: number, v: number): number {
  return v === 0 ? 0 : Math.ceil(((BigInt(radix) ** BigInt(v) - 1n).toString(2).length) / 8);
}

/** CBC-MAC chaining: the state after `blocks`, from state `chain` (PRF of SP 800-38G Algorithm 6 from the zero block). */
function cbcMac(aes: Cipher, chain: Buffer, blocks: Buffer): Buffer {
  let state = chain;
  for (let at = 0; at < blocks.length; at += BLOCK) {
    const next = Buffer.allocUnsafe(BLOCK);
    for (let k = 0; k < BLOCK; k++) next[k] = state[k] ^ blocks[at + k];
    state = aes.update(next);
  }
  return state;
}

/** NUM(S) of S = the first d bytes of R || CIPH(R xor [1]16) || CIPH(R xor [2]16) ..., R = PRF(P || Q). */
function prfValue(aes: Cipher, r: Buffer, d: number): bigint {
  const s = [r];
  for (let j = 1; s.length * BLOCK < d; j++) {
    const counter = toBytes(BigInt(j), BLOCK);
    for (let k = 0; k < BLOCK; k++) counter[k] ^= r[k];
    s.push(aes.update(counter));
  }
  return BigInt(`0x${Buffer.concat(s).subarray(0, d).toString("hex")}`);
}

function numeralValue(numerals: readonly number[], radix: bigint): bigint {
  let value = 0n;
  for (const numeral of numerals) value = value * radix + BigInt(numeral);
  return value;
}

/** STR^m_radix(value): its m numerals, most significant first. */
function numerals(value: bigint, radix: bigint, m: number): number[] {
  const out = new Array<number>(m);
  let rest = value;
  for (let k = m - 1; k >= 0; k--, rest /= radix) out[k] = Number(rest % radix);
  return out;
}

function toBytes(value: bigint, length: number): Buffer {
  return Buffer.from(value.toString(16).padStart(2 * length, "0"), "hex");
}

function mod(a: number, b: number): number {
  return ((a % b) + b) % b;
}
