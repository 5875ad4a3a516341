/**
 * A date told by the holiday it falls on or near (session 59 probe: `two days before Christmas 1980`, `the ides of March,
 * '77`, `the Fourth of July of '61`, `the day after Labor Day in 2019`): the holiday's date that year, moved by the days said
 * before or after it, compared with the registered dates. Without a year, only a birth date's, after a word of birth
 * (`born on Halloween`, `her birthday is Christmas Eve`). Redacted (role `other-notation`): no surrogate is told alike.
 * Hand-written: calendar libraries name holidays as calendars do (`Independence Day`), not as people say them
 * (`the Fourth`, `the ides of March`), and the dates are a few lines of arithmetic.
 */
import type { Detection, Detector } from "../base.js";
import { isBirthField } from "./birth-dates.js";
import { parseDate, type CalendarDate } from "./dates.js";
import { derivedFromEntries } from "./entries-memo.js";
import { COUNT_WORD, countOf } from "./numbers.js";
import { SPOKEN_YEAR, spokenYearValue } from "./spoken-numbers.js";
import type { VaultEntry } from "./vault.js";

const HOLIDAY_CONFIDENCE = 0.85;
const DAY_MS = 86_400_000;

/** A holiday's date in a year (month 1-12). */
type HolidayDate = (year: number) => CalendarDate;

const fixed =
  (month: number, day: number): HolidayDate =>
  (year) => ({ year, month, day });

/** The `nth` `weekday` (0 Sunday) of a month; -1 is the last. */
function nthWeekday(month: number, weekday: number, nth: number): HolidayDate {
  return (year) => {
    if (nth > 0) {
      const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
      return { year, month, day: 1 + ((weekday - first + 7) % 7) + 7 * (nth - 1) };
    }
    const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const last = new Date(Date.UTC(year, month - 1, lastDay)).getUTCDay();
    return { year, month, day: lastDay - ((last - weekday + 7) % 7) };
  };
}

/** Western Easter Sunday (the anonymous Gregorian computus), moved by `shift` days. */
function easter(shift: number): HolidayDate {
  return (year) => {
    const [a, b, c] = [year % 19, Math.floor(year / 100), year % 100];
    const [d, e, f] = [Math.floor(b / 4), b % 4, Math.floor((b + 8) / 25)];
    const h = (19 * a + b - d - Math.floor((b - f + 1) / 3) + 15) % 30;
    const l = (32 + 2 * e + 2 * Math.floor(c / 4) - h - (c % 4)) % 7;
    const m = Math.floor((a + 11 * h + 22 * l) / 451);
    const n = h + l - 7 * m + 114;
    return movedBy({ year, month: Math.floor(n / 31), day: (n % 31) + 1 }, shift);
  };
}

const THANKSGIVING = nthWeekday(11, 4, 4);

