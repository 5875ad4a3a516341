/**
 * Time elapsed since a registered date, which gives the date away beside its surrogate (round 12
 * red team: `Average Tenure: 6 years, 4 months` of a hire date on 2019-09-23, `with the company for
 * about 8 years`, `18 months of separation`): writers compute tenure as they compute ages. A
 * Detector over the guard's vault: each duration written as one (ELAPSED_PHRASE) that the time from
 * a registered date (not a birth date: ages.ts) to the reference day gives, or to a day up to three
 * years before it (models count from their own year: `May 26, 2016 (7+ years of tenure)`), where
 * its line says what it counts (a tenure word, or the date's own year).
 */
import type { Detection, Detector } from "../base.js";
import { firstStartingAt } from "../sort.js";
import { isBirthField } from "./birth-dates.js";
import { parseDate, type CalendarDate } from "./dates.js";
import { derivedFromEntries } from "./entries-memo.js";
import { COUNT_WORD, COUNT_WORDS, countOf } from "./numbers.js";
import { lineBounds, sentenceBounds } from "./sentences.js";
import { cellsOf } from "./table-cells.js";
import type { VaultEntry } from "./vault.js";

/** A duration computed from a date is how writers show tenure, but other durations are written the same way. */
const ELAPSED_CONFIDENCE = 0.8;
/** A text may count from a day this many months before the reference (as ages.ts's YEARS_BEFORE_REFERENCE). */
const MONTHS_BEFORE_REFERENCE = 36;

/**
 * A duration in years and months: group 1 a word that bounds it (`almost`, `over`, `~`), 2 the
 * years (`6`, `6.3`, `four` of `four and a half`), 3 a `+`, 4 the months after the years (`6 years, 4 months`), 5 months alone (`18 months`).
 */
const ELAPSED_PHRASE = new RegExp(
  String.raw`(?:\b(about|approx\.|approximately|est\.|ca\.|circa|roughly|around|nearly|almost|over|more than|just over|just under|close to)[ \t]+|(~)[ \t]?)?(?<![\d<>≤≥][ \t]?)(?<!(?<!\b(?:approx|est|ca))\.[ \t]?)(?<!\d[ \t]?[–—-][ \t]?)(?<![–—-])(?<!(?:^|\D)\d{1,3},[ \t]?)(?:\b(\d{1,3}(?:\.\d{1,2})?|${COUNT_WORD})(\+)?(?:[ \t]+and[ \t]+a[ \t]+half(?=[ \t]+(?:years?|yrs?)\b)|[ \t]?½)?[ \t]?(?:-[ \t]?)?(?:years?\b|yrs?\b|y(?=[ \t]?\d{1,2}m\b|[ \t]+(?:tenure|of[ \t]+(?:tenure|service)|with[ \t]+(?:us|the[ \t]+(?:company|firm)))\b))(?:,?[ \t]*(?:and[ \t]+)?(\d{1,2})[ \t]?(?:months?|mos?|(?<=\dy[ \t]?\d{1,2})m)\b)?|\b(\d{1,3}|${COUNT_WORD})[ \t]?(?:months?|mos)\b)(?![ \t]?(?:[–—]|-[ \t]?\d|to[ \t]+\d))`,
  "gi",
);
/** What every such duration has. */
const ELAPSED_HINT = new RegExp(String.raw`(?:\d|\b(?:${COUNT_WORD}))[ \t+-]*(?:y|mo)|half[ \t]+y|½`, "i");
/** Half a year more than the count (round 19 red team: `four and a half years`). */
const HALF_YEAR = /[ \t]+and[ \t]+a[ \t]+half\b|½/i;
/** A count spelled as `like` is (`six` -> `nine`, `Six` -> `Nine`), in digits past the words spelled here. */
function countLike(count: number, like: string): string {
  const word = COUNT_WORDS[count];
  if (word === undefined || /^\d/.test(like)) return String(count);
  return /^\p{Lu}/u.test(like) ? word[0].toUpperCase() + word.slice(1) : word;
}
/** Words in a duration's line that say it counts time since a date (round 21 red team: `has 8 years in HR`). */
const TENURE_WORD =
  /\b(?:tenure|tenured|employ\w*|service|served|seniority|hired?|joined|since|ago|present|anniversary|separat\w*|married|member|customer|client|veteran|been (?:with|at|here)|work(?:ed|ing) (?:at|for|here)|(?:with|at) (?:us|the (?:company|firm|team|organi[sz]ation|bank|agency|practice|department))|(?:on|part of) the (?:[\p{L}&-]+ ){0,2}team|(?:years?|yrs?) (?:in|at) (?:the |this |our )?(?:HR|human resources|department|dept|division|role|position|unit|office|branch|company|firm|organi[sz]ation))\b/iu;
