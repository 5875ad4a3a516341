import { VALUE_TYPES, type DetectedValue, type ValueType } from "../event.js";
import type { VariantRole } from "./vault/variant.js";
import { sortInPlace } from "./sort.js";
import { heldByLonger } from "./held-by-longer.js";
import { SpanCover } from "./span-cover.js";
import { isGluedShape } from "./vault/names.js";

/** A protected value found in one string. Offsets are UTF-16 indices into that string. */
export interface Detection extends DetectedValue {
  start: number;
  end: number;
  /** Vault detections: the canonical registered value this span is a form of (never put in decisions). */
  value?: string;
  /** Vault detections: which rendering of the value the span is (whole, masked tail, a name part...). */
  role?: VariantRole;
  /** Derived dates: how far the written date is from the registered one (0: the registered date itself, in a form the matcher lacks). */
  apart?: number;
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

/** NER's kinds (ner.ts) for what the vault calls a `name` and an `address`. */
const NER_KIND_OF: Readonly<Record<string, string>> = { name: "person", address: "location" };

/** Whether an unregistered hit of kind `found` is of the registered value's kind `registered` (NER's `person` of a `name`). */
export function sameKind(found: string, registered: string): boolean {
  return found === registered || found === NER_KIND_OF[registered];
}

/**
 * Vault detections strictly inside an unregistered hit of another kind: a surname inside an email
 * (`PENNY57@HALL-WOODS.ORG`), a registered last four inside a card number. The hit is the value
 * there; the vault's part of it would leave the rest of it in place. A name glued into a handle
 * (`ryanwilson@corp.example`) is not: the address is that person's, the handle rules decide it.
 */
function insideOtherValues(detections: Detection[]): Set<Detection> {
  const unregistered = detections.filter((d) => d.field === null);
  if (unregistered.length === 0 || unregistered.length === detections.length) return new Set();
  const registered = detections.filter((d) => d.field !== null && !isGluedShape(d.role));
  return heldByLonger(registered, unregistered, (hit, d) => !sameKind(hit.kind, d.kind), (hit) => hit.kind);
}

/**
 * Keep non-overlapping detections: vault (known field) beats unregistered, unless an unregistered
 * hit of another kind holds it (insideOtherValues), then the longer span, then the higher
 * confidence. Sorted by start.
 */
export function resolveOverlaps(detections: Detection[]): Detection[] {
  // Most strings hold no detection or one: no sorting (and its scratch arrays) for them.
  if (detections.length <= 1) return detections.filter((d) => d.end > d.start);
  const inside = insideOtherValues(detections);
  const registered = (d: Detection) => d.field !== null && !inside.has(d);
  const ranked = sortInPlace([...detections],
    (a, b) =>
      Number(registered(b)) - Number(registered(a)) ||
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

/** Roles of a value a writer computed from a registered one (a date some weeks after it, a share of an amount). */
const DERIVED_ROLES: ReadonlySet<string> = new Set(["derived-date", "derived-amount"]);

/**
 * `detections` without the computations that fall on another registered date or amount written there
 * itself (an allowed rent of $7,050 that is also a forbidden income's month reached the landlord
 * noised): that value's own field decides its span. A registered date is never another's computation
 * in the first place (derived-dates.ts); a computed amount can be, at the resolution it is written to.
 */
function withoutCoincidentDerivations(detections: Detection[]): Detection[] {
  if (!detections.some((d) => d.role !== undefined && DERIVED_ROLES.has(d.role))) return detections;
  const written = detections.filter((d) => d.field !== null && (d.kind === "date" || d.kind === "amount") && !(d.role !== undefined && DERIVED_ROLES.has(d.role)));
  if (written.length === 0) return detections;
  return detections.filter((d) => !(d.role !== undefined && DERIVED_ROLES.has(d.role) && written.some((w) => w.field !== d.field && w.start < d.end && d.start < w.end)));
}

/**
 * The spans resolveOverlaps keeps, each with the detections that decide it: every vault detection
 * of exactly that span (one value under several fields), in input order, else the kept span alone.
 */
export function decidingGroups(found: Detection[]): Detection[][] {
  const detections = withoutCoincidentDerivations(found);
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

const VALUE_TYPE_SET: ReadonlySet<unknown> = new Set(VALUE_TYPES);

/** A plug-in detector's detections, checked: a span outside the text (a negative start copies text around it) or of the wrong shape is a detection error. */
export function checkedDetections(detector: Detector, text: string): Detection[] {
  const found: unknown = detector.detect(text);
  if (!Array.isArray(found)) throw new TypeError(`detector ${detector.name} returned no array of detections`);
  for (const detection of found as Detection[]) {
    const { start, end, kind, valueType, confidence } = detection ?? {};
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end <= start || end > text.length) {
      throw new TypeError(`detector ${detector.name} returned a span outside the text`);
    }
    if (typeof kind !== "string" || !VALUE_TYPE_SET.has(valueType) || !Number.isFinite(confidence)) throw new TypeError(`detector ${detector.name} returned a detection of the wrong shape`);
  }
  return found as Detection[];
}
