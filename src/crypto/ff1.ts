import { unsafe } from "@noble/ciphers/aes.js";

/**
 * FF1 (NIST SP 800-38G, Algorithms 7 and 8) on @noble/ciphers' AES block function, with the same
 * interface and outputs as noble's `FF1` (its tests compare them). noble's FF1 expands the AES key,
 * sizes its buffers with BigInt interval math and MACs the constant P || tweak blocks again on every
 * call (~40 µs for an SSN, a sixth of a replay's time); here that is done once per numeral-string
 * length, and a round MACs only the blocks holding [i] and NUM(B).
 * Halves of radix^length up to SMALL_MODULUS (every identifier and date) take Number arithmetic:
 * the remainders below stay exact in a double. Longer ones take BigInt.
 */
const SMALL_MODULUS = 2 ** 45;
const BLOCK = 16;

export interface Ff1 {
  encrypt(numerals: readonly number[]): number[];
  decrypt(numerals: readonly number[]): number[];
}

/** What every call on numeral strings of one length shares. */
interface Layout {
  u: number;
  v: number;
  /** Bytes of NUM(B) in Q. */
  b: number;
  /** Bytes of S taken as y. */
  d: number;
  /** radix^u and radix^v; as Numbers when `small`. */
  modulusU: bigint;
  modulusV: bigint;
  small: boolean;
  /** CBC-MAC state (AES words) after the blocks of P || Q before the first that holds [i]. */
  chained: readonly number[];
  /** P || Q from that block on: each round writes its [i] and NUM(B) over the last b + 1 bytes. */
  tail: Uint8Array;
  /** R of the last round. */
  r: Uint8Array;
}

export function createFf1(radix: number, key: Uint8Array, tweak: Uint8Array = new Uint8Array(0)): Ff1 {
  if (!Number.isInteger(radix) || radix < 2 || radix > 0xffff) throw new Error(`invalid FF1 radix ${radix}`);
  const expanded = unsafe.expandKeyLE(key);
  const layouts = new Map<number, Layout>();
  const layoutOf = (n: number): Layout => {
    let layout = layouts.get(n);
    if (layout === undefined) layouts.set(n, (layout = layoutFor(radix, n, tweak, expanded)));
    return layout;
  };

  /**
   * S for round i, once NUM(B) is in the tail's last b bytes: the first d bytes of
   * R || CIPH(R xor [1]) || ... The CBC-MAC runs on AES state words (noble's little-endian block
   * words), so a round allocates nothing.
   */
  const prf = (layout: Layout, i: number): Uint8Array => {
    const { tail, chained, r } = layout;
    tail[tail.length - layout.b - 1] = i;
    let [s0, s1, s2, s3] = [chained[0], chained[1], chained[2], chained[3]];
    for (let at = 0; at < tail.length; at += BLOCK) {
      ({ s0, s1, s2, s3 } = unsafe.encrypt(expanded, s0 ^ wordAt(tail, at), s1 ^ wordAt(tail, at + 4), s2 ^ wordAt(tail, at + 8), s3 ^ wordAt(tail, at + 12)));
    }
    putWord(r, 0, s0);
    putWord(r, 4, s1);
    putWord(r, 8, s2);
    putWord(r, 12, s3);
    if (layout.d <= BLOCK) return r;
    const s = new Uint8Array(Math.ceil(layout.d / BLOCK) * BLOCK);
    s.set(r);
    for (let j = 1; j * BLOCK < layout.d; j++) {
      const block = r.slice();
      for (let k = BLOCK - 1, rest = j; rest > 0; k--, rest = Math.floor(rest / 256)) block[k] ^= rest % 256;
      s.set(unsafe.encryptBlock(expanded, block), j * BLOCK);
    }
    return s;
  };

  /** y mod radix^m for round i, NUM(B) = `num` (Numbers: a small layout). */
  const smallRound = (layout: Layout, i: number, num: number, modulus: number): number => {
    const { tail } = layout;
    for (let k = tail.length - 1, rest = num; k >= tail.length - layout.b; k--, rest = Math.floor(rest / 256)) tail[k] = rest % 256;
    const s = prf(layout, i);
    let y = 0;
    for (let k = 0; k < layout.d; k++) y = (y * 256 + s[k]) % modulus;
    return y;
  };

  const bigRound = (layout: Layout, i: number, num: bigint, modulus: bigint): bigint => {
    const { tail } = layout;
    for (let k = tail.length - 1, rest = num; k >= tail.length - layout.b; k--, rest >>= 8n) tail[k] = Number(rest & 0xffn);
    const s = prf(layout, i);
    let y = 0n;
    for (let k = 0; k < layout.d; k++) y = (y << 8n) | BigInt(s[k]);
    return y % modulus;
  };

  /** Algorithm 7 (encrypt) or 8 (decrypt): ten Feistel rounds on (A, B) = NUM of each half. */
  const run = (numerals: readonly number[], decrypt: boolean): number[] => {
    checkNumerals(numerals, radix);
    const layout = layoutOf(numerals.length);
    const { u, v } = layout;
    if (layout.small) {
      const [modU, modV] = [Number(layout.modulusU), Number(layout.modulusV)];
      let a = toNumber(numerals, 0, u, radix);
      let b = toNumber(numerals, u, numerals.length, radix);
      for (let k = 0; k < 10; k++) {
        const i = decrypt ? 9 - k : k;
        const modulus = i % 2 === 0 ? modU : modV;
        if (decrypt) [a, b] = [(((b - smallRound(layout, i, a, modulus)) % modulus) + modulus) % modulus, a];
        else [a, b] = [b, (a + smallRound(layout, i, b, modulus)) % modulus];
      }
      return [...smallNumerals(a, u, radix), ...smallNumerals(b, v, radix)];
    }
    let a = toBigInt(numerals, 0, u, radix);
    let b = toBigInt(numerals, u, numerals.length, radix);
    for (let k = 0; k < 10; k++) {
      const i = decrypt ? 9 - k : k;
      const modulus = i % 2 === 0 ? layout.modulusU : layout.modulusV;
      if (decrypt) [a, b] = [(((b - bigRound(layout, i, a, modulus)) % modulus) + modulus) % modulus, a];
      else [a, b] = [b, (a + bigRound(layout, i, b, modulus)) % modulus];
    }
    return [...toNumerals(a, u, radix), ...toNumerals(b, v, radix)];
  };

  return { encrypt: (numerals) => run(numerals, false), decrypt: (numerals) => run(numerals, true) };
}

