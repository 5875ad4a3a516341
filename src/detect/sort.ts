/** Longest array sorted by insertion: past it, Array.prototype.sort's O(n log n) wins. */
const INSERTION_LIMIT = 12;

/**
 * `array.sort(compare)`, stable like it, so the order is the same. Short arrays (nearly all that a
 * detection pass sorts: a few hits per string) by insertion, without the work array V8's sort sets
 * up on every call (~250 ns, several times the sort itself).
 */
export function sortInPlace<T>(array: T[], compare: (a: T, b: T) => number): T[] {
  if (array.length > INSERTION_LIMIT) return array.sort(compare);
  for (let i = 1; i < array.length; i++) {
    const item = array[i];
    let at = i - 1;
    for (; at >= 0 && compare(array[at], item) > 0; at--) array[at + 1] = array[at];
    array[at + 1] = item;
  }
  return array;
}

/** Index of the first of `length` ordered items that `reached` holds for (it holds for every one after it); `length` if none. */
function firstReached(length: number, reached: (index: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (reached(mid)) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** Index of the first span of `byStart` (sorted by start) that starts at `start` or later; its length if none does. */
export function firstStartingAt(byStart: ReadonlyArray<{ readonly start: number }>, start: number): number {
  return firstReached(byStart.length, (index) => byStart[index].start >= start);
}

/** Index of the first span of `byEnd` (sorted by end) that ends after `at`; its length if none does. */
export function firstEndingAfter(byEnd: ReadonlyArray<{ readonly end: number }>, at: number): number {
  return firstReached(byEnd.length, (index) => byEnd[index].end > at);
}

/** Index of the first number of `sorted` (ascending) that is `value` or more; its length if none is. */
export function firstAtLeast(sorted: readonly number[], value: number): number {
  return firstReached(sorted.length, (index) => sorted[index] >= value);
}
