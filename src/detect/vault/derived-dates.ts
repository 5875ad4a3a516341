/**
 * Dates a writer computes from a registered date (`follow-up 4 weeks after the visit: February 15,
 * 2026`, `Proposed timeframe: March 2026`): beside the registered date's surrogate they told the real
 * one back (a follow-up in 2026 after a visit shown in 1913). A Detector over the guard's vault: a
 * full date, a month and year, or a month and day (in digits after a date's word: `on Tue 2/24`) written
 * near a registered date, or its anniversary (not a birth date: a date near a birthday is no computation
 * from it) is that date's rendering (role `derived-date`),
 * shown shifted as its surrogate is (surrogate-parts.ts): the timeline moves whole.
 */
import type { Detection, Detector } from "../base.js";
import { DateRecognizer } from "../recognizers/date.js";
import { SpanCover } from "../span-cover.js";
import { isBirthField } from "./birth-dates.js";
import { derivedFromEntries } from "./entries-memo.js";
import { MONTHS, parseDate, type CalendarDate } from "./dates.js";
import { COUNT_WORD, countOf } from "./numbers.js";
import type { VaultEntry } from "./vault.js";
import { fieldNameWords } from "./words.js";

/** Field-name words of the time something is set for (`appointment_time`, `follow_up_date`, `scheduled_at`, `interview_time`). */
const SCHEDULING_WORDS: ReadonlySet<string> = new Set(["appointment", "appointments", "appt", "schedule", "scheduled", "scheduling", "booking", "booked", "followup", "follow", "reschedule", "interview"]);

/**
 * Whether a field holds the time something is set for: a reader authorized for it is who the dates computed near a
 * registered one are written for (round 13 red team: a follow-up booked three months after a visit reached the patient
 * who asked for it moved to 2049).
 */
export function isSchedulingField(field: string): boolean {
  return fieldNameWords(field).some((word) => SCHEDULING_WORDS.has(word));
}

/** A derived date is the writer's computation: less sure than the value itself. */
const DERIVED_CONFIDENCE = 0.7;
/** How far from a registered date a written one is taken for its computation (a follow-up, a deadline, a window). */
const DERIVED_WINDOW_DAYS = 183;
const DERIVED_WINDOW_MONTHS = 6;
/**
 * A month and day without a year is within half a year of any date in some year: only one this near
 * counts (`Feb 16` after a visit on Jan 18, not `September 15`); a quarter's reach where the text
 * writes the registered date's year (`April 8` for a three-month follow-up of a visit in 2026), and any
 * reach where it writes the same day with a year too (`April 8, 2026` ... `on April 8`).
 */
