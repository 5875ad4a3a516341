/**
 * Partial renderings under a transformation: how a span that shows part of a registered value (its
 * masked tail, a name part, a glued handle, an age of a birth date, a cut tail) shows the same part
 * of the whole value's surrogate, and whether the restore side finds that part again.
 */
import { monthsBetween, shiftedElapsed } from "../detect/vault/elapsed.js";
import { ageAt, ageLike, ageValue, DECADE_WORDS, decadeOfAge, thirdOf } from "../detect/vault/ages.js";
import { MONTHS, ordinalSuffix, parseDate, type CalendarDate } from "../detect/vault/dates.js";
import { bandRead, derivationOf, ROUNDED_SHARES, roundedRead, TOTAL_FACTORS } from "../detect/vault/derived-amounts.js";
import { writtenAmountValue } from "../detect/vault/numbers.js";
import { normalizeValue } from "../detect/vault/normalize.js";
import { isTitle } from "../detect/vault/words.js";
import { centuryNearest, DAY_MS, dayListParts, dayNumber, LEADING_WEEKDAY, monthPhraseParts, monthRangeParts, nearestYear, partOfYear, rangeDates, TRAILING_WEEKDAY, WEEKDAY_AFTER, WEEKDAY_AFTER_REACH, WEEKDAY_BEFORE, WEEKDAY_REACH } from "../detect/vault/derived-dates.js";
import { readDate, writeDate } from "./operators/date-layout.js";
import { layHandle, localPart } from "../detect/vault/emails.js";
import { isGluedFormOf, isGluedShape, isSpelledFindable } from "../detect/vault/names.js";
import type { VariantRole } from "../detect/vault/variant.js";
import type { Action } from "../event.js";
import { OperatorError } from "./base.js";
import { movedNumber, roundedNumber } from "./operators/mldp.js";
import { renderedPart } from "./partial-rendering.js";

/**
 * How a partial rendering shows its part of the whole value's surrogate, by action and role: the
 * tail or the regrouped digits (and the prefix written before them) of an FPE surrogate (`ending in
 * 6410`, `MRN 447 1093`), the first name or surname of a pseudonym (`Dear Tanya`); undefined for a
 * whole rendering.
 */
export function wholeSurrogatePart(action: Action, role: VariantRole | undefined, ageReference: CalendarDate): ((whole: string, original: string, registered: string) => string | null) | undefined {
  if (role === undefined) return undefined;
  // The same part of the whole surrogate, laid out as the span (`renderedPart`): FPE keeps a layout, so digits and a canary's suffix map one to one.
  const shown = (whole: string, original: string, registered: string) => renderedPart(role, original, registered, whole) ?? null;
  if (action === "fpe" && FPE_PARTS.has(role)) return shown;
  if (action === "pseudonymize" && PSEUDONYM_PARTS.has(role)) return shown;
  // A handle shows the local part of the email's surrogate, laid out as written where it can be (`maria_gonzalez` → `nzpzx_zovudzsp`).
  if (role === "local-part") return (whole, original) => handleOf(whole, original);
  // An email spelled for scrapers shows the surrogate email spelled alike (`wyfdd dot kdkedsec at aichene dot ufv`), so it restores.
  if (role === "spelled-email" && action !== "redact") return shown;
  // A glued name shows the whole surrogate glued the same way (`RyanWilson` -> `NeilPotter`); a surrogate that is no name (a placeholder) is redacted.
  if (isGluedShape(role) && action !== "redact") return (whole, original, registered) => shown(whole, original, registered) ?? gluedWithoutName();
  if (role === "cut-tail" && (action === "fpe" || action === "mldp")) return (whole, original) => cutCharacters(whole, original);
  if (role === "cut-tail" && action === "pseudonymize") return cutTokens;
  if (role === "age" && action === "fpe") return (whole, original, registered) => surrogateAge(whole, original, registered, ageReference);
  if (role === "age" && action !== "redact") return ageRedacted;
  if (role === "elapsed" && action === "fpe") return surrogateElapsed;
  if (role === "elapsed" && action !== "redact") return elapsedRedacted;
  if (role === "derived-date" && action === "fpe") return shiftedDate;
  if (role === "derived-date" && action !== "redact") return derivedDateRedacted;
  if ((role === "short-year" || role === "birthday-part") && action !== "redact" && action !== "fpe") return derivedDateRedacted;
  if (role === "other-notation" && action !== "redact") return otherNotationRedacted;
  if (role === "split-part" && action !== "redact") return splitPartRedacted;
  if (role === "derived-amount" && action === "mldp") return scaledAmount;
  if (role === "derived-amount" && action !== "redact") return derivedAmountRedacted;
  // A band written with a number (`low 600s`): noise would move the band's own number (`low 563s`), not the value.
  if (role === "band" && action === "mldp") return (_whole, original) => (/\d/.test(original) ? numberedBandRedacted() : null);
  return undefined;
}

