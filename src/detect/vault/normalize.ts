import { decodeHTMLStrict } from "entities";
import { createRequire } from "node:module";
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
const CJK_DATE_MARKS = ["年", "月", "日"];
/** A capitalized word's start, a hyphen at a line's end, and the word's lowercase rest on the next line: group 1 the start. */
const WRAPPED_WORD = /(\p{Lu}\p{Ll}+)-\r?\n[ \t]*(?=\p{Ll})/gu;

/** `text` with its capitalized words broken by a line wrap's hyphen joined again (`Achter-\nberg` -> `Achterberg`), as matching reads them. */
export function unwrappedWords(text: string): string {
  return text.includes("\n") ? text.replace(WRAPPED_WORD, "$1") : text;
}
/** Fold result of a combining mark: dropped without breaking the word. */
const DROP = -1;
/** Fold result of a separator. */
const SEPARATOR = 0;
const COMBINING_MARK = /\p{M}/u;
/** Invisible format characters (zero-width space and joiners, word joiner, soft hyphen, BOM): dropped like marks, so they cannot split a value. */
const FORMAT_CHARACTER = /\p{Cf}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** Largest argument list handed to String.fromCharCode at once. */
const DECODE_CHUNK = 8192;

/** Normalized code of every ASCII unit: lowercase letter, digit, or a space for a separator. */
const ASCII_FOLD = Uint16Array.from({ length: 128 }, (_, code) => {
  if (code >= 65 && code <= 90) return code + 32;
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) ? code : SPACE_CODE;
});
/** 1 for an ASCII separator, else 0: arithmetic on it keeps the fill loop free of unpredictable branches. */
const ASCII_SEPARATOR = Uint8Array.from(ASCII_FOLD, (folded) => (folded === SPACE_CODE ? 1 : 0));

/** A Uint16Array reads UTF-16LE bytes as units only on a little-endian host. */
const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;
let unitBytes = Buffer.allocUnsafeSlow(1 << 16);
let unitView = new Uint16Array(unitBytes.buffer, 0, unitBytes.length >> 1);

/**
 * The UTF-16 units of `source` in a reused typed array, valid until the next call: one native copy,
 * then the fill loop reads a typed array instead of calling charCodeAt on strings of every representation.
 */
function utf16Units(source: string): Uint16Array {
  if (unitView.length < source.length) {
    unitBytes = Buffer.allocUnsafeSlow(source.length * 4);
    unitView = new Uint16Array(unitBytes.buffer, 0, unitBytes.length >> 1);
  }
  if (LITTLE_ENDIAN) unitBytes.write(source, 0, "utf16le");
  else for (let i = 0; i < source.length; i++) unitView[i] = source.charCodeAt(i);
  return unitView;
}

/** `text` lowercase, without diacritics, compatibility forms as what they show (NFKD); separators as written. */
export function withoutAccents(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/** Fold of non-ASCII characters, computed once per distinct code point (Unicode regexes are slow). */
const wideFolds = new Map<number, number>();
const DECIMAL_DIGIT = /\p{Nd}/u;
/**
 * A decimal digit of another script (Arabic-Indic `٣`, Devanagari `३`, full-width `３`): the cheap test before mapping
 * a text's digits. A class of characters outside Latin-1 only: V8 answers it for a one-byte string without scanning.
 */
const OTHER_DECIMAL_DIGIT = /[^\P{Nd}0-9]/u;
const ZERO_CODE = 48;
/** asciiDigitCode of each code point met, computed once. */
const digitCodes = new Map<number, number>();

/**
 * The ASCII code of the decimal digit `codePoint` is (`٣` -> `3`), else -1. NFKD leaves most scripts'
 * digits as they are; Unicode encodes every script's digits in runs of ten from zero (a stability
 * guarantee), so a digit's value is its distance from its run's start, modulo ten.
 */
function asciiDigitCode(codePoint: number): number {
  let code = digitCodes.get(codePoint);
  if (code === undefined) {
    code = -1;
    if (DECIMAL_DIGIT.test(String.fromCodePoint(codePoint))) {
      let start = codePoint;
      while (DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start--;
      code = ZERO_CODE + ((codePoint - start) % 10);
    }
    digitCodes.set(codePoint, code);
  }
  return code;
}

/**
 * `text` with the decimal digits of other scripts that take one UTF-16 unit (`١٢٣-٤٥-٦٧٨٩`, `१२३`,
 * `１２３`) as ASCII digits: same length, so offsets map one to one; the text itself when it has none.
 * For readers of digits (recognizers, an operator) that know only `0-9`.
 */
export function asciiDigits(text: string): string {
  // The recognizers and the vault's digit runs read the same text in a row: one scan serves both.
  if (text !== lastDigitsText) {
    lastDigitsText = text;
    lastAsciiDigits = OTHER_DECIMAL_DIGIT.test(text) ? mappedDigits(text) : text;
  }
  return lastAsciiDigits;
}

let lastDigitsText = "";
let lastAsciiDigits = "";

function mappedDigits(text: string): string {
  let mapped = "";
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 128 || (unit >= 0xd800 && unit < 0xe000)) continue;
    const digit = asciiDigitCode(unit);
    if (digit === -1) continue;
    mapped += text.slice(copied, i) + String.fromCharCode(digit);
    copied = i + 1;
  }
  return mapped + text.slice(copied);
}

