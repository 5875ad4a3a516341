import { MONTHS, ordinal, spokenYearDateVariants, type CalendarDate } from "./dates.js";
import { originalSpan, type NormalizeBuffer } from "./normalize.js";
import { whole, type Variant } from "./variant.js";
import { fieldNameWords } from "./words.js";

/** A birth date's year beside a phrase that says so (`born in 1957`, `DOB: 1957`, `a 1957 birth cohort`). */
const BIRTH_YEAR_CONFIDENCE = 0.7;
/** Month and day in digits near a birth label (`DOB 8/24`): that day of any year, told by the label. */
const BIRTHDAY_DIGITS_CONFIDENCE = 0.7;
/** Field-name words of a date of birth (`dob`, `date_of_birth`, `birthDate`, `birthdate`). */
const BIRTH_FIELD_WORDS = ["dob", "birth", "birthday", "birthdate", "born"];
/** Phrases a birth year follows (normalized: `(b. 1957)` reads `b 1957`, `D.O.B.` reads `d o b`). */
const PHRASES_BEFORE_YEAR = [
  "born in", "born", "birth year", "birth year of", "year of birth", "b", "dob", "d o b", "yob", "date of birth", "birth date", "birthdate",
  // A key or label of the year alone (`"dob_year": 1997`, `Year born: 1997`: round 9 red team).
  "dob year", "birthyear", "year born",
  // `born mid-1971`, `born in late 1971`, `born in the summer of 1971`: the year as surely.
  ...["early", "mid", "late"].flatMap((part) => [`born ${part}`, `born in ${part}`]),
  ...["spring", "summer", "fall", "autumn", "winter"].flatMap((season) => [`born in the ${season} of`, `born in ${season}`]),
];
/** Phrases a birth year's last two digits follow (`born in '58`, `born in the spring of '72`: session 57 probe): not `b` or `born` alone (`b 58`, `born 58 days ago`). */
const SHORT_YEAR_PHRASES = ["born in", "dob", "d o b", "yob", "year of birth", ...["spring", "summer", "fall", "autumn", "winter"].flatMap((season) => [`born in ${season}`, `born in the ${season} of`])];
/** Words a birth year precedes (`a 1957 birth cohort`, `the 1957-born patient`). */
const WORDS_AFTER_YEAR = ["birth", "born"];
/**
 * Words right before which a month and day in digits is a birthday, not a score or a fraction
 * (`1/2 tablet`) or another day (`DOB: 8/24`, `Date of birth 08/24`, `born on 8/24`, `Her birthday
 * is 24/08`). Part of the form, not looked for near it: a form of two small numbers alone would be
 * found all over a text.
 */
const BIRTH_LABELS = ["dob", "birth", "birth date", "birthday", "birthday is", "born", "born on"];
/** Phrases a birth date's day of the month alone follows (session 58 probe: `her birthday is on the 22nd`): the day, told by the phrase. */
const BIRTHDAY_DAY_PHRASES = ["birthday is on the", "birthday on the", "birthday falls on the", "birthday s on the", "birthday is the", "born on the"];
/** Phrases its month alone follows (session 58 probe: `"birth_month": "January"`, `born in January`). */
const BIRTH_MONTH_PHRASES = ["birth month", "birth month is", "birth month of", "month of birth", "born in", "birthday is in", "birthday in", "birthday s in", "dob month"];
/** A month and day written with one slash (`8/24`). */
const SLASHED_DAY_AND_MONTH = /^\d{1,2}\/\d{1,2}$/;
/** Another number or date part glued on before or after (`3/8/24`, `8/24-25`, `1951-08-07`). */
const GLUED_BEFORE = /(?:[\d/]|\d[-.])$/;
const GLUED_AFTER = /^(?:[\d/]|[-.]\d)/;

/** Whether a field holds a date of birth (`dob`, `date_of_birth`): its year alone says something after `born in`. */
export function isBirthField(field: string): boolean {
  return fieldNameWords(field).some((word) => BIRTH_FIELD_WORDS.includes(word));
}

/**
 * Forms only a date of birth has: its year after or before a birth phrase (`born in 1957`,
 * `(b. 1957)`, `DOB: 1957`, `1957-born`), the span being the year, written apart (standsApart);
 * its month and day in digits, either order (`7/28`, `28/07`), right after a birth label, checked
 * where found (isSlashedDayAndMonth).
 */
export function birthDateVariants({ year, month, day }: CalendarDate): Variant[] {
  const y = String(year);
  // The year's last two digits after a birth phrase (`born in '58`, `DOB '92`: round 9 red team): `'` reads as a space.
  const yy = y.slice(-2);
  const variants: Variant[] = [
    ...PHRASES_BEFORE_YEAR.map((phrase) => ({ ...whole(`${phrase} ${y}`, BIRTH_YEAR_CONFIDENCE), tail: y.length })),
    ...SHORT_YEAR_PHRASES.map((phrase): Variant => ({ form: `${phrase} ${yy}`, confidence: BIRTH_YEAR_CONFIDENCE, role: "short-year", tail: yy.length })),
    // After `b.` only with its apostrophe (session 58 probe: `pt (b. '83, May)`).
    { form: `b ${yy}`, confidence: BIRTH_YEAR_CONFIDENCE, role: "short-year", tail: yy.length, afterApostrophe: true },
    ...WORDS_AFTER_YEAR.map((word) => ({ ...whole(`${y} ${word}`, BIRTH_YEAR_CONFIDENCE), head: y.length })),
  ];
  variants.push(...spokenYearDateVariants({ year, month, day }, BIRTH_YEAR_CONFIDENCE));
  for (const phrase of BIRTHDAY_DAY_PHRASES) variants.push({ form: `${phrase} ${ordinal(day)}`, confidence: BIRTHDAY_DIGITS_CONFIDENCE, role: "birthday-part", tail: ordinal(day).length });
  for (const phrase of BIRTH_MONTH_PHRASES) {
    for (const name of [MONTHS[month - 1], MONTHS[month - 1].slice(0, 3)]) variants.push({ form: `${phrase} ${name}`, confidence: BIRTHDAY_DIGITS_CONFIDENCE, role: "birthday-part", tail: name.length });
  }
  const pad = (n: number): string => String(n).padStart(2, "0");
  for (const mm of new Set([String(month), pad(month)])) {
    for (const dd of new Set([String(day), pad(day)])) {
      for (const digits of [`${mm} ${dd}`, `${dd} ${mm}`]) {
        for (const label of BIRTH_LABELS) variants.push({ form: `${label} ${digits}`, confidence: BIRTHDAY_DIGITS_CONFIDENCE, role: "birthday-digits", tail: digits.length });
      }
    }
  }
  return variants;
}

/** Whether numbers found at normalized [start, end) are written apart, not part of a longer date or number (`1951` of `1951-08-07`). */
export function standsApart(norm: NormalizeBuffer, start: number, end: number): boolean {
  const [from, to] = originalSpan(norm, start, end);
  return !GLUED_BEFORE.test(norm.source.slice(Math.max(0, from - 2), from)) && !GLUED_AFTER.test(norm.source.slice(to, to + 2));
}

/** Whether numbers found at normalized [start, end) are a month and day written alone (`8/24`). */
export function isSlashedDayAndMonth(norm: NormalizeBuffer, start: number, end: number): boolean {
  return SLASHED_DAY_AND_MONTH.test(norm.source.slice(...originalSpan(norm, start, end))) && standsApart(norm, start, end);
}
