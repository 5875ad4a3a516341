import { createHmac, hkdfSync, randomBytes } from "node:crypto";

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

/** A missing secret gets a random one: safe, but surrogates then differ across processes. */
export function deriveKeys(secret?: string | Uint8Array): DerivedKeys {
  const material =
    secret === undefined ? randomBytes(32) : typeof secret === "string" ? Buffer.from(secret, "utf8") : secret;
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

/** Keyed short tag of a value (hex), for consistent placeholders and caches. */
export function keyedTag(key: Uint8Array, value: string, length = 8): string {
  return createHmac("sha256", key).update(value).digest("hex").slice(0, length);
}