/** A holiday's name as looked up: lowercase, no apostrophe, one space (`St Patricks Day` is `st. patrick's day`'s). */
function nameKey(written: string): string {
  return written.toLowerCase().replace(/['’]/g, "").replace(/[ \t]+/g, " ");
}

/** Holidays by the names people say them with (lowercase, one space, `'` for any apostrophe). */
const HOLIDAYS: ReadonlyArray<readonly [names: readonly string[], date: HolidayDate]> = [
  [["christmas eve"], fixed(12, 24)],
  [["christmas", "christmas day", "xmas"], fixed(12, 25)],
  [["boxing day"], fixed(12, 26)],
  [["new year's eve", "new years eve"], fixed(12, 31)],
  [["new year's day", "new years day", "new year's", "new years"], fixed(1, 1)],
  [["fourth of july", "july fourth", "july 4th", "independence day"], fixed(7, 4)],
  [["halloween"], fixed(10, 31)],
  [["valentine's day", "valentines day", "valentine's"], fixed(2, 14)],
  [["st. patrick's day", "st patrick's day", "saint patrick's day", "st. paddy's day", "st paddy's day"], fixed(3, 17)],
  [["ides of march"], fixed(3, 15)],
  [["april fools' day", "april fool's day", "april fools day"], fixed(4, 1)],
  [["cinco de mayo"], fixed(5, 5)],
  [["juneteenth"], fixed(6, 19)],
  [["veterans day", "veterans' day", "armistice day"], fixed(11, 11)],
  [["groundhog day"], fixed(2, 2)],
  [["labor day"], nthWeekday(9, 1, 1)],
  [["memorial day"], nthWeekday(5, 1, -1)],
  [["thanksgiving", "thanksgiving day"], THANKSGIVING],
  [["black friday"], (year) => movedBy(THANKSGIVING(year), 1)],
  [["martin luther king day", "martin luther king jr. day", "mlk day"], nthWeekday(1, 1, 3)],
  [["presidents day", "presidents' day", "president's day"], nthWeekday(2, 1, 3)],
  [["columbus day", "indigenous peoples' day"], nthWeekday(10, 1, 2)],
  [["mother's day", "mothers day"], nthWeekday(5, 0, 2)],
  [["father's day", "fathers day"], nthWeekday(6, 0, 3)],
  [["easter", "easter sunday"], easter(0)],
  [["good friday"], easter(-2)],
];
const HOLIDAY_BY_NAME: ReadonlyMap<string, HolidayDate> = new Map(HOLIDAYS.flatMap(([names, date]) => names.map((name) => [nameKey(name), date] as const)));

const escaped = (name: string) => name.replace(/[.]/g, "\\.").replace(/'/g, "['’]?").replace(/ /g, "[ \\t]+");
/** Longest names first, so `christmas eve` is not read as `christmas`. */
const NAMES = HOLIDAYS.flatMap(([names]) => names).sort((a, b) => b.length - a.length).map(escaped).join("|");
/**
 * Days before or after (group 1 the count, group 2 `day` or `week`, group 3 the side); the holiday's name (group 4); its year
 * after it (group 5: `1980`, `'77`, `of '61`, `in 2019`, `two thousand`).
 */
const HOLIDAY_PHRASE = new RegExp(
  `\\b(?:(?:the[ \\t]+)?(?:(\\d{1,2}|a|${COUNT_WORD})[ \\t]+)?(days?|weeks?)[ \\t]+(before|after)[ \\t]+)?` +
    `(?:the[ \\t]+)?(${NAMES})(?![\\p{L}])(?:,?[ \\t]+(?:of[ \\t]+|in[ \\t]+)?(\\d{4}\\b|['’]\\d{2}\\b|${SPOKEN_YEAR}))?`,
  "giu",
);
const HINT = /christmas|xmas|boxing day|new year|fourth of july|july (?:4th|fourth)|independence day|halloween|valentine|patrick|paddy|ides of|april fool|cinco de|juneteenth|veterans?['’]? day|armistice|groundhog|labor day|memorial day|thanksgiving|black friday|luther king|mlk day|presidents?['’]? day|columbus day|indigenous|mothers?['’]?s? day|fathers?['’]?s? day|easter|good friday/i;
/** A word of birth before a holiday without a year (`born on Halloween`, `birthday is Christmas Eve`). */
const BIRTH_BEFORE = /\b(?:born|birthday|bday|b-day|dob|date[ \t]+of[ \t]+birth)\b[^.\n]{0,24}$/i;
const BIRTH_REACH = 40;

function movedBy(date: CalendarDate, days: number): CalendarDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day) + days * DAY_MS);
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}


/** Detects the registered dates among `entries()` told by a holiday (read at each call: values added at run time count). */
export function holidayDateDetector(entries: () => readonly VaultEntry[]): Detector {
  const registered = derivedFromEntries(entries, (all) =>
    all.flatMap((entry) => {
      const date = entry.kind === "date" ? parseDate(entry.value) : null;
      return date ? [{ entry, date, birth: isBirthField(entry.field) }] : [];
    }),
  );
  return {
    name: "holiday-dates",
    detect(text: string): Detection[] {
      const dates = registered();
      if (dates.length === 0 || !HINT.test(text)) return [];
      const found: Detection[] = [];
      for (const match of text.matchAll(HOLIDAY_PHRASE)) {
        const [, count, unit, side, name, year] = match;
        const holiday = HOLIDAY_BY_NAME.get(nameKey(name));
        if (!holiday) continue;
        const days = unit === undefined ? 0 : (side.toLowerCase() === "before" ? -1 : 1) * (count === undefined || /^a$/i.test(count) ? 1 : countOf(count)) * (/^week/i.test(unit) ? 7 : 1);
        const told = (entryYear: number) => movedBy(holiday(yearSaid(year, entryYear) ?? entryYear), days);
        const birthSaid = year === undefined && BIRTH_BEFORE.test(text.slice(Math.max(0, match.index - BIRTH_REACH), match.index));
        for (const { entry, date, birth } of dates) {
          if (year === undefined && !(birth && birthSaid)) continue;
          const day = told(date.year);
          const same = day.month === date.month && day.day === date.day && (year === undefined || day.year === date.year);
          if (same) found.push({ start: match.index, end: match.index + match[0].length, field: entry.field, kind: entry.kind, valueType: entry.valueType, tier: 1, confidence: HOLIDAY_CONFIDENCE, source: "vault", value: entry.value, role: "other-notation" });
        }
      }
      return found;
    },
  };
}

/** The year said (`1980`; `'77` in the century of `near`), undefined for none. */
function yearSaid(written: string | undefined, near: number): number | undefined {
  if (written === undefined) return undefined;
  const digits = written.replace(/\D/g, "");
  if (digits === "") return spokenYearValue(written);
  if (digits.length === 4) return Number(digits);
  const century = Math.floor(near / 100) * 100;
  return century + Number(digits);
}
