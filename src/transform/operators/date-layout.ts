/**
 * A date as it is written (`07/28/1957`, `July 28th, 1957`, `28 Jul 1957`, `1957-07-28`, and
 * partial forms: `July 28`, `June 2023`, `06/2023`, `7/28`), read into its parts and a layout that writes
 * any other date the same way: date FPE replaces the date and keeps the writing.
 */
import { localeMonth, monthNumber, MONTHS, ordinalSuffix, spelledDay, spelledOrdinal, TWO_WORD_SPELLED_DAY, validDate, type CalendarDate } from "../../detect/vault/dates.js";

type Part = "year" | "month" | "day";

interface Slot {
  part: Part;
  /** As written: its length says whether it was zero-padded, its case how to write a month name. */
  written: string;
  /** Ordinal suffix as written (`th`, `TH`), on a day. */
  suffix?: string;
  /** A day spelled out (`seventeenth`, `Twenty-First`): its number; `written` shows its case and joiner. */
  spelled?: number;
}

export interface DateLayout {
  pieces: Array<string | Slot>;
  /** Month and day numbers take two digits: year first (`1957-07-28`), or one of them was written so (`05/3/2024`). */
  padded: boolean;
  /** The year is written with two digits (`7/28/57`, `July 28, '57`): its parts' year is that number, its century unknown. */
  shortYear?: boolean;
}

/** Parts of a written date; a partial form lacks some. */
export type DateParts = Partial<CalendarDate>;

export interface ReadDate {
  parts: DateParts;
  layout: DateLayout;
}

/** A two-word spelled day is one token (`twenty-first`); a French first of the month is `1er`. */
const TOKEN = new RegExp(`(\\d+)(st|nd|rd|th|er)?|(${TWO_WORD_SPELLED_DAY}|[\\p{L}\\p{M}]+)|([^\\p{L}\\p{M}\\d]+)`, "giu");
/** Words a written date holds besides its parts (`28th of July`, `July the 28th`, `28 de julio de 1957`). */
const DATE_WORDS = new Set(["of", "the", "de"]);

/** The month a name of any known language stands for (`July`, `Jul`, `juillet`, `März`), 0 for another word. */
function anyMonthNumber(word: string): number {
  return monthNumber(word) || (localeMonth(word)?.month ?? 0);
}