const YEARLESS_WINDOW_DAYS = 62;
const YEARLESS_WINDOW_WITH_YEAR_DAYS = 92;
/** A birth date's label right before a date (`Dob: November 10`): a birth date is no computation from a visit. */
const BIRTH_LABEL_BEFORE = /\b(?:dob|d\.o\.b\.?|date of birth|birth ?date|birthday|born(?: on)?)[ \t*_:=|"'(]{0,6}$/i;
const BIRTH_LABEL_REACH = 24;
/** A clock time in GMT after a date: an HTTP header's (`'Date': 'Sat, 31 Jan 2026 19:08:47 GMT'` of an error a trace logged), the message's own time, no computation (round 26–28 audits). */
const HTTP_TIME_AFTER = /^[ \t]+\d{2}:\d{2}:\d{2}[ \t]+GMT\b/;
const HTTP_TIME_REACH = 14;
/** A reference that reads any month and day (February 29 too) as a calendar day. */
const LEAP_YEAR_START: CalendarDate = { year: 2000, month: 1, day: 1 };
/** Milliseconds in a day (UTC: no daylight saving). */
export const DAY_MS = 86_400_000;

const MONTH_NAME = "(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)";
/** A month's day written without a year (`around February 17`): a text holding one is scanned though it has no year. */
const MONTH_DAY_HINT = new RegExp(`\\b${MONTH_NAME}\\.?[ \\t]+\\d`, "i");
/**
 * A month name with a four-digit year (`February 2026`, `Feb. 2026`; group 1) or a day and no year
 * (`Feb 16`, `March 5th`; group 2), in one scan: `February 3, 2026` is neither, the date recognizer's.
 */
const MONTH_MENTION = new RegExp(
  `\\b${MONTH_NAME}\\.?(?:,?[ \\t]+(?:of[ \\t]+)?(\\d{4})\\b(?![-/.]\\d)|[ \\t]+(\\d{1,2})(?:st|nd|rd|th)?\\b(?!,?[ \\t]*\\d)(?![:.]\\d))`,
  "gi",
);

const fullDates = new DateRecognizer();

/** A year as written in a text (`2023`, `since 2019`). */
const WRITTEN_YEAR = /(?<!\d)(?:19|20)\d\d(?!\d)/g;

/** A year in two digits after an apostrophe (`'19`): group 1. */
const APOSTROPHE_YEAR = /['’](\d\d)\b/g;
/** A date with a two-digit year, month first (`2/19/26`): group 1 is the year. */
const SHORT_YEAR_DATE = /\b\d{1,2}\/\d{1,2}\/(\d{2})\b(?![/.]?\d)/g;

/**
 * A full date as written, its two-digit year (`2/19/26`) in the century nearest `near`, its parts
 * joined by dashes (`19-Feb-2026`) read as by spaces; null when it is none.
 */
export function fullDateOf(written: string, near: number): CalendarDate | null {
  const short = /^(\d{1,2})\/(\d{1,2})\/(\d{2})$/.exec(written);
  if (short) return parseDate(`${short[1]}/${short[2]}/${centuryNearest(Number(short[3]), near)}`);
  return parseDate(written) ?? parseDate(written.replace(/-/g, " "));
}

/** The year ending in the two digits `short` nearest the year `near`. */
export function centuryNearest(short: number, near: number): number {
  const year = Math.floor(near / 100) * 100 + short;
  return [year - 100, year, year + 100].reduce((best, candidate) => (Math.abs(candidate - near) < Math.abs(best - near) ? candidate : best));
}

/** What joins a range's two days (`3–17`, `16 to 20`, `9 through 13`). */
const DAY_JOINER = String.raw`[ \t]?[–—-][ \t]?|[ \t]+(?:to|through|thru|until)[ \t]+`;
const ORDINAL = "(?:st|nd|rd|th)?";
/**
 * A range of days in one month, month first (`February 3–17, 2026`, `Feb 16 to 20, 2026`, `Feb 3rd–17th,
 * 2026`: groups 1-5) or day first (`6–20 February 2026`: groups 6-9); month first, the year may be left
 * out (`window Feb 9–13`; not before a word, a number or a time: `March 5-10 mg`, `February 10 – 9:00`). Read as one date, its second
 * day and year stayed as written (`Nov 23–13`).
 */
const DAY_RANGE = new RegExp(
  `\\b(${MONTH_NAME}\\.?[ \\t]+)(\\d{1,2})${ORDINAL}(${DAY_JOINER})(\\d{1,2})${ORDINAL}(?:(,?[ \\t]+\\d{4})\\b|\\b(?![ \\t]*[%$\\d]|[:.]\\d|[ \\t]+(?!(?:at|from|to|in|for|with)\\b)\\p{L}|,?[ \\t]*\\d))` +
    `|\\b(\\d{1,2})${ORDINAL}(${DAY_JOINER})(\\d{1,2})${ORDINAL}([ \\t]+${MONTH_NAME}\\.?,?[ \\t]+\\d{4})\\b`,
  "giu",
);

/**
 * Days of one month listed, month first (`February 19, 20 or 23, 2026`, `January 8 and 22`): group 1
 * the month and first day, 2 the other days, 3 the year if written. Not before a word or number (`March 5 and 10 mg`).
 */
const DAY_LIST = new RegExp(
  `\\b(${MONTH_NAME}\\.?[ \\t]+\\d{1,2})((?:(?:,[ \\t]*|[ \\t]+)(?:(?:and|or|&)[ \\t]+)?\\d{1,2}\\b(?![:.]\\d)){1,6})(,?[ \\t]+\\d{4}\\b)?(?![ \\t]*[%$\\d]|[ \\t]+(?!(?:at|from|to|in|for|with)\\b)\\p{L})`,
  "giu",
);
const WHOLE_DAY_LIST = new RegExp(`^(?:${DAY_LIST.source})$`, "iu");

/** A list of days in one month as its first date, the other days (each with what goes before it) and the year as written (`, 2026` or none); null for none. */
export function dayListParts(written: string): { first: string; days: Array<{ before: string; day: string }>; year: string } | null {
  const match = WHOLE_DAY_LIST.exec(written);
  if (!match) return null;
  const days = [...match[2].matchAll(/(\D*)(\d{1,2})/g)].map(([, before, day]) => ({ before, day }));
  // Listed days ascend: `June 9, 2` is a date cut in its year.
  const numbers = [/\d+$/.exec(match[1])![0], ...days.map(({ day }) => day)].map(Number);
  if (numbers.some((day, at) => at > 0 && day <= numbers[at - 1])) return null;
  return { first: match[1], days, year: match[3] ?? "" };
}

/**
 * A range of two months with the year after the second (`late February to early March 2026`,
 * `Mid-February to early March 2026`, `Feb-Mar 2026`). Read as a month and year alone, its first
 * month stayed as written. Groups: first qualifier, month, the words between, second qualifier, month, the year's part.
 */
const MONTH_RANGE = new RegExp(
  `\\b((?:early|mid|late)[- ]?)?(${MONTH_NAME})\\.?([ \\t]*(?:to|through|until|–|—|-)[ \\t]*)((?:early|mid|late)[- ]?)?(${MONTH_NAME})(\\.?,?[ \\t]+)(\\d{4})\\b`,
  "gi",
);

/**
 * What opens a year's part: a quarter, a third, `the third quarter of`, `the end of` (round 15 red team: `hired at the end of 2018`),
 * a fiscal year (round 21: `joined in FY2017`, `fiscal 2017`).
 */
const PART_OPENING = String.raw`FY[ \t]?|fiscal[ \t]+(?:year[ \t]+)?|Q[1-4][ \t]+|(?:early|mid|late)[- ]|(?:the[ \t]+)?(?:first|second|third|fourth)[ \t]+quarter[ \t]+of[ \t]+|(?:the[ \t]+)?(?:beginning|start|middle|end)[ \t]+of[ \t]+|(?:spring|summer|fall|autumn|winter)[ \t]+(?:of[ \t]+)?`;
/** Words that date a start before a year alone (a headcount table's `| Hires 2023 | 1 |` too: round 8 red team; `joined back in 2019`, `came on board in 2016`: round 23). */
const START_WORDS = String.raw`since|hires|hired|hire[ \t]+year:?|hired[ \t]+in|joined(?:[ \t]+us)?(?:[ \t]+back)?[ \t]+in|joining(?:[ \t]+us)?[ \t]+in|joined|came[ \t]+(?:on[ \t]+board|aboard|on)[ \t]+in|onboarded[ \t]+in|started(?:[ \t]+with[ \t]+us)?[ \t]+in|employed[ \t]+since|with[ \t]+us[ \t]+since|tenure[ \t]+since|(?:hire|hiring)[ \t]+class[ \t]+of`;
/** A year in its last two digits after an apostrophe (`summer '19`, `since '19`: round 22 red team). */
const SHORT_YEAR = String.raw`['’]\d\d\b`;
/**
 * A year told as a quarter or a part of it (`Q3 2020`, `early 2024`; groups 1-2), or a year alone after
 * the words that date a start (`since 2014`, `hired in 2020`, `hire class of 2021`; group 3: the year alone is the span), or before
 * `to present` (round 16 red team: `Direct manager (2020–present)`) or one person's hire (round 17: `Kyle, a 2021 hire,`, not
 * `2021 new hires` of a headcount; round 19: `manager (2014 cohort)`; group 4).
 */
const PART_OF_YEAR = new RegExp(
  String.raw`(?:\b(${PART_OPENING})|(?<=\b(?:${START_WORDS})[ \t*_]{1,4}))${SHORT_YEAR}|\b(?:(${PART_OPENING})(\d{4})|(?<=\b(?:${START_WORDS})[ \t*_]{1,4})(\d{4})|(\d{4})(?=[ \t]*(?:–|—|-|to)[ \t]*(?:present|now|today|current|date)\b|(?<=\b(?:a|an)[ \t]+\d{4})[ \t]+hire\b|(?<=\(\d{4})[ \t]+(?:cohort|hire|start)\)))\b`,
  "gi",
);
/** A third of a year as `the ... of` names it, and the start's words that make it a date's (`hired at the end of 2018`). */
const THIRD_OF_YEAR = /\b(?:beginning|start|middle|end)[ \t]+of\b/i;
const START_BEFORE = new RegExp(String.raw`\b(?:${START_WORDS}|started|start(?:ing)?[ \t]+date|onboarded|promoted|transferred|separated|terminated|left)\b[^.\n]{0,16}$`, "i");
const START_REACH = 48;
/** A year's part as a whole span: its opening (group 1) and year (group 2). */
const WHOLE_PART_OF_YEAR = new RegExp(String.raw`^(?:(${PART_OPENING}))?(\d{4}|['’]\d\d)$`, "i");
/** Two-digit years below this are of the 2000s (`'19`), the others of the 1900s (`'87`). */
const SHORT_YEAR_PIVOT = 50;
/** Months of the year each part opens (a quarter, or early/mid/late as thirds): the first month a reader takes it for. */
const PART_FIRST_MONTH: Readonly<Record<string, number>> = { q1: 1, q2: 4, q3: 7, q4: 10, first: 1, second: 4, third: 7, fourth: 10, early: 1, beginning: 1, start: 1, mid: 5, late: 9, end: 9, winter: 1, spring: 3, summer: 6, fall: 9, autumn: 9 };

/**
 * The part of a year written (`Q3 2020`, `early 2024`, `spring 2019`, `2014` after `since`, `summer '19`): its opening word, its first
 * month, its year, and the apostrophe a year in two digits is written with (null for four digits); null for none.
 */
export function partOfYear(written: string): { opening: string; month: number | null; year: number; apostrophe: string | null } | null {
  const match = WHOLE_PART_OF_YEAR.exec(written);
  if (!match) return null;
  const opening = match[1] ?? "";
  const word = /^(q[1-4]|early|beginning|start|mid|late|end|winter|spring|summer|fall|autumn)|(first|second|third|fourth)/i.exec(opening.trim().replace(/^the\s+/i, ""));
  const month = word ? PART_FIRST_MONTH[(word[1] ?? word[2]).toLowerCase()] : null;
  if (match[2].length === 4) return { opening, month, year: Number(match[2]), apostrophe: null };
  const short = Number(match[2].slice(1));
  return { opening, month, year: short + (short < SHORT_YEAR_PIVOT ? 2000 : 1900), apostrophe: match[2][0] };
}

/** A month's name capitalized as a name is (`May`, not `may`), whole or abbreviated. */
const CAPITALIZED_MONTH = "(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)";
/** A third of a month before its name (`mid-November`, `Early January`, `the end of March`): group 1 of `MONTH_PHRASE`. */
const MONTH_THIRD = "[Ee]arly[- ]|[Mm]id[- ]|[Ll]ate[- ]|(?:[Tt]he[ \\t]+)?(?:beginning|start|middle|end)[ \\t]+of[ \\t]+";
/**
 * A month alone told as a time (round 13 red team: `with us since mid-November` beside a moved start date): after a third of
 * it (group 1) or a word that dates it (`since`, `in`), no day or year after it (those are `MONTH_MENTION`'s and the
 * date recognizer's), no range of months (`February to March`). Group 2 is the month.
 */
const MONTH_PHRASE = new RegExp(
  `(?:\\b(${MONTH_THIRD})|(?<=\\b(?:[Ss]ince|in|from|until|through|by|around|after|before|during|of)[ \\t]+))(${CAPITALIZED_MONTH})\\b(?!\\.?,?[ \\t]*(?:of[ \\t]+)?\\d|[ \\t]*(?:to|through|until|[-–—/])[ \\t]*(?:early|mid|late)?[- ]?${MONTH_NAME})`,
  "g",
);
/** An interval right before a month (`in 3 months (`, `in about 12 weeks, around `): group 1 its count, group 2 its unit. */
const INTERVAL_BEFORE_MONTH = new RegExp(String.raw`\bin[ \t]+(?:(?:about|around|approximately|roughly|~)[ \t]*)?(\d{1,2}|${COUNT_WORD})[ \t]+(weeks?|months?)[ \t]*[(,:–—-]?[ \t]*(?:around|about|approx\.|approximately|roughly|by|in|~)?[ \t]*$`, "i");
const INTERVAL_REACH = 40;
/** An interval after a day that counts from a visit (`April 19 (3 months post-visit)`, `April 19, three months after the visit`), not another event (`after the holidays`). */
const INTERVAL_AFTER_DAY = new RegExp(String.raw`^[ \t]*[(,–—-]?[ \t]*(?:(?:about|around|approximately|roughly|~)[ \t]*)?(\d{1,2}|${COUNT_WORD})[ \t]+(weeks?|months?)[ \t]+(?:post[ \t-]?(?:visit|op|discharge|appointment)|(?:after|from|following|since)[ \t]+(?:(?:the|her|his|their|your|this|that|today's|last|initial|first)[ \t]+){0,2}(?:visit|appointment|exam|discharge|surgery|procedure|admission|encounter|consult|consultation|evaluation))\b`, "i");
/** Days a day may stand off the registered date plus the interval written beside it (a month's length, the writer's rounding). */
const INTERVAL_SLACK_DAYS = 10;

/** Days of the interval an interval phrase's count and unit give. */
function intervalDaysOf(match: RegExpExecArray): number {
  return countOf(match[1]) * (/^w/i.test(match[2]) ? 7 : 30.44);
}

/** Months between two months of the year (1-12, or past 12 into the next year), the nearer way round. */
function monthsOfYearApart(month: number, other: number): number {
  const apart = (((month - other) % 12) + 12) % 12;
  return Math.min(apart, 12 - apart);
}

/** What joins a range's second month to its first (`late October to early November`): a range's end alone is no month it tells. */
const RANGE_END_BEFORE = /(?:\b(?:to|through|until)|[-–—/])[ \t]*$/;
const RANGE_END_REACH = 10;
/** A text holding a third of a month (`mid-November`) is scanned though it has no year. */
const MONTH_THIRD_HINT = new RegExp(`\\b(?:early|mid|late)[- ]${MONTH_NAME}\\b`, "i");
const WHOLE_MONTH_PHRASE = new RegExp(`^(${MONTH_THIRD})?(${CAPITALIZED_MONTH})$`);
/** Thirds of a month as written (`early`, `mid`, `late`; `the beginning of`, `the middle of`, `the end of`). */
const THIRD_INDEX: Readonly<Record<string, number>> = { early: 0, beginning: 0, start: 0, mid: 1, middle: 1, late: 2, end: 2 };

/**
 * A month alone as written (`mid-November`, `the end of November`, `November`): the words of the third before it, the one
 * word of them that names the third (`mid`, `end`) and its index, and the month; null for none.
 */
export function monthPhraseParts(written: string): { third: string; word: string; thirdIndex: number | null; month: string } | null {
  const match = WHOLE_MONTH_PHRASE.exec(written);
  if (!match) return null;
  const third = match[1] ?? "";
  const word = /early|mid(?:dle)?|late|beginning|start|end/i.exec(third)?.[0] ?? "";
  return { third, word, thirdIndex: word === "" ? null : THIRD_INDEX[word.toLowerCase()], month: match[2] };
}

const WHOLE_MONTH_RANGE = new RegExp(`^(?:${MONTH_RANGE.source})$`, "i");
const WHOLE_DAY_RANGE = new RegExp(`^(?:${DAY_RANGE.source})$`, "iu");

/** A month range's parts (`MONTH_RANGE`), or null. */
export function monthRangeParts(written: string): RegExpExecArray | null {
  return WHOLE_MONTH_RANGE.exec(written);
}

/**
 * A day range as its two dates written alike (`February 3, 2026` and `February 17, 2026`; `Feb 9` and
 * `Feb 13` without a year), the mark between them and whether its days were written as ordinals; null for no range.
 */
export function rangeDates(written: string): { first: string; second: string; between: string; monthFirst: boolean; ordinal: boolean } | null {
  const match = WHOLE_DAY_RANGE.exec(written);
  if (!match) return null;
  const ordinal = /\d(?:st|nd|rd|th)/i.test(written);
  if (match[1] !== undefined) {
    const year = match[5] ?? "";
    return { first: match[1] + match[2] + year, second: match[1] + match[4] + year, between: match[3], monthFirst: true, ordinal };
  }
  return { first: match[6] + match[9], second: match[8] + match[9], between: match[7], monthFirst: false, ordinal };
}

const WEEKDAY = "(?:Mon|Tue(?:s)?|Wed(?:nes)?|Thu(?:rs?)?|Fri|Sat(?:ur)?|Sun)(?:day)?";
/** A weekday and its comma right before a date (`Tuesday, `, `Tue `). */
export const WEEKDAY_BEFORE = new RegExp(`\\b${WEEKDAY}\\.?,?[ \\t]+$`, "i");
export const WEEKDAY_REACH = 12;
/** A month's name as a date opens with it. */
const MONTH_START = "(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)";
/** What opens a weekday written after a date: a parenthesis, a comma, a dash. */
const OPEN_PAREN = String.raw`[ \t]*\([ \t]*`;
const AFTER_DATE = String.raw`,[ \t]*|[ \t]+[-–—][ \t]+`;
/** A weekday right after a date (`February 3, 2026 (Tuesday)`, `Jan 3, Sat`; round 28 audit: kept, it told the real date's), not the next date's (`2/9, Mon 4/18`). */
export const WEEKDAY_AFTER = new RegExp(`^(?:${OPEN_PAREN}${WEEKDAY}\\.?\\)|(?:${AFTER_DATE})${WEEKDAY}(?![\\p{L}])(?!\\.?,?[ \\t]+(?:\\d|${MONTH_START}))\\.?)`, "iu");
/** The same at a date's end as written (its span): groups separator, weekday, close. */
export const TRAILING_WEEKDAY = new RegExp(`(${OPEN_PAREN}|${AFTER_DATE})(${WEEKDAY})(\\.?\\)?)$`, "i");
export const WEEKDAY_AFTER_REACH = 16;
/** Words that date what follows (`resulted 2/17`, `due 3/3`: round 10 red team; `visit 1/30`, `taken 1/21`: round 11; not `the`: `the 1/2 tablet`). */
const DATE_VERBS =
  "due|dated|dos|died|d\\.|filed|signed|scheduled|received|resulted|collected|drawn|effective|expires|expiring|starting|ending|closing|moved to|set for|visit|visited|seen|taken|admitted|discharged|performed|completed|started|paid|posted|charged|submitted|opened";
/** Words a month and day goes before as what happens then (`at the 1/21 visit`: round 12 red team; `the 1/21 note`: round 23; not `the 1/2 tablet`). */
const DATED_NOUNS =
  "visit|appointment|appt|hearing|session|call|meeting|deadline|follow-?up|check-?in|infusion|surgery|procedure|admission|discharge|deposition|interview|closing|crash|accident|incident|injury|arrest|traffic stop|stop|event|fall|seizure|episode|note|notes|labs?|encounter|exam|consult|entry";
/** Labels a month and day follows as their value (round 18 red team: `Visit: 1/9`, `| Last seen | 1/9 |`): its cell or line ends there. */
const LABEL_NOUNS = "seen|dos|visit|appointment|appt|admitted|admission|discharged|discharge|follow-?up|check-?in|hearing|deposition|interview";
/** A label's separator right before a month and day, and what may end its value after it (`Visit: 1/9`, not `Follow-up: 2/3 doses taken`). */
const LABEL_SEPARATOR_BEFORE = /[:|][ \t*_:|]*$/;
const VALUE_END_AFTER = /^[ \t*_]*(?:$|[|,.;)(\n])/;
/** Markdown emphasis around a date (`visit on **1/26**`: round 14 red team). */
const EMPHASIS = "[*_`]{0,2}";
/**
 * A month and day in digits, month first, where a date's word goes before it (`Tue 2/24`, `post 1/27 visit`, `on 2/9`, `Dispute date: 11/23`,
 * a label's `Visit: 1/9`, `| Last seen | 1/9 |`: round 18 red team; a timeline's item `- 1/19: volume overload`: round 23): alone,
 * `1/27` is as much a fraction or a score. Round 8 red team: the visit's `1/27` and its follow-up's `Tue 2/24` stayed real
 * beside the moved table row. Not a full date's part (`2/24/2026`, `2/24-25`).
 */
const SLASHED_MONTH_DAY = new RegExp(
  `(?:(?<=\\b(?:${WEEKDAY}\\.?,?|on|post|since|from|until|through|by|before|after|week of|(?:visit|appointment|encounter|exam|consult(?:ation)?)[ \\t]+of|${DATE_VERBS})[ \\t]+${EMPHASIS}|\\b(?:date|${LABEL_NOUNS})[ \\t*_]*[:|][ \\t*_:|]*)|(?=\\d{1,2}\\/\\d{1,2}${EMPHASIS}[ \\t]+(?:${DATED_NOUNS})\\b)|(?<=(?:^|\\n)[ \\t]*(?:[-*•]|\\d{1,2}\\.)[ \\t]+${EMPHASIS})(?=\\d{1,2}\\/\\d{1,2}${EMPHASIS}[ \\t]*[:–—][ \\t]))(\\d{1,2})\\/(\\d{1,2})(?![\\/\\d]|[.,:-]\\d|[ \\t]+of\\b)`,
  "gi",
);
/** Whether a slash stands between two digits (`1/27`), as in every SLASHED_MONTH_DAY match: a native search for `/` alone. */
function hasSlashBetweenDigits(text: string): boolean {
  for (let at = text.indexOf("/"); at !== -1; at = text.indexOf("/", at + 1)) {
    if (isDigitCode(text.charCodeAt(at - 1)) && isDigitCode(text.charCodeAt(at + 1))) return true;
  }
  return false;
}

function isDigitCode(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** What joins a range's second day to its first (`4/20 – Fri 4/24`): a range counts whole, as far as a full date would. */
const RANGE_JOIN = new RegExp(`^[ \\t]*(?:[–—-]|to|through|until)[ \\t]*(?:${WEEKDAY}\\.?,?[ \\t]+)?$`, "i");
/** A weekday opening a date as written, and the rest (`Tuesday, ` and `February 10, 2026`). */
export const LEADING_WEEKDAY = new RegExp(`^(${WEEKDAY})(\\.?,?[ \\t]+)`, "i");

/** A month and day in digits, month first (`2/24`). */
const SLASHED_DAY = /^(\d{1,2})\/(\d{1,2})$/;

/** A month and day without a year (`Feb 16`, `2/24`) in the year that puts it nearest `near`; null when it is no date. */
export function nearestYear(monthDay: string, near: CalendarDate): CalendarDate | null {
  const slashed = SLASHED_DAY.exec(monthDay);
  const [month, day] = slashed ? [MONTHS[Number(slashed[1]) - 1] ?? "", slashed[2]] : monthDay.replace(/\./g, "").split(/\s+/);
  const candidates = [near.year - 1, near.year, near.year + 1].flatMap((year) => parseDate(`${month} ${parseInt(day, 10)}, ${year}`) ?? []);
  if (candidates.length === 0) return null;
  return candidates.reduce((best, date) => (Math.abs(dayNumber(date) - dayNumber(near)) < Math.abs(dayNumber(best) - dayNumber(near)) ? date : best));
}

/** Days since 1970-01-01 of a calendar date. */
/**
 * Days between a date written in full or as a month and day (in the year nearest the registered date) and the registered
 * `registered`; null where the span is no such date (a month, a quarter, a range).
 */
export function daysFromRegistered(written: string, registered: string): number | null {
  const date = parseDate(registered);
  if (date === null) return null;
  const read = parseDate(written) ?? nearestYear(written, date);
  return read === null ? null : dayNumber(read) - dayNumber(date);
}

export function dayNumber(date: CalendarDate): number {
  return Date.UTC(date.year, date.month - 1, date.day) / DAY_MS;
}

function monthNumberOf(date: Pick<CalendarDate, "year" | "month">): number {
  return date.year * 12 + date.month - 1;
}

/** How many years after a registered date its anniversary is still written (`ten-year work anniversary: May 2, 2026`). */
const ANNIVERSARY_YEARS = 60;

/** Whether `written` is `date`'s month and day a whole number of years later: round 8 red team, a hire date's anniversary told its day. */
function isAnniversary(written: CalendarDate, date: CalendarDate): boolean {
  return written.month === date.month && written.day === date.day && written.year > date.year && written.year - date.year <= ANNIVERSARY_YEARS;
}

/** Whether `text` writes a year an anniversary of one of the `near` dates could fall in. */
function anniversaryYearIn(text: string, near: ReadonlyArray<{ date: CalendarDate }>): boolean {
  const years = (text.match(/(?<!\d)(?:1[89]|20|21)\d\d(?!\d)/g) ?? []).map(Number);
  return years.some((year) => near.some(({ date }) => year > date.year && year - date.year <= ANNIVERSARY_YEARS));
}

/** Detects the dates written near the registered dates among `entries()` (read at each call: values added at run time count), a text without a year read near `reference`. */
export function derivedDateDetector(entries: () => readonly VaultEntry[], reference?: CalendarDate): Detector {
  const registered = derivedFromEntries(entries, (all) => {
    const dates = all.flatMap((entry) => {
      const date = entry.kind === "date" && !isBirthField(entry.field) ? parseDate(entry.value) : null;
      return date ? [{ entry, date }] : [];
    });
    // Within the window, a written year is a registered date's or one next to it.
    const years = [...new Set(dates.flatMap(({ date }) => [date.year - 1, date.year, date.year + 1].map(String)))];
    const birthYears = new Set(all.flatMap((entry) => (entry.kind === "date" && isBirthField(entry.field) ? [parseDate(entry.value)?.year ?? []].flat() : [])));
    return { dates, years, birthYears };
  });
  return {
    name: "derived-dates",
    detect(text: string): Detection[] {
      // Most guards hold no date, most texts no year and no month's day: not scanned at all; a text with no year near a registered one needs no full date scan.
      const { dates: near, years, birthYears } = registered();
      if (near.length === 0 || !(/\d{4}|\d\/\d|['’]\d\d/.test(text) || MONTH_DAY_HINT.test(text) || MONTH_THIRD_HINT.test(text))) return [];
      const found: Detection[] = [];
      // `alongside`: the span is no form the vault matcher finds, so zero apart (`Q3 2020` of 2020-07-17) counts too.
      const add = (start: number, end: number, distance: (date: CalendarDate) => number, window: number, alongside = false) => {
        if (BIRTH_LABEL_BEFORE.test(text.slice(Math.max(0, start - BIRTH_LABEL_REACH), start)) || HTTP_TIME_AFTER.test(text.slice(end, end + HTTP_TIME_REACH))) return;
        let best: { entry: VaultEntry; distance: number } | null = null;
        let itself: VaultEntry | undefined;
        for (const { entry, date } of near) {
          const apart = Math.abs(distance(date));
          // Zero apart is the registered date itself (or its month), which the vault matcher finds as the value.
          if (apart === 0 && !alongside) itself ??= entry;
          else if (apart <= window && (best === null || apart < best.distance)) best = { entry, distance: apart };
        }
        // The weekday written before it (`Tuesday, February 10, 2026`) or after it (`(Tuesday)`) moves with it: kept, it told the real date's.
        const weekday = WEEKDAY_BEFORE.exec(text.slice(Math.max(0, start - WEEKDAY_REACH), start));
        const weekdayAfter = WEEKDAY_AFTER.exec(text.slice(end, end + WEEKDAY_AFTER_REACH));
        // A registered date itself is its own field's, not another's computation (round 9 red team: an allowed follow-up two
        // weeks after a forbidden discharge reached the patient moved): here only for its weekday, which the matcher leaves out.
        if (itself !== undefined && !weekday && !weekdayAfter) return;
        const entry = itself ?? best?.entry;
        if (entry === undefined) return;
        if (weekday) start -= weekday[0].length;
        if (weekdayAfter) end += weekdayAfter[0].length;
        const apart = itself === undefined ? best!.distance : 0;
        found.push({ start, end, field: entry.field, kind: entry.kind, valueType: entry.valueType, tier: 1, confidence: DERIVED_CONFIDENCE, source: "vault", value: entry.value, role: "derived-date", apart });
      };
      // A month and day without a year falls in the years the text writes, when it writes some (round 14 red team: `inventory
      // due Feb 18` in a 2023 letter was moved as a will of 2019's computation); a birth year is no year the text happens in.
      const writtenYears = (text.match(WRITTEN_YEAR) ?? []).map(Number).filter((year) => !birthYears.has(year));
      // The registered date's own month and day is its value whatever year the text writes (round 14 re-judge: `Last event Sun 1/11`).
      // A text that writes no year dates its days near the reference day, where there is one (round 15 red team: `Enrollment closes
      // November 22` was moved as a computation of a hire date of 2023-11-30); surrogates' computations are found in any year.
      const textYears = writtenYears.length > 0 ? writtenYears : reference === undefined ? null : [reference.year];
      const yearlessApart = (apart: number, date: CalendarDate) => (apart === 0 || textYears === null || textYears.some((year) => Math.abs(year - date.year) <= 1) ? apart : Infinity);
      const yearNear = years.some((year) => text.includes(year)) || [...text.matchAll(SHORT_YEAR_DATE), ...text.matchAll(APOSTROPHE_YEAR)].some((match) => years.some((year) => year.endsWith(match[1])));
      // Looked up per match: a cover, not a pass over the spans kept (a text of thousands of dates).
      const fullSpans = new SpanCover();
      // Month and day of the full dates written: the same day written again without its year is that date.
      const fullDays = new Set<string>();
      // A month range first, whole: its second month and the year tell how far it is.
      for (const match of yearNear ? text.matchAll(MONTH_RANGE) : []) {
        const written = parseDate(`1 ${match[5]} ${match[7]}`);
        if (written === null) continue;
        fullSpans.add(match.index, match.index + match[0].length);
        add(match.index, match.index + match[0].length, (date) => monthNumberOf(written) - monthNumberOf(date), DERIVED_WINDOW_MONTHS);
      }
      // A list of days in one month, whole: its first date tells how far it is (the registered date itself too: the list is no
      // form the vault matcher finds); without a year, as a month and day alone.
      for (const match of text.matchAll(DAY_LIST)) {
        const [start, end] = [match.index, match.index + match[0].length];
        if (dayListParts(match[0]) === null) continue;
        if (match[3] === undefined) {
          if (nearestYear(match[1], LEAP_YEAR_START) === null) continue;
          fullSpans.add(start, end);
          add(start, end, (date) => {
            const written = nearestYear(match[1], date);
            return written === null ? Infinity : yearlessApart(dayNumber(written) - dayNumber(date), date);
          }, yearNear ? YEARLESS_WINDOW_WITH_YEAR_DAYS : YEARLESS_WINDOW_DAYS, true);
          continue;
        }
        const written = parseDate(match[1] + match[3]);
        if (written === null) continue;
        fullSpans.add(start, end);
        add(start, end, (date) => dayNumber(written) - dayNumber(date), DERIVED_WINDOW_DAYS, true);
      }
      // A day range, whole: its first date tells how far it is (the registered date itself too: the range is no form the vault
      // matcher finds); without a year, as a month and day alone.
      for (const match of text.matchAll(DAY_RANGE)) {
        const [start, end] = [match.index, match.index + match[0].length];
        const range = rangeDates(match[0]);
        if (range === null || fullSpans.overlaps(start, end)) continue;
        if (match[1] !== undefined && match[5] === undefined) {
          if (nearestYear(range.first, LEAP_YEAR_START) === null) continue;
          fullSpans.add(start, end);
          add(start, end, (date) => {
            const written = nearestYear(range.first, date);
            return written === null ? Infinity : yearlessApart(dayNumber(written) - dayNumber(date), date);
          }, yearNear ? YEARLESS_WINDOW_WITH_YEAR_DAYS : YEARLESS_WINDOW_DAYS, true);
          continue;
        }
        const written = yearNear ? parseDate(range.first) : null;
        if (written === null) continue;
        fullSpans.add(start, end);
        add(start, end, (date) => dayNumber(written) - dayNumber(date), DERIVED_WINDOW_DAYS, true);
      }
      for (const { start, end } of yearNear || anniversaryYearIn(text, near) ? fullDates.detect(text) : []) {
        if (fullSpans.overlaps(start, end)) continue;
        const written = fullDateOf(text.slice(start, end), near[0].date.year);
        if (written === null) continue;
        fullSpans.add(start, end);
        fullDays.add(`${written.month}-${written.day}`);
        const anniversary = near.find(({ date }) => isAnniversary(written, date));
        if (anniversary) add(start, end, (date) => (date === anniversary.date ? 0 : Infinity), 0, true);
        else add(start, end, (date) => dayNumber(written) - dayNumber(date), DERIVED_WINDOW_DAYS);
      }
      // A start's year alone (`since 2014`) is the registered date's own year; a quarter or a third of a year, within the window.
      for (const match of yearNear ? text.matchAll(PART_OF_YEAR) : []) {
        const part = partOfYear(match[0]);
        if (part === null || fullSpans.overlaps(match.index, match.index + match[0].length)) continue;
        // `the end of 2024` is a deadline's as often (round 15 re-judge: `complete the training by the end of 2024`): a start's only.
        if (THIRD_OF_YEAR.test(part.opening) && !START_BEFORE.test(text.slice(Math.max(0, match.index - START_REACH), match.index))) continue;
        fullSpans.add(match.index, match.index + match[0].length);
        const month = part.month;
        add(match.index, match.index + match[0].length, (date) => (month === null ? (part.year === date.year ? 0 : Infinity) : part.year * 12 + month - 1 - monthNumberOf(date)), month === null ? 0 : DERIVED_WINDOW_MONTHS, true);
      }
      const yearless: RegExpMatchArray[] = [];
      for (const match of text.matchAll(MONTH_MENTION)) {
        const [start, end] = [match.index, match.index + match[0].length];
        if (fullSpans.overlaps(start, end)) continue;
        if (match[1] === undefined) {
          yearless.push(match);
          continue;
        }
        const written = parseDate(`1 ${match[0].replace(/,|\bof\b/gi, " ").replace(/\s+/g, " ").trim()}`);
        if (written !== null) add(start, end, (date) => monthNumberOf(written) - monthNumberOf(date), DERIVED_WINDOW_MONTHS);
      }
      // A month alone is the registered date's own month only, told where the text writes its year or a third of the month.
      for (const match of text.matchAll(MONTH_PHRASE)) {
        const [start, end] = [match.index, match.index + match[0].length];
        const month = parseDate(`1 ${match[2]} 2000`)?.month;
        if (month === undefined || (!yearNear && match[1] === undefined) || fullSpans.overlaps(start, end)) continue;
        if (RANGE_END_BEFORE.test(text.slice(Math.max(0, start - RANGE_END_REACH), start))) continue;
        // Or the month an interval after the date gives (round 17 red team: `Recheck in 3 months (mid-April)` of a visit on January 8).
        const interval = INTERVAL_BEFORE_MONTH.exec(text.slice(Math.max(0, start - INTERVAL_REACH), start));
        const months = interval === null ? 0 : /^w/i.test(interval[2]) ? Math.round((countOf(interval[1]) * 7) / 30.44) : countOf(interval[1]);
        add(start, end, (date) => (months === 0 ? (date.month === month ? 0 : Infinity) : monthsOfYearApart(month, date.month + months)), months === 0 ? 0 : 1, true);
      }
      const joined = new Set<number>();
      let previous: RegExpMatchArray | null = null;
      // Its lookbehinds are tried at every position: only a text with a digit on each side of a slash is scanned.
      for (const match of hasSlashBetweenDigits(text) ? text.matchAll(SLASHED_MONTH_DAY) : []) {
        const [start, end] = [match.index, match.index + match[0].length];
        if (Number(match[1]) > 12 || fullSpans.overlaps(start, end)) continue;
        // After a label, the value is the month and day alone (round 18 re-judge: `Appointment: 1/2 hour`, `Session: 2/3` are no dates).
        if (LABEL_SEPARATOR_BEFORE.test(text.slice(Math.max(0, start - 8), start)) && !VALUE_END_AFTER.test(text.slice(end, end + 8))) continue;
        if (previous !== null && RANGE_JOIN.test(text.slice(previous.index! + previous[0].length, start))) joined.add(previous.index!).add(start);
        previous = match;
        yearless.push(match);
      }
      // Month and day last, as the full dates and months they may sit beside (one scan found both).
      for (const match of yearless) {
        const [start, end] = [match.index!, match.index! + match[0].length];
        const day = nearestYear(match[0], LEAP_YEAR_START);
        const window = (day !== null && fullDays.has(`${day.month}-${day.day}`)) || joined.has(start) ? DERIVED_WINDOW_DAYS : yearNear ? YEARLESS_WINDOW_WITH_YEAR_DAYS : YEARLESS_WINDOW_DAYS;
        // A day an interval after the date, said so, is that date's however far (round 20 red team: `Follow-up in 3 months (around
        // April 19)` of a visit on January 19 told the visit's day with no year written).
        const interval = INTERVAL_BEFORE_MONTH.exec(text.slice(Math.max(0, start - INTERVAL_REACH), start)) ?? INTERVAL_AFTER_DAY.exec(text.slice(end, end + INTERVAL_REACH));
        const intervalDays = interval === null ? null : intervalDaysOf(interval);
        add(start, end, (date) => {
          const written = nearestYear(match[0], date);
          if (written === null) return Infinity;
          const apart = yearlessApart(dayNumber(written) - dayNumber(date), date);
          return intervalDays === null || Math.abs(Math.abs(apart) - intervalDays) <= INTERVAL_SLACK_DAYS || Math.abs(apart) <= window ? apart : Infinity;
          // In digits, the registered date itself is no form the vault matcher finds.
        }, intervalDays === null ? window : Math.max(window, intervalDays + INTERVAL_SLACK_DAYS), SLASHED_DAY.test(match[0]));
      }
      return found;
    },
  };
}
