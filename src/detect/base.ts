import type { DetectedValue, ValueType } from "../event.js";
import type { VariantRole } from "./vault/variant.js";
import { sortInPlace } from "./sort.js";
import { SpanCover } from "./span-cover.js";

/** A protected value found in one string. Offsets are UTF-16 indices into that string. */
export interface Detection extends DetectedValue {
  start: number;
  end: number;
  /** Vault detections: the canonical registered value this span is a form of (never put in decisions). */
  value?: string;
  /** Vault detections: which rendering of the value the span is (whole, masked tail, a name part...). */
  role?: VariantRole;
}

/** A pattern recognizer for values nobody registered (Presidio's shape): validates, never guesses. */
export interface Recognizer {
  readonly name: string;
  readonly kind: string;
  readonly valueType: ValueType;
  /** Must run in linear time over `text`. */
  detect(text: string): Detection[];
}

/** Anything that finds detections in a string (vault matcher, recognizer set, NER, judge). */
export interface Detector {
  readonly name: string;
  detect(text: string): Detection[];
}

/**
 * Keep non-overlapping detections: vault (known field) beats unregistered, then the longer
 * span, then the higher confidence. Sorted by start.
 */
export function resolveOverlaps(detections: Detection[]): Detection[] {
  // Most strings hold no detection or one: no sorting (and its scratch arrays) for them.
  if (detections.length <= 1) return detections.filter((d) => d.end > d.start);
  const ranked = sortInPlace([...detections],
    (a, b) =>
      Number(b.field !== null) - Number(a.field !== null) ||
      b.end - b.start - (a.end - a.start) ||
      b.confidence - a.confidence ||
      a.start - b.start,
  );
  const kept: Detection[] = [];
  const cover = new SpanCover();
  for (const d of ranked) {
    if (d.end <= d.start || cover.overlaps(d.start, d.end)) continue;
    kept.push(d);
    cover.add(d.start, d.end);
  }
  return sortInPlace(kept, (a, b) => a.start - b.start);
}

/**
 * The spans resolveOverlaps keeps, each with the detections that decide it: every vault detection
 * of exactly that span (one value under several fields), in input order, else the kept span alone.
 */
export function decidingGroups(detections: Detection[]): Detection[][] {
  // Vault detections by span, in input order: one lookup per kept span, not a pass over all of them.
  const bySpan = new Map<string, Detection[]>();
  for (const d of detections) {
    if (d.field === null) continue;
    const key = `${d.start}:${d.end}`;
    const group = bySpan.get(key);
    if (group) group.push(d);
    else bySpan.set(key, [d]);
  }
  return resolveOverlaps(detections).map((kept) => bySpan.get(`${kept.start}:${kept.end}`) ?? [kept]);
}