/** Partial renderings of an enciphered value (`renderedPart`). */
const FPE_PARTS: ReadonlySet<VariantRole> = new Set(["masked-tail", "last-three", "short-tail", "short-head", "masked-head", "regrouped-digits", "digit-group", "compact-date", "unpadded-digits", "spoken-digits", "local-number", "phone-extension", "canary-suffix", "canary-label", "canary-head", "short-year", "birthday-part"]);
/** Partial renderings of a pseudonymized name (`renderedPart`). */
const PSEUDONYM_PARTS: ReadonlySet<VariantRole> = new Set(["first-name", "middle-name", "surname", "surname-plural", "spelled-letters", "acronym", "title-initial"]);

/** Oldest age a surrogate date may give: past it (or below 0) the age is redacted, not written. */
const MAX_AGE = 120;

/** The age written (`86`) moved by the years between the real birth date and its surrogate (`whole`) at the reference day: the surrogate person's age then. */
function surrogateAge(whole: string, original: string, registered: string, reference: CalendarDate): string {
  const [birth, surrogate] = [parseDate(registered), parseDate(whole)];
  if (!birth || !surrogate) throw new OperatorError("the birth date or its surrogate is not a date", "age-without-date");
  const shift = ageAt(surrogate, reference) - ageAt(birth, reference);
  // An age told by its decade (`mid-70s`) is told again for the surrogate's age (`early 40s`).
  const decade = decadeOfAge(original);
  if (decade) return ageInDecadeLike(decade, ageAt(birth, reference) + shift);
  const age = ageValue(original) + shift;
  if (!(age >= 0 && age <= MAX_AGE)) throw new OperatorError("the surrogate birth date gives no age", "age-out-of-range");
  return ageLike(age, original);
}

/** Whether the restore side looks for `shown`, a partial rendering in `role` of the surrogate `surrogate`. */
export function isFindableAgain(role: VariantRole | undefined, shown: string, surrogate: string): boolean {
  if (isGluedShape(role)) return isGluedFormOf(shown, surrogate);
  return role !== "spelled-letters" || isSpelledFindable(shown);
}

function gluedWithoutName(): never {
  throw new OperatorError("the surrogate is no person name to glue", "glued-name-without-name");
}

/**
 * A date computed from the registered one (`original`), moved as far as the registered date's
 * surrogate (`whole`) is from it, written as `original` is: a follow-up four weeks after the visit
 * stays four weeks after its surrogate. A month and year moves by the months between the two.
 */
