/** Spans kept in one text that stay a short list: past it, the overlap test marks offsets instead. */
const LIST_LIMIT = 16;

/**
 * The offsets of a text that kept spans cover: whether a new span overlaps one of them. A few
 * spans are compared one by one; past `LIST_LIMIT`, offsets are marked, so a 300 KB export with
 * thousands of values is not compared span against span (that took seconds).
 */
export class SpanCover {
  private spans: Array<[number, number]> | null = [];
  private covered: Uint8Array | null = null;

  /** `length`: past the end of every span added or tested. */
  constructor(private readonly length: number) {}

  overlaps(start: number, end: number): boolean {
    if (this.covered !== null) {
      for (let at = start; at < end; at++) if (this.covered[at] === 1) return true;
      return false;
    }
    for (const [from, to] of this.spans!) if (start < to && from < end) return true;
    return false;
  }

  add(start: number, end: number): void {
    if (this.covered !== null) {
      this.covered.fill(1, start, end);
      return;
    }
    this.spans!.push([start, end]);
    if (this.spans!.length <= LIST_LIMIT) return;
    this.covered = new Uint8Array(this.length);
    for (const [from, to] of this.spans!) this.covered.fill(1, from, to);
    this.spans = null;
  }
}
