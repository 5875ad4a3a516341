/**
 * Text normalization for vault matching. Letters and digits are lowercased and stripped of
 * diacritics; every run of other characters becomes one space, except a lone `.` or `,`
 * between two digits, which is kept so that `205.902` and `205,902` stay different numbers.
 * Each normalized character keeps the offset of the original character it came from.
 */
export interface NormalizedText {
  /** The normalized text. */
  readonly text: string;
  /** origin[i] = offset in the original string of normalized character i. */
  readonly origin: Int32Array;
  /** The original string. */
  readonly source: string;
}

const SPACE = " ";
const COMBINING_MARK = /\p{M}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** The folded form of one UTF-16 unit: a one-char string, "" for a separator, null for a mark to drop. */
function fold(unit: string): string | null {
  const code = unit.charCodeAt(0);
  if (code < 128) {
    if (code >= 65 && code <= 90) return String.fromCharCode(code + 32);
    if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57)) return unit;
    return "";
  }
  if (COMBINING_MARK.test(unit)) return null;
  if (!LETTER_OR_DIGIT.test(unit)) return "";
  const base = unit.normalize("NFD").charAt(0).toLowerCase();
  return base.length === 1 && LETTER_OR_DIGIT.test(base) ? base : unit;
}

export function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= "0" && char <= "9";
}

export function normalizeText(source: string): NormalizedText {
  const out: string[] = [];
  const origin = new Int32Array(source.length + 1);
  let runStart = -1;
  let runText = "";
  const flushRun = (nextChar: string | null): void => {
    if (runStart < 0) return;
    const between = nextChar !== null && isDigit(out[out.length - 1]) && isDigit(nextChar);
    const kept = between && (runText === "." || runText === ",") ? runText : SPACE;
    origin[out.length] = runStart;
    out.push(kept);
    runStart = -1;
    runText = "";
  };
  for (let i = 0; i < source.length; i++) {
    const folded = fold(source.charAt(i));
    if (folded === null) continue;
    if (folded === "") {
      if (runStart < 0) runStart = i;
      runText += source.charAt(i);
      continue;
    }
    flushRun(folded);
    origin[out.length] = i;
    out.push(folded);
  }
  flushRun(null);
  return { text: out.join(""), origin: origin.subarray(0, out.length), source };
}

/** The normalized form of a vault value or variant: normalized, without outer spaces. */
export function normalizeValue(value: string): string {
  return normalizeText(value).text.trim();
}

/** A normalized match [start, end) begins and ends on whole tokens. */
export function onTokenBoundaries(text: string, start: number, end: number): boolean {
  return (start === 0 || text.charAt(start - 1) === SPACE) && (end === text.length || text.charAt(end) === SPACE);
}

/** End of the token that contains normalized index `from` (a space or the end of the text). */
export function tokenEnd(text: string, from: number): number {
  let end = from;
  while (end < text.length && text.charAt(end) !== SPACE) end++;
  return end;
}

/** Original [start, end) of the normalized range [start, end); trailing combining marks are included. */
export function originalSpan(normalized: NormalizedText, start: number, end: number): [number, number] {
  let originalEnd = normalized.origin[end - 1] + 1;
  while (originalEnd < normalized.source.length && COMBINING_MARK.test(normalized.source.charAt(originalEnd))) {
    originalEnd++;
  }
  return [normalized.origin[start], originalEnd];
}
