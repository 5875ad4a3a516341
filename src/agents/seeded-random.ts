import { createHash } from "node:crypto";

/**
 * Deterministic pseudo-random stream keyed by a string: SHA-256 in counter mode.
 * Same key => same sequence on every platform (no Math.random, no float state).
 */
export class SeededRandom {
  private counter = 0;
  private pool: Buffer = Buffer.alloc(0);
  private offset = 0;

  constructor(private readonly key: string) {}

  /** Seeds a stream from any number of parts (seed, message contents...). */
  static from(...parts: ReadonlyArray<string | number>): SeededRandom {
    const hash = createHash("sha256");
    for (const part of parts) hash.update(`${String(part).length}:${String(part)}|`);
    return new SeededRandom(hash.digest("hex"));
  }

  /** Uniform float in [0, 1) with 48 bits of precision. */
  next(): number {
    if (this.offset + 6 > this.pool.length) {
      this.pool = createHash("sha256").update(`${this.key}#${this.counter++}`).digest();
      this.offset = 0;
    }
    const value = this.pool.readUIntBE(this.offset, 6) / 2 ** 48;
    this.offset += 6;
    return value;
  }

  /** Integer in [min, max] inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("SeededRandom.pick: empty list");
    return items[Math.floor(this.next() * items.length)];
  }

  /** Draws a key of a weight table (weights need not sum to 1). */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    const entries = Object.entries(weights) as Array<[K, number]>;
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    if (entries.length === 0 || total <= 0) throw new Error("SeededRandom.weighted: no positive weight");
    let target = this.next() * total;
    for (const [key, weight] of entries) {
      target -= weight;
      if (target < 0) return key;
    }
    return entries[entries.length - 1][0];
  }
}
