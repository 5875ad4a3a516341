/** Spans kept in one text that stay a short list: past it, the overlap test marks offsets instead. */
const LIST_LIMIT = 16;

/**
 * The offsets of a text that kept spans cover: whether a new span overlaps one of them. A few
 * spans are compared one by one; past `LIST_LIMIT`, offsets are marked, so a 300 KB export with
 * thousands of values is not compared span against span (that took seconds).
 */
export class SpanCover {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  private covered: Uint8Array | null = null;

  overlaps(start: number, end: number): boolean {
    const { covered } = this;
    if (covered !== null) {
      // Offsets past the marked ones are covered by nothing.
      for (let at = start; at < end && at < covered.length; at++) if (covered[at] === 1) return true;
      return false;
    }
    for (let k = 0; k < this.starts.length; k++) if (start < this.ends[k] && this.starts[k] < end) return true;
    return false;
  }

  add(start: number, end: number): void {
    if (this.covered === null) {
      this.starts.push(start);
      this.ends.push(end);
      if (this.starts.length <= LIST_LIMIT) return;
      this.covered = new Uint8Array(Math.max(...this.ends));
      for (let k = 0; k < this.starts.length; k++) this.covered.fill(1, this.starts[k], this.ends[k]);
      return;
    }
    if (end > this.covered.length) {
      const grown = new Uint8Array(Math.max(end, this.covered.length * 2));
      grown.set(this.covered);
      this.covered = grown;
    }
    this.covered.fill(1, start, end);
  }
}