export function shiftedDate(whole: string, written: string, registered: string): string {
  const part = partOfYear(written);
  if (part) return shiftedPartOfYear(part, whole, registered);
  const months = monthRangeParts(written);
  if (months) return shiftedMonthRange(months, whole, registered);
  const phrase = monthPhraseParts(written);
  if (phrase) return shiftedMonthPhrase(phrase, whole, registered);
  const range = rangeDates(written);
  if (range) return shiftedRange(range, whole, registered);
  const list = dayListParts(written);
  if (list) return shiftedDayList(list, whole, registered);
  // A weekday before or after the date is the moved date's (`Tuesday, February 10, 2026` -> `Friday, ...`, `(Tuesday)` -> `(Friday)`).
  const weekday = LEADING_WEEKDAY.exec(written);
  const trailing = TRAILING_WEEKDAY.exec(written);
  const original = written.slice(weekday ? weekday[0].length : 0, trailing ? trailing.index : written.length);
  const [real, surrogate, read] = [parseDate(registered), parseDate(whole), readDate(original)];
  if (!real || !surrogate || !read) throw new OperatorError("the date, its surrogate or the date written near it is not a date", "derived-date-unread");
  const { month, day } = read.parts;
  // A month and day alone (`Feb 16`) is in the year nearest the registered date.
  const writtenYear = read.parts.year !== undefined && read.layout.shortYear ? centuryNearest(read.parts.year, real.year) : read.parts.year;
  const year = writtenYear ?? (day === undefined ? undefined : nearestYear(original, real)?.year);
  if (year === undefined || month === undefined) throw new OperatorError("the date written near a registered one has no month or year", "derived-date-unread");
  if (day === undefined) {
    const months = year * 12 + month - 1 + (surrogate.year - real.year) * 12 + (surrogate.month - real.month);
    return writeDate({ year: Math.floor(months / 12), month: (months % 12) + 1, day: 1 }, read.layout);
  }
  // An anniversary (the same month and day years later) is the surrogate's, as many years on: by days, leap days moved it.
  const anniversary = month === real.month && day === real.day && year > real.year;
  const shifted = anniversary ? new Date(Date.UTC(surrogate.year + year - real.year, surrogate.month - 1, surrogate.day)) : new Date(Date.UTC(year, month - 1, day) + (dayNumber(surrogate) - dayNumber(real)) * DAY_MS);
  const date = writeDate({ year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() }, read.layout);
  const leading = weekday ? weekdayLike(weekday[1], shifted.getUTCDay()) + weekday[2] : "";
  return leading + date + (trailing ? trailing[1] + weekdayLike(trailing[2], shifted.getUTCDay()) + trailing[3] : "");
}

/** `age` written as `written` writes its decade (`mid-70s` -> `early-40s`, `late seventies` -> `mid forties`, `80s` -> `40s`), its case kept. */
function ageInDecadeLike(written: NonNullable<ReturnType<typeof decadeOfAge>>, age: number): string {
  const decade = Math.floor(age / 10);
  if (decade < 2 || decade >= DECADE_WORDS.length) throw new OperatorError("the surrogate birth date gives no age in a decade", "age-out-of-range");
  const third = written.third === "" ? "" : caseLike(thirdOf(age), written.third);
  return `${third}${written.separator}${written.spelled ? DECADE_WORDS[decade] : `${decade}0s`}`;
}

const QUARTER_WORDS = ["first", "second", "third", "fourth"];
const THIRDS = ["early", "mid", "late"];

/** Its first letter's case as `like`'s (`Early` -> `Late`). */
function caseLike(word: string, like: string): string {
  return /^[A-Z]/.test(like) ? word[0].toUpperCase() + word.slice(1) : word;
}

/**
 * A year's part (`Q3 2020`, `early 2024`) moved by as many months as the registered date's surrogate,
 * named again for the month it lands on (`Q3 2020` -> `Q1 1988`); a start's year alone (`since 2014`) by as many years.
 */