/** Words right before a duration that make it the time someone has been here (round 19 red team: `on staff for 5 years`, `here for over 12 years`). */
const HERE_BEFORE = /\b(?:here|on staff|with us)(?:[ \t]+for)?[ \t]+$/i;
/** A line of examples or buckets (`Tenure (e.g., <1 year, 1–3 years, 5+ years)`) counts no one's time. */
const EXAMPLE_LINE = /\be\.g\.|\bi\.e\.|\bfor example\b|\[[^\]]*\b(?:x|n|number)\b[^\]]*\]/i;
/**
 * A duration joined to the noun after it (`a 3-year contract`, `the standard 4-year schedule`) is that thing's term, not time
 * someone has served (round 14 red team: both came back `39-year`, `97-year`); a tenure's own nouns are (`her 7-year tenure`, `his
 * 11-year work anniversary`: round 22).
 */
const JOINED_DURATION = /\d[ 	]?-[ 	]?(?:years?|yrs?)$|-(?:years?|yrs?)$/i;
const NOUN_AFTER = /^[ 	]+(\p{L}+)/u;
const THING_REACH = 24;
const TENURE_NOUNS: ReadonlySet<string> = new Set(["work", "tenure", "anniversary", "veteran", "employee", "member", "mark", "milestone", "service", "stint", "career", "run", "relationship", "history", "customer", "client", "employment", "marriage"]);

/** Whether a duration as written, with the text right after it, is the term of the thing it is joined to. */
function isThingsTerm(written: string, after: string): boolean {
  const noun = NOUN_AFTER.exec(after)?.[1];
  return JOINED_DURATION.test(written) && noun !== undefined && !TENURE_NOUNS.has(noun.toLowerCase());
}

