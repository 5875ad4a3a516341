import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/** AES-256-GCM (node:crypto, OpenSSL): 32-byte key, random 96-bit nonce, 128-bit tag. */
const ALGORITHM = "aes-256-gcm";
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** Thrown when a sealed value was tampered with, truncated, or sealed under another key or context. */
export class SealError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SealError";
  }
}

function checkKey(key: Uint8Array): void {
  if (key.length !== KEY_BYTES) throw new SealError(`AES-256-GCM needs a ${KEY_BYTES}-byte key, got ${key.length}`);
}

/**
 * Encrypt and authenticate `plaintext`; `context` is bound as associated data so a value sealed
 * for one purpose cannot be replayed as another. Output: nonce || tag || ciphertext. The nonce is
 * random unless given (a synthetic nonce, a keyed hash of what is sealed: equal inputs seal alike).
 */
export function seal(key: Uint8Array, plaintext: Uint8Array, context: string, nonce: Uint8Array = randomBytes(NONCE_BYTES)): Uint8Array {
  checkKey(key);
  if (nonce.length !== NONCE_BYTES) throw new SealError(`AES-256-GCM needs a ${NONCE_BYTES}-byte nonce, got ${nonce.length}`);
  const cipher = createCipheriv(ALGORITHM, key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return new Uint8Array(Buffer.concat([nonce, cipher.getAuthTag(), body]));
}

/** Reverse of `seal`; throws `SealError` unless key, context and bytes are all intact. */
export function open(key: Uint8Array, sealed: Uint8Array, context: string): Uint8Array {
  checkKey(key);
  if (sealed.length < NONCE_BYTES + TAG_BYTES) throw new SealError("sealed value is truncated");
  const nonce = sealed.subarray(0, NONCE_BYTES);
  const tag = sealed.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES);
  const decipher = createDecipheriv(ALGORITHM, key, nonce, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(tag);
  try {
    return new Uint8Array(Buffer.concat([decipher.update(sealed.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]));
  } catch {
    throw new SealError("sealed value failed authentication (wrong key, wrong context or tampered)");
  }
}
