/**
 * Identifiers written with a grouping their registered value does not have (`0012-345-678` or
 * `00 1234 5678` for account 0012345678, `447 1093` for MRN-4471093): the variants cover the usual
 * groupings only, so digit runs of the text are also compared by their digits alone.
 */
import { asciiDigits } from "./normalize.js";

/** Fewer digits than this are too common to claim by digits alone. */
const MIN_SKELETON_DIGITS = 7;
/** Kinds whose digits do not name the value on their own (amounts and dates have their own forms). */
const NOT_IDENTIFIERS = new Set(["amount", "date", "name", "email", "text"]);
/** A value that is an identifier: digits with separators, after an optional letter prefix (`MRN-`, `INS`). */
const IDENTIFIER_SHAPE = /^[A-Za-z]*[^A-Za-z]*$/;
/** Seven digits or more with at most one separator between two of them, as long as possible (shorter runs never match: no allocation for them). */
const DIGIT_RUN = /\d(?:[ \-./]?\d){6,}/g;
/** Confidence of a match by digits alone: the grouping is the writer's own. */
export const SKELETON_CONFIDENCE = 0.9;

export interface SkeletonHit {
  start: number;
  end: number;
  /** Vault entries whose digits the run holds. */
  entries: readonly number[];
}

/**
 * `layout` with its digits replaced, in order, by `digits` (`447 1093` with 0891696 -> `089 1696`);
 * null when the counts differ.
 */
export function layDigits(layout: string, digits: string): string | null {
  let next = 0;
  const laid = layout.replace(/\d/g, () => digits[next++] ?? "");
  return next === digits.length ? laid : null;
}

export class DigitSkeletons {
  private readonly byDigits = new Map<string, number[]>();

  get size(): number {
    return this.byDigits.size;
  }

  /** An independent copy: entries added to either later stay its own. */
  copy(): DigitSkeletons {
    const copy = new DigitSkeletons();
    for (const [digits, entries] of this.byDigits) copy.byDigits.set(digits, [...entries]);
    return copy;
  }

  add(entry: number, kind: string, value: string): void {
    if (NOT_IDENTIFIERS.has(kind) || !IDENTIFIER_SHAPE.test(value.trim())) return;
    const digits = value.replace(/\D/g, "");
    if (digits.length < MIN_SKELETON_DIGITS) return;
    const entries = this.byDigits.get(digits);
    if (entries) entries.push(entry);
    else this.byDigits.set(digits, [entry]);
  }

  /** Runs of `text` whose digits are exactly those of a registered identifier. */
  find(text: string): SkeletonHit[] {
    const hits: SkeletonHit[] = [];
    for (const { start, end, digits } of digitRuns(text)) {
      const entries = this.byDigits.get(digits);
      if (entries) hits.push({ start, end, entries });
    }
    return hits;
  }
}

export interface DigitRun {
  start: number;
  end: number;
  digits: string;
}

/** The last text's runs: the vault and the matcher of its surrogates read the same text in a row. */
let lastText: string | null = null;
let lastRuns: DigitRun[] = [];

/**
 * The runs of `text` that DIGIT_RUN matches, with their digits alone; found once for consecutive
 * readers of one text.
 */
export function digitRuns(text: string): DigitRun[] {
  if (text === lastText) return lastRuns;
  const runs: DigitRun[] = [];
  // Digits of other scripts as ASCII ones: same offsets.
  const digits = asciiDigits(text);
  DIGIT_RUN.lastIndex = 0;
  for (let match = DIGIT_RUN.exec(digits); match !== null; match = DIGIT_RUN.exec(digits)) {
    runs.push({ start: match.index, end: match.index + match[0].length, digits: match[0].replace(/\D/g, "") });
  }
  lastText = text;
  lastRuns = runs;
  return runs;
}