/** Words before a duration that make it time to come or a period, not time since a date (`in 3 months`, `every 6 months`). */
const INTERVAL_BEFORE = /\b(?:in|within|every|each|next|another|for the next|after another)[ \t]+(?:(?:about|approx\.|approximately|roughly|around|nearly|almost|over|just over|just under|close to)[ \t]+|~[ \t]?)?$/i;
/** Characters right before a duration read for INTERVAL_BEFORE and HERE_BEFORE. */
const BEFORE_REACH = 16;
/** Characters right before a duration read for BUCKET_BEFORE. */
const BUCKET_REACH = 40;
/** Words that make `in` a duration count back (`not been seen in 5 months`, `the first visit in 5 months`, `since`). */
const COUNTS_BACK = /\b(?:not|never|no|first|last|since|been|haven['’]?t|hasn['’]?t|hadn['’]?t)\b/gi;

const YEAR_COMMA_BEFORE = /\d{4},[ \t]?$/;
/**
 * A headcount's bucket, not one person's time (round 23 red team: `5 employees under one year`, `11 between one and three years`, `9 at
 * three to five years`, a row's `| Under 1 year |`): a count of people or another bound right before, or a bound opening a line or cell.
 */
const BUCKET_BEFORE = new RegExp(
  String.raw`(?:(?:^|[\s(|,;:])\d{1,4}[ \t]+(?:\p{L}+[ \t]+){0,2}(?:under|over|below|above|less[ \t]+than|more[ \t]+than|at|with)|(?:\d|\b(?:${COUNT_WORD}))[ \t]*(?:to|–|—|-|and|or)|(?:^|\n|\|)[ \t*_-]*(?:under|over|less[ \t]+than|more[ \t]+than))[ \t]+$`,
  "iu",
);
const RELATIVE_AFTER = /^[ \t]+(?:after|before|later|earlier|prior)\b/i;

/** Bounding words by how they move the written duration. */
const AT_LEAST = new Set(["over", "more than", "just over"]);
const AT_MOST = new Set(["nearly", "almost", "just under", "close to"]);

/** Whole months from `from` to `to` (fractional: days count as a share of a month). */
export function monthsBetween(from: CalendarDate, to: CalendarDate): number {
  return (to.year - from.year) * 12 + (to.month - from.month) + (to.day - from.day) / 30.44;
}

/** Digits after the point of a figure (`6.3` -> 1, `7` -> 0). */
function decimalsOf(figure: string): number {
  const point = figure.indexOf(".");
  return point === -1 ? 0 : figure.length - point - 1;
}

/** Half the last shown digit of years with a decimal, in months, and a month of the writer's arithmetic (`6.3` -> 1.6). */
function decimalSlack(years: string): number {
  return 6 * 10 ** -decimalsOf(years) + 1;
}

/** The months a duration written as `match` may stand for, as a closed range. */
function writtenMonths(match: RegExpMatchArray): [number, number] {
  const bound = (match[1] ?? match[2] ?? "").toLowerCase();
  if (match[6] !== undefined) return [countOf(match[6]) - 1, countOf(match[6]) + 1];
  const years = countOf(match[3]);
  // Said to the half year: the nearest, give or take a month of the writer's arithmetic.
  if (HALF_YEAR.test(match[0])) return [years * 12 + 6 - 4, years * 12 + 6 + 4];
  if (match[5] !== undefined) return [years * 12 + Number(match[5]) - 1, years * 12 + Number(match[5]) + 1];
  // A decimal is rounded to its last digit, give or take a month of the writer's arithmetic.
  if (match[3].includes(".")) return [years * 12 - decimalSlack(match[3]), years * 12 + decimalSlack(match[3])];
  if (match[4] !== undefined || AT_LEAST.has(bound)) return [years * 12, years * 12 + 12];
  if (AT_MOST.has(bound)) return [years * 12 - 6, years * 12];
  // Whole years are completed ones or the nearest.
  return [years * 12 - 6, years * 12 + 12];
}

/** What one line (or a whole text) says about the durations in it, each read on first use. */
class LineFacts {
  private example?: boolean;
  private tenure?: boolean;
  private tenureBesidesSince?: boolean;
  private year?: boolean;
  private readonly years = new Map<string, boolean>();

  constructor(private readonly line: string) {}

  isExampleLine(): boolean {
    return (this.example ??= EXAMPLE_LINE.test(this.line));
  }

  /** Whether a tenure word is written in the line; for a half year, one besides `ago` or `since`. */
  saysTenure(halfYear: boolean): boolean {
    if (halfYear) return (this.tenureBesidesSince ??= TENURE_WORD.test(this.line.replace(/\b(?:ago|since)\b/gi, "")));
    return (this.tenure ??= TENURE_WORD.test(this.line));
  }

  writesAYear(): boolean {
    return (this.year ??= /\b(?:19|20)\d\d\b/.test(this.line));
  }

  holds(year: string): boolean {
    let held = this.years.get(year);
    if (held === undefined) this.years.set(year, (held = this.line.includes(year)));
    return held;
  }
}

/** The facts of the lines of `text` around each span asked for, read once per line: a long line holds many durations (reading it per duration was quadratic). */
function lineFactsOf(text: string): (start: number, end: number) => LineFacts {
  const lines = new Map<string, LineFacts>();
  return (start, end) => {
    const [from, to] = lineBounds(text, start, end);
    const key = `${from}:${to}`;
    let facts = lines.get(key);
    if (facts === undefined) lines.set(key, (facts = new LineFacts(text.slice(from, to))));
    return facts;
  };
}

/** A date durations are counted from: the months from it to the reference day, and its year as written. */
export interface CountedFrom {
  months: number;
  year: string;
}

/** A duration in a text that counts the time since one of the dates: where it stands, and that date's index. */
export interface ElapsedSpan {
  start: number;
  end: number;
  date: number;
}

/**
 * Every duration in years or months in `text` (ELAPSED_PHRASE; its bounding word left out of the span) that one of `dates`
 * gives up to the reference day or up to MONTHS_BEFORE_REFERENCE before it, where its line says what it counts: a tenure
 * word or the date's year. Not a bucket (`2+ Years Ago`) nor a line of examples.
 */
export function elapsedSpans(text: string, dates: readonly CountedFrom[]): ElapsedSpan[] {
  if (dates.length === 0) return [];
  const spans: ElapsedSpan[] = [];
  const lineOf = lineFactsOf(text);
  // Where COUNTS_BACK's words stand, found once: whether one is in a sentence before a duration is looked up, not read per duration.
  // (None spans a sentence's end, and a duration starts at a word's start or after `~`, so a word the text holds is one its slice holds.)
  let countsBack: Array<{ start: number; end: number }> | undefined;
  const countsBackBetween = (from: number, to: number) => {
    countsBack ??= Array.from(text.matchAll(COUNTS_BACK), (word) => ({ start: word.index, end: word.index + word[0].length }));
    const next = countsBack[firstStartingAt(countsBack, from)];
    return next !== undefined && next.end <= to;
  };
  for (const match of ELAPSED_HINT.test(text) ? text.matchAll(ELAPSED_PHRASE) : []) {
    const bound = match[1] ?? match[2];
    const lead = bound === undefined ? 0 : match[0].indexOf(bound) + bound.length;
    const start = match.index! + lead + (match[0].slice(lead).length - match[0].slice(lead).trimStart().length);
    const end = match.index! + match[0].length;
    const line = lineOf(start, end);
    if (line.isExampleLine() || BUCKET_BEFORE.test(text.slice(Math.max(0, start - BUCKET_REACH), start)) || (match[4] !== undefined && /^[ \t]*ago\b/i.test(text.slice(end))) || isThingsTerm(match[0], text.slice(end, end + THING_REACH))) continue;
    // Time to come or a period (round 17 red team: `Recheck in 3 months` beside a visit had come out `in 722 months`); `in` after
    // what counts back is time since (round 17 re-judge: `not been seen in nearly 5 months`, `her first visit in 5 months`).
    const before = text.slice(Math.max(0, match.index! - BEFORE_REACH), match.index!);
    const interval = INTERVAL_BEFORE.exec(before);
    if (interval && !(/^in\b/i.test(interval[0]) && countsBackBetween(sentenceBounds(text, match.index!)[0], match.index!))) continue;
    const [low, high] = writtenMonths(match);
    // A half year counts only with a tenure word besides `ago` or `since` (round 20 re-judge: `The policy was introduced four and a half years ago`).
    const counted = line.saysTenure(HALF_YEAR.test(match[0])) || HERE_BEFORE.test(before);
    // After a year and a comma only where the line says it counts tenure (round 18 re-judge: `In 2019, 5 years of data were migrated`);
    // never a span from another event (`3 years after graduating`).
    if ((!counted && YEAR_COMMA_BEFORE.test(text.slice(Math.max(0, match.index! - 8), match.index!))) || RELATIVE_AFTER.test(text.slice(end, end + 12))) continue;
    dates.forEach(({ months, year }, date) => {
      if (high >= months - MONTHS_BEFORE_REFERENCE && low <= months && (counted || line.holds(year))) spans.push({ start, end, date });
    });
  }
  if (!TENURE_HEADER_HINT.test(text)) return spans;
  // A table's cell under a tenure label is read by both (`| Tenure (yrs) | 6.3 |`): once.
  const seen = new Set(spans.map(({ start, date }) => `${start}:${date}`));
  for (const span of [...tenureCells(text, dates), ...labelledYears(text, dates)]) {
    const key = `${span.start}:${span.date}`;
    if (seen.has(key)) continue;
    seen.add(key);
    spans.push(span);
  }
  return spans;
}

/** Years after a label that counts them (round 16 red team: `Years of Service: 7`, `| Years at company | 7 |`; a JSON key, round 23: `"tenure_years": 6.9`); group 1 the years. */
const YEARS_LABEL =
  /\b(?:years?[ \t_]+(?:of[ \t_]+service|at[ \t_]+(?:the[ \t_]+)?(?:company|firm)|with[ \t_]+(?:the[ \t_]+)?(?:company|firm)|employed|of[ \t_]+tenure)|tenure[ \t]*\((?:years|yrs)\)|tenure[_-]?(?:years|yrs)|yearsOfService|tenureYears)["']?[*_]*[ \t]*[:|=][ \t*_|]*~?(\d{1,2}(?:\.\d{1,2})?)\+?(?![\d.]|[ \t]*(?:months?|mos)\b)/gi;

/** Years after a label that counts them, that one of `dates` gives (as a tenure column's cell: its row needs no year). */
function labelledYears(text: string, dates: readonly CountedFrom[]): ElapsedSpan[] {
  const spans: ElapsedSpan[] = [];
  for (const match of text.matchAll(YEARS_LABEL)) {
    const years = match[1];
    const start = match.index + match[0].lastIndexOf(years);
    spans.push(...yearsSpans(years, start, dates, () => true));
  }
  return spans;
}

/** The span of years written alone at `start` (`6.3`, `7`) for each of `dates` whose time they give and `counts` accepts. */
function yearsSpans(years: string, start: number, dates: readonly CountedFrom[], counts: (date: CountedFrom) => boolean): ElapsedSpan[] {
  const half = years.includes(".") ? decimalSlack(years) : 12;
  const [low, high] = [Number(years) * 12 - half, Number(years) * 12 + half];
  return dates.flatMap((counted, date) => (high >= counted.months - MONTHS_BEFORE_REFERENCE && low <= counted.months && counts(counted) ? [{ start, end: start + years.length, date }] : []));
}

/** A table column of years of tenure (`| Tenure (Yrs) |`, `years_of_service`): not one counted in months. */
const TENURE_HEADER = /^(?=.*\b(?:tenure|service|seniority)\b)(?!.*\b(?:months?|mos)\b)/i;
const TENURE_HEADER_HINT = /tenure|service|seniority|years?[ _](?:at|with|employed)/i;
/** A cell of such a column: years, whole or with decimals (`6.3`, `~7`, `7+`), its unit written or not (`13.3 yrs`). */
const YEARS_CELL = /^~?(\d{1,3}(?:\.\d{1,2})?)\+?(?:[ \t]?(?:yrs?|years?|y)\.?)?$/i;

/**
 * Cells of a tenure column whose years one of `dates` gives, in its row (round 12 re-judge: `| 1923-02-21 | 6.3 |` under
 * `Tenure (Yrs)`), and value cells of a row labelled so (round 14 red team: `| **Average Tenure (yrs)** | 4.5 |`), whose
 * row is the table's only tenure and so needs no year.
 */
function tenureCells(text: string, dates: readonly CountedFrom[]): ElapsedSpan[] {
  const spans: ElapsedSpan[] = [];
  const rowOf = lineFactsOf(text);
  let whole: LineFacts | undefined;
  for (const { header, rowLabel, start, end } of cellsOf(text)) {
    const labelled = rowLabel !== undefined && TENURE_HEADER.test(rowLabel);
    const cell = labelled || TENURE_HEADER.test(header) ? YEARS_CELL.exec(text.slice(start, end)) : null;
    if (!cell) continue;
    const years = cell[1];
    // In the row of that date (its year there): other rows count other people's. Years with a decimal in a row without a date tell
    // the date wherever the text writes its year (round 19 red team: `| Finance Manager | 1 | 13.3 yrs |` above `hired 8/27/2012`).
    const row = rowOf(start, end);
    const near = years.includes(".") && !row.writesAYear() ? (whole ??= new LineFacts(text)) : row;
    spans.push(...yearsSpans(years, start + text.slice(start, end).indexOf(years), dates, ({ year }) => labelled || near.holds(year)));
  }
  return spans;
}

/** Detects durations that the registered dates among `entries()` give up to `reference` (read at each call: values added at run time count). */
export function elapsedDetector(entries: () => readonly VaultEntry[], reference: CalendarDate): Detector {
  const dates = derivedFromEntries(entries, (all) =>
    all.flatMap((entry) => {
      const date = entry.kind === "date" && !isBirthField(entry.field) ? parseDate(entry.value) : null;
      const counted = date ? countedFrom(date, reference) : null;
      // A month at least: a date of this week is no one's tenure.
      return counted && counted.months >= 1 ? [{ entry, ...counted }] : [];
    }),
  );
  return {
    name: "elapsed",
    detect(text: string): Detection[] {
      const registered = dates();
      return elapsedSpans(text, registered).map(({ start, end, date }) => {
        const { entry } = registered[date];
        return { start, end, field: entry.field, kind: entry.kind, valueType: entry.valueType, tier: 1, confidence: ELAPSED_CONFIDENCE, source: "vault", value: entry.value, role: "elapsed" };
      });
    },
  };
}

/** What durations counted from `date` to `reference` are matched by. */
export function countedFrom(date: CalendarDate, reference: CalendarDate): CountedFrom {
  return { months: monthsBetween(date, reference), year: String(date.year) };
}

/** `written` (a span of `elapsedSpans`) moved by `monthsApart` months, written alike (`6 years, 4 months` -> `32 years, 1 month`); null where it would go below zero. */
export function shiftedElapsed(written: string, monthsApart: number): string | null {
  // Whole months, so the reverse shift restores what was written.
  const shift = Math.round(monthsApart);
  // A tenure column's cell is years alone (`6.3`).
  if (/^\d+(?:\.\d+)?$/.test(written)) {
    const years = Number(written) + shift / 12;
    return years < 0 ? null : years.toFixed(decimalsOf(written));
  }
  const match = new RegExp(ELAPSED_PHRASE.source, "i").exec(written);
  if (!match || match.index !== 0) return null;
  // A count in words is moved as its digits and written back in words.
  const spelled = /^\p{L}+/u.exec(written)?.[0];
  if (spelled !== undefined) {
    const shifted = shiftedElapsed(written.replace(spelled, String(countOf(spelled))), monthsApart);
    return shifted === null ? null : shifted.replace(/^\d+/, (count) => countLike(Number(count), spelled));
  }
  // A compact unit (`7y 11m`) is written so at any count.
  const unit = (count: number, word: string) => (word.length === 1 ? word : count === 1 ? word.replace(/s$/i, "") : /s$/i.test(word) || /^(?:mos|yrs)$/i.test(word) ? word : `${word}s`);
  if (match[6] !== undefined) {
    const months = Math.round(Number(match[6]) + shift);
    return months < 0 ? null : written.replace(/^(\d+)([ \t]?)(\p{L}+)/u, (_, _digits, space: string, word: string) => `${months}${space}${unit(months, word)}`);
  }
  const half = HALF_YEAR.exec(written);
  const total = Number(match[3]) * 12 + (half ? 6 : Number(match[5] ?? 0)) + shift;
  if (total < 0) return null;
  if (half) {
    // To the nearest half year, as written (the reverse is as near, not exact: a half year is what the writer gave).
    const halves = Math.round(total / 6);
    return written.replace(/^\d+/, String(Math.floor(halves / 2))).replace(half[0], halves % 2 === 1 ? half[0] : "");
  }
  if (match[5] !== undefined) {
    const [years, months] = [Math.floor(Math.round(total) / 12), Math.round(total) % 12];
    return written
      .replace(/^(\d+)([ \t]?(?:-[ \t]?)?)(\p{L}+)/u, (_, _digits, space: string, word: string) => `${years}${space}${unit(years, word)}`)
      .replace(/(\d+)([ \t]?)(\p{L}+)$/u, (_, _digits, space: string, word: string) => `${months}${space}${unit(months, word)}`);
  }
  const years = (total / 12).toFixed(decimalsOf(match[3]));
  // An adjective (`a 6-year veteran`) keeps its singular.
  return written.replace(/^[\d.]+(\+?)([ \t]?(?:-[ \t]?)?)(\p{L}+)/u, (_, plus: string, space: string, word: string) => `${years}${plus}${space}${space.includes("-") ? word : unit(Number(years), word)}`);
}
