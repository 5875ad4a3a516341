/**
 * Identifiers written with a grouping their registered value does not have (`0012-345-678` or
 * `00 1234 5678` for account 0012345678, `447 1093` for MRN-4471093): the variants cover the usual
 * groupings only, so digit runs of the text are also compared by their digits alone.
 */
import { asciiDigits } from "./normalize.js";

/** Fewer digits than this are too common to claim by digits alone. */
const MIN_SKELETON_DIGITS = 7;
/** Fewer digits (`PT-652 250` of PT-652250) are claimed only with the value's letter prefix written right before them. */
const MIN_PREFIXED_DIGITS = 5;
/** Kinds whose digits do not name the value on their own (amounts and dates have their own forms). */
const NOT_IDENTIFIERS = new Set(["amount", "date", "name", "email", "text"]);
/** A value that is an identifier: digits with separators, after an optional letter prefix (`MRN-`, `INS`). */
const IDENTIFIER_SHAPE = /^[A-Za-z]*[^A-Za-z]*$/;
/**
 * Five digits or more with at most one separator between two of them, or a dash, dot or slash with
 * a space on either side (`9 3 9 - 7 9 - 6 4 1 0`), as long as possible (shorter runs never match: no allocation for them).
 * Spaces of other widths and Unicode dashes separate alike (session 58 probe: `071 904 882` with thin spaces).
 */
const DIGIT_RUN = /\d(?:(?:[ \u00a0\u2009\u202f]?[\-./\u2010-\u2015\u2212][ \u00a0\u2009\u202f]?|[ \u00a0\u2009\u202f])?\d){4,}/g;
/** Confidence of a match by digits alone: the grouping is the writer's own. */
export const SKELETON_CONFIDENCE = 0.9;

export interface SkeletonHit {
  start: number;
  end: number;
  /** Vault entries whose digits the run holds. */
  entries: readonly number[];
}

/**
 * `layout`, an identifier as written, with its digits replaced in order by those of `value` and, where
 * it shows its letter prefix, the prefix's letters by `value`'s in the layout's case (`447 1093` with
 * XQV-0891696 -> `089 1696`; `BQTS 3187 8104` with ZYCP77548608 -> `ZYCP 7754 8608`); null when the
 * layout and `value` do not hold as many of each.
 */
export function layIdentifier(layout: string, value: string): string | null {
  const letters = /[A-Za-z]/.test(layout) ? value.replace(/[^A-Za-z]/g, "") : "";
  const digits = value.replace(/\D/g, "");
  let nextLetter = 0;
  let nextDigit = 0;
  const laid = layout.replace(/[A-Za-z0-9]/g, (character) => {
    if (character >= "0" && character <= "9") return digits[nextDigit++] ?? "";
    const letter = letters[nextLetter++] ?? "";
    return character === character.toLowerCase() ? letter.toLowerCase() : letter.toUpperCase();
  });
  return nextDigit === digits.length && nextLetter === letters.length ? laid : null;
}

/** A letter prefix written right before an identifier's digits, with up to two separators (`BQTS 3187`, `MRN: 447`). */
const PREFIX_BEFORE = /(?<![A-Za-z0-9])([A-Za-z]+)[ \-_.:#]{0,2}$/;

/**
 * Where an identifier `value`, found by its digits at `start`, begins as written: at its own letter
 * prefix when the writer put that right before the digits (`BQTS 3187 8104 8028 35`), which is then
 * transformed with them (a random prefix is part of the secret), else at the digits.
 */
export function writtenStart(text: string, start: number, value: string): number {
  const prefix = /^[A-Za-z]+/.exec(value.trim())?.[0];
  if (prefix === undefined) return start;
  const before = PREFIX_BEFORE.exec(text.slice(Math.max(0, start - prefix.length - 3), start));
  if (before === null || before[1].toLowerCase() !== prefix.toLowerCase()) return start;
  const from = start - before[0].length;
  // The slice may cut a longer word: the prefix must be a word of its own.
  return from > 0 && /[A-Za-z0-9]/.test(text[from - 1]) ? start : from;
}

/** A registered identifier by its digits, with its letter prefix (`PT` of PT-652250; empty for none). */
interface Skeleton {
  entry: number;
  prefix: string;
}

export class DigitSkeletons {
  private readonly byDigits = new Map<string, Skeleton[]>();

  get size(): number {
    return this.byDigits.size;
  }

  /** An independent copy: entries added to either later stay its own. */
  copy(): DigitSkeletons {
    const copy = new DigitSkeletons();
    for (const [digits, skeletons] of this.byDigits) copy.byDigits.set(digits, [...skeletons]);
    return copy;
  }

  add(entry: number, kind: string, value: string): void {
    const trimmed = value.trim();
    if (NOT_IDENTIFIERS.has(kind) || !IDENTIFIER_SHAPE.test(trimmed)) return;
    const digits = value.replace(/\D/g, "");
    const prefix = /^[A-Za-z]*/.exec(trimmed)![0];
    if (digits.length < (prefix === "" ? MIN_SKELETON_DIGITS : MIN_PREFIXED_DIGITS)) return;
    const skeletons = this.byDigits.get(digits);
    if (skeletons) skeletons.push({ entry, prefix });
    else this.byDigits.set(digits, [{ entry, prefix }]);
  }

  /** Runs of `text` whose digits are exactly those of a registered identifier (fewer than seven only after its letter prefix). */
  find(text: string): SkeletonHit[] {
    const hits: SkeletonHit[] = [];
    for (const { start, end, digits } of digitRuns(text)) {
      const skeletons = this.byDigits.get(digits);
      if (!skeletons) continue;
      const entries = skeletons.filter(({ prefix }) => digits.length >= MIN_SKELETON_DIGITS || writtenStart(text, start, prefix) < start).map(({ entry }) => entry);
      if (entries.length > 0) hits.push({ start, end, entries });
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
