import type { Detection, Recognizer } from "../base.js";
import { recognizerHit } from "./detection.js";

const MONTH_NAMES = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const MONTH =
  "(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\\.?";
const DAY = "(\\d{1,2})(?:st|nd|rd|th)?";
const YEAR = "(\\d{4})";
/** Not glued to a longer number or id on either side ("CASE-2021-544238", "v1.2.3"). */
const BEFORE = "(?<![\\w]|\\d[-/.])";
const AFTER = "(?![\\w]|[-/.]\\d)";
/** Month-name layouts start with a letter, where a word boundary is enough (and scans faster). */
const WORD_START = "\\b";

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
}

const monthOf = (name: string): number => MONTH_NAMES.indexOf(name.slice(0, 3).toLowerCase()) + 1;
const num = Number;

const LAYOUTS: DateLayout[] = [
  {
    // 1957-07-28, 1957/07/28, 1957.07.28
    pattern: new RegExp(`${BEFORE}${YEAR}([-/.])(\\d{1,2})\\2(\\d{1,2})${AFTER}`, "g"),
    confidence: 0.85,
    readings: (m) => [{ year: num(m[1]), month: num(m[3]), day: num(m[4]) }],
  },
  {
    // 07/28/1957 (US) or 28/07/1957, 28.07.1957, 28-07-1957 (day first)
    pattern: new RegExp(`${BEFORE}(\\d{1,2})([-/.])(\\d{1,2})\\2${YEAR}${AFTER}`, "g"),
    confidence: 0.8,
    readings: (m) => [
      { year: num(m[4]), month: num(m[1]), day: num(m[3]) },
      { year: num(m[4]), month: num(m[3]), day: num(m[1]) },
    ],
  },
  {
    // 07/28/57: two-digit years only with slashes, the one layout they are common in
    pattern: new RegExp(`${BEFORE}(\\d{1,2})/(\\d{1,2})/(\\d{2})${AFTER}`, "g"),
    confidence: 0.5,
    readings: (m) => [
      { year: 1900 + num(m[3]), month: num(m[1]), day: num(m[2]) },
      { year: 1900 + num(m[3]), month: num(m[2]), day: num(m[1]) },
    ],
  },
  {
    // July 28, 1957; Jul. 28th 1957; July 28 , 1957
    pattern: new RegExp(`${WORD_START}${MONTH}[ \\t]{1,3}${DAY},?[ \\t]{1,3}${YEAR}${AFTER}`, "gi"),
    confidence: 0.9,
    readings: (m) => [{ year: num(m[3]), month: monthOf(m[1]), day: num(m[2]) }],
  },
  {
    // 28 Jul 1957; 28th of July, 1957; 28-Jul-1957
    pattern: new RegExp(`${BEFORE}${DAY}(?:[ \\t]{1,3}(?:of[ \\t]{1,3})?|-)${MONTH}(?:,?[ \\t]{1,3}|-)${YEAR}${AFTER}`, "gi"),
    confidence: 0.9,
    readings: (m) => [{ year: num(m[3]), month: monthOf(m[2]), day: num(m[1]) }],
  },
];

/** Calendar dates in common written layouts; month and day must exist (leap years included). */
export class DateRecognizer implements Recognizer {
  readonly name = "date";
  readonly kind = "date";
  readonly valueType = "format" as const;

  detect(text: string): Detection[] {
    if (!/\d/.test(text)) return [];
    const hits: Detection[] = [];
    for (const layout of LAYOUTS) {
      for (const m of text.matchAll(layout.pattern)) {
        if (layout.readings(m).some(isCalendarDate)) {
          hits.push(recognizerHit(this, m.index, m.index + m[0].length, layout.confidence));
        }
      }
    }
    return hits.sort((a, b) => a.start - b.start);
  }
}

/** A real day between the years 1000 and 2999. */
export function isCalendarDate({ year, month, day }: DateParts): boolean {
  if (year < 1000 || year > 2999 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}