/** `text` read as a date, or null when it is not one written in a layout this module knows. */
export function readDate(text: string): ReadDate | null {
  const pieces: Array<string | Slot> = [];
  const numbers: Slot[] = [];
  let monthWord: Slot | null = null;
  for (const [, digits, suffix, word, literal] of text.matchAll(TOKEN)) {
    if (literal !== undefined) pieces.push(literal);
    else if (digits !== undefined && digits.length === 8 && suffix === undefined) {
      // Compact `19570728`: year, month and day slots with nothing between them.
      const slots: Slot[] = [
        { part: "year", written: digits.slice(0, 4) },
        { part: "month", written: digits.slice(4, 6) },
        { part: "day", written: digits.slice(6) },
      ];
      numbers.push(...slots);
      pieces.push(...slots);
    }
    else if (word !== undefined) {
      const day = spelledDay(word);
      if (anyMonthNumber(word) > 0 && monthWord === null) pieces.push((monthWord = { part: "month", written: word }));
      else if (DATE_WORDS.has(word.toLowerCase())) pieces.push(word);
      else if (day > 0) {
        const slot: Slot = { part: "day", written: word, spelled: day };
        numbers.push(slot);
        pieces.push(slot);
      } else return null;
    } else {
      // Two digits after an apostrophe are a year (`Nov. '91`, `July 28, '57`), and right after a month's name and a hyphen (`Nov-17`).
      const previous = pieces.at(-1);
      const hyphened = typeof previous === "string" && /^\.?-$/.test(previous) && monthWord !== null && pieces.at(-2) === monthWord;
      const apostrophed = digits.length === 2 && suffix === undefined && typeof previous === "string" && (/['’‘]$/.test(previous) || hyphened);
      const slot: Slot = { part: apostrophed ? "year" : "day", written: digits, suffix };
      numbers.push(slot);
      pieces.push(slot);
    }
  }
  const assigned = assign(numbers, monthWord !== null);
  if (assigned === null) return null;
  const padded = assigned === "iso" || numbers.some((slot) => slot.part !== "year" && slot.written.length === 2 && slot.written.startsWith("0"));
  const shortYear = numbers.some((slot) => slot.part === "year" && slot.written.length === 2);
  const parts: DateParts = {};
  for (const slot of [...numbers, ...(monthWord ? [monthWord] : [])]) {
    const value = slot === monthWord ? anyMonthNumber(slot.written) : (slot.spelled ?? Number(slot.written));
    parts[slot.part] = value;
  }
  if (!partsExist(parts, shortYear)) return null;
  return { parts, layout: shortYear ? { pieces, padded, shortYear } : { pieces, padded } };
}

/** Which number is which part (sets each slot's part); null when the numbers do not make a date. */
function assign(numbers: Slot[], hasMonthWord: boolean): "iso" | "other" | null {
  const four = (slot: Slot) => slot.written.length === 4 && slot.suffix === undefined && slot.spelled === undefined;
  const short = (slot: Slot) => slot.written.length <= 2 || slot.spelled !== undefined;
  if (hasMonthWord) {
    // `July 28, 1957`, `28th of July`, `July 1957`: one year of four digits, one day of one or two.
    const years = numbers.filter(four);
    const days = numbers.filter(short);
    const bare = (slot: Slot) => slot.suffix === undefined && slot.spelled === undefined;
    if (years.length === 0 && days.length === 2 && numbers.length === 2 && bare(days[1]) && days[1].written.length === 2) {
      days[1].part = "year"; // `July 28, '57`, `28 Jul 57`, `28th July '57`: the day, then a two-digit year
      return "other";
    }
    if (years.length > 1 || days.length > 1 || years.length + days.length !== numbers.length || numbers.length === 0) return null;
    years.forEach((slot) => (slot.part = "year"));
    return "other";
  }
  if (numbers.some((slot) => slot.suffix !== undefined || slot.spelled !== undefined)) return null;
  if (numbers.length === 3 && numbers[0].written.length === 4 && numbers[1].written.length === 2 && numbers[0].part === "year") return "iso"; // compact
  if (numbers.length === 1 && four(numbers[0])) {
    numbers[0].part = "year"; // `born in 1957`: the year alone
    return "other";
  }
  if (numbers.length === 3 && four(numbers[0]) && short(numbers[1]) && short(numbers[2])) {
    [numbers[0].part, numbers[1].part, numbers[2].part] = ["year", "month", "day"];
    return "iso";
  }
  if (numbers.length === 3 && short(numbers[0]) && short(numbers[1]) && four(numbers[2])) {
    // Month first where it can be (US), else day first: the rule that reads a surrogate back the same way.
    const monthFirst = Number(numbers[0].written) <= 12;
    [numbers[0].part, numbers[1].part, numbers[2].part] = monthFirst ? ["month", "day", "year"] : ["day", "month", "year"];
    return "other";
  }
  if (numbers.length === 3 && numbers.every(short) && numbers[2].written.length === 2) {
    // `7/28/57`, `06/09/25`: month first where it can be, as with four-digit years; the year last, in two digits.
    const monthFirst = Number(numbers[0].written) <= 12;
    [numbers[0].part, numbers[1].part, numbers[2].part] = monthFirst ? ["month", "day", "year"] : ["day", "month", "year"];
    return "other";
  }
  if (numbers.length === 2 && short(numbers[0]) && four(numbers[1])) {
    [numbers[0].part, numbers[1].part] = ["month", "year"];
    return "other";
  }
  if (numbers.length === 2 && four(numbers[0]) && numbers[1].written.length === 2) {
    [numbers[0].part, numbers[1].part] = ["year", "month"]; // ISO's `2016-04`
    return "iso";
  }
  if (numbers.length === 2 && numbers.every(short)) {
    // `8/24`, a birthday in digits: month first where it can be, as with a year.
    const monthFirst = Number(numbers[0].written) <= 12;
    [numbers[0].part, numbers[1].part] = monthFirst ? ["month", "day"] : ["day", "month"];
    return "other";
  }
  return null;
}

function partsExist({ year, month, day }: DateParts, shortYear: boolean): boolean {
  if (month !== undefined && (month < 1 || month > 12)) return false;
  if (day !== undefined && (day < 1 || day > 31)) return false;
  // A two-digit year exists in one of the two centuries it may stand for (`02/29/00`: 2000 had one).
  if (year !== undefined && month !== undefined && day !== undefined) return shortYear ? [1900, 2000].some((century) => validDate(century + year, month, day) !== null) : validDate(year, month, day) !== null;
  return year !== undefined || month !== undefined;
}

/** A date with all three parts and its century known (a two-digit year is not: only the registered date it shows can say). */
export function isFullDate(parts: DateParts, layout?: DateLayout): parts is CalendarDate {
  return parts.year !== undefined && parts.month !== undefined && parts.day !== undefined && layout?.shortYear !== true;
}

/** Languages whose month names are capitalized (the others write `juillet`, `julio`, `juli`). */
const CAPITALIZED_MONTHS = new Set(["en", "de"]);

/**
 * The language a month name is written in, where several have it (`april`, `agosto`, `juli`): the
 * one the date's other words point to (`de` for Spanish and Portuguese, `1er` for French, a dotted
 * day `28.` for German, `of`, an English ordinal, a spelled day or the month before the day for English), then the one whose names are in the
 * name's case, then English, Spanish, French, German, Italian, Portuguese, Dutch.
 */
function monthLanguage(written: string, layout: DateLayout): string | readonly string[] {
  const english = monthNumber(written) > 0;
  const others = localeMonth(written)?.languages ?? [];
  if (others.length === 0) return "en";
  const words = new Set(layout.pieces.map((piece) => (typeof piece === "string" ? piece.trim().toLowerCase() : piece.suffix?.toLowerCase() ?? "")));
  const slots = layout.pieces.filter((piece): piece is Slot => typeof piece !== "string");
  // The month before the day (`april 18 1936`) or a day spelled out (`tenth april`) is English: the other languages write the day first, in digits.
  const day = slots.findIndex((slot) => slot.part === "day");
  const englishOrder = day >= 0 && (slots.findIndex((slot) => slot.part === "month") < day || slots[day].spelled !== undefined);
  const hinted = (locale: string) =>
    (locale === "en" && (englishOrder || ["of", "th", "st", "nd", "rd"].some((word) => words.has(word)))) ||
    (locale === "fr" && words.has("er")) ||
    (locale === "de" && words.has("."));
  const capitalized = written !== written.toUpperCase() && written[0] === written[0].toUpperCase();
  const inCase = (locale: string) => written === written.toUpperCase() || CAPITALIZED_MONTHS.has(locale) === capitalized;
  const candidates = [...(english ? ["en"] : []), ...others.map((language) => language.locale)];
  const best = candidates.reduce((chosen, locale) => (score(locale) > score(chosen) ? locale : chosen));
  // Spanish and Portuguese put `de` between day and month (`28 de julio`); without it, the date is in another language.
  function score(locale: string): number {
    const withDe = locale === "es" || locale === "pt" ? (words.has("de") ? 4 : -1) : 0;
    return (hinted(locale) ? 4 : 0) + withDe + (inCase(locale) ? 2 : 0);
  }
  return best === "en" ? "en" : others.find((language) => language.locale === best)!.names;
}

/** Whether the date is written as one token (`17JUN1971`): no literal between its parts. */
function isGlued(layout: DateLayout): boolean {
  return layout.pieces.every((piece) => typeof piece !== "string");
}

function writeMonthName(month: number, written: string, layout: DateLayout): string {
  const full = MONTHS[month - 1];
  const lower = written.toLowerCase();
  const language = monthLanguage(written, layout);
  // Another language's month gets that language's name (`juillet` -> `août`).
  // `May` is a full name and an abbreviation: glued between digits (`16MAY2068`) it is the abbreviation.
  const writtenFull = lower === MONTHS[monthNumber(written) - 1] && !(lower === "may" && isGlued(layout));
  const name = language !== "en" ? language[month - 1].toLowerCase() : writtenFull ? full : month === 9 && lower === "sept" ? "sept" : full.slice(0, 3);
  if (written === written.toUpperCase()) return name.toUpperCase();
  if (written[0] === written[0].toUpperCase()) return name[0].toUpperCase() + name.slice(1);
  return name;
}

/** `day` spelled like `written` (`seventeenth`, `Twenty-First`, `TWENTY FIRST`): its case and the joiner of its tens and units. */
function writeSpelledDay(day: number, written: string): string {
  const joiner = /^(?:twenty|thirty)([- ]?)/i.exec(written)?.[1] ?? "-";
  const spelled = spelledOrdinal(day, joiner);
  if (written === written.toUpperCase()) return spelled.toUpperCase();
  if (written === written.toLowerCase()) return spelled;
  // `Twenty-First`: every part capitalized; `Seventeenth`, `Twenty-first`: the first letter only.
  const everyPart = /[- ][A-Z]/.test(written);
  return spelled.replace(everyPart ? /(?:^|[- ])[a-z]/g : /^[a-z]/, (start) => start.toUpperCase());
}

function writeNumber(value: number, padded: boolean): string {
  return padded ? String(value).padStart(2, "0") : String(value);
}

/** The same layout read the other way round where a numeric date is ambiguous (`05/03/2011` day first). */
export function swappedLayout(layout: DateLayout): DateLayout | null {
  if (layout.pieces.some((piece) => typeof piece !== "string" && piece.part === "year" && layout.pieces.indexOf(piece) === 0) || layout.pieces.some((piece) => typeof piece !== "string" && piece.part === "month" && /[A-Za-z]/.test(piece.written))) return null;
  const swap: Record<Part, Part> = { day: "month", month: "day", year: "year" };
  const pieces = layout.pieces.map((piece) => (typeof piece === "string" ? piece : { ...piece, part: swap[piece.part] }));
  return pieces.some((piece) => typeof piece !== "string" && piece.part === "day") ? { ...layout, pieces } : null;
}

/** `date` written in `layout` (the parts the layout shows). */
export function writeDate(date: CalendarDate, layout: DateLayout): string {
  return layout.pieces
    .map((piece) => {
      if (typeof piece === "string") return piece;
      const value = date[piece.part];
      if (piece.part === "year") return piece.written.length === 2 ? String(value % 100).padStart(2, "0") : String(value);
      if (piece.part === "month" && /[A-Za-z]/.test(piece.written)) return writeMonthName(value, piece.written, layout);
      if (piece.spelled !== undefined) return writeSpelledDay(value, piece.written);
      const number = writeNumber(value, layout.padded);
      if (piece.suffix === undefined) return number;
      // French writes only the first of the month as an ordinal (`1er mai`, `2 mai`).
      if (piece.suffix.toLowerCase() === "er") return value === 1 ? number + piece.suffix : number;
      const suffix = ordinalSuffix(value);
      return number + (piece.suffix === piece.suffix.toUpperCase() ? suffix.toUpperCase() : suffix);
    })
    .join("");
}
