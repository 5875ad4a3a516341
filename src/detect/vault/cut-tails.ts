/**
 * A registered value cut off where its text ends: a log preview (`Merchant: James Gr...`), a
 * memory excerpt cut at a length (`... SSN 123-45-67`). The text's last characters, from a token
 * start, are a proper prefix of the value's normalized form that stops inside one of its tokens.
 * Found with binary searches in the sorted forms: a few lookups per text whatever the vault
 * size, and only for a text that ends in a letter or digit (or one and an ellipsis).
 */
import { SPACE_CODE, type NormalizeBuffer } from "./normalize.js";
import { isTitle } from "./words.js";

/** What may follow the cut: an ellipsis, closing quotes, brackets or emphasis, whitespace. A period alone ends a sentence. */
const AFTER_CUT = /^(?:\.{3}|…)?["'”’)\]*_]*\s*$/;
/** Normalized characters before the cut searched for the value's start. */
const REACH = 64;
/** A shorter piece (`Mar`, `12`) reads as ordinary text. */
const MIN_ALPHANUMERICS = 5;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

export const CUT_TAIL_CONFIDENCE = 0.85;

export interface CutTail {
  entry: number;
  /** Normalized [start, end) of the piece of the value. */
  start: number;
  end: number;
}

/** Normalized forms hold letters, digits and single spaces. */
function alphanumerics(form: string): number {
  let count = 0;
  for (let at = 0; at < form.length; at++) if (form.charCodeAt(at) !== SPACE_CODE) count++;
  return count;
}

/** (normalized form, entry) of the values of the entries from `from` on, as registered. */
export type RegisteredForms = (from: number) => Iterable<readonly [string, number]>;

/** The normalized values of a vault's entries, sorted; kept up to date as entries are added (the list only grows). */
export class CutTails {
  private forms: string[] = [];
  private entries: number[] = [];
  /** Entries [0, indexed) are in the sorted lists. */
  private indexed = 0;

  /** A copy for a fork of the vault: the sorted lists as they are, without sorting them again. */
  copy(): CutTails {
    const copy = new CutTails();
    copy.forms = this.forms.slice();
    copy.entries = this.entries.slice();
    copy.indexed = this.indexed;
    return copy;
  }

  /** Take in the forms of entries [indexed, entryCount): a batch sorted in, a few inserted. */
  update(entryCount: number, registeredForms: RegisteredForms): void {
    if (this.indexed === entryCount) return;
    const added = [...registeredForms(this.indexed)].filter(([form]) => alphanumerics(form) > MIN_ALPHANUMERICS);
    this.indexed = entryCount;
    if (added.length > this.forms.length / 4) {
      const pairs = [...this.forms.map((form, at) => [form, this.entries[at]] as const), ...added].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      this.forms = pairs.map(([form]) => form);
      this.entries = pairs.map(([, entry]) => entry);
      return;
    }
    for (const [form, entry] of added) {
      const at = lowerBound(this.forms, form);
      this.forms.splice(at, 0, form);
      this.entries.splice(at, 0, entry);
    }
  }

  /**
   * The value cut off at the end of `norm`, if any: the longest piece that is a complete token of
   * the value and the start of the next (`james gr`), or at least half of a one-token value.
   */
  find(norm: NormalizeBuffer, entryCount: number, registeredForms: RegisteredForms): CutTail | null {
    const { codes } = norm;
    let end = norm.length;
    while (end > 0 && codes[end - 1] === SPACE_CODE) end--;
    if (end === 0) return null;
    const last = norm.origin[end - 1];
    if (!LETTER_OR_DIGIT.test(norm.source.charAt(last)) || !AFTER_CUT.test(norm.source.slice(last + 1))) return null;
    this.update(entryCount, registeredForms);
    if (this.forms.length === 0) return null;
    for (let start = Math.max(0, end - REACH); start <= end - MIN_ALPHANUMERICS; start++) {
      if (start > 0 && codes[start - 1] !== SPACE_CODE) continue;
      const piece = norm.slice(start, end);
      const entry = this.entryCutTo(piece);
      if (entry !== -1) return { entry, start, end };
    }
    return null;
  }

  /** The entry of a form that `piece` is a start of, cut inside a token, or -1. */
  private entryCutTo(piece: string): number {
    const pieceAlphanumerics = alphanumerics(piece);
    if (pieceAlphanumerics < MIN_ALPHANUMERICS) return -1;
    const spansTokens = piece.includes(" ");
    for (let at = lowerBound(this.forms, piece); at < this.forms.length && this.forms[at].startsWith(piece); at++) {
      const form = this.forms[at];
      if (form.length === piece.length || form.charCodeAt(piece.length) === SPACE_CODE) continue;
      // Cut inside a leading title (`Attorne` of `Attorney Lee`): the title names nobody.
      if (!spansTokens && form.includes(" ") && isTitle(form.slice(0, form.indexOf(" ")))) continue;
      if (spansTokens || 2 * pieceAlphanumerics >= alphanumerics(form)) return this.entries[at];
    }
    return -1;
  }
}

/** First index whose form is not below `key`. */
function lowerBound(sorted: readonly string[], key: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle] < key) low = middle + 1;
    else high = middle;
  }
  return low;
}
