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

/** Where normalized characters came from: enough to map a normalized range back to the original. */
export interface OriginMap {
  readonly origin: Int32Array;
  readonly source: string;
}

export const SPACE_CODE = 32;
const DOT_CODE = 46;
const COMMA_CODE = 44;
/** Fold result of a combining mark: dropped without breaking the word. */
const DROP = -1;
/** Fold result of a separator. */
const SEPARATOR = 0;
const COMBINING_MARK = /\p{M}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** Largest argument list handed to String.fromCharCode at once. */
const DECODE_CHUNK = 8192;

/** Folded code of every ASCII unit: lowercase letter, digit, or SEPARATOR. */
const ASCII_FOLD = Uint16Array.from({ length: 128 }, (_, code) => {
  if (code >= 65 && code <= 90) return code + 32;
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) ? code : SEPARATOR;
});

/** Fold of non-ASCII units, computed once per distinct unit (Unicode regexes are slow). */
const wideFolds = new Map<number, number>();

function foldWide(code: number): number {
  let folded = wideFolds.get(code);
  if (folded === undefined) {
    const unit = String.fromCharCode(code);
    if (COMBINING_MARK.test(unit)) folded = DROP;
    else if (!LETTER_OR_DIGIT.test(unit)) folded = SEPARATOR;
    else {
      const base = unit.normalize("NFD").charAt(0).toLowerCase();
      folded = (base.length === 1 && LETTER_OR_DIGIT.test(base) ? base : unit).charCodeAt(0);
    }
    wideFolds.set(code, folded);
  }
  return folded;
}

function isDigitCode(code: number): boolean {
  return code >= 48 && code <= 57;
}

export function isLowerLetterCode(code: number): boolean {
  return code >= 97 && code <= 122;
}

/**
 * The normalized form of one string in reusable typed buffers: no per-character allocation, so
 * the matcher can normalize every string of every message. Valid until the next `fill`.
 */
export class NormalizeBuffer implements OriginMap {
  codes: Uint16Array;
  origin: Int32Array;
  length = 0;
  source = "";

  constructor(capacity = 256) {
    this.codes = new Uint16Array(capacity);
    this.origin = new Int32Array(capacity);
  }

  fill(source: string): this {
    const size = source.length + 1;
    if (this.codes.length < size) {
      this.codes = new Uint16Array(size * 2);
      this.origin = new Int32Array(size * 2);
    }
    const { codes, origin } = this;
    let n = 0;
    let runStart = -1;
    let runCode = 0;
    let runLength = 0;
    for (let i = 0; i < source.length; i++) {
      const unit = source.charCodeAt(i);
      const folded = unit < 128 ? ASCII_FOLD[unit] : foldWide(unit);
      if (folded === SEPARATOR) {
        if (runStart < 0) {
          runStart = i;
          runCode = unit;
          runLength = 0;
        }
        runLength++;
        continue;
      }
      if (folded === DROP) continue;
      if (runStart >= 0) {
        const keep = runLength === 1 && (runCode === DOT_CODE || runCode === COMMA_CODE) && n > 0 && isDigitCode(codes[n - 1]) && isDigitCode(folded);
        codes[n] = keep ? runCode : SPACE_CODE;
        origin[n++] = runStart;
        runStart = -1;
      }
      codes[n] = folded;
      origin[n++] = i;
    }
    if (runStart >= 0) {
      codes[n] = SPACE_CODE;
      origin[n++] = runStart;
    }
    this.length = n;
    this.source = source;
    return this;
  }

  /** The normalized characters [start, end) as a string. */
  slice(start: number, end: number): string {
    let text = "";
    for (let at = start; at < end; at += DECODE_CHUNK) {
      text += String.fromCharCode.apply(null, this.codes.subarray(at, Math.min(end, at + DECODE_CHUNK)) as unknown as number[]);
    }
    return text;
  }

  /** A normalized match [start, end) begins and ends on whole tokens. */
  onTokenBoundaries(start: number, end: number): boolean {
    return (start === 0 || this.codes[start - 1] === SPACE_CODE) && (end === this.length || this.codes[end] === SPACE_CODE);
  }

  /** End of the token that contains normalized index `from` (a space or the end of the text). */
  tokenEnd(from: number): number {
    let end = from;
    while (end < this.length && this.codes[end] !== SPACE_CODE) end++;
    return end;
  }
}

/** Scratch buffer of normalizeText: filled and copied out within one synchronous call. */
const scratch = new NormalizeBuffer();

export function normalizeText(source: string): NormalizedText {
  scratch.fill(source);
  return { text: scratch.slice(0, scratch.length), origin: scratch.origin.slice(0, scratch.length), source };
}

/** The normalized form of a vault value or variant: normalized, without outer spaces. */
export function normalizeValue(value: string): string {
  return normalizeText(value).text.trim();
}

/** Original [start, end) of the normalized range [start, end); trailing combining marks are included. */
export function originalSpan(normalized: OriginMap, start: number, end: number): [number, number] {
  const { source } = normalized;
  let originalEnd = normalized.origin[end - 1] + 1;
  while (originalEnd < source.length && source.charCodeAt(originalEnd) >= 0x300 && COMBINING_MARK.test(source.charAt(originalEnd))) originalEnd++;
  return [normalized.origin[start], originalEnd];
}