/** The part of P || Q every call on `n` numerals shares, MACed as far as it is constant. */
function layoutFor(radix: number, n: number, tweak: Uint8Array, expanded: Uint32Array): Layout {
  const big = BigInt(radix);
  // minlen: radix^minlen >= 100 and minlen >= 2 (SP 800-38G, 5.2).
  if (n < 2 || big ** BigInt(n) < 100n) throw new Error(`FF1 numeral string of length ${n} is too short for radix ${radix}`);
  const u = Math.floor(n / 2);
  const v = n - u;
  const modulusU = big ** BigInt(u);
  const modulusV = big ** BigInt(v);
  // b = ceil(ceil(v * log2(radix)) / 8): the bytes of radix^v - 1.
  const b = Math.ceil((modulusV - 1n).toString(2).length / 8);
  const d = 4 * Math.ceil(b / 4) + 4;
  const padding = (((-tweak.length - b - 1) % BLOCK) + BLOCK) % BLOCK;
  const message = new Uint8Array(BLOCK + tweak.length + padding + 1 + b);
  // P = [1]1 || [2]1 || [1]1 || [radix]3 || [10]1 || [u mod 256]1 || [n]4 || [t]4; Q = T || [0]padding || [i]1 || [NUM(B)]b.
  const view = new DataView(message.buffer);
  message.set([1, 2, 1], 0);
  view.setUint16(4, radix);
  message[6] = 10;
  message[7] = u % 256;
  view.setUint32(8, n);
  view.setUint32(12, tweak.length);
  message.set(tweak, BLOCK);
  const variableFrom = Math.floor((message.length - b - 1) / BLOCK) * BLOCK;
  const chained = new Uint8Array(BLOCK);
  for (let at = 0; at < variableFrom; at += BLOCK) {
    for (let k = 0; k < BLOCK; k++) chained[k] ^= message[at + k];
    unsafe.encryptBlock(expanded, chained);
  }
  const words = [0, 4, 8, 12].map((at) => wordAt(chained, at));
  return { u, v, b, d, modulusU, modulusV, small: modulusV <= SMALL_MODULUS, chained: words, tail: message.slice(variableFrom), r: new Uint8Array(BLOCK) };
}

/** The little-endian 32-bit word at `at`: how noble's AES reads a block. */
function wordAt(bytes: Uint8Array, at: number): number {
  return bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24);
}

/** `wordAt` undone: the word's four bytes, little-endian, at `at`. */
function putWord(bytes: Uint8Array, at: number, word: number): void {
  for (let k = 0; k < 4; k++) bytes[at + k] = (word >>> (8 * k)) & 0xff;
}

function checkNumerals(numerals: readonly number[], radix: number): void {
  for (const numeral of numerals) {
    if (!Number.isInteger(numeral) || numeral < 0 || numeral >= radix) throw new Error(`FF1 numeral ${numeral} outside radix ${radix}`);
  }
}

/** NUM_radix of numerals[from, to), for a small layout. */
function toNumber(numerals: readonly number[], from: number, to: number, radix: number): number {
  let value = 0;
  for (let k = from; k < to; k++) value = value * radix + numerals[k];
  return value;
}

function toBigInt(numerals: readonly number[], from: number, to: number, radix: number): bigint {
  const big = BigInt(radix);
  let value = 0n;
  for (let k = from; k < to; k++) value = value * big + BigInt(numerals[k]);
  return value;
}

/** STR^m_radix(value), for a small layout. */
function smallNumerals(value: number, m: number, radix: number): number[] {
  const numerals = new Array<number>(m);
  for (let k = m - 1, rest = value; k >= 0; k--, rest = Math.floor(rest / radix)) numerals[k] = rest % radix;
  return numerals;
}

/** STR^m_radix(value). */
function toNumerals(value: bigint, m: number, radix: number): number[] {
  const numerals = new Array<number>(m);
  const big = BigInt(radix);
  for (let k = m - 1, rest = value; k >= 0; k--, rest /= big) numerals[k] = Number(rest % big);
  return numerals;
}