/** Letters drawn with a stroke or a bar, which have no decomposition (`Łukasiewicz`, `Søren`): folded to the letter under it, as writers type them. */
const STROKED_LETTERS: ReadonlyMap<string, number> = new Map(
  [["ł", "l"], ["ø", "o"], ["đ", "d"], ["ħ", "h"], ["ŧ", "t"], ["ı", "i"], ["ƚ", "l"], ["ɨ", "i"]].map(([stroked, plain]) => [stroked, plain.charCodeAt(0)]),
);

/**
 * A non-ASCII character's fold: a decimal digit of any script as its ASCII digit (`٣`, `३`, `３`,
 * math bold `𝟗`), dropped (a mark, an invisible format character), a separator, or
 * the one BMP letter or digit it shows (full-width `Ｍａｒｉａ`, superscript `²`); a BMP
 * letter with no such form stays itself, lowercased; one outside the BMP cannot, and separates.
 */
function foldWide(codePoint: number): number {
  let folded = wideFolds.get(codePoint);
  if (folded === undefined) {
    const char = String.fromCodePoint(codePoint);
    const digit = asciiDigitCode(codePoint);
    if (digit !== -1) folded = digit;
    else if (COMBINING_MARK.test(char) || FORMAT_CHARACTER.test(char)) folded = DROP;
    else if (!LETTER_OR_DIGIT.test(char)) folded = SEPARATOR;
    else if (STROKED_LETTERS.has(char.toLowerCase())) folded = STROKED_LETTERS.get(char.toLowerCase())!;
    else {
      const base = withoutAccents(char);
      const latin = base.length === 1 && base.charCodeAt(0) < 128 ? -1 : latinLookalike(char);
      folded = latin !== -1 ? latin : base.length === 1 && LETTER_OR_DIGIT.test(base) ? base.charCodeAt(0) : codePoint < 0x10000 ? char.toLowerCase().charCodeAt(0) : SEPARATOR;
    }
    wideFolds.set(codePoint, folded);
  }
  return folded;
}

/** Unicode's confusables table (TR39, from unhomoglyph): character -> the characters it looks like. Loaded at the first letter it may fold. */
let confusables: Record<string, string> | undefined;
const require = createRequire(import.meta.url);

/**
 * Lowercase code of the Latin letter a letter of another script is drawn as (Cyrillic `а`, `Ν`,
 * Greek `ο`: `Ryаn Wilsоn` written to slip past a matcher), else -1. The table's prototype for
 * the letter as written, else for its lowercase form; an uppercase letter drawn as `l` is an `I`.
 */
function latinLookalike(char: string): number {
  confusables ??= require("unhomoglyph/data.json") as Record<string, string>;
  for (const form of [char, char.toLowerCase()]) {
    const prototype = confusables[form];
    if (prototype === undefined || !/^[A-Za-z]$/.test(prototype)) continue;
    const latin = prototype === "l" && form !== form.toLowerCase() ? "i" : prototype.toLowerCase();
    return latin.charCodeAt(0);
  }
  return -1;
}

