import { createHash, createHmac, hkdfSync, randomBytes } from "node:crypto";

/** Purpose-separated keys derived from one user secret (HKDF-SHA256); never logged. */
export interface DerivedKeys {
  readonly fpe: Uint8Array;
  readonly pseudonym: Uint8Array;
  /** Keys the mLDP noise stream: deterministic per secret and value, unpredictable without the secret. */
  readonly mldp: Uint8Array;
  readonly hmac: Uint8Array;
  readonly aes: Uint8Array;
}

const SALT = Buffer.from("langgraph-recons/v1");

function derive(secret: Uint8Array, purpose: string, length = 32): Uint8Array {
  return new Uint8Array(hkdfSync("sha256", secret, SALT, Buffer.from(purpose), length));
}

/** Keys by a digest of their secret: guards of one deployment (one per session) derive them once. */
const derived = new Map<string, DerivedKeys>();
const DERIVED_LIMIT = 32;

/** A missing secret gets a random one: safe, but surrogates then differ across processes. */
export function deriveKeys(secret?: string | Uint8Array): DerivedKeys {
  if (secret === undefined) return keysOf(randomBytes(32));
  const material = typeof secret === "string" ? Buffer.from(secret, "utf8") : secret;
  // A digest, not the secret, identifies the keys in memory.
  const id = createHash("sha256").update(material).digest("base64");
  let keys = derived.get(id);
  if (keys === undefined) {
    if (derived.size >= DERIVED_LIMIT) derived.delete(derived.keys().next().value!);
    keys = keysOf(material);
    derived.set(id, keys);
  }
  return keys;
}

function keysOf(material: Uint8Array): DerivedKeys {
  const keys = {
    fpe: derive(material, "fpe"),
    pseudonym: derive(material, "pseudonym"),
    mldp: derive(material, "mldp"),
    hmac: derive(material, "hmac"),
    aes: derive(material, "aes-gcm"),
  };
  // Keys must not leak through JSON.stringify or console.log of a guard.
  Object.defineProperty(keys, "toJSON", { value: () => "[keys]", enumerable: false });
  Object.defineProperty(keys, Symbol.for("nodejs.util.inspect.custom"), { value: () => "[keys]", enumerable: false });
  return Object.freeze(keys);
}

/** Keyed short tag of a value (hex), for caches, nonces and picks. */
export function keyedTag(key: Uint8Array, value: string, length = 8): string {
  return createHmac("sha256", key).update(value).digest("hex").slice(0, length);
}

/** The letters hex digits 0-f become in a shown tag. */
const TAG_LETTERS = "abcdefghijklmnop";

/**
 * A keyed tag shown to recipients (placeholders, keyed pseudonyms): `keyedTag` with its digits as
 * letters a-p, so it never holds a digit run a reader or a detector could take for a number
 * (`#729ad8...` read as a credit score of 729).
 */
export function keyedLetterTag(key: Uint8Array, value: string, length = 8): string {
  return hexAsLetters(keyedTag(key, value, length));
}

function hexAsLetters(hex: string): string {
  return hex.replace(/[0-9a-f]/g, (digit) => TAG_LETTERS[parseInt(digit, 16)]!);
}

/**
 * Bytes shown as letters a-p, two per byte: one lowercase word, so no detector finds a word of it
 * alone (base64url's `-` and `_` cut a sealed span's ciphertext into words: `Vo_PHIl-5N3n` read `Phil`).
 */
export function bytesAsLetters(bytes: Uint8Array): string {
  return hexAsLetters(Buffer.from(bytes).toString("hex"));
}

/** `bytesAsLetters` undone; null for text it never writes. */
export function lettersAsBytes(letters: string): Uint8Array | null {
  if (letters.length % 2 !== 0 || [...letters].some((letter) => !TAG_LETTERS.includes(letter))) return null;
  return Buffer.from([...letters].map((letter) => TAG_LETTERS.indexOf(letter).toString(16)).join(""), "hex");
}
