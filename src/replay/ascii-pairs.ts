/**
 * The pairs of adjacent ASCII characters a text holds, as a 128 x 128 bit set: one pass over the
 * text answers "can this needle occur?" for every needle in a few bit tests, so the meter's dozens
 * of needles per text scan the text only when each of their pairs is there.
 */
export class AsciiPairs {
  private readonly bits = new Uint32Array((128 * 128) / 32);

  constructor(text: string) {
    let previous = text.charCodeAt(0);
    for (let i = 1; i < text.length; i++) {
      const current = text.charCodeAt(i);
      if (previous < 128 && current < 128) this.set(previous * 128 + current);
      previous = current;
    }
  }

  /** False when a pair of adjacent characters of `needle` (ASCII) is absent: the needle cannot occur in the text. */
  mayHold(needle: string): boolean {
    for (let i = 1; i < needle.length; i++) {
      if (!this.has(needle.charCodeAt(i - 1) * 128 + needle.charCodeAt(i))) return false;
    }
    return true;
  }

  private set(pair: number): void {
    this.bits[pair >>> 5] |= 1 << (pair & 31);
  }

  private has(pair: number): boolean {
    return (this.bits[pair >>> 5]! & (1 << (pair & 31))) !== 0;
  }
}
