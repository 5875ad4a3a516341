/**
 * Format-preserving encryption of dates: the date, as a day number, is enciphered with the numeral
 * cipher (FF1 or FF3-1) and written back in the layout it came in, so `July 28th, 1957` becomes
 * another valid date written the same way (not `Nwdp 77th, 9314`). Every form of a registered date
 * (`07/28/1957`, `28 Jul 1957`, `July 28` alone) shows the same surrogate date, so surrogates restore
 * from whichever form a reader received.
 */
import { isBirthField } from "../../detect/vault/birth-dates.js";
import { parseDate, type CalendarDate } from "../../detect/vault/dates.js";
import { OperatorError } from "../base.js";
import { isFullDate, readDate, swappedLayout, writeDate, type ReadDate } from "./date-layout.js";
import type { NumeralCipher } from "./format.js";

const DAY_MS = 86_400_000;
/** Day 0 of the domain; 10^6 days (NIST's minimum domain for FF1 and FF3-1) reach 3737-11-26. */
const FIRST_DAY = Date.UTC(1000, 0, 1) / DAY_MS;
const DOMAIN_DIGITS = 6;
const DOMAIN = 10 ** DOMAIN_DIGITS;
/** Dates of 1900-2099 stay in those years, the others outside them (cycle-walking): a birth date enciphered to 1038 reads as a forgery. */
const PLAUSIBLE_FIRST = dayOfYear(1900);
const PLAUSIBLE_END = dayOfYear(2100);
/** A birth date of 1920-2024 stays in those years: one enciphered to 2031 gives no age, one to 1906 an age of 119. */
const BIRTH_FIRST = dayOfYear(1920);
const BIRTH_END = dayOfYear(2025);
const MEMO_LIMIT = 4096;

function dayOfYear(year: number): number {
  return Date.UTC(year, 0, 1) / DAY_MS - FIRST_DAY;
}

/** The years a day stays among when enciphered: 0 the plausible ones (for a birth date, 1920-2024), 1 the rest of 1900-2099, 2 the others. */
function zoneOf(number: number, birth: boolean): number {
  if (number < PLAUSIBLE_FIRST || number >= PLAUSIBLE_END) return 2;
  return !birth || (number >= BIRTH_FIRST && number < BIRTH_END) ? 0 : 1;
}

/** Whether a tweak scope (`field:date_of_birth`) is a birth date's. */
function isBirthScope(scope: string): boolean {
  return scope.startsWith("field:") && isBirthField(scope.slice("field:".length));
}

function dayNumber({ year, month, day }: CalendarDate): number | null {
  const number = Date.UTC(year, month - 1, day) / DAY_MS - FIRST_DAY;
  return number >= 0 && number < DOMAIN ? number : null;
}

function dateOfDay(number: number): CalendarDate {
  const date = new Date((number + FIRST_DAY) * DAY_MS);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** Enciphers dates of one cipher; a day number is enciphered once (the same date comes back at every hop). */
export class DateCipher {
  private readonly memo = new Map<string, CalendarDate>();

  constructor(private readonly cipher: NumeralCipher) {}

  /** The surrogate date of `date` in `scope`, or null outside the domain (years 1000-3737). */
  private encipher(date: CalendarDate, scope: string, direction: "encrypt" | "decrypt"): CalendarDate | null {
    const number = dayNumber(date);
    if (number === null) return null;
    const key = `${direction}\u0000${scope}\u0000${number}`;
    let result = this.memo.get(key);
    if (result === undefined) {
      const step = (from: number) => Number(this.cipher[direction]([...String(from).padStart(DOMAIN_DIGITS, "0")].map(Number), 10, `${scope}\u0000date`).join(""));
      let next = step(number);
      // Cycle-walking: restricted to the plausible years (or to the rest), the cipher is a permutation of them (about 14 steps on average, 26 for a birth date).
      const birth = isBirthScope(scope);
      const zone = zoneOf(number, birth);
      while (zoneOf(next, birth) !== zone) next = step(next);
      result = dateOfDay(next);
      if (this.memo.size >= MEMO_LIMIT) this.memo.clear();
      this.memo.set(key, result);
    }
    return result;
  }

  /**
   * `value` with its date replaced by the surrogate date, written the same way; null when `value`
   * is not a date written in a known layout or lies outside the domain (generic FPE then applies).
   * A partial form (`July 28`, `June 2023`) needs the registered date it shows part of.
   */
  surrogate(value: string, scope: string, registered?: string): string | null {
    const read = readDate(value);
    if (read === null) return null;
    const known = registeredDate(registered, read);
    const real = known?.date ?? (isFullDate(read.parts, read.layout) ? read.parts : null);
    if (real === null) throw new OperatorError("a date shown in part cannot be enciphered without the date it belongs to", "fpe-partial-date");
    const surrogate = this.encipher(real, scope, "encrypt");
    // Written day first (`05/03/2024` for March 5): the surrogate's day goes where the writer put the day.
    const layout = (known?.swapped ? swappedLayout(read.layout) : null) ?? read.layout;
    return surrogate === null ? null : writeDate(surrogate, layout);
  }

  /** The real text of a surrogate written by `surrogate`; null when it is not a date (generic FPE then reverses). */
  original(transformed: string, scope: string, registered?: string): string | null {
    const read = readDate(transformed);
    if (read === null) return null;
    const real = registered === undefined ? null : parseDate(registered);
    const surrogate = real === null ? null : this.encipher(real, scope, "encrypt");
    if (real !== null && surrogate !== null) {
      // Where the surrogate's numbers cannot show zero padding (both 10 or more), it comes back as the registered value writes it (`08/24/1948`).
      const padded = !read.layout.padded && registered !== undefined && (readDate(registered)?.layout.padded ?? false);
      // The surrogate of a day-first date may read month first: the layout that wrote it is the one that gives it back.
      for (const candidate of [read.layout, swappedLayout(read.layout)]) {
        if (candidate === null) continue;
        for (const layout of padded ? [{ ...candidate, padded: true }, candidate] : [candidate]) {
          if (writeDate(surrogate, layout) === transformed) return writeDate(real, layout);
        }
      }
    }
    if (!isFullDate(read.parts, read.layout)) throw new OperatorError("not the surrogate of this date", "fpe-not-reversible");
    const original = this.encipher(read.parts, scope, "decrypt");
    return original === null ? null : writeDate(original, read.layout);
  }
}

/** The registered date, when `shown` is (part of) it: the surrogate of every form comes from it. */
function registeredDate(registered: string | undefined, { parts: shown, layout }: ReadDate): { date: CalendarDate; swapped: boolean } | null {
  const date = registered === undefined ? null : parseDate(registered);
  if (date === null) return null;
  // A two-digit year shows the registered year's last two digits.
  const year = layout.shortYear ? date.year % 100 : date.year;
  const sameYear = shown.year === undefined || shown.year === year;
  if (sameYear && (["month", "day"] as const).every((part) => shown[part] === undefined || shown[part] === date[part])) return { date, swapped: false };
  // A numeric date read month first that the writer meant day first shows the same two numbers.
  const swapped = shown.month === date.day && shown.day === date.month && sameYear;
  return swapped ? { date, swapped } : null;
}