/** `text` with each letter of another script drawn as a Latin one (`latinLookalike`) written as that Latin letter, in its case. */
export function withoutLookalikes(text: string): string {
  return text.replace(/[^\x00-\x7f]/gu, (char) => {
    if (withoutAccents(char).charCodeAt(0) < 128) return char;
    const code = foldWide(char.codePointAt(0)!);
    if (code <= 0 || code >= 128) return char;
    const latin = String.fromCharCode(code);
    return char === char.toLowerCase() ? latin : latin.toUpperCase();
  });
}

/** Fold of the nearest character before (step -1) or after (step 1) `at` that is not a dropped mark; SEPARATOR at an edge. */
function foldedNeighbour(source: string, at: number, step: -1 | 1): number {
  for (let i = at + step; i >= 0 && i < source.length; i += step) {
    const unit = source.charCodeAt(i);
    const folded = unit < 128 ? (ASCII_SEPARATOR[unit] === 1 ? SEPARATOR : ASCII_FOLD[unit]) : foldWide(unit);
    if (folded !== DROP) return folded;
  }
  return SEPARATOR;
}

export function isDigitCode(code: number): boolean {
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
  /** Counts fills: what was computed from the contents stays valid while it is unchanged. */
  generation = 0;

  constructor(capacity = 256) {
    this.codes = new Uint16Array(capacity);
    this.origin = new Int32Array(capacity);
  }

  /** The buffer filled with `source`, reusing the current contents when they are of an equal string. */
  normalized(source: string): this {
    return source === this.source ? this : this.fill(source);
  }

  fill(source: string): this {
    // Escaped text (`Gregory%20Olson`, `\u0040`, `&#45;`, a JSON `\n`) is matched as the characters it stands for.
    const decoded = decodeEscapes(source);
    if (decoded === null) return this.fillPlain(source);
    this.fillPlain(decoded.text);
    for (let k = 0; k < this.length; k++) this.origin[k] = decoded.offsets[this.origin[k]];
    this.source = source;
    return this;
  }

  private fillPlain(source: string): this {
    const size = source.length + 1;
    if (this.codes.length < size) {
      this.codes = new Uint16Array(size * 2);
      this.origin = new Int32Array(size * 2);
    }
    const { codes, origin } = this;
    const units = utf16Units(source);
    let n = 0;
    let afterSeparator = 0;
    // Each character is written at n; n only advances past the first separator of a run, so a run
    // becomes one space at its first character. No data-dependent branch on ASCII text: letters and
    // separators alternate too irregularly for branch prediction.
    // The bound read once: re-read each iteration, it cost a third of the loop's time.
    const end = source.length;
    for (let i = 0; i < end; i++) {
      const unit = units[i];
      let code: number;
      let separator: number;
      if (unit < 128) {
        code = ASCII_FOLD[unit];
        separator = ASCII_SEPARATOR[unit];
      } else {
        // A surrogate pair is one character (math bold `𝟗`, `𝐆`): folded as that character, its low half skipped.
        const pair = unit >= 0xd800 && unit < 0xdc00 && i + 1 < end && units[i + 1] >= 0xdc00 && units[i + 1] < 0xe000;
        const folded = foldWide(pair ? ((unit - 0xd800) << 10) + (units[i + 1] - 0xdc00) + 0x10000 : unit);
        if (folded === DROP) {
          if (pair) i++;
          continue;
        }
        separator = folded === SEPARATOR ? 1 : 0;
        code = separator === 1 ? SPACE_CODE : folded;
        codes[n] = code;
        origin[n] = i;
        n += 1 - (separator & afterSeparator);
        afterSeparator = separator;
        if (pair) i++;
        continue;
      }
      codes[n] = code;
      origin[n] = i;
      n += 1 - (separator & afterSeparator);
      afterSeparator = separator;
    }
    this.length = n;
    this.source = source;
    this.generation++;
    this.keepDecimalMarks(DOT_CODE);
    this.keepDecimalMarks(COMMA_CODE);
    this.separateDateTimes();
    this.separateCjkDates();
    if (source.includes("-\n") || source.includes("-\r\n")) this.joinWrappedWords();
    return this;
  }

  /**
   * A capitalized word broken by a line wrap's hyphen (`Achter-\nberg`, `Dis-\nease`: session 59 probe, a faxed or extracted
   * document) is read whole; a lowercase one may be a compound that keeps its hyphen (`self-\nemployed`), and stays apart.
   */
  private joinWrappedWords(): void {
    const joins: number[] = [];
    for (const match of this.source.matchAll(WRAPPED_WORD)) {
      const at = this.normalizedIndexOf(match.index + match[1].length);
      if (this.codes[at] === SPACE_CODE) joins.push(at);
    }
    // One pass for all of them: an extracted document wraps hundreds of words.
    let kept = joins.length === 0 ? this.length : joins[0];
    for (let k = 0; k < joins.length; k++) {
      for (let at = joins[k] + 1; at < (joins[k + 1] ?? this.length); at++, kept++) {
        this.codes[kept] = this.codes[at];
        this.origin[kept] = this.origin[at];
      }
    }
    this.length = kept;
  }

  /** The year, month and day marks of a Chinese or Japanese date (`１９５８年１２月０３日`: session 59 probe) separate its numbers, as `-` would. */
  private separateCjkDates(): void {
    const { source } = this;
    for (const mark of CJK_DATE_MARKS) {
      for (let at = source.indexOf(mark); at !== -1; at = source.indexOf(mark, at + 1)) {
        if (isDigitCode(foldedNeighbour(source, at, -1)) && (mark === "日" || isDigitCode(foldedNeighbour(source, at, 1)))) this.codes[this.normalizedIndexOf(at)] = SPACE_CODE;
      }
    }
  }

  /** The `T` of an ISO 8601 date-time (`1957-07-28T00:00:00Z`) separates the date from the time, as a space would. */
  private separateDateTimes(): void {
    const { source } = this;
    for (let at = source.indexOf("T"); at !== -1; at = source.indexOf("T", at + 1)) {
      if (isDigitCode(foldedNeighbour(source, at, -1)) && isDigitCode(foldedNeighbour(source, at, 1))) this.codes[this.normalizedIndexOf(at)] = SPACE_CODE;
    }
  }

  /**
   * A lone `mark` between two digits (`205.902`, `205,902`) stays itself instead of a space; a comma
   * that cannot be a grouping or decimal mark (`44120,2018`, `15230.55,702`: a CSV row, a compact
   * JSON array) stays a separator, so the values on both sides are matched on their own.
   */
  private keepDecimalMarks(mark: number): void {
    const { source } = this;
    const char = String.fromCharCode(mark);
    for (let at = source.indexOf(char); at !== -1; at = source.indexOf(char, at + 1)) {
      if (!isDigitCode(foldedNeighbour(source, at, -1)) || !isDigitCode(foldedNeighbour(source, at, 1))) continue;
      // Its neighbours are not separators, so it is a run of its own, written where it stands.
      const index = this.normalizedIndexOf(at);
      if (mark === COMMA_CODE && !this.isNumberComma(index)) continue;
      this.codes[index] = mark;
    }
  }

  /** Whether the comma at normalized `index` can be a grouping comma (`1,234`) or a decimal one (`45,50`, `1.234,56`). */
  private isNumberComma(index: number): boolean {
    const { codes } = this;
    let after = 0;
    while (index + 1 + after < this.length && isDigitCode(codes[index + 1 + after])) after++;
    let before = 0;
    while (index - 1 - before >= 0 && isDigitCode(codes[index - 1 - before])) before++;
    // After a decimal point (`15230.55,`) no grouping or decimal comma can follow; after a dot grouping (`1.234,`) one can.
    if (index - 1 - before >= 0 && codes[index - 1 - before] === DOT_CODE && before !== 3) return false;
    // After a group of another length than three joined to digits by a dash or slash, a date's or an identifier's last group
    // (`1959-03-17,66` of a CSV row: no number is grouped so), the comma is the row's.
    if (before !== 3 && before > 0 && this.joinedToDigits(index - before, -1)) return false;
    // Before a date's or an identifier's first group (`17342,09/30/2022` of a CSV row: round 21 red team), the comma is the row's too.
    if (after > 0 && this.joinedToDigits(index + after, 1)) return false;
    return after <= 2 || (after === 3 && before <= 3);
  }

  /** Whether the character at normalized `index` is joined in the source by a `-` or `/` to a digit on the side `step` points to (`03-17`, `12/31`). */
  private joinedToDigits(index: number, step: 1 | -1): boolean {
    const at = this.origin[index];
    const joiner = this.source.charAt(at + step);
    return (joiner === "-" || joiner === "/") && isDigitCode(this.source.charCodeAt(at + 2 * step));
  }

  /** Normalized index of the character at original offset `offset` (it must have one). */
  private normalizedIndexOf(offset: number): number {
    let low = 0;
    let high = this.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.origin[mid] < offset) low = mid + 1;
      else high = mid;
    }
    return low;
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

