import { isDigitCode, isLowerLetterCode, normalizeValue, originalSpan, SPACE_CODE, withoutAccents, type NormalizeBuffer } from "./normalize.js";
import { inWords } from "./numbers.js";
import { whole, type Variant } from "./variant.js";

export const MONTHS: readonly string[] = [
  "january", "february", "march", "april", "may", "june",
  "july", "august", "september", "october", "november", "december",
];
/** Abbreviations per month (`sept` too); normalization already dropped the dot of `Jul.`. */
const MONTH_ABBREVIATIONS: readonly (readonly string[])[] = MONTHS.map((m) => (m === "september" ? ["sep", "sept"] : [m.slice(0, 3)]));

/** Confidence of a numeric layout that is also a valid different date (day and month swapped). */
const SWAPPED_ORDER_CONFIDENCE = 0.8;
const LAYOUT_CONFIDENCE = 0.95;
const TWO_DIGIT_YEAR_CONFIDENCE = 0.8;
/** Month and day without the year (`January 3`, `the 3rd of Jan.`): that day of any year, but rarely another date of the text. */
const YEARLESS_CONFIDENCE = 0.7;
/** Month and year without the day (`June 2023`, `06/2023`): a month, not the day. */
const MONTH_YEAR_CONFIDENCE = 0.6;
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** The date if it exists (leap years included), else null. */
export function validDate(year: number, month: number, day: number): CalendarDate | null {
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day
    ? { year, month, day }
    : null;
}

/** Languages a date may be written in besides English: their month names are Intl's (CLDR's), `juillet`, `März`, `julio`. */
const OTHER_LOCALES = ["es", "fr", "de", "it", "pt", "nl"];
/** Each other language's full month names as it writes them, in month order. */
const LOCALE_MONTHS: ReadonlyArray<readonly string[]> = OTHER_LOCALES.map((locale) => {
  const format = new Intl.DateTimeFormat(locale, { month: "long", timeZone: "UTC" });
  return Array.from({ length: 12 }, (_, month) => format.format(Date.UTC(2000, month, 1)));
});
/** A language's month names, in month order. */
export interface MonthNames {
  locale: string;
  names: readonly string[];
}

/** Another language's month name, without accents and lowercase (`fevrier`, `marz`) -> its month and every language that has it (`juli`: German and Dutch). */
const LOCALE_MONTH_NAMES = new Map<string, { month: number; languages: MonthNames[] }>();
LOCALE_MONTHS.forEach((names, index) =>
  names.forEach((name, month) => {
    const key = withoutAccents(name);
    const known = LOCALE_MONTH_NAMES.get(key) ?? { month: month + 1, languages: [] };
    known.languages.push({ locale: OTHER_LOCALES[index], names });
    LOCALE_MONTH_NAMES.set(key, known);
  }),
);

/** A month name of another language (`juillet`, `Juli`, `março`): its month (1-12) and the languages that name it so, or null. */
export function localeMonth(word: string): { month: number; languages: readonly MonthNames[] } | null {
  return LOCALE_MONTH_NAMES.get(withoutAccents(word)) ?? null;
}

/** Each month's names in the other languages, normalized, English spellings left out (`julio`, `juillet`, `juli`, `luglio`, `julho`). */
const LOCALE_MONTH_FORMS: ReadonlyArray<readonly string[]> = MONTHS.map((english, index) =>
  [...new Set(LOCALE_MONTHS.map((names) => withoutAccents(names[index])))].filter((name) => name !== english),
);

/** The month (1-12) a name or abbreviation stands for (`march`, `Sept.`), 0 for another word. */
export function monthNumber(word: string): number {
  const lower = word.toLowerCase().replace(/\.$/, "");
  const index = MONTHS.findIndex((m, i) => m === lower || MONTH_ABBREVIATIONS[i].includes(lower));
  return index + 1;
}

/** A month's name or abbreviation (`march`, `Sept.`). */
export function isMonthName(word: string): boolean {
  return monthNumber(word) > 0;
}

/** A date written out in normalized text, month first and day first (`february 23 1986`, `23 february 1986`). */
export function spelledDates(date: CalendarDate): string[] {
  const month = MONTHS[date.month - 1];
  return [`${month} ${date.day} ${date.year}`, `${date.day} ${month} ${date.year}`];
}

