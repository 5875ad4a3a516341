/** Spans held by a longer span of another set: the one sweep overlap resolution and restoring share. */
import { sortInPlace } from "./sort.js";

interface Span {
  readonly start: number;
  readonly end: number;
}

/**
 * The spans of `inner` that a longer span of `outer` holds (starts at or before, ends at or after),
 * where `holds(outer, inner)` also says so. `holds` may depend on the outer span's group only
 * (`groupOf`, a kind), so the sweep keeps per group the span reaching furthest of those started so
 * far: one pass over both in text order, a few groups read per inner span.
 */
export function heldByLonger<I extends Span, O extends Span>(
  inner: readonly I[],
  outer: readonly O[],
  holds: (outer: O, inner: I) => boolean = () => true,
  groupOf: (outer: O) => string = () => "",
): Set<I> {
  const held = new Set<I>();
  if (inner.length === 0 || outer.length === 0) return held;
  const byStart = sortInPlace([...outer], (a, b) => a.start - b.start);
  // On equal ends the earlier start stays: it is the longer span.
  const furthest = new Map<string, O>();
  let next = 0;
  for (const span of sortInPlace([...inner], (a, b) => a.start - b.start)) {
    for (; next < byStart.length && byStart[next].start <= span.start; next++) {
      const candidate = byStart[next];
      const group = groupOf(candidate);
      if ((furthest.get(group)?.end ?? -1) < candidate.end) furthest.set(group, candidate);
    }
    for (const reach of furthest.values()) {
      if (reach.end >= span.end && reach.end - reach.start > span.end - span.start && holds(reach, span)) {
        held.add(span);
        break;
      }
    }
  }
  return held;
}
