import type { Detection } from "../base.js";
import { recognizerHit } from "./detection.js";
import { allMatches } from "./matches.js";
import { ProfiledRecognizer, type TextProfile } from "./text-profile.js";
import { sortInPlace } from "../sort.js";

const MONTH_NAMES = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const MONTH =
  "(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\\.?";
const DAY_SUFFIX = "(?:st|nd|rd|th)?";
const YEAR = "(\\d{4})";
/**
 * A first digit not glued to a longer number or id before it ("CASE-2021-544238", "v1.2.3"), but for a
 * date joined to the one before it by a bare dash or slash ("1/14/2026-1/16/2026"). The
 * digit is consumed before the lookbehind so V8 jumps from digit to digit instead of testing the
 * lookbehind at every position.
 */
const FIRST_DIGIT = "\\d(?<!(?:\\w|(?<!\\d{1,4}[-/.]\\d{1,2}[-/.]\\d{0,3})\\d[-/.])\\d)";
const LEADING_YEAR = `(${FIRST_DIGIT}\\d{3})`;
const LEADING_DAY_OR_MONTH = `(${FIRST_DIGIT}\\d?)`;
/** Not glued to a longer number or id after it, but for ISO 8601's time (`2026-03-12T08:30`) or another date joined by a bare dash or slash (a range). */
const AFTER = "(?!(?!T\\d)[\\w]|(?![-/]\\d{1,4}[-/.]\\d{1,2}[-/.]\\d{2,4}(?![\\w]|[-/.]\\d))[-/.]\\d)";
/**
 * A day right after "<month> ", the month read back by a lookbehind: scanning digits is much
 * faster than trying every letter as the start of a month name.
 */
const DAY_AFTER_MONTH = `(\\d(?<=\\b(${MONTH}[ \\t]{1,3})\\d)\\d?)${DAY_SUFFIX}`;

interface DateParts {
  year: number;
  month: number;
  day: number;
}

interface DateLayout {
  pattern: RegExp;
  confidence: number;
  /** Readings of a match (a numeric day/month date has two). */
  readings(m: RegExpMatchArray): DateParts[];
  /** Characters of the date before the match (read by a lookbehind). */
  lead?(m: RegExpMatchArray): number;
}

const monthOf = (name: string): number => MONTH_NAMES.indexOf(name.slice(0, 3).toLowerCase()) + 1;
const num = Number;

/**
 * Layouts grouped by a cheap pattern every match of the group contains: most texts fail both
 * gates and skip the layouts' own scans.
 */
const LAYOUT_GROUPS: { gate: RegExp; layouts: DateLayout[] }[] = [
  {
    // digit, separator, 1-2 digits, separator, digit
    gate: /\d[-/.]\d\d?[-/.]\d/,
    layouts: [
      {
        // 1957-07-28, 1957/07/28, 1957.07.28
        pattern: new RegExp(`${LEADING_YEAR}([-/.])(\\d{1,2})\\2(\\d{1,2})${AFTER}`, "g"),
        confidence: 0.85,
        readings: (m) => [{ year: num(m[1]), month: num(m[3]), day: num(m[4]) }],
      },
      {
        // 07/28/1957 (US) or 28/07/1957, 28.07.1957, 28-07-1957 (day first)
        pattern: new RegExp(`${LEADING_DAY_OR_MONTH}([-/.])(\\d{1,2})\\2${YEAR}${AFTER}`, "g"),
        confidence: 0.8,
        readings: (m) => [
          { year: num(m[4]), month: num(m[1]), day: num(m[3]) },
          { year: num(m[4]), month: num(m[3]), day: num(m[1]) },
        ],
      },
      {
        // 07/28/57: two-digit years only with slashes, the one layout they are common in
        pattern: new RegExp(`${LEADING_DAY_OR_MONTH}/(\\d{1,2})/(\\d{2})${AFTER}`, "g"),
        confidence: 0.5,
        readings: (m) => [
          { year: 1900 + num(m[3]), month: num(m[1]), day: num(m[2]) },
          { year: 1900 + num(m[3]), month: num(m[2]), day: num(m[1]) },
        ],
      },
    ],
  },
  {
    // a 4-digit year after a space or dash
    gate: /\d{4}(?<=[ \t-]\d{4})(?![\w]|[-/.]\d)/,
    layouts: [
      {
        // July 28, 1957; Jul. 28th 1957; July 28 , 1957 (the match starts at the day)
        pattern: new RegExp(`${DAY_AFTER_MONTH},?[ \\t]{1,3}${YEAR}${AFTER}`, "gi"),
        confidence: 0.9,
        readings: (m) => [{ year: num(m[4]), month: monthOf(m[3]), day: num(m[1]) }],
        lead: (m) => m[2].length,
      },
      {
        // 28 Jul 1957; 28th of July, 1957; 28-Jul-1957
        pattern: new RegExp(`${LEADING_DAY_OR_MONTH}${DAY_SUFFIX}(?:[ \\t]{1,3}(?:of[ \\t]{1,3})?|-)${MONTH}(?:,?[ \\t]{1,3}|-)${YEAR}${AFTER}`, "gi"),
        confidence: 0.9,
        readings: (m) => [{ year: num(m[3]), month: monthOf(m[2]), day: num(m[1]) }],
      },
    ],
  },
];

/** Calendar dates in common written layouts; month and day must exist (leap years included). */
export class DateRecognizer extends ProfiledRecognizer {
  readonly name = "date";
  readonly kind = "date";
  readonly valueType = "format" as const;

  detectIn({ text, hasDigit }: TextProfile): Detection[] {
    if (!hasDigit) return [];
    const hits: Detection[] = [];
    for (const { gate, layouts } of LAYOUT_GROUPS) {
      if (!gate.test(text)) continue;
      for (const layout of layouts) {
        for (const m of allMatches(layout.pattern, text)) {
          if (layout.readings(m).some(isCalendarDate)) {
            const start = m.index - (layout.lead?.(m) ?? 0);
            hits.push(recognizerHit(this, start, m.index + m[0].length, layout.confidence));
          }
        }
      }
    }
    return sortInPlace(hits, (a, b) => a.start - b.start);
  }
}

/** A real day between the years 1000 and 2999. */
export function isCalendarDate({ year, month, day }: DateParts): boolean {
  if (year < 1000 || year > 2999 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}