/** Parse the usual vault layouts: ISO `1957-07-28`, US `07/28/1957`, `July 28, 1957`, `28 July 1957`. */
export function parseDate(value: string): CalendarDate | null {
  const text = value.trim();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ][\d:.Z+-]*)?$/.exec(text);
  if (m) return validDate(+m[1], +m[2], +m[3]);
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  if (m) return validDate(+m[3], +m[1], +m[2]) ?? validDate(+m[3], +m[2], +m[1]);
  m = /^([A-Za-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/.exec(text);
  if (m && monthNumber(m[1]) > 0) return validDate(+m[3], monthNumber(m[1]), +m[2]);
  m = /^(\d{1,2})(?:st|nd|rd|th)? (?:of )?([A-Za-z]+)\.?,? (\d{4})$/.exec(text);
  if (m && monthNumber(m[2]) > 0) return validDate(+m[3], monthNumber(m[2]), +m[1]);
  return null;
}

/** The English ordinal suffix of a day (`st` of 1, `th` of 11). */
export function ordinalSuffix(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return "th";
  return ["th", "st", "nd", "rd"][day % 10] ?? "th";
}

export function ordinal(day: number): string {
  return `${day}${ordinalSuffix(day)}`;
}

const ORDINAL_UNITS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"];
const ORDINAL_TEENS = ["tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth"];

/** A day of the month spelled as an ordinal (`seventeenth`, `twenty-first`); `joiner` goes between tens and units. */
export function spelledOrdinal(day: number, joiner = "-"): string {
  if (day < 10) return ORDINAL_UNITS[day - 1];
  if (day < 20) return ORDINAL_TEENS[day - 10];
  const tens = day < 30 ? "twenty" : "thirty";
  return day % 10 === 0 ? `${tens.slice(0, -1)}ieth` : `${tens}${joiner}${ORDINAL_UNITS[(day % 10) - 1]}`;
}

const SPELLED_DAYS = new Map(Array.from({ length: 31 }, (_, index) => [spelledOrdinal(index + 1, " "), index + 1]));

/** Regex source of a two-word spelled day as one token (`twenty-first`, `twenty first`, `twentyfirst`). */
export const TWO_WORD_SPELLED_DAY = `(?:twenty|thirty)[- ]?(?:${ORDINAL_UNITS.join("|")})\\b`;

/** The day (1-31) a spelled ordinal stands for, in any case, its tens and units joined by a hyphen, a space or nothing; 0 for other text. */
export function spelledDay(text: string): number {
  const lower = text.toLowerCase();
  return SPELLED_DAYS.get(lower.replace(/^(twenty|thirty)[- ]?(?=[a-z])/, "$1 ")) ?? 0;
}

/** Whether a normalized token can be part of a spelled day (`seventeenth`, or `twenty`, `first` of `twenty first`). */
function isSpelledDayWord(token: string): boolean {
  return token === "twenty" || token === "thirty" || spelledDay(token) > 0;
}

/** Two digits, zero-padded (`07`). */
const pad2 = (n: number): string => String(n).padStart(2, "0");
/** A date's digits as references write them (year apart from month and day, or a two-digit year glued), with how sure a match is. */
const COMPACT_LAYOUTS: ReadonlyArray<readonly [(date: CalendarDate) => string, number]> = [
  [({ year, month, day }) => `${year}${pad2(month)}${pad2(day)}`, LAYOUT_CONFIDENCE],
  [({ year, month, day }) => `${pad2(month)}${pad2(day)}${year}`, LAYOUT_CONFIDENCE],
  [({ year, month, day }) => `${pad2(month)}${pad2(day)}${pad2(year % 100)}`, TWO_DIGIT_YEAR_CONFIDENCE],
  [({ year, month, day }) => `${pad2(year % 100)}${pad2(month)}${pad2(day)}`, TWO_DIGIT_YEAR_CONFIDENCE],
  // Unix time of the day's start, in seconds and milliseconds (session 58 probe: `"txn_epoch": 1741046400` of 2025-03-04); none before 1970.
  [({ year, month, day }) => epochOf(year, month, day, 1), LAYOUT_CONFIDENCE],
  [({ year, month, day }) => epochOf(year, month, day, 1000), LAYOUT_CONFIDENCE],
];

/**
 * A date with its year said (session 59 probe: `November second, ninety-three`, `the 12th of March, nineteen eighty-eight`), after
 * the full month's name, as a caller gives a birth date: redacted (role `other-notation`).
 */
export function spokenYearDateVariants({ year, month, day }: CalendarDate, confidence: number): Variant[] {
  const name = MONTHS[month - 1];
  const otherNotation = (form: string): Variant => ({ form, confidence, role: "other-notation" });
  return spokenYears(year).flatMap((said) => [spelledOrdinal(day, " "), ordinal(day)].flatMap((d) => [otherNotation(`${name} ${d} ${said}`), otherNotation(`${d} of ${name} ${said}`)]));
}

/** A year as people say it, normalized: its last two digits (`ninety three`, `oh three`) and whole (`nineteen ninety three`, `twenty oh three`, `two thousand three`). */
function spokenYears(year: number): string[] {
  const pair = (n: number) => (n < 10 ? `oh ${normalizeValue(inWords(String(n), 0) ?? "")}` : normalizeValue(inWords(String(n), 0) ?? ""));
  const [century, rest] = [Math.floor(year / 100), year % 100];
  const whole = rest === 0 ? [`${pair(century)} hundred`] : [`${pair(century)} ${pair(rest)}`];
  if (century === 20) whole.push(normalizeValue(inWords(String(year), 0) ?? ""));
  return [...(rest === 0 ? [] : [pair(rest)]), ...whole];
}

/** A date's digits in the compact layouts a reference or a reading of its digits uses (`19880312`, `031288`): Unix time left out. */
export function compactDateForms(date: CalendarDate): string[] {
  return COMPACT_LAYOUTS.slice(0, 4).map(([write]) => write(date));
}

/** Unix time of a day's start (UTC) in `unit`s of a second per second (1, or 1000 for milliseconds); "" before 1970. */
function epochOf(year: number, month: number, day: number, unit: number): string {
  const seconds = Date.UTC(year, month - 1, day) / 1000;
  return seconds > 0 ? String(seconds * unit) : "";
}

/** `span`, the date `from` in a compact layout (`2026-0109`, `010926`), as the date `to` in the same layout; null where it is none of `from`'s. */
export function compactDateLike(span: string, from: string, to: string): string | null {
  const [a, b] = [parseDate(from), parseDate(to)];
  const digits = span.replace(/\D/g, "");
  const layout = a && b ? COMPACT_LAYOUTS.find(([write]) => write(a) === digits) : undefined;
  if (!layout || !b) return null;
  // `to`'s digits one by one where the span has digits, its letters and separators kept (`PIT-2026-0109`); none where it has other digits (a surrogate before 1970 in Unix time).
  const written = layout[0](b);
  if (written.length !== digits.length) return null;
  let next = 0;
  return span.replace(/\d/g, () => written[next++]);
}

/**
 * Normalized renderings of a date: numeric Y-M-D, M-D-Y and D-M-Y with and without zero padding,
 * separators `-`, `/`, space (all normalize to a space) and `.`, compact `19570728`, two-digit
 * years, month names full and abbreviated before or after the day, ordinals (`28th of July 1957`);
 * the month and day alone and the month and year alone (checked where found: isYearlessDate,
 * isMonthOfYear). A date of birth has more (birthDateVariants).
 */
export function dateVariants(date: CalendarDate): Variant[] {
  const { year, month, day } = date;
  const y = String(year);
  const yy = pad2(year % 100);
  const swapped = day <= 12 && day !== month ? SWAPPED_ORDER_CONFIDENCE : LAYOUT_CONFIDENCE;
  const variants: Variant[] = [whole(`${y}${pad2(month)}${pad2(day)}`, LAYOUT_CONFIDENCE)];
  for (const separator of [" ", "."]) {
    const join = (...parts: string[]): string => parts.join(separator);
    variants.push(whole(join(y, pad2(month), pad2(day)), LAYOUT_CONFIDENCE));
    variants.push(whole(join(y, String(month), String(day)), LAYOUT_CONFIDENCE));
    for (const [mm, dd] of [[pad2(month), pad2(day)], [String(month), String(day)], [pad2(month), String(day)], [String(month), pad2(day)]]) {
      variants.push(whole(join(mm, dd, y), LAYOUT_CONFIDENCE));
      variants.push(whole(join(dd, mm, y), swapped));
      variants.push(whole(join(mm, dd, yy), TWO_DIGIT_YEAR_CONFIDENCE));
      // Day first with a two-digit year (`28/07/57`, `15.03.24`), as most of the world writes it.
      variants.push(whole(join(dd, mm, yy), Math.min(TWO_DIGIT_YEAR_CONFIDENCE, swapped)));
    }
  }
  const yearless = (form: string): Variant => ({ form, confidence: YEARLESS_CONFIDENCE, role: "yearless-date" });
  const monthOfYear = (form: string): Variant => ({ form, confidence: MONTH_YEAR_CONFIDENCE, role: "month-year" });
  const names = [MONTHS[month - 1], ...MONTH_ABBREVIATIONS[month - 1]];
  for (const name of names) {
    for (const d of [String(day), pad2(day), ordinal(day), spelledOrdinal(day, " ")]) {
      variants.push(whole(`${name} ${d} ${y}`, LAYOUT_CONFIDENCE));
      variants.push(whole(`${d} ${name} ${y}`, LAYOUT_CONFIDENCE));
      // Two-digit years after a month name (`July 28, '57`, `28 Jul 57`, `9-Jun-25`).
      variants.push(whole(`${name} ${d} ${yy}`, TWO_DIGIT_YEAR_CONFIDENCE));
      variants.push(whole(`${d} ${name} ${yy}`, TWO_DIGIT_YEAR_CONFIDENCE));
      variants.push(whole(`${name} ${d} of ${y}`, LAYOUT_CONFIDENCE));
      variants.push(whole(`${d} of ${name} ${y}`, LAYOUT_CONFIDENCE));
      variants.push(yearless(`${name} ${d}`), yearless(`${d} ${name}`), yearless(`${d} of ${name}`));
    }
    variants.push(monthOfYear(`${name} ${y}`), monthOfYear(`${name} of ${y}`));
    // The year's last two digits after an apostrophe (`Nov. '91`, `March ’71`), checked where found (isMonthOfYear).
    variants.push(monthOfYear(`${name} ${yy}`));
  }
  // Day, month and year in another language (`28 de julio de 1957`, `28 juillet 1957`, `28. Juli 1957`, `1er mai 1957`), and the day and month alone.
  for (const name of LOCALE_MONTH_FORMS[month - 1]) {
    for (const d of day === 1 ? ["1", "01", "1er"] : [String(day), pad2(day)]) {
      variants.push(whole(`${d} ${name} ${y}`, LAYOUT_CONFIDENCE), whole(`${d} de ${name} de ${y}`, LAYOUT_CONFIDENCE), whole(`${d} de ${name} ${y}`, LAYOUT_CONFIDENCE));
      variants.push(yearless(`${d} ${name}`), yearless(`${d} de ${name}`));
    }
  }
  // Military and airline style, glued: `17JUN1971`, and in clinical shorthand with two digits of the year, `8Oct39` (session 56 probe).
  for (const d of [String(day), pad2(day)]) {
    variants.push(whole(`${d}${MONTH_ABBREVIATIONS[month - 1][0]}${y}`, LAYOUT_CONFIDENCE), whole(`${d}${MONTH_ABBREVIATIONS[month - 1][0]}${yy}`, TWO_DIGIT_YEAR_CONFIDENCE));
  }
  variants.push(monthOfYear(`${pad2(month)} ${y}`), monthOfYear(`${month} ${y}`), monthOfYear(`${y} ${pad2(month)}`));
  // Compact inside a reference or an appointment id (`PIT-2026-0109`, `GP-010926`, `Ref PIT-260109`, `PITTMAN_510719`): round 7 red team.
  for (const [layout, confidence] of COMPACT_LAYOUTS) {
    const digits = layout(date);
    if (digits !== "") variants.push({ form: digits.replace(/^(\d{4})(\d{4})$/, "$1 $2"), confidence, role: "compact-date" });
  }
  return variants;
}

/** The normalized token right before normalized index `start` (a token start), or "" at the text's start. */
function tokenBefore(norm: NormalizeBuffer, start: number): string {
  if (start < 2) return "";
  let from = start - 1;
  while (from > 0 && norm.codes[from - 1] !== SPACE_CODE) from--;
  return norm.slice(from, start - 1);
}

/** The normalized token right after normalized index `end` (a token end), or "". */
function tokenAfter(norm: NormalizeBuffer, end: number): string {
  return end + 1 < norm.length ? norm.slice(end + 1, norm.tokenEnd(end + 1)) : "";
}

/** A day of a month written as a number or an ordinal (`3`, `03`, `3rd`). */
const DAY_TOKEN = /^\d{1,2}(?:st|nd|rd|th)?$/;
const YEAR_TOKEN = /^\d{4}$/;
/** Four digits that read as a year of the last or this century (`2024` of `W2_2024.pdf`, of FC-2023-004417). */
export const YEAR_LIKE = /^(?:19|20)\d\d$/;

/**
 * A lowercase word a month-and-day form may hold (`of`, a spelled day, Spanish `de`), and another
 * language's month name, which that language writes in lowercase (`28 juillet`): not a verb `may` makes of it.
 */
function isDateWord(token: string): boolean {
  return token === "of" || token === "de" || isSpelledDayWord(token) || (localeMonth(token) !== null && !isMonthName(token));
}

/** A day written before a month (`3`, `3rd`, `third`, `twenty first`): the month and year after it are that day's date. */
function isDayToken(token: string): boolean {
  return DAY_TOKEN.test(token) || isSpelledDayWord(token);
}

/** Whether the normalized text before `end` ends in a token of exactly two digits. */
function endsInTwoDigits(norm: NormalizeBuffer, end: number): boolean {
  return end >= 3 && isDigitCode(norm.codes[end - 1]) && isDigitCode(norm.codes[end - 2]) && !isDigitCode(norm.codes[end - 3]);
}

/** The end of a month name and an apostrophed two-digit year (`Nov. '91`). */
const APOSTROPHE_BEFORE_TWO_DIGITS = /['’‘]\d\d$/;
/** A month's name and a year's two digits joined by a hyphen, as spreadsheets write a month (`Nov-17`, `Jun-12`: round 14 red team). */
const HYPHENED_TWO_DIGITS = /\p{L}\.?-\d\d$/u;
/** A numeric month and year joined as one (`06/2023`, `6-2023`, ISO's `2023-06`), not `page 6, 2023` or `2023 06`. */
const NUMERIC_MONTH_YEAR = /^(?:\d{1,2}[/-]\d{4}|\d{4}-\d\d)$/;

/**
 * Whether a month-and-day form found at normalized [start, end) is the date: its month is written
 * capitalized (`may 3` is a verb) and no year follows (`January 3, 2025` is another date).
 */
export function isYearlessDate(norm: NormalizeBuffer, start: number, end: number): boolean {
  for (let at = start; at < end; at = norm.tokenEnd(at) + 1) {
    const letter = norm.source.charAt(norm.origin[at]);
    if (isLowerLetterCode(norm.codes[at]) && letter === letter.toLowerCase() && !isDateWord(norm.slice(at, norm.tokenEnd(at)))) return false;
  }
  // `28 de julio de 2024`, `January 3 of 2025`: the year after a connecting word is another date's too.
  const next = tokenAfter(norm, end);
  return !YEAR_TOKEN.test(next === "de" || next === "of" ? tokenAfter(norm, end + 1 + next.length) : next);
}

/**
 * Whether a month-and-year form found at normalized [start, end) is the month of the date, not part
 * of another day's date (`31 Jan 2026`, `the 3rd of January 2026`, `Jan 01 2026`, `12/06/2023`);
 * a numeric one must be written as one (`06/2023`).
 */
export function isMonthOfYear(norm: NormalizeBuffer, start: number, end: number): boolean {
  const before = tokenBefore(norm, start);
  if (isDayToken(before) || isMonthName(before)) return false;
  if (before === "of" && isDayToken(tokenBefore(norm, start - before.length - 1))) return false;
  const [from, to] = originalSpan(norm, start, end);
  // A month name's two-digit year is one only after an apostrophe (`Nov '91`) or a hyphen (`Nov-17`): `March 24` is a day.
  if (!isDigitCode(norm.codes[start])) return !endsInTwoDigits(norm, end) || APOSTROPHE_BEFORE_TWO_DIGITS.test(norm.source.slice(from, to)) || HYPHENED_TWO_DIGITS.test(norm.source.slice(from, to));
  // Not the head of a fuller date (`1957-07` of `1957-07-29`, another day's).
  return NUMERIC_MONTH_YEAR.test(norm.source.slice(from, to)) && !/^[-/.]\d/.test(norm.source.slice(to, to + 2));
}
