/** ff3 1.0.1 (CommonJS, untyped): FF3 / FF3-1 over strings of 0-9a-z cut at the radix. Throws strings. */
declare module "ff3" {
  class FF3Cipher {
    /** keyHex: 16/24/32-byte AES key; tweakHex: 14 hex digits (FF3-1, 56 bits) or 16 (FF3). */
    constructor(keyHex: string, tweakHex: string, radix?: number);
    readonly radix: number;
    readonly minLen: number;
    readonly maxLen: number;
    encrypt(plaintext: string): string;
    decrypt(ciphertext: string): string;
  }
  export = FF3Cipher;
}