function shiftedPartOfYear(part: NonNullable<ReturnType<typeof partOfYear>>, whole: string, registered: string): string {
  const [real, surrogate] = [parseDate(registered), parseDate(whole)];
  if (!real || !surrogate) throw new OperatorError("the date or its surrogate is not a date", "derived-date-unread");
  const yearOf = (year: number) => (part.apostrophe === null ? String(year) : `${part.apostrophe}${String(year % 100).padStart(2, "0")}`);
  if (part.month === null) return `${part.opening}${yearOf(part.year + surrogate.year - real.year)}`;
  const months = part.year * 12 + part.month - 1 + (surrogate.year - real.year) * 12 + (surrogate.month - real.month);
  const [year, month] = [Math.floor(months / 12), (months % 12) + 1];
  const quarter = Math.floor((month - 1) / 3);
  const opening = part.opening
    .replace(/^Q[1-4]/i, (q) => `${q[0]}${quarter + 1}`)
    .replace(/\b(first|second|third|fourth)(?=[ \t]+quarter)/i, (word) => caseLike(QUARTER_WORDS[quarter], word))
    .replace(/^(early|mid|late)/i, (word) => caseLike(THIRDS[Math.min(2, Math.floor((month - 1) / 4))], word))
    .replace(/\b(beginning|start|middle|end)(?=[ \t]+of)/i, (word) => caseLike(thirdOfYearWord(Math.min(2, Math.floor((month - 1) / 4)), word), word))
    .replace(/^(winter|spring|summer|fall|autumn)/i, (word) => caseLike(seasonOf(month, word), word));
  return `${opening}${yearOf(year)}`;
}

/** A third of a year as `the ... of` names it (`beginning` or `start` as written, `middle`, `end`). */
function thirdOfYearWord(third: number, written: string): string {
  return third === 0 ? (/^start$/i.test(written) ? "start" : "beginning") : third === 1 ? "middle" : "end";
}

/** The season month `month` (1-12) opens a reader's year in, as `written` names it (`autumn` stays `autumn`, not `fall`). */
function seasonOf(month: number, written: string): string {
  const season = ["winter", "spring", "summer", "fall"][Math.floor((month % 12) / 3)];
  return season === "fall" && /^autumn$/i.test(written) ? "autumn" : season;
}

/**
 * A day range moved as its two dates are, written as one range where they stay in one month and year
 * (`February 3–17, 2026` -> `August 7–21, 2073`), else as two dates (`January 30, 2074–February 13, 2074`).
 */
function shiftedRange(range: NonNullable<ReturnType<typeof rangeDates>>, whole: string, registered: string): string {
  const [first, second] = [shiftedDate(whole, range.first, registered), shiftedDate(whole, range.second, registered)];
  // The day alone and the rest of each moved date (`August ` + `7` + `, 2073`; `7` + ` August 2073`; `Nov ` + `23` without a year).
  const parts = (date: string) => (range.monthFirst ? /^(.*?)(\d{1,2})(\D*(?:\d{4})?)$/ : /^()(\d{1,2})(\D*\d{4})$/).exec(date);
  const [a, b] = [parts(first), parts(second)];
  if (!a || !b || a[1] !== b[1] || a[3] !== b[3]) return `${first}${range.between}${second}`;
  // Days written as ordinals stay ordinals, each with its own suffix (`Apr 20th–4th` would not read).
  const day = (written: string) => (range.ordinal ? `${written}${ordinalSuffix(Number(written))}` : written);
  return range.monthFirst ? `${a[1]}${day(a[2])}${range.between}${day(b[2])}${a[3]}` : `${day(a[2])}${range.between}${day(b[2])}${a[3]}`;
}

/**
 * Days of one month listed (`February 19, 20 or 23, 2026`), each moved as the registered date's
 * surrogate is; a day that lands in the next month is written with its month's name (`July 30, 31 or August 3`).
 */
