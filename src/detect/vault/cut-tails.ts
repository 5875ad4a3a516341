/**
 * A registered value cut off where its text ends: a log preview (`Merchant: James Gr...`), a
 * memory excerpt cut at a length (`... SSN 123-45-67`). The text's last characters, from a token
 * start, are a proper prefix of the value's normalized form that stops inside one of its tokens.
 * Also where a labelled line ends inside the text: an excerpt's cut line quoted on in other text
 * (`- Merchant: James G` and the answer's next lines), the piece after the label's colon; and where
 * an ellipsis marks the cut anywhere in the text (`(ANT-YRK88401…) requires`).
 * Found with binary searches in the sorted forms: a few lookups per text (and per labelled line)
 * whatever the vault size, and only for a piece that ends in a letter or digit (or one and an ellipsis).
 */
import { YEAR_LIKE } from "./dates.js";
import { normalizedAt, SPACE_CODE, type NormalizeBuffer } from "./normalize.js";
import { lineStartAt } from "./sentences.js";
import { isDictionaryWord, isTitle, opensAsWord } from "./words.js";

/**
 * What may follow the cut: a date's or number's separator the cut fell after (`2026-01-`, `$211,` of 211,209: round 9 of the
 * probe), an ellipsis, closing quotes, brackets or emphasis, whitespace. A period alone ends a sentence.
 */