/**
 * Escapes that hide characters from a matcher reading the text as written: URL percent runs,
 * JSON / JavaScript `\uXXXX`, JavaScript / Python `\xHH` (a repr's `Theodore\xa0Vance`) and `\n`-style escapes, HTML character references (named ones by
 * `entities`: `&ndash;`, `&eacute;`, `&shy;`), and HTML tags without attributes, read as the space
 * between words they stand for (`<b>512</b>-44-7781`, `512-44-<br>7781`, `<td>512</td><td>44</td>`;
 * a tag's attributes may hold a value themselves, `href="mailto:..."`, and are read). Bounded: linear time.
 */
const ESCAPE = /(?:%25[0-9A-Fa-f]{2}|%[0-9A-Fa-f]{2})+|\\u[0-9A-Fa-f]{4}|\\x[0-9A-Fa-f]{2}|\\[nrtbf"\\/]|&#[0-9]{1,7};|&#[xX][0-9A-Fa-f]{1,6};|&[A-Za-z][A-Za-z0-9]{1,31};|<\/?[A-Za-z][A-Za-z0-9]{0,9}\s*\/?>/g;
const ESCAPE_AT = new RegExp(ESCAPE.source, "y");
const DOUBLE_ENCODED = /%25([0-9A-Fa-f]{2})/g;
const MAY_ESCAPE = /[%\\&<]/;
const SIMPLE_ESCAPES: Record<string, string> = { n: " ", r: " ", t: " ", b: " ", f: " ", '"': '"', "\\": "\\", "/": "/" };

/** What one escape stands for; null when it stands for nothing valid (left as written). */
function decodeEscape(escape: string): string | null {
  const first = escape.charCodeAt(0);
  if (first === 37) {
    // Encoded twice (`Corrigan%2520Hale`, a query string put in another URL: session 59 probe): `%25` before two hex digits is their `%`.
    escape = escape.replace(DOUBLE_ENCODED, "%$1");
    try {
      return decodeURIComponent(escape);
    } catch {
      // Not UTF-8 (`%E9` alone): byte per character, as Latin-1 would read it.
      return escape.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
  }
  if (first === 92) return escape.charAt(1) === "u" || escape.charAt(1) === "x" ? String.fromCharCode(parseInt(escape.slice(2), 16)) : SIMPLE_ESCAPES[escape.charAt(1)];
  if (first === 60) return " ";
  if (escape.charAt(1) !== "#") {
    const named = decodeHTMLStrict(escape);
    return named === escape ? null : named;
  }
  const code = escape.charAt(2) === "x" || escape.charAt(2) === "X" ? parseInt(escape.slice(3, -1), 16) : parseInt(escape.slice(2, -1), 10);
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : null;
}

/** `source` with its escapes decoded, and for each decoded character the offset it came from; null when it has none. */
function decodeEscapes(source: string): { text: string; offsets: Int32Array } | null {
  if (!MAY_ESCAPE.test(source)) return null;
  ESCAPE.lastIndex = 0;
  let match = ESCAPE.exec(source);
  if (match === null) return null;
  const offsets = new Int32Array(source.length);
  let text = "";
  let n = 0;
  let copied = 0;
  for (; match !== null; match = ESCAPE.exec(source)) {
    const decoded = decodeEscape(match[0]);
    if (decoded === null) continue;
    text += source.slice(copied, match.index) + decoded;
    for (let i = copied; i < match.index; i++) offsets[n++] = i;
    for (let k = 0; k < decoded.length; k++) offsets[n++] = match.index;
    copied = match.index + match[0].length;
  }
  text += source.slice(copied);
  for (let i = copied; i < source.length; i++) offsets[n++] = i;
  return { text, offsets };
}

/** `text` with its escapes decoded (`maria.gonzalez%40example.com` -> `maria.gonzalez@example.com`): what a span is, for an operator. */
export function unescapedText(text: string): string {
  return decodeEscapes(text)?.text ?? text;
}

const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2})+/g;
/** What a URL carries as written (RFC 3986 unreserved characters). */
const URL_UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * `text`, what replaces the span `written`, percent-encoded as `written` is: where the writer
 * percent-encoded (a URL's `Ryan%20Wilson`), every character the writer encoded, and every other
 * one outside the URL's unreserved set that the writer did not write as it is (a form's `+`), goes
 * as its UTF-8 escapes in the writer's hex case, so the URL stays one (`Neil%20Potter`, not `Neil
 * Potter`); `text` as it is where `written` has no escape.
 */
export function escapedAs(written: string, text: string): string {
  if (!written.includes("%")) return text;
  const encoded = new Set<string>();
  for (const [run] of written.matchAll(PERCENT_RUN)) for (const char of decodeEscape(run) ?? "") encoded.add(char);
  if (encoded.size === 0) return text;
  const literal = new Set(written.replace(PERCENT_RUN, ""));
  const lowercase = /%[0-9]?[a-f]/.test(written) && !/%[0-9]?[A-F]/.test(written);
  let escaped = "";
  for (const char of text) {
    if (!encoded.has(char) && (URL_UNRESERVED.test(char) || literal.has(char))) escaped += char;
    else {
      const utf8 = encodeURIComponent(char);
      const escape = utf8 !== char ? utf8 : `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`;
      escaped += lowercase ? escape.toLowerCase() : escape;
    }
  }
  return escaped;
}

/** Length of the escape starting at `at` in `source`, 0 if none. */
function escapeLengthAt(source: string, at: number): number {
  const code = source.charCodeAt(at);
  if (code !== 37 && code !== 92 && code !== 38 && code !== 60) return 0;
  ESCAPE_AT.lastIndex = at;
  const match = ESCAPE_AT.exec(source);
  return match === null || decodeEscape(match[0]) === null ? 0 : match[0].length - 1;
}

/** Scratch buffer of normalizeText: filled and copied out within one synchronous call. */
const scratch = new NormalizeBuffer();

export function normalizeText(source: string): NormalizedText {
  scratch.fill(source);
  return { text: scratch.slice(0, scratch.length), origin: scratch.origin.slice(0, scratch.length), source };
}

/** The normalized form of a vault value or variant: normalized, without outer spaces. */
export function normalizeValue(value: string): string {
  scratch.fill(value);
  return scratch.slice(0, scratch.length).trim();
}

/** The first normalized character from source offset `offset` on. */
export function normalizedAt(norm: NormalizeBuffer, offset: number): number {
  let low = 0;
  let high = norm.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (norm.origin[middle] < offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Original [start, end) of the normalized range [start, end); trailing combining marks and a last escape (`%C3%A9`, `\u00e9`) are included. */
export function originalSpan(normalized: OriginMap, start: number, end: number): [number, number] {
  const { source } = normalized;
  const last = normalized.origin[end - 1];
  let originalEnd = last + 1 + escapeLengthAt(source, last);
  // A last character written as a surrogate pair ends after its low half.
  if (source.charCodeAt(last) >= 0xd800 && source.charCodeAt(last) < 0xdc00 && (source.charCodeAt(originalEnd) & 0xfc00) === 0xdc00) originalEnd++;
  while (originalEnd < source.length && source.charCodeAt(originalEnd) >= 0x300 && COMBINING_MARK.test(source.charAt(originalEnd))) originalEnd++;
  return [normalized.origin[start], originalEnd];
}