function shiftedDayList(list: NonNullable<ReturnType<typeof dayListParts>>, whole: string, registered: string): string {
  const [real, surrogate] = [parseDate(registered), parseDate(whole)];
  const [, monthWritten, between, firstDay] = /^(\S+?)(\.?[ \t]+)(\d{1,2})$/.exec(list.first) ?? [];
  const first = real && (list.year ? parseDate(list.first + list.year) : nearestYear(list.first, real));
  if (!real || !surrogate || !first || monthWritten === undefined) throw new OperatorError("the listed days or the registered date is not read", "derived-date-unread");
  const offset = dayNumber(surrogate) - dayNumber(real);
  const moved = [firstDay, ...list.days.map(({ day }) => day)].map((day) => new Date(Date.UTC(first.year, first.month - 1, Number(day)) + offset * DAY_MS));
  const years = new Set(moved.map((date) => date.getUTCFullYear()));
  if (list.year && years.size > 1) throw new OperatorError("the listed days move into two years", "derived-date-unread");
  let month = -1;
  const days = moved.map((date, at) => {
    const named = date.getUTCMonth() !== month ? `${monthLike(monthWritten, date.getUTCMonth())}${at === 0 ? between : " "}` : "";
    month = date.getUTCMonth();
    return `${at === 0 ? "" : list.days[at - 1].before}${named}${date.getUTCDate()}`;
  });
  return days.join("") + list.year.replace(/\d{4}/, String(moved[0].getUTCFullYear()));
}

/** A month range (`late February to early March 2026`) moved by as many months as the registered date's surrogate, its words and case kept. */
function shiftedMonthRange(parts: RegExpExecArray, whole: string, registered: string): string {
  const [, firstQualifier = "", firstMonth, between, secondQualifier = "", secondMonth, beforeYear, year] = parts;
  const [real, surrogate, first, second] = [parseDate(registered), parseDate(whole), parseDate(`1 ${firstMonth} 2000`), parseDate(`1 ${secondMonth} 2000`)];
  if (!real || !surrogate || !first || !second) throw new OperatorError("the month range or the registered date is not read", "derived-date-unread");
  const shift = (surrogate.year - real.year) * 12 + (surrogate.month - real.month);
  const end = Number(year) * 12 + second.month - 1 + shift;
  const start = end - ((second.month - first.month + 12) % 12);
  return `${firstQualifier}${monthLike(firstMonth, start % 12)}${between}${secondQualifier}${monthLike(secondMonth, end % 12)}${beforeYear}${Math.floor(end / 12)}`;
}

/**
 * A registered date's month alone (`since mid-November`) as its surrogate's (`since late May`), or a month some months after it
 * as as many after the surrogate's (`in 3 months (mid-April)`): the third written moves by as many thirds as the surrogate's
 * day is from the real one's, so a third that told the real day tells the surrogate's.
 */
function shiftedMonthPhrase(phrase: NonNullable<ReturnType<typeof monthPhraseParts>>, whole: string, registered: string): string {
  const [real, surrogate, written] = [parseDate(registered), parseDate(whole), parseDate(`1 ${phrase.month.replace(/\.$/, "")} 2000`)];
  if (!real || !surrogate || !written) throw new OperatorError("the month or the registered date is not read", "derived-date-unread");
  const month = monthLike(phrase.month, (((surrogate.month - 1 + written.month - real.month) % 12) + 12) % 12);
  if (phrase.thirdIndex === null) return month;
  const third = Math.max(0, Math.min(2, phrase.thirdIndex + thirdOfMonth(surrogate.day) - thirdOfMonth(real.day)));
  // A prefix (`mid-`) is its word and a mark, written `mid-` but `early ` and `late ` (`mid-November` -> `late October`).
  const prefix = phrase.third.length === phrase.word.length + 1;
  const word = caseLike((prefix ? THIRDS : THIRDS_OF)[third], phrase.word);
  return `${prefix ? `${word}${third === 1 ? "-" : " "}` : phrase.third.replace(phrase.word, word)}${month}`;
}

/** A month's thirds as `the ... of` names them. */
const THIRDS_OF = ["beginning", "middle", "end"];

/** Which third of its month a day is in (0 early, 1 mid, 2 late). */
function thirdOfMonth(day: number): number {
  return day <= 10 ? 0 : day <= 20 ? 1 : 2;
}