const AFTER_CUT = /^[-/,]?(?:\.{3}|…)?["'”’)\]*_]*\s*$/;
/** Normalized characters before the cut searched for the value's start. */
const REACH = 64;
/** A shorter piece (`Mar`, `12`) reads as ordinary text. */
const MIN_ALPHANUMERICS = 5;
/** An identifier's head of letters and digits this long is no word (`KTVM52` of `KTVM52817730264419`), however short of half the value. */
const MIN_IDENTIFIER_HEAD = 6;
/** A title and one word after it (`ms fost`): a surname cut after its courtesy title. */
const TITLED_PIECE = /^(\p{L}+) (\p{L}+)$/u;
/** Letters of a surname cut after a title that tell it (`Ms. Fo` is anyone). */
const MIN_SURNAME_CUT = 3;
/** Letters and digits mixed in one token: an identifier's head, not a word or a number. */
const MIXED_TOKEN = /^(?=[^ ]*\p{L})(?=[^ ]*\d)[\p{L}\d]+$/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** Digits cut between two of their groups tell this many or more (a date's year and month). */
const MIN_CUT_DIGITS = 6;
/** A cut amount (`$52,41` of 52,416, `$93,1` of 93,197) tells this many of its digits or more, and half of them (an identifier in groups, `MIN_CUT_DIGITS`). */
const MIN_GROUPED_CUT_DIGITS = 3;
/** An amount's whole digits from which its month is looked for cut too (a year's pay, not a transaction's). */
const MIN_MONTHLY_DIGITS = 5;
/** An amount's digits cut without a separator (`1734` of 173418): four at least, and half its units. */
const MIN_PLAIN_CUT_DIGITS = 4;
const PLAIN_DIGITS_CUT = /^\d{4,}$/;
/** The shortest piece looked up: a cut amount's digits and a separator (`93,1` of 93,197); `entryCutTo` asks more of other pieces. */
const MIN_PIECE = MIN_GROUPED_CUT_DIGITS + 1;
/** Separators a number or identifier is grouped with as written; its compact form drops them. */
const GROUP_SEPARATORS = /[ ,.\-/]/g;
/** A piece of digit (and letter) groups: a number or identifier written grouped, not words. */
const GROUPED_PIECE = /^(?=.*\d)[\p{L}\d]+(?:[ ,.][\p{L}\d]+)+$/u;
/** A piece of digits in thousands groups (`211`, `3,121`), before a cut after its comma. */
const DIGITS_AND_COMMAS = /^\d{1,3}(?:,\d{3})*$/;
/** A registered form that is a plain number (`377097.95`, `52416`): its cut may be written with thousands commas. */
const PLAIN_NUMBER = /^(\d+)(?:\.(\d+))?$/;
/** A labelled line whose value ends in a letter or digit (an ellipsis, closing marks after it): group 1 is the value, up to REACH characters. */
const LABELLED_LINE_END = new RegExp(`:[ \\t]*([^\\n:]{0,${REACH - 1}}?[\\p{L}\\p{N}])(?:\\.{3}|…)?["'”’)\\]*_]*[ \\t]*\\r?\\n`, "gu");

/** A letter or digit an ellipsis follows: where a value was cut inside a text. */
const MARKED_CUT = /[\p{L}\p{N}](?=\.{3}|…)/gu;

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

/** A compact form's entry and its normalized form as registered. */
interface CompactOrigin {
  entry: number;
  form: string;
}

/**
 * (normalized form, entry, whether it is an amount, the one-word hints that tell it: `nephrologist` of a kidney disease) of the
 * values of the entries from `from` on, as registered.
 */
export type RegisteredForms = (from: number) => Iterable<readonly [string, number, boolean, readonly string[]]>;

/** A hint word this long or longer is looked for cut (`nephrolog`, `lisinop`): a shorter one's start is some word's. */
const MIN_HINT_LENGTH = 8;

/** The normalized values of a vault's entries, sorted; kept up to date as entries are added (the list only grows). */
export class CutTails {
  private forms: string[] = [];
  private entries: number[] = [];
  /** Compact forms (separators dropped) of the number- and identifier-like values, sorted, with their entries and forms as registered. */
  private compactForms: string[] = [];
  private compactOrigins: CompactOrigin[] = [];
  /** The last tokens of values of several tokens (a person's surname), sorted, with their entries: a title before a cut one names them. */
  private surnames: string[] = [];
  private surnameEntries: number[] = [];
  /** One-word hints of contextual values (`cardiologist`), sorted, with their entries: a memory excerpt cuts them as it cuts values (round 20 red team). */
  private hints: string[] = [];
  private hintEntries: number[] = [];
  /** Entries [0, indexed) are in the sorted lists. */
  private indexed = 0;

  /** A copy for a fork of the vault: the sorted lists as they are, without sorting them again. */
  copy(): CutTails {
    const copy = new CutTails();
    copy.forms = this.forms.slice();
    copy.entries = this.entries.slice();
    copy.compactForms = this.compactForms.slice();
    copy.compactOrigins = this.compactOrigins.slice();
    copy.surnames = this.surnames.slice();
    copy.surnameEntries = this.surnameEntries.slice();
    copy.hints = this.hints.slice();
    copy.hintEntries = this.hintEntries.slice();
    copy.indexed = this.indexed;
    return copy;
  }

  /** Take in the forms of entries [indexed, entryCount): a batch sorted in, a few inserted. */
  update(entryCount: number, registeredForms: RegisteredForms): void {
    if (this.indexed === entryCount) return;
    const registered = [...registeredForms(this.indexed)];
    this.indexed = entryCount;
    const added = registered.flatMap(([form, entry]) => (alphanumerics(form) > MIN_ALPHANUMERICS ? [[form, entry] as const] : []));
    [this.forms, this.entries] = sortedIn(this.forms, this.entries, added);
    const compact = registered.flatMap(([form, entry, isAmount]) => {
      const digits = compactForm(form);
      if (digitCount(digits) < MIN_GROUPED_CUT_DIGITS || !/^[\p{L}\d]+$/u.test(digits)) return [];
      // An amount's month too, to the dollar (round 19 red team: `Monthly gross income of approximately $3,58` of 42,960 a year, cut).
      const amount = isAmount ? PLAIN_NUMBER.exec(form) : null;
      const month = amount && amount[1].length >= MIN_MONTHLY_DIGITS ? String(Math.round(Number(form) / 12)) : null;
      return [[digits, { entry, form }] as const, ...(month === null ? [] : [[month, { entry, form: month }] as const])];
    });
    [this.compactForms, this.compactOrigins] = sortedIn(this.compactForms, this.compactOrigins, compact);
    // A last token of letters: a date written out ends in its year.
    const surnames = registered.flatMap(([form, entry]) => (form.includes(" ") && /\p{L}$/u.test(form) ? [[form.slice(form.lastIndexOf(" ") + 1), entry] as const] : []));
    [this.surnames, this.surnameEntries] = sortedIn(this.surnames, this.surnameEntries, surnames);
    const hints = registered.flatMap(([, entry, , words]) => words.filter((word) => word.length >= MIN_HINT_LENGTH).map((word) => [word, entry] as const));
    [this.hints, this.hintEntries] = sortedIn(this.hints, this.hintEntries, hints);
  }

  /**
   * The values cut off at the end of `norm` and at the ends of its labelled lines: at each, the
   * longest piece that is a complete token of the value and the start of the next (`james gr`), or
   * at least half of a one-token value.
   */
  find(norm: NormalizeBuffer, entryCount: number, registeredForms: RegisteredForms): CutTail[] {
    const found: CutTail[] = [];
    const { codes } = norm;
    let end = norm.length;
    while (end > 0 && codes[end - 1] === SPACE_CODE) end--;
    if (end === 0) return found;
    const last = norm.origin[end - 1];
    const endsCut = LETTER_OR_DIGIT.test(norm.source.charAt(last)) && AFTER_CUT.test(norm.source.slice(last + 1));
    const lines = norm.source.includes("\n") && norm.source.includes(":");
    const marked = norm.source.includes("…") || norm.source.includes("...");
    if (!endsCut && !lines && !marked) return found;
    this.update(entryCount, registeredForms);
    if (this.forms.length + this.compactForms.length === 0) return found;
    if (lines) {
      for (const match of norm.source.matchAll(LABELLED_LINE_END)) {
        // The label's whole value only: a word ending it (`Software Engineer` of `Engineering`) is no cut.
        const valueStart = match.index + match[0].indexOf(match[1]);
        let start = normalizedAt(norm, valueStart);
        while (start < norm.length && codes[start] === SPACE_CODE) start++;
        const end = normalizedAt(norm, valueStart + match[1].length);
        const entry = end - start >= MIN_PIECE ? this.entryCutTo(norm.slice(start, end), plainCutAllowed(norm, start)) : -1;
        if (entry !== -1) found.push({ entry, start, end });
      }
    }
    const atEnd = endsCut ? this.cutEndingAt(norm, Math.max(0, end - REACH), end) : null;
    if (atEnd) found.push(atEnd);
    // An ellipsis marks a cut inside the text too (`ins=UHC-9021…` and a next line, `Anthem (ANT-YRK88401…) requires`: round 9 red team).
    for (const match of marked ? norm.source.matchAll(MARKED_CUT) : []) {
      const cutEnd = normalizedAt(norm, match.index + 1);
      const cut = cutEnd === atEnd?.end ? null : this.cutEndingAt(norm, Math.max(0, cutEnd - REACH), cutEnd);
      if (cut) found.push(cut);
    }
    return found;
  }

  /** The value cut at normalized `end`, its piece starting at a token start from `from` on (the longest first). */
  private cutEndingAt(norm: NormalizeBuffer, from: number, end: number): CutTail | null {
    // A value cut at a length stays on its line: a piece over a line break (`2024` and the next paragraph's `1...`) is two texts.
    const lineStart = lineStartAt(norm.source, norm.origin[end - 1]);
    // A number cut right after a thousands comma shows its groups as written (round 9 of the probe: `$211,` of 211,209.55).
    const commaCut = norm.source.charAt(norm.origin[end - 1] + 1) === ",";
    for (let start = Math.max(from, normalizedAt(norm, lineStart)); start <= end - (commaCut ? MIN_GROUPED_CUT_DIGITS : MIN_PIECE); start++) {
      if (start > 0 && norm.codes[start - 1] !== SPACE_CODE) continue;
      const piece = norm.slice(start, end);
      const entry = commaCut && DIGITS_AND_COMMAS.test(piece) ? this.entryCutToGroups(`${piece},`, false) : this.entryCutTo(piece, plainCutAllowed(norm, start));
      if (entry !== -1) return { entry, start, end };
    }
    return null;
  }

  /**
   * The entry of a number or identifier that `piece`, written in groups, is a proper start of, or -1:
   * its digits a start of the value's, and a piece with commas or periods grouped as the number is
   * (`52,41` of 52,416, not `2,670` of 267,015.88).
   */
  private entryCutToGroups(piece: string, plainAllowed: boolean): number {
    const compact = compactForm(piece);
    const plain = compact === piece;
    if (plain && !plainAllowed) return -1;
    // Digit groups split by spaces or dashes need as many digits as any cut between groups (`939-79` may be a room); an amount's commas
    // fewer, and an amount's plain digits four (round 17 red team: `Salary: 1734` of 173,418), not a year's.
    if (digitCount(compact) < (/[,.]/.test(piece) ? MIN_GROUPED_CUT_DIGITS : plain ? MIN_PLAIN_CUT_DIGITS : MIN_CUT_DIGITS) || (plain && YEAR_LIKE.test(piece))) return -1;
    for (let at = lowerBound(this.compactForms, compact); at < this.compactForms.length && this.compactForms[at].startsWith(compact); at++) {
      const whole = this.compactForms[at];
      const { entry, form: registered } = this.compactOrigins[at];
      // Half of a number's units, its cents aside (round 15 red team: `$48,1` of 48,123.55 passed as 3 of 7 digits); an amount grouped
      // with commas needs three digits only (round 16: `$8,21` of 8,216,490 tells it within 0.1 %).
      if (whole.length === compact.length || (2 * compact.length < unitDigits(registered, whole) && !piece.includes(","))) continue;
      if (plain ? PLAIN_NUMBER.test(registered) || compact.length >= MIN_CUT_DIGITS : groupedLike(piece, registered)) return entry;
    }
    return -1;
  }

  /** The entry of a form that `piece` is a start of, cut inside a token, or -1. */
  private entryCutTo(piece: string, plainAllowed: boolean): number {
    const pieceAlphanumerics = alphanumerics(piece);
    if (GROUPED_PIECE.test(piece) || PLAIN_DIGITS_CUT.test(piece)) {
      const entry = this.entryCutToGroups(piece, plainAllowed);
      if (entry !== -1) return entry;
    }
    const titled = TITLED_PIECE.exec(piece);
    if (titled && isTitle(titled[1])) {
      const entry = this.entryOfCutSurname(titled[2]);
      if (entry !== -1) return entry;
    }
    if (pieceAlphanumerics < MIN_ALPHANUMERICS) return -1;
    const spansTokens = piece.includes(" ");
    // Digits cut between their groups are the value's too (`2026-01-` of a visit date: its year and month).
    const digitGroups = spansTokens && pieceAlphanumerics >= MIN_CUT_DIGITS && /^[\d ]+$/.test(piece);
    for (let at = lowerBound(this.forms, piece); at < this.forms.length && this.forms[at].startsWith(piece); at++) {
      const form = this.forms[at];
      if (form.length === piece.length || (form.charCodeAt(piece.length) === SPACE_CODE && !digitGroups)) continue;
      // Cut inside a leading title (`Attorne` of `Attorney Lee`): the title names nobody.
      if (!spansTokens && form.includes(" ") && isTitle(form.slice(0, form.indexOf(" ")))) continue;
      if (spansTokens || 2 * pieceAlphanumerics >= alphanumerics(form)) return this.entries[at];
      // Round 13 red team: a 300-character memory write cut an account number after its sixth character.
      if (pieceAlphanumerics >= MIN_IDENTIFIER_HEAD && MIXED_TOKEN.test(piece)) return this.entries[at];
      // And a value's first word (`**Diagnosis:** **Hyperten` of `Hypertension Stage 2`; round 16: `Valer` of Valerie Stokes): two thirds of
      // it is no other word in use (round 17: `Grego` of Gregory is a dictionary's rare entry).
      const firstToken = form.indexOf(" ");
      if (firstToken !== -1 && 3 * pieceAlphanumerics >= 2 * firstToken && !opensAsWord(piece)) return this.entries[at];
    }
    return spansTokens || isDictionaryWord(piece) ? -1 : this.entryOfCutHint(piece);
  }

  /** The entry one of whose hints `piece` is two thirds of or more, cut (`cardiolo` of cardiologist), or -1: as a value's first word. */
  private entryOfCutHint(piece: string): number {
    for (let at = lowerBound(this.hints, piece); at < this.hints.length && this.hints[at].startsWith(piece); at++) {
      if (this.hints[at].length > piece.length && 3 * piece.length >= 2 * this.hints[at].length) return this.hintEntries[at];
    }
    return -1;
  }

  /** The entry whose last token (a surname) `piece` is a proper start of, from MIN_SURNAME_CUT letters (`Ms. Fost` of Elaine Foster), or -1. */
  private entryOfCutSurname(piece: string): number {
    if (piece.length < MIN_SURNAME_CUT) return -1;
    for (let at = lowerBound(this.surnames, piece); at < this.surnames.length && this.surnames[at].startsWith(piece); at++) {
      if (this.surnames[at].length > piece.length) return this.surnameEntries[at];
    }
    return -1;
  }
}

/** `form` without the separators it is grouped with. */
function compactForm(form: string): string {
  return form.replace(GROUP_SEPARATORS, "");
}

function digitCount(text: string): number {
  let count = 0;
  for (let at = 0; at < text.length; at++) if (text.charCodeAt(at) >= 48 && text.charCodeAt(at) <= 57) count++;
  return count;
}

/** Whether `piece`, grouped by spaces, or by commas and periods as the number `form` written with thousands commas or plainly, starts it. */
function groupedLike(piece: string, form: string): boolean {
  if (!/[,.]/.test(piece)) return true;
  const number = PLAIN_NUMBER.exec(form);
  if (!number) return false;
  const [, whole, fraction] = number;
  const decimals = fraction === undefined ? "" : `.${fraction}`;
  return [`${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${decimals}`, `${whole}${decimals}`].some((written) => written.startsWith(piece) && written !== piece);
}

/** `forms` and their `payloads` (sorted by form) with `added` sorted in: a batch merged, a few inserted. */
function sortedIn<T>(forms: string[], payloads: T[], added: ReadonlyArray<readonly [string, T]>): [string[], T[]] {
  if (added.length > forms.length / 4) {
    const pairs = [...forms.map((form, at) => [form, payloads[at]] as const), ...added].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return [pairs.map(([form]) => form), pairs.map(([, payload]) => payload)];
  }
  for (const [form, payload] of added) {
    const at = lowerBound(forms, form);
    forms.splice(at, 0, form);
    payloads.splice(at, 0, payload);
  }
  return [forms, payloads];
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

/** A key naming an amount right before a value (`Salary: `, `{'base': `, `"bonus_usd"=`). */
const AMOUNT_KEY_BEFORE = /(?:salary|income|base|bonus|pay|compensation|comp|balance|amount|settlement|wage|earnings|total)[\w ]{0,12}['"*_]*[ \t]*[:=][ \t'"*_]*$/i;
const AMOUNT_KEY_REACH = 40;

/**
 * Whether plain digits at normalized `start` may be an amount cut short: after a key naming an amount (round 17 red team: `Salary: 1734`,
 * `{'base': 1215`), not a currency sign (`Income: $5241` is an amount written whole; a cut one is grouped as written, `$52,41`) nor
 * any number (round 17 re-judge: `Ticket 1734`, `Headcount: 1734`).
 */
function plainCutAllowed(norm: NormalizeBuffer, start: number): boolean {
  if (start >= norm.length) return false;
  const before = norm.source.slice(Math.max(0, norm.origin[start] - AMOUNT_KEY_REACH), norm.origin[start]);
  return AMOUNT_KEY_BEFORE.test(before);
}

/** Digits of a registered number before its decimals (`48123.55`: 5), else of its whole compact form. */
function unitDigits(registered: string, compact: string): number {
  const number = PLAIN_NUMBER.exec(registered);
  return number ? number[1].length : compact.length;
}
