import { whole, type Variant } from "./variant.js";

const MONTHS = [
  "january", "february", "march", "april", "may", "june",
  "july", "august", "september", "october", "november", "december",
];
/** Abbreviations per month (`sept` too); normalization already dropped the dot of `Jul.`. */
const MONTH_ABBREVIATIONS: readonly (readonly string[])[] = MONTHS.map((m) => (m === "september" ? ["sep", "sept"] : [m.slice(0, 3)]));

/** Confidence of a numeric layout that is also a valid different date (day and month swapped). */
const SWAPPED_ORDER_CONFIDENCE = 0.8;
const LAYOUT_CONFIDENCE = 0.95;
const TWO_DIGIT_YEAR_CONFIDENCE = 0.8;

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

function valid(year: number, month: number, day: number): CalendarDate | null {
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day
    ? { year, month, day }
    : null;
}

function monthNumber(word: string): number {
  const lower = word.toLowerCase().replace(/\.$/, "");
  const index = MONTHS.findIndex((m, i) => m === lower || MONTH_ABBREVIATIONS[i].includes(lower));
  return index + 1;
}

/** A month's name or abbreviation (`march`, `Sept.`). */
export function isMonthName(word: string): boolean {
  return monthNumber(word) > 0;
}

/** Parse the usual vault layouts: ISO `1957-07-28`, US `07/28/1957`, `July 28, 1957`, `28 July 1957`. */
export function parseDate(value: string): CalendarDate | null {
  const text = value.trim();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ][\d:.Z+-]*)?$/.exec(text);
  if (m) return valid(+m[1], +m[2], +m[3]);
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  if (m) return valid(+m[3], +m[1], +m[2]) ?? valid(+m[3], +m[2], +m[1]);
  m = /^([A-Za-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/.exec(text);
  if (m && monthNumber(m[1]) > 0) return valid(+m[3], monthNumber(m[1]), +m[2]);
  m = /^(\d{1,2})(?:st|nd|rd|th)? (?:of )?([A-Za-z]+)\.?,? (\d{4})$/.exec(text);
  if (m && monthNumber(m[2]) > 0) return valid(+m[3], monthNumber(m[2]), +m[1]);
  return null;
}

function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${["th", "st", "nd", "rd"][day % 10] ?? "th"}`;
}

/**
 * Normalized renderings of a date: numeric Y-M-D, M-D-Y and D-M-Y with and without zero padding,
 * separators `-`, `/`, space (all normalize to a space) and `.`, compact `19570728`, two-digit
 * years, month names full and abbreviated before or after the day, ordinals (`28th of July 1957`).
 * Month + day without the year is not matched: the same day of another year is too common.
 */
export function dateVariants(date: CalendarDate): Variant[] {
  const { year, month, day } = date;
  const pad = (n: number): string => String(n).padStart(2, "0");
  const y = String(year);
  const yy = pad(year % 100);
  const swapped = day <= 12 && day !== month ? SWAPPED_ORDER_CONFIDENCE : LAYOUT_CONFIDENCE;
  const variants: Variant[] = [whole(`${y}${pad(month)}${pad(day)}`, LAYOUT_CONFIDENCE)];
  for (const separator of [" ", "."]) {
    const join = (...parts: string[]): string => parts.join(separator);
    variants.push(whole(join(y, pad(month), pad(day)), LAYOUT_CONFIDENCE));
    variants.push(whole(join(y, String(month), String(day)), LAYOUT_CONFIDENCE));
    for (const [mm, dd] of [[pad(month), pad(day)], [String(month), String(day)], [pad(month), String(day)], [String(month), pad(day)]]) {
      variants.push(whole(join(mm, dd, y), LAYOUT_CONFIDENCE));
      variants.push(whole(join(dd, mm, y), swapped));
      variants.push(whole(join(mm, dd, yy), TWO_DIGIT_YEAR_CONFIDENCE));
    }
  }
  const names = [MONTHS[month - 1], ...MONTH_ABBREVIATIONS[month - 1]];
  for (const name of names) {
    for (const d of [String(day), pad(day), ordinal(day)]) {
      variants.push(whole(`${name} ${d} ${y}`, LAYOUT_CONFIDENCE));
      variants.push(whole(`${d} ${name} ${y}`, LAYOUT_CONFIDENCE));
      variants.push(whole(`${name} ${d} of ${y}`, LAYOUT_CONFIDENCE));
      variants.push(whole(`${d} of ${name} ${y}`, LAYOUT_CONFIDENCE));
    }
  }
  return variants;
}