/** Month `index` (0 = January) written as `written` is: abbreviated or whole, in its case. */
function monthLike(written: string, index: number): string {
  const whole = `${MONTHS[index].charAt(0).toUpperCase()}${MONTHS[index].slice(1)}`;
  const name = written.replace(/\.$/, "").length <= 3 ? whole.slice(0, 3) : whole;
  return written === written.toUpperCase() ? name.toUpperCase() : written === written.toLowerCase() ? name.toLowerCase() : name;
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/**
 * A restored date's span widened to the weekday written before or after it, with the real date's weekday (`Wednesday, January
 * 24, 2080` restores as `Tuesday, February 24, 2026`, `January 24, 2080 (Wed)` as `February 24, 2026 (Tue)`): the surrogate's
 * weekday, kept, would misdate the real one.
 */
export function withRealWeekday(text: string, start: number, end: number, real: string, registered: string): { start: number; end: number; real: string } {
  const before = WEEKDAY_BEFORE.exec(text.slice(Math.max(0, start - WEEKDAY_REACH), start));
  const after = WEEKDAY_AFTER.exec(text.slice(end, end + WEEKDAY_AFTER_REACH));
  const read = before || after ? readDate(real) : null;
  const { month, day } = read?.parts ?? {};
  // A two-digit year (`Wed, 1/21/26`) is in the registered date's century.
  const registeredYear = read?.layout.shortYear ? parseDate(registered)?.year : undefined;
  const year = read?.parts.year !== undefined && registeredYear !== undefined ? centuryNearest(read.parts.year, registeredYear) : read?.parts.year;
  if ((!before && !after) || year === undefined || month === undefined || day === undefined) return { start, end, real };
  const weekdayOf = (written: string) => written.replace(/\p{L}+/u, (name) => weekdayLike(name, new Date(Date.UTC(year, month - 1, day)).getUTCDay()));
  return {
    start: start - (before?.[0].length ?? 0),
    end: end + (after?.[0].length ?? 0),
    real: (before ? weekdayOf(before[0]) : "") + real + (after ? weekdayOf(after[0]) : ""),
  };
}

/** The weekday `day` (0 = Sunday) written as `written` is: as long (`Tue`, `Tuesday`), in its case. */
function weekdayLike(written: string, day: number): string {
  const name = WEEKDAYS[day].slice(0, written.length >= 6 ? undefined : 3);
  return written === written.toUpperCase() ? name.toUpperCase() : written === written.toLowerCase() ? name.toLowerCase() : name;
}

/** A date computed from one a policy does not encipher (pseudonym or noise) has no surrogate date to follow: redacted. */
function derivedDateRedacted(): never {
  throw new OperatorError("a derived date follows only an enciphered date", "derived-date-not-enciphered");
}

/** A duration since the registered date (`written`) counted from its surrogate (`whole`) instead: as many months longer or shorter. */
function surrogateElapsed(whole: string, written: string, registered: string): string {
  const [real, surrogate] = [parseDate(registered), parseDate(whole)];
  if (!real || !surrogate) throw new OperatorError("the date or its surrogate is not a date", "elapsed-without-date");
  const shifted = shiftedElapsed(written, monthsBetween(surrogate, real));
  if (shifted === null) throw new OperatorError("the surrogate date gives no duration", "elapsed-out-of-range");
  return shifted;
}

function elapsedRedacted(): never {
  throw new OperatorError("a duration follows only an enciphered date", "elapsed-not-enciphered");
}

/** An age under another transformation than FPE (a custom policy's pseudonym or noise) has no surrogate date to follow: redacted. */
function ageRedacted(): never {
  throw new OperatorError("an age follows only an enciphered birth date", "age-not-enciphered");
}

/** The start of an FPE surrogate (or a noised amount) cut as `original` was, in its layout: its letters and digits in order, `original`'s separators (`123-45-67` → `118-63-37`). */
function cutCharacters(whole: string, original: string): string | null {
  // A date cut as written out (`Februa`) has no characters of its digits' surrogate to show: redacted, the reason recorded.
  if (/\p{L}/u.test(original) && !/\p{L}/u.test(whole)) throw new OperatorError("a date cut as written out has no part of its surrogate to show", "cut-date-written-out");
  const shown = whole.replace(/[^\p{L}\p{N}]/gu, "");
  let next = 0;
  const cut = original.replace(/[\p{L}\p{N}]/gu, () => shown.charAt(next++));
  return next <= shown.length ? cut : null;
}

/**
 * The start of a pseudonym cut as `original` was (`James Gr` → `Robert Av`): its first tokens whole, as much of the next; after a
 * title, as much of its surname (`Ms. Fost` → `Ms. Beni`); null where the tokens do not line up.
 */
function cutTokens(whole: string, original: string): string | null {
  const shown = original.split(/(\s+)/);
  const tokens = whole.split(/(\s+)/);
  if (shown.length === 3 && isTitle(normalizeValue(shown[0]))) return `${shown[0]}${shown[1]}${tokens[tokens.length - 1].slice(0, shown[2].length)}`;
  if (tokens.length < shown.length) return null;
  const last = shown.length - 1;
  return [...tokens.slice(0, last), tokens[last].slice(0, shown[last].length)].join("");
}

/** The local part of an email's surrogate in the layout of the handle `original`, else as the operator wrote it; null without one (a placeholder). */
function handleOf(surrogate: string, original: string): string | null {
  const local = localPart(surrogate);
  return local === null ? null : (layHandle(original, local) ?? local);
}

/** A figure written to the unit (`$7,050`) reads within half a unit of what it stands for. */
const WHOLE_UNIT_TOLERANCE = 0.5;

/**
 * An amount computed from the registered one (`$7,050/month` of 84,600), moved by the registered
 * amount's noise (`whole` is its noisy surrogate) scaled by the same computation: the reader's x12
 * gives the surrogate back, not the value.
 */
function scaledAmount(whole: string, written: string, registered: string): string {
  // An amount in words (`about three-quarters of a million`) has no digits noise could move: redacted.
  if (!/\d/.test(written)) throw new OperatorError("an amount in words is redacted", "derived-amount-in-words");
  const [real, surrogate, read] = [writtenAmountValue(registered), writtenAmountValue(whole), writtenAmountValue(written)];
  // A band around the amount moves whole, both ends by its noise.
  if (real && surrogate && bandRead(written)) return movedNumber(written, surrogate.value - real.value, "every");
  const exact = real && read ? derivationOf(read, real.value, TOTAL_FACTORS) : null;
  // Moved by the noise only where written to the unit: a figure of one or two digits moved so fell off its rounding (round 20 red
  // team: `about $2 million` of 1,953,206 came out `about $1 million` for a surrogate of 1.74M); rounded alike, `about $1.7 million`.
  if (real && surrogate && exact !== null && read!.tolerance <= WHOLE_UNIT_TOLERANCE) return movedNumber(written, (surrogate.value - real.value) * exact);
  if (real && surrogate && exact !== null) return roundedNumber(written, surrogate.value * exact);
  // A period's share or a total may be written rounded (`about $8,360` of 100,300 a year, `about $86,100` of 86,135): the
  // surrogate's rounded alike (moved by the noise, it kept the real one's rounding error).
  const factor = real && read ? derivationOf(roundedRead(read, written), real.value, [...ROUNDED_SHARES, 1]) : null;
  if (!real || !surrogate || factor === null) throw new OperatorError("the amount written is no computation of the registered one", "derived-amount-unread");
  return roundedNumber(written, surrogate.value * factor);
}

function numberedBandRedacted(): never {
  throw new OperatorError("a band told with a number is no rendering noise can move", "band-not-noised");
}

function otherNotationRedacted(): never {
  throw new OperatorError("a value in a notation no surrogate is rendered in (words, a holiday, scientific notation)", "other-notation-redacted");
}

function splitPartRedacted(): never {
  throw new OperatorError("a part of a value split across fields has no part of a surrogate to match", "split-part-redacted");
}

function derivedAmountRedacted(): never {
  throw new OperatorError("a derived amount follows only a noised amount", "derived-amount-not-noised");
}
