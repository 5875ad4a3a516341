/**
 * Amounts a writer computes from a registered amount (`$84,600 (approx. $7,050/month)`, `12 monthly
 * installments of $34,407`, `max loan at 4x income: 338,400`): beside the registered amount's noisy
 * surrogate they gave the real one back (x12, x24, /4). A Detector over the guard's vault: a written
 * amount that is a registered amount's pay period share or small multiple, at the resolution it is
 * written to, is that amount's rendering (role `derived-amount`), shown moved as its surrogate is,
 * scaled alike (surrogate-parts.ts): the reader's arithmetic gives the surrogate, not the value. A
 * share the text itself states (`28% front-end: $2,982`) counts too: such an amount is redacted.
 * The total of a field's several amounts (a record's `{'base': 118250, 'bonus': 14190, ...}`, a
 * transaction history's `'amount'`s), its shares and its average, is that field's too: `total comp $172,440`,
 * and so is a sum of some of them (`base + bonus = $150,826`).
 */
import type { Detection, Detector } from "../base.js";
import { firstEndingAfter, firstStartingAt, sortInPlace } from "../sort.js";
import { SpanCover } from "../span-cover.js";
import { COUNT_WORD, countOf, type AmountRead } from "./numbers.js";
import { derivedFromEntries } from "./entries-memo.js";
import { SPELLED_AMOUNT_HINT, spelledAmounts } from "./spelled-amounts.js";
import { cellsOf } from "./table-cells.js";
import { sentenceBounds } from "./sentences.js";
import type { VaultEntry } from "./vault.js";
import { fieldNameWords } from "./words.js";

/** A derived amount is the writer's computation: less sure than the value itself. */
const DERIVED_CONFIDENCE = 0.7;
/**
 * What writers compute from an annual or total amount: a month's, half a month's, two weeks', a
 * week's and an hour's share (2,080 work hours a year), a half, a third and a quarter, and the multiples a
 * lender or a settlement states (`2x annual income`, `Max Loan (3.5x) $284,375`: round 7 red team); from
 * a monthly one, its year (`spousal support $4,850` -> `$58,200 a year`, `the one-third fee`: round 9); what is left after
 * a one-third fee (`net to client $857,894`) and a weekly one's year (`$59,800 per year` of `$1,150/week`: round 11).
 */
export const DERIVED_FACTORS: readonly number[] = [1 / 12, 1 / 24, 1 / 26, 1 / 52, 1 / 2080, 1 / 2, 1 / 3, 2 / 3, 1 / 4, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 12, 52];
/** A figure in thousands or millions of a registered amount, its unit left to a column's or key's name: with this many digits it is no chance. */
const SCALED_DIGITS = 4;
/** The same in a table's column whose header names the unit: every cell under it is such an amount (round 17 red team: `173` under `Salary ($K)`). */
const SCALED_CELL_DIGITS = 3;
/** A key naming a thousands, millions or cents unit right before its figure (`"base_k": `, `ebitda_musd=`, `Salary ($K): `; session 58 probe: `amt_cents=72900`). */
const UNIT_KEY_BEFORE = /(?:_k|_m(?:m|usd)?|\(\$?(?:k|m|mm)\)|_?cents)["'*_]*[ \t]*[:=,|][ \t"'*_]*$/i;
const UNIT_SCALES: readonly number[] = [1 / 1_000, 1 / 1_000_000, 100];
/** A key naming pay and its unit (`"salary_k": 161`, `base_salary_usd_k`): three digits under it are pay in thousands, as under a column header (session 53 probe). */
const PAY_UNIT_KEY_BEFORE = /(?:salary|pay|comp|compensation|income|wage)[a-z_]*_k["'*_]*[ \t]*[:=][ \t"'*_]*$/i;
/** Fewer significant digits than this and a written amount is anyone's round figure (`$7K`, `$90/hour`). */
const MIN_SIGNIFICANT_DIGITS = 3;
/** A percentage written in the text (`28%`, `12.5 %`, `40 percent`). */
const PERCENT = /(?<![\d.])(\d{1,3}(?:\.\d{1,2})?)(?:[ \t]?%|[ \t]+per[ \t]?cent\b)/gi;
/**
 * A count of parts the text splits an amount into (`6 installments`, `a 6-month plan`, `over 36 months`, `three equal shares`,
 * `each of three heirs`: round 15 red team): each is a share. Groups: the count, its noun.
 */
const SPLIT_COUNT = new RegExp(
  String.raw`\b(\d{1,3}|${COUNT_WORD})[ \t-]?(?:(?:equal|monthly|weekly|bi-?weekly|quarterly|annual)[ \t]+)?(installments?|instalments?|payments?|months?|weeks?|quarters?|years?|tranches?|pay[ \t]?periods?|pays|paychecks?|shares?|parts?|portions?|heirs?|beneficiar(?:y|ies)|children|siblings|ways)\b`,
  "gi",
);
/** A year's pay periods a share of an annual amount is paid by (a month, half a month, two weeks, a week). */
const PAY_PERIODS: readonly number[] = [1 / 12, 1 / 24, 1 / 26, 1 / 52];
/** A text's amounts given in thousands or millions (`Figures in $000s`, `($K)`, `in millions`). */
const IN_THOUSANDS = /(?:[$€£]|usd ?)0{3}s|\(0{3}s?\)|\bin thousands\b|\bthousands of dollars\b|\([$€£]k\)|\bin [$€£]k\b/i;
const IN_MILLIONS = /\bin millions\b|\bmillions of dollars\b|\([$€£]mm?\)|\bin [$€£]mm?\b/i;
/** A currency named after a figure (`186950 USD`, `912 dollars`). */
const CURRENCY_AFTER = /^[ \t]?(?:USD|EUR|GBP|dollars?|euros?)\b/i;
/** Digits a bare integer needs to be taken for a field's total without a currency: a shorter one is any count or code. */
const MIN_BARE_TOTAL_DIGITS = 5;
/** A value that is a figure and nothing else (`634.74`, `1290.0`). */
const PLAIN_FIGURE = /^\d+(?:\.\d+)?$/;
/** A month named beside a figure (`/month`, `per month`, `monthly`), within MONTH_REACH characters (`Gross monthly income:** approximately $7,700`); other periods in PERIODS. */
const MONTH_NEAR = /\bmonth|\/mo\b|\bmo\.|monthly/i;
const MONTH_REACH = 36;
/**
 * Pay periods named beside a rounder figure, with the share of a year each is (or a year of a month's amount): round 12 red
 * team, `$2,600 gross per biweekly period` of 67,600, `roughly $57/hr` of 118,435, `roughly $37K/yr` of 3,120 a month.
 */
const PERIODS: ReadonlyArray<readonly [RegExp, number]> = [
  [MONTH_NEAR, 1 / 12],
  [/\bbi-?weekly\b|\bevery (?:two|2) weeks\b|\bfortnight/i, 1 / 26],
  [/\bsemi-?monthly\b|\btwice (?:a|per) month\b/i, 1 / 24],
  [/(?<!bi-?)\bweekly\b|\bper week\b|\ba week\b|\/(?:wk|week)\b/i, 1 / 52],
  [/\bhourly\b|\bper hour\b|\ban hour\b|\/(?:hr|hour)\b/i, 1 / 2080],
  [/\bannual(?:ly)?\b|\byearly\b|\bper year\b|\ba year\b|\/(?:yr|year)\b/i, 12],
];
/** Every share of a year (or year of a month) a period in `context` names. */
function periodShares(context: string): number[] {
  return PERIODS.filter(([word]) => word.test(context)).map(([, share]) => share);
}

/** A line's label before its figure, read whole however long (`* Monthly payroll for the department: about $5.5K`: round 20 red team). */
const LINE_LABEL = /(?:^|\n)([^\n:]{1,80}):[^\n:]{0,24}$/;
/** Characters before a figure read for its line's label: the label's longest and what may stand between it and the figure. */
const LINE_LABEL_REACH = 110;

/** The label of the line a figure at `start` of `text` stands in (LINE_LABEL), or "". */
function lineLabelBefore(text: string, start: number): string {
  return LINE_LABEL.exec(text.slice(Math.max(0, start - LINE_LABEL_REACH), start))?.[1] ?? "";
}

/** The periods named within MONTH_REACH of `text`'s [start, end), before or after, or in the label of the figure's line. */
function periodsAround(text: string, start: number, end: number): number[] {
  const from = Math.max(0, start - MONTH_REACH);
  return periodShares(`${lineLabelBefore(text, start)}\n${text.slice(from, end + MONTH_REACH)}`);
}
const EXACT_SHARE_REACH = 40;
/** Where a clause ends: a stop, a semicolon or a comma before a space, or a line break. */
const CLAUSE_END = /[;.,](?:\s|$)|\n/;

/**
 * The clause a figure at [start, end) stands in (`Quarterly income: $24,000`, `She makes $8,000 a month`), within EXACT_SHARE_REACH
 * each way, after its line's label (round 23 red team: `Gross annual income: $84K, i.e. $7,000 per month`).
 */
function clauseAround(text: string, start: number, end: number): string {
  const before = text.slice(Math.max(0, start - EXACT_SHARE_REACH), start).split(CLAUSE_END).pop()!;
  const after = text.slice(end, end + EXACT_SHARE_REACH).split(CLAUSE_END)[0];
  return `${lineLabelBefore(text, start)}\n${before}${after}`;
}

/** The shares a rounded figure may be of its amount, as the transform reads it back. */
export const ROUNDED_SHARES: readonly number[] = PERIODS.map(([, share]) => share);
/** A figure said to be rounded (`~$86K`, `about $86,100`, `roughly 2.7K`). */
const APPROXIMATE_BEFORE = /(?:[~≈>]|\b(?:about|around|approx\.?|approximately|roughly|nearly|almost|some|just (?:over|under)|over|more than|exceed(?:s|ing)?|in excess of|upwards of|close to)[ \t]+)[*_ \t]*$/i;
/** Words of a field that holds pay, which writers give per period. */
const PAY_WORDS: ReadonlySet<string> = new Set(["salary", "income", "wage", "wages", "pay", "compensation", "earnings"]);

/** A clause about pay (`She makes $8,000 a month`, `quarterly gross pay is $24,000`), not rent or a budget. */
const PAY_CLAUSE = /\b(?:salary|income|wages?|pay|paid|paycheck|earns?|earning|earnings|makes|making|gross|take[ -]home|compensation)\b/i;

/** A quarter named as pay's period (`a quarter of` is a share). */
const QUARTERLY = /\bquarterly\b|\bper quarter\b|\ba quarter\b(?![ \t]+of\b)|\/(?:qtr|quarter)\b/i;

/** The pay a figure is exactly a period's share of, the period and pay named in its `clause`; undefined for none. */
function exactPayShare(pay: readonly Source[], figure: number, clause: string): Source | undefined {
  if (!PAY_CLAUSE.test(clause)) return undefined;
  const shares = [...periodShares(clause), ...(QUARTERLY.test(clause) ? [1 / 4] : [])];
  return sourceOf(pay, { value: figure, tolerance: EXACT_SHARE_TOLERANCE }, shares);
}

/** Whether `field` holds pay (`income`, `base_salary`, `annual_compensation`). */
function isPayField(field: string): boolean {
  return fieldNameWords(field).some((word) => PAY_WORDS.has(word));
}

/** How far a round figure may be from a period's share of an amount and be that share exactly (a cent's rounding either way). */
const EXACT_SHARE_TOLERANCE = 0.01;
/** A figure of one significant digit said to be near an amount (`roughly $7k` of 7,050, `~$5,000/month` of 59,870 a year) tells it within this share. */
const ONE_DIGIT_SHARE = 0.05;
/** An amount in words not said to be rounded tells the value within this share (`nine and a half million` of 9,500,000). */
const SPELLED_SHARE = 0.01;
const APPROXIMATE_REACH = 24;

/** Whether a word right before `start` says the figure there is rounded (APPROXIMATE_BEFORE). */
function saidApproximate(text: string, start: number): boolean {
  return APPROXIMATE_BEFORE.test(text.slice(Math.max(0, start - APPROXIMATE_REACH), start));
}
/** A figure said to be a floor: a word before it (`over $2.5M`, `in excess of`) or a `+` after it (`$2.5M+`). */
const FLOOR_BEFORE = /\b(?:over|more than|exceed(?:s|ing)?|in excess of|upwards of|at least|north of)[ \t]+[*_ \t]*$/i;

function saidFloor(text: string, start: number, end: number): boolean {
  return text.charAt(end) === "+" || FLOOR_BEFORE.test(text.slice(Math.max(0, start - APPROXIMATE_REACH), start));
}
/** A figure said to be a ceiling (`just under $2.5 million`, `below $2.5M`, `almost $2.5M`: round 14 red team). */
const CEILING_BEFORE = /\b(?:just under|under|below|less than|nearly|almost|(?:just )?shy of)[ \t]+[*_ \t]*$/i;

function saidCeiling(text: string, start: number): boolean {
  return CEILING_BEFORE.test(text.slice(Math.max(0, start - APPROXIMATE_REACH), start));
}
/** Slack in matching a computation: `/12` in floating point is not exact (a thousandth of a cent). */
const SLACK = 1e-5;
/** Words that make a figure the gap between two amounts or a percentage a change (`a $56,000 increase`, `a 38% jump`). */
const CHANGE_NOUNS = "increase|raise|bump|jump|cut|reduction|drop|premium";
/** A figure said to be a gap between two amounts (`$56K more than his current`, `a $52K pay cut`, `the gap of $56K`). */
const DIFFERENCE_AFTER = new RegExp(String.raw`^[*_ \t]*(?:${CHANGE_NOUNS}|more|less|higher|lower|gap|difference|pay cut)\b`, "i");
const DIFFERENCE_BEFORE = new RegExp(String.raw`\b(?:${CHANGE_NOUNS}|gap|difference)[ \t]+of[ \t]+[*_ \t]*$`, "i");
/** Characters read after a figure for its difference word. */
const DIFFERENCE_REACH = 16;
/** A percentage said to be a change, a word between allowed (`a 38% jump`, `a 29% pay cut`, `39% more than`; session 58 probe: `(~14.6%) over what he makes now`). */
const CHANGE_AFTER_PERCENT = new RegExp(String.raw`^\)?[ \t]*(?:[\p{L}-]+[ \t]+)?(?:${CHANGE_NOUNS}|hike|decrease|more|less|higher|lower|above|below|over)\b`, "iu");

function saidDifference(text: string, start: number, end: number): boolean {
  return DIFFERENCE_AFTER.test(text.slice(end, end + DIFFERENCE_REACH)) || DIFFERENCE_BEFORE.test(text.slice(Math.max(0, start - APPROXIMATE_REACH), start));
}

/** The larger of two registered pay amounts of different fields whose change, relative to either, `written` percent rounds (`38` of 38.36); pairs as `pairSums` bounds them. */
function payChangeSource(pay: readonly Source[], written: string): Source | undefined {
  const percent = Number(written);
  const tolerance = 0.5 * 10 ** -(written.split(".")[1]?.length ?? 0) + SLACK;
  for (const [at, a] of pay.entries()) {
    for (const b of pay.slice(at + 1)) {
      if (a.entry.field === b.entry.field || a.amount === b.amount) continue;
      const [low, high] = a.amount < b.amount ? [a, b] : [b, a];
      const changes = [((high.amount - low.amount) / low.amount) * 100, ((high.amount - low.amount) / high.amount) * 100];
      if (changes.some((change) => Math.abs(change - percent) <= tolerance)) return high;
    }
  }
  return undefined;
}

/** Whether a key naming the unit stands right before a figure of `shown` significant digits at `index` (three under a key naming pay too). */
function unitKeyBefore(text: string, index: number, shown: number): boolean {
  const before = text.slice(Math.max(0, index - APPROXIMATE_REACH), index);
  return (shown >= SCALED_DIGITS && UNIT_KEY_BEFORE.test(before)) || (shown >= SCALED_CELL_DIGITS && PAY_UNIT_KEY_BEFORE.test(before));
}

/** How far off a writer's division a period's share (a month's pay) may be, as a share of it: a ten-thousandth. */
const DIVISION_SHARE = 1e-4;
/** Characters between two written amounts that may be a sum's or a difference's operands. */
const OPERAND_REACH = 80;
/** Words that say a figure is each part of a split or what a deduction leaves (`each`, `net`, `after the 40% fee`). */
const SHARE_WORD = /\b(?:each|apiece|net|nets|netting|after|half|halves)\b/i;
const SHARE_WORD_REACH = 40;
/** Words that make two figures a threshold and the gap to an amount (`exceeds the $400,000 limit by $51K`, `$49K short of the $500,000 tier`). */
const GAP_WORD = /\b(?:exceed(?:s|ed|ing)?|above|below|short of|shy of|more than|less than|cushion|leaves|leaving|surplus|shortfall|headroom|margin|gap)\b/i;
const GAP_WORD_REACH = 24;
/** Shares of an amount two operands may sum to besides those the text states: what a contingency fee leaves or takes, halves. */
const OPERAND_SHARES: readonly number[] = [1 / 2, 1 / 3, 2 / 3];
/** Smallest registered amount whose shares are looked for (a $300 fee's shares are everyday numbers). */
const MIN_REGISTERED = 1_000;

/**
 * An amount as written: a currency sign or code before it, a magnitude after it, grouping or decimals
 * (bare digits are as often a year, a count or a piece of an id: `2026`, `uuid 01a2-3834-...`). Groups:
 * sign, integer, decimals, magnitude.
 */
const WRITTEN_AMOUNT = /(?<![A-Za-z0-9.,])([$€£¥₹][ \t]?|USD[ \t]?)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?:[ \t]?(k|K|thousand|[mM]\b|million|mil\b|MM\b|mm\b|mn\b))?(?![A-Za-z0-9]|[.,]\d)/g;

/** One end of a band: sign, integer, decimals, magnitude (as `WRITTEN_AMOUNT`'s groups). */
const BAND_END = String.raw`([$€£¥₹][ \t]?|USD[ \t]?)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?:[ \t]?(k|K|thousand|[mM]\b|million|mil\b|MM\b|mm\b|mn\b))?`;
/** Two amounts as a band (`$145K–$155K`, `$120,000 - $130,000`, `$120-130K`, `between $4.7M and $4.9M`: `and` checked where found). */
const BAND = new RegExp(String.raw`(?<![A-Za-z0-9.,])${BAND_END}[ \t]*(?:–|—|-|to|and)[ \t]*${BAND_END}(?![A-Za-z0-9]|[.,]\d)`, "g");
/** A band joined by `and` is one after `between` (round 10 red team); `$5 and $6` alone are two amounts. */
const BETWEEN_BEFORE = /\bbetween[ \t]+$/i;
/** `BAND` as a whole span's reading. */
const WHOLE_BAND = new RegExp(`^(?:${BAND.source})$`);
/** What every band has (`5K–$1`, `0 - $1`, `0 to 1`): most texts have none, and are not scanned for one. */
const BAND_HINT = /\d(?:[kKmM]|[ \t]?(?:thousand|million))?[ \t]*(?:[–—-]|to|and)[ \t]*(?:[$€£¥₹]|USD)?[ \t]?\d/;
/** Widest band, as a share of its middle, that still tells the amount inside it (a $10K band pins a $150K salary to ±3.5 %). */
const TIGHT_BAND = 0.12;

/**
 * A band of two amounts as one reading: its middle, give or take half its width; null where it is
 * none (no currency, magnitude or grouping: `2021-2023`), or too wide to tell an amount.
 */
export function bandRead(written: string): AmountRead | null {
  const match = WHOLE_BAND.exec(written);
  if (!match) return null;
  const [, lowSign, lowInteger, lowDecimals = "", lowMagnitude, highSign, highInteger, highDecimals = "", highMagnitude] = match;
  if ([lowSign, highSign, lowMagnitude, highMagnitude].every((part) => part === undefined) && !`${lowInteger}${highInteger}`.includes(",")) return null;
  // `$120-130K`: the magnitude written once counts for both ends.
  const low = amountOf(lowInteger, lowDecimals, lowMagnitude ?? highMagnitude).value;
  const high = amountOf(highInteger, highDecimals, highMagnitude).value;
  const middle = (low + high) / 2;
  return high > low && high - low <= TIGHT_BAND * middle ? { value: middle, tolerance: (high - low) / 2 } : null;
}

/** An amount's value and tolerance from its integer (grouped or not), decimals and magnitude word. */
function amountOf(integer: string, decimals: string, magnitudeWord: string | undefined): AmountRead {
  const magnitude = magnitudeWord === undefined ? 1 : magnitudeWord === "k" || magnitudeWord === "K" || magnitudeWord === "thousand" ? 1e3 : 1e6;
  const value = Number(`${integer.replace(/,/g, "")}.${decimals || "0"}`) * magnitude;
  // Zero cents are as often a figure rounded to the unit and written to the cent (`average $337.00` of 336.99).
  const shown = /^0+$/.test(decimals) ? 0 : decimals.length;
  return { value, tolerance: (10 ** -shown * magnitude) / 2 };
}

/** A figure written without decimals, read as rounded to its trailing zeros (`$7,700` of 7,701, `$8,360` of 8,358.33). */
export function roundedRead(read: AmountRead, written: string): AmountRead {
  const whole = /^[^\d]*([\d,]+)(\.\d*)?/.exec(written);
  if (!whole || whole[2] !== undefined) return read;
  const digits = whole[1].replace(/,/g, "");
  // Its zeros count in the unit of its scale word (`$900K`: to the hundred thousand; round 13 red team, they had counted as units).
  const unit = Number(digits) > 0 ? read.value / Number(digits) : 1;
  return { ...read, tolerance: Math.max(read.tolerance, (unit * 10 ** /0*$/.exec(digits)![0].length) / 2) };
}

/** The factor of `DERIVED_FACTORS` that gives `written` from `registered` at its resolution, else null. */
export function derivationOf(written: AmountRead, registered: number, factors: readonly number[] = DERIVED_FACTORS): number | null {
  for (const factor of factors) {
    if (Math.abs(written.value - registered * factor) <= written.tolerance + SLACK) return factor;
  }
  return null;
}

/** A total and its shares: the total itself is no value of the record. */
export const TOTAL_FACTORS: readonly number[] = [1, ...DERIVED_FACTORS];

function significantDigits(integer: string, decimals: string): number {
  const digits = (integer.replace(/,/g, "") + decimals).replace(/^0+/, "");
  return (decimals === "" ? digits.replace(/0+$/, "") : digits).length;
}

/** A registered amount, or a field's total (`parts` amounts summed), that written amounts may be computed from. */
interface Source {
  entry: VaultEntry;
  amount: number;
  /** What the detection carries as the value: the registered one, or the total written out. */
  value: string;
  parts: number;
}

/**
 * Reads of a figure one text may take (a figure against a registered amount by one factor, a percentage tried for a figure, a
 * stated share made). Every figure may be any stated share's or percentage's, so a text of thousands of each (a generated table,
 * or input written to stall the guard) took minutes: past this many, detection fails and the guard redacts the text. Prose
 * and reports take a few thousand.
 */
const MAX_FIGURE_READS = 5_000_000;
/** Reads left to the text being detected (detection is synchronous: one text at a time). */
let figureReadsLeft = MAX_FIGURE_READS;

function readFigures(count: number): void {
  figureReadsLeft -= count;
  if (figureReadsLeft < 0) throw new Error(`derived-amounts: more than ${MAX_FIGURE_READS} reads of figures in one text`);
}

/** The first source in `sorted` (by amount) that `factor` times gives `read` at its resolution, or undefined. */
function sourceByFactor(sorted: readonly Source[], read: AmountRead, factor: number): Source | undefined {
  readFigures(1);
  const [low, high] = [(read.value - read.tolerance - SLACK) / factor, (read.value + read.tolerance + SLACK) / factor];
  let [from, to] = [0, sorted.length];
  while (from < to) {
    const middle = (from + to) >>> 1;
    if (sorted[middle].amount < low) from = middle + 1;
    else to = middle;
  }
  return from < sorted.length && sorted[from].amount <= high ? sorted[from] : undefined;
}

/** The first source of `sorted` some factor of `factors` gives `read` from (factors in order): a binary search each, not a pass over the vault. */
function sourceOf(sorted: readonly Source[], read: AmountRead, factors: readonly number[]): Source | undefined {
  for (const factor of factors) {
    const source = sourceByFactor(sorted, read, factor);
    if (source) return source;
  }
  return undefined;
}

const byAmount = (a: Source, b: Source) => a.amount - b.amount;

const centsOf = (amount: number) => Math.round(amount * 100) / 100;

/**
 * A third of a round figure's span (`low $900,000s`, `mid-$80Ks`, `upper 700Ks`), or all of it after `in the` (`in the $140s`): group 1
 * the third, 2 the figure (one or two significant digits, then zeros: checked by `thirdOfRoundFigure`), 3 a magnitude.
 */
const AMOUNT_THIRD = /(?:\b(low|lower|mid|middle|high|upper)[- ]?|(?<=\bin[ \t]+the[ \t]+))\$?([1-9]\d{0,2}(?:,\d{3})*)(?:[ \t]?([km])|[ \t]+(thousand|million|billion))?['’]?s\b/gi;
const AMOUNT_THIRD_HINT = /\b(?:low|mid|high|upper|in the)[- ]?\$?\d/i;
/** A figure with a fraction's sign and a scale (`$412½M`, `1¾ million`): groups whole, fraction, scale. */
const FRACTION_AMOUNT = /(?<![\d.,])(\d{1,3})([½¼¾⅓⅔⅛⅜⅝⅞])[ \t]?(k|m|mm|bn|b|thousand|million|billion)\b/gi;
const FRACTION_HINT = /\d[½¼¾⅓⅔⅛⅜⅝⅞]/;
const FRACTIONS: Readonly<Record<string, number>> = { "½": 1 / 2, "¼": 1 / 4, "¾": 3 / 4, "⅓": 1 / 3, "⅔": 2 / 3, "⅛": 1 / 8, "⅜": 3 / 8, "⅝": 5 / 8, "⅞": 7 / 8 };
/** A scale's letter or word and its value (`$412½M`, `mid-$80Ks`, `the high $3 millions`). */
const SCALES: Readonly<Record<string, number>> = { k: 1e3, thousand: 1e3, m: 1e6, mm: 1e6, million: 1e6, b: 1e9, bn: 1e9, billion: 1e9 };
/** A column's header naming its unit (`base_k`, `Total Comp ($K)`, `ev_musd`, `Price (MM)`, `in $000s`): the scale of its cells. */
const UNIT_HEADER_HINT = /_k\b|_m(?:m|usd)?\b|\(\$?(?:k|m|mm)\)|\$?000s|_cents\b/i;
function headerScale(header: string): number | undefined {
  if (/(?:_|\(\$?)k\b|\$?000s/i.test(header)) return 1_000;
  if (/(?:_|\(\$?)(?:m|mm|musd)\b/i.test(header)) return 1_000_000;
  // Session 58 probe: `amount_cents` over `318740` of 3,187.40.
  if (/_cents\b/i.test(header)) return 1 / 100;
  return undefined;
}
/** A cell that is a figure alone: digits with grouping and decimals (groups 1-2), emphasis or a `~` around it. */
const CELL_FIGURE = /^[~≈*_ \t"']*(\d{1,3}(?:,\d{3})*|\d+)(?:\.(\d+))?[*_ \t"']*$/;
/** The third of its span each word names. */
const AMOUNT_THIRDS: Readonly<Record<string, number>> = { low: 0, lower: 0, mid: 1, middle: 1, high: 2, upper: 2 };
/** How far past its third a figure is still told by it, as a share of the figure's step (`mid` of 934,000 in the `900,000s`; session 58 probe: `high-190s` of 196,000). */
const THIRD_OVERLAP_SHARE = 0.1;

/** The amounts a third of a round figure's span covers (`low $900,000s`: 900,000 to 933,333, a little past); null for no round figure. */
function thirdOfRoundFigure(match: RegExpMatchArray, text: string): { low: number; high: number } | null {
  const digits = match[2].replace(/,/g, "");
  // Pay in thousands needs no unit (round 18 red team: `She earns in the low 140s` of 143,612).
  const implied = match[3] === undefined && match[4] === undefined && digits.length <= 3 && PAY_BEFORE.test(text.slice(Math.max(0, match.index! - PAY_REACH), match.index!));
  const magnitude = implied ? 1_000 : (SCALES[(match[4] ?? match[3] ?? "").toLowerCase()] ?? 1);
  // A whole span (`in the 1990s`, `in the 80s`) is a figure only in dollars, with a scale, or after pay's words.
  if (match[1] === undefined && !implied && magnitude === 1 && !match[0].startsWith("$")) return null;
  const figure = Number(digits) * magnitude;
  // The step is the unit of its last non-zero digit (`900,000s` by 100,000, `80Ks` by 10,000).
  const zeros = /0*$/.exec(digits)![0].length;
  const step = 10 ** zeros * magnitude;
  if (figure < MIN_REGISTERED || step < 10 || digits.length - zeros > 2) return null;
  if (match[1] === undefined) return { low: figure - step * THIRD_OVERLAP_SHARE, high: figure + step * (1 + THIRD_OVERLAP_SHARE) };
  const third = AMOUNT_THIRDS[match[1].toLowerCase()];
  return { low: figure + (third * step) / 3 - step * THIRD_OVERLAP_SHARE, high: figure + ((third + 1) * step) / 3 + step * THIRD_OVERLAP_SHARE };
}

/**
 * Words of pay right before a figure in the hundreds, which then counts thousands (`earns in the mid-140s`, `base is in the low 160s`;
 * session 58 probe: `asking for something in the high-190s`; not `Salary notes: she is in her low 40s`).
 */
const PAY_BEFORE = /\b(?:salary|salaries|earns?|earning|paid|pay|base|compensation|comp|income|wage|asking|asks|seeking|expects|expecting|targeting|makes|making)(?:[*_]*:)?(?:[ \t]+(?:is|was|are|were|sits|falls|lands|of|in|at|for|something|somewhere|roughly|about|around|the|her|his|their))*[ \t]+$/i;
const PAY_REACH = 48;

/** Registered amounts and totals paired (summed, subtracted) only up to this many: a large vault's pairs are too many to tell apart. */
const MAX_PAIRED_SOURCES = 24;
/** Significant digits an amount shows to be read as two registered ones summed: fewer match some pair by chance. */
const MIN_PAIR_SUM_DIGITS = 5;

/**
 * Two registered amounts or totals of different fields summed or subtracted (round 13 red team: `Opening Balance (derived):
 * $158,675.63` of a balance and the transaction history's total), as the larger one's; none past MAX_PAIRED_SOURCES.
 */
function pairSums(sources: readonly Source[]): Source[] {
  if (sources.length > MAX_PAIRED_SOURCES) return [];
  const pairs: Source[] = [];
  for (const [at, a] of sources.entries()) {
    for (const b of sources.slice(at + 1)) {
      if (a.entry.field === b.entry.field) continue;
      const larger = a.amount >= b.amount ? a : b;
      for (const amount of [centsOf(a.amount + b.amount), centsOf(Math.abs(a.amount - b.amount))]) {
        if (amount >= MIN_REGISTERED) pairs.push({ entry: larger.entry, amount, value: String(amount), parts: 1 });
      }
    }
  }
  return pairs.sort(byAmount);
}

/** Members of a record summed two or more at a time but not all (`base + bonus` of three), up to this many members. */
const MAX_SUMMED_PARTS = 8;

/** The sums of every subset of `parts` of two members or more but fewer than all (all of them is the total). */
function partSums(parts: readonly number[]): number[] {
  if (parts.length < 3 || parts.length > MAX_SUMMED_PARTS) return [];
  const sums: number[] = [];
  for (let subset = 1; subset < (1 << parts.length) - 1; subset++) {
    if ((subset & (subset - 1)) === 0) continue;
    sums.push(centsOf(parts.reduce((sum, part, k) => (subset & (1 << k) ? sum + part : sum), 0)));
  }
  return sums;
}

/** The differences of two members of `parts` (session 58 probe: `The largest ($2,310.25) exceeds the next-largest by $1,070.25`), up to MAX_SUMMED_PARTS members. */
function partDifferences(parts: readonly number[]): number[] {
  if (parts.length > MAX_SUMMED_PARTS) return [];
  return parts.flatMap((a, at) => parts.slice(at + 1).flatMap((b) => (a === b ? [] : [centsOf(Math.abs(a - b))])));
}

/**
 * The source a written amount (`exact`, showing `shown` significant digits, at `index` of `text`) is computed from, or
 * undefined: a month's share said so beside it, rounded (`approximately $7,700/month`, `Gross monthly income is about
 * $8,360`: its trailing zeros are rounding); from three digits, a share, multiple or stated percentage of an amount, a
 * total's share or its average (`Average transaction: $264.39`); a total rounded as writers round it (`~$86K`, `about $86,100`
 * of 86,135: round 8 red team), two digits only said to be rounded (`$110,000` in a table of salaries is anyone's).
 */
function computedSource(
  text: string,
  index: number,
  written: string,
  exact: AmountRead,
  shown: number,
  {
    amounts,
    totals,
    partTotals,
    pairs,
    shares,
    yearsStated,
    context,
  }: { amounts: readonly Source[]; totals: readonly Source[]; partTotals: readonly Source[]; pairs: readonly Source[]; shares: () => readonly number[]; yearsStated: () => boolean; context: FigureContext },
): Source | undefined {
  const periods = periodsAround(text, index, index + written.length);
  const full = shown >= MIN_SIGNIFICANT_DIGITS;
  const approximate = saidApproximate(text, index);
  // Said to be about it, a figure may be cut rather than rounded (round 24 audit of the dev replay: `~$2,487 total` of 2,487.78).
  const roundedAsWritten = roundedRead(exact, written);
  const rounded = approximate ? { ...roundedAsWritten, tolerance: 2 * roundedAsWritten.tolerance } : roundedAsWritten;
  return (
    // A period's share the writer divided out: off by its arithmetic, under a dollar a month (round 26 audit: `Monthly Income: $22,652.75` of 271,823).
    (periods.length > 0 ? sourceOf(amounts, { ...rounded, tolerance: Math.max(rounded.tolerance, exact.value * DIVISION_SHARE) }, periods) : undefined) ??
    (yearsStated() ? sourceOf(amounts, rounded, spreadShares(context, index, index + written.length)) : undefined) ??
    (full
      ? (sourceOf(amounts, exact, DERIVED_FACTORS) ??
        sourceOf(amounts, exact, shares()) ??
        sourceOf(totals, exact, TOTAL_FACTORS) ??
        sourceOf(totals, exact, shares()) ??
        // Four digits or more in thousands or millions right after a key naming the unit (round 14 red team: `"base_k": 127.45`); not
        // without one (`Version 118.300`, `pH 4.600` are no salary of 118,300 or loan of 4,600).
        (unitKeyBefore(text, index, shown) ? (sourceOf(amounts, exact, UNIT_SCALES) ?? sourceOf(totals, exact, UNIT_SCALES)) : undefined) ??
        totals.find((total) => derivationOf(exact, total.amount, [1 / total.parts]) !== null) ??
        sourceOf(partTotals, exact, [1]) ??
        (shown >= MIN_PAIR_SUM_DIGITS ? sourceOf(pairs, exact, [1]) : undefined))
      : undefined) ??
    (full || approximate ? sourceOf(totals, rounded, [1]) : undefined) ??
    // Members summed or set apart, said to be rounded (session 58 probe: `the high year about $5.7k above the low one` of 15,500 and 9,800).
    (approximate ? sourceOf(partTotals, rounded, [1]) : undefined) ??
    // Two fields' sum said to be rounded (round 14 red team: `Starting Balance: ~$95.7K` of a balance and its transactions).
    (full && approximate ? sourceOf(pairs, rounded, [1]) : undefined) ??
    // A share said to be rounded (round 15 red team: `you would net approximately $871,000` of 1,299,999 after a 33% fee).
    (full && approximate ? (sourceOf(amounts, rounded, DERIVED_FACTORS) ?? sourceOf(amounts, rounded, shares())) : undefined) ??
    // What a figure is said to be of an amount, as a rounded percentage (round 16 red team: `$2,528.27, which is 19.3% of monthly gross income`).
    (full ? ratioSource(amounts, exact, context) : undefined)
  );
}

/**
 * The shares `text` states: a percentage (`28% front-end: $2,982`, `25% of gross monthly income`), of the year or the month,
 * and a change by it (`a 12% raise brings it to $134,400`, `cut 10% to $108,000`); a split (`6 installments of $212.73` of
 * 1,276.38: round 9 red team), of the amount or of a share of it (`6% ... $273.23 per pay (26 pays)`: round 10 red team);
 * a table's scale (`Figures in $000s`).
 */
function statedShares(text: string, { percents, counts: written }: StatedParts): number[] {
  // Each count once (a repeat states the same shares), and counted against the text's reads before any is made.
  const counts = distinctCounts(written);
  readFigures(percents.length * (5 + PAY_PERIODS.length) + counts.length * (3 + percents.length));
  // An amount a percentage above or below a figure is that figure's too (round 20 red team: `10% higher than the prior offer of $1,169,855`).
  const shares = percents.flatMap((share) => [share, 1 + share, 1 - share, 1 / (1 + share), ...(share < 1 ? [1 / (1 - share)] : []), ...PAY_PERIODS.map((period) => share * period)]);
  for (const [count, noun] of counts) {
    shares.push(1 / count, ...percents.map((share) => share / count));
    // Weeks' or months' worth of a year's amount (round 15 red team: `12 weeks of base pay` of a salary as severance); a month of
    // an amount spread over years (round 16: `Structured over five years, the settlement works out to $78,970 per month`).
    if (/^weeks?$/i.test(noun)) shares.push(count / 52);
    else if (/^months?$/i.test(noun)) shares.push(count / 12);
    else if (/^years?$/i.test(noun)) shares.push(1 / (12 * count));
  }
  if (IN_THOUSANDS.test(text)) shares.push(1 / 1_000);
  if (IN_MILLIONS.test(text)) shares.push(1 / 1_000_000);
  // Each once, in order: a repeat finds what it found before.
  return [...new Set(shares)];
}

/**
 * The shares a text states outright, which a rounder figure is read against too (round 15 red team: `After the 40% fee, you
 * would receive $780,000`, `three equal shares of approximately $3.3 million each`): what a stated percentage leaves, and
 * one of a stated count of parts.
 */
function statedSplits({ percents, counts, halves }: StatedParts): number[] {
  return [...new Set([...percents.map((share) => 1 - share), ...counts.map(([count]) => 1 / count), ...(halves ? [1 / 2] : [])])];
}

/** Words that split an amount in two without a count (round 20 red team: `Each spouse would get about $1.6 million` of 3,208,571). */
const HALVES = /\b(?:split|divided|shared)[ \t]+(?:equally|evenly|down the middle|in half)\b|\bequal(?:ly)?[ \t]+(?:split|division|shares)\b|\b(?:each|both)[ \t]+(?:spouses?|parties|parents|partners|sides|co-?owners)\b|\bhalf\b/i;

/** The percentages and counts of parts a text states, which its shares and splits are made of: read once per text. */
interface StatedParts {
  percents: number[];
  counts: Array<[count: number, noun: string]>;
  /** The text splits in two without a count (`HALVES`). */
  halves: boolean;
}

function statedParts(text: string): StatedParts {
  return { percents: statedPercents(text), counts: splitCounts(text), halves: HALVES.test(text) };
}

function statedPercents(text: string): number[] {
  const percents = /%|per[ \t]?cent/i.test(text) ? Array.from(text.matchAll(PERCENT), (match) => Number(match[1]) / 100) : [];
  // A ratio written as a decimal (round 16 red team: `With a DTI limit of 0.43, his income supports a payment up to $7,692`).
  const decimals = RATIO_WORD.test(text) ? Array.from(text.matchAll(DECIMAL_RATIO), (match) => Number(match[0])) : [];
  // A split in percent (round 16 red team: `Under your client's proposed 60/40 split, our client would receive approximately $941,963`).
  const splits = SPLIT_WORD.test(text) ? Array.from(text.matchAll(PERCENT_SPLIT), (match) => [Number(match[1]) / 100, Number(match[2]) / 100]).filter(([a, b]) => Math.abs(a + b - 1) < SLACK).flat() : [];
  return [...new Set([...percents, ...decimals, ...splits])];
}

/** Two percentages of a split that sum to a hundred (`60/40`, `70 / 30`, `60-40`, `60:40`), in a text that names a split. */
const PERCENT_SPLIT = /(?<![\d./:-])(\d{1,2})[ \t]?[/:-][ \t]?(\d{1,2})(?![\d./:-])/g;
const SPLIT_WORD = /\b(?:split|division|divide[ds]?|allocation|proposal|share|ratio)\b/i;

/** A decimal ratio (`0.43`), read as a share where the text names a ratio. */
const DECIMAL_RATIO = /(?<![\d.])0\.\d{1,2}(?![\d.])/g;
const RATIO_WORD = /(?<![a-z])(?:ratio|dti|ltv|limit|multiple|factor)(?![a-z])/i;
/** The names a percentage is given as a ratio by (`DTI`, `payment-to-income ratio`, `LTV`). */
const RATIO_NAMES = "ratio|dti|ltv|to-income";
/**
 * A percentage with decimals: a ratio the writer computed and rounded to its last digit, of an amount (`is 19.3% of his gross
 * monthly income`) or as a ratio named before it (`Payment-to-income ratio: 19.3%`, `DTI of 19.3%`).
 */
const ROUNDED_PERCENT = new RegExp(String.raw`(?:(?<![a-z])(?:${RATIO_NAMES})(?![a-z])[^\n.%]{0,24}?)?(?<![\d.])(\d{1,2})\.(\d{1,2})[ \t]?%(?:[ \t]+of\b)?`, "gi");
/** Widest rounding of such a percentage read (a tenth of 10 %): a smaller one's rounding is wider than a computation tells. */
const MAX_PERCENT_ROUNDING = 0.005;

/**
 * What a text states around its figures, read once per text or per sentence: a text may write thousands of figures in
 * one sentence, and reading the sentence (or the whole text) again for each had made detection quadratic in its length.
 */
class FigureContext {
  private percentWritten?: boolean;
  private ratios?: ReadonlyArray<readonly [percent: number, rounding: number]>;
  private readonly counts = new Map<number, Array<[count: number, noun: string]>>();
  private readonly percents = new Map<number, TiedPercent[][]>();

  constructor(readonly text: string) {}

  writesPercent(): boolean {
    return (this.percentWritten ??= PERCENT_HINT.test(this.text));
  }

  /** The rounded percentages named a ratio or said to be of something (ROUNDED_PERCENT), each once, in order. */
  roundedRatios(): ReadonlyArray<readonly [percent: number, rounding: number]> {
    if (this.ratios === undefined) {
      const seen = new Set<string>();
      const ratios: Array<readonly [number, number]> = [];
      for (const match of this.text.includes("%") ? this.text.matchAll(ROUNDED_PERCENT) : []) {
        // Neither a ratio's name before it nor `of` after it: a percentage of anything (`rates rose 3.25%`).
        if (!/^[a-z]/i.test(match[0]) && !/of$/i.test(match[0])) continue;
        const percent = Number(`${match[1]}.${match[2]}`);
        const rounding = (0.5 * 10 ** -match[2].length) / percent;
        if (rounding > MAX_PERCENT_ROUNDING || seen.has(`${percent}:${rounding}`)) continue;
        seen.add(`${percent}:${rounding}`);
        ratios.push([percent, rounding]);
      }
      this.ratios = ratios;
    }
    return this.ratios;
  }

  /** The counts of parts (`splitCounts`) the sentence around `at` states, each once (a repeat states the same shares). */
  countsInSentenceOf(at: number): Array<[count: number, noun: string]> {
    const [from, to] = sentenceBounds(this.text, at);
    let counts = this.counts.get(from);
    if (counts === undefined) this.counts.set(from, (counts = distinctCounts(splitCounts(this.text.slice(from, to)))));
    return counts;
  }

  /**
   * The percentages (PERCENT) of the sentence around a figure at `at` that it ties to what they are of, in order; of those
   * written alike, the first before the figure and the first after it (the others read as they do: a long sentence of one
   * repeated percentage had been read whole for each of its figures).
   */
  tiedPercentsAround(at: number): TiedPercent[] {
    const [from, to] = sentenceBounds(this.text, at);
    let alike = this.percents.get(from);
    if (alike === undefined) this.percents.set(from, (alike = writtenAlike(tiedPercents(this.text, from, to))));
    const around: TiedPercent[] = [];
    for (const occurrences of alike) {
      if (occurrences[0].end <= at) around.push(occurrences[0]);
      const after = occurrences[firstEndingAfter(occurrences, at)];
      if (after !== undefined) around.push(after);
    }
    readFigures(around.length);
    return sortInPlace(around, (a, b) => a.start - b.start);
  }
}

/** A percentage its sentence ties to what it is of (`of that amount`, a ratio's name, a change): where, its number and half its unit. */
interface TiedPercent {
  start: number;
  end: number;
  percent: number;
  half: number;
  changed: boolean;
  /** Written with decimals or said to be about it: a computed percentage. */
  rounded: boolean;
}

/** `tied` grouped by what they say (all but where they stand), each group in text order. */
function writtenAlike(tied: readonly TiedPercent[]): TiedPercent[][] {
  const groups = new Map<string, TiedPercent[]>();
  for (const percent of tied) {
    const key = `${percent.percent}:${percent.half}:${percent.changed}:${percent.rounded}`;
    const group = groups.get(key);
    if (group) group.push(percent);
    else groups.set(key, [percent]);
  }
  return [...groups.values()];
}

/** The tied percentages of text[from, to), a sentence. */
function tiedPercents(text: string, from: number, to: number): TiedPercent[] {
  const tied: TiedPercent[] = [];
  for (const match of text.slice(from, to).matchAll(PERCENT)) {
    const [start, end] = [from + match.index, from + match.index + match[0].length];
    const around = text.slice(Math.max(0, start - CHANGE_REACH), end + CHANGE_REACH);
    const changed = CHANGE_WORD.test(around) || text.charAt(start - 1) === "+";
    if (!(OF_WHAT.test(text.slice(end, end + 32)) || RATIO_BEFORE.test(text.slice(Math.max(0, start - 32), start)) || RATIO_AFTER.test(text.slice(end, end + 32)) || changed)) continue;
    const half = 0.5 * 10 ** -(match[1].split(".")[1]?.length ?? 0);
    tied.push({ start, end, percent: Number(match[1]), half, changed, rounded: match[1].includes(".") || saidApproximate(text, start) });
  }
  return tied;
}

/** The amount a figure is a rounded percentage of, itself or its month's share, within that percentage's rounding. */
function ratioSource(amounts: readonly Source[], read: AmountRead, context: FigureContext): Source | undefined {
  // Each percentage once: a repeat finds what it found before.
  for (const [percent, rounding] of context.roundedRatios()) {
    readFigures(1);
    const near = { value: read.value, tolerance: Math.max(read.tolerance, read.value * rounding) };
    const source = sourceOf(amounts, near, [percent / 100, percent / 1200]);
    if (source) return source;
  }
  return undefined;
}

/** The smallest share a percentage in a figure's sentence is read as: a smaller one's rounding is wider than a computation tells (`3.2%`). */
const MIN_SENTENCE_SHARE = 10;
/** Words after a percentage that tie it to what it is of, not a figure (`80% of that amount`, `29.5% of his annual income`). */
const OF_WHAT = /^[ \t]+of[ \t]+(?:(?:the|that|this|his|her|their|our|your|its|a|an)[ \t]+)?\p{L}/iu;
/** A percentage (group 1, its number group 2) of what a figure right after states (`42% of the $8,000,000 demand`). */
const PERCENT_OF_FIGURE = /(?<![\d.])((\d{1,3}(?:\.\d{1,2})?)[ \t]?(?:%|percent\b|per[ \t]cent\b))[ \t]+of[ \t]+(?:(?:the|that|this|his|her|their|our|your|its|a|an)[ \t]+)?(?:[\p{L}-]+[ \t]+){0,2}(?=(?:[$€£¥₹]|USD)[ \t]?\d)/giu;
const PERCENT_HINT = /%|per[ \t]?cent/i;
/** Characters of a currency sign between a percentage's `of` and its figure's digits (`$`, `USD `). */
const CURRENCY_REACH = 4;
/** A ratio named before a percentage (`DTI is about 21%`, `payment-to-income ratio of 19%`). */
const RATIO_BEFORE = new RegExp(String.raw`(?<![a-z])(?:${RATIO_NAMES})(?![a-z])[^.\n%]{0,24}$`, "i");
/** A ratio named after a percentage (round 18 red team: `at a 28% front-end ratio`). */
const RATIO_AFTER = new RegExp(String.raw`^[ \t]+(?:[\p{L}-]+[ \t]+){0,2}(?:${RATIO_NAMES})\b`, "iu");
/** A change by a percentage (`A 20% reduction`, `grew 8%`, `cut by 15%`). */
const CHANGE_WORD = /\b(?:reduc\w*|cut|discount\w*|decreas\w*|increas\w*|raise[sd]?|grew|grow[sn]?|rose|rise[sn]?|fell|fall[sn]?|drop(?:s|ped)?|haircut|markdown|premium)\b/i;
const CHANGE_REACH = 24;
/** A figure that is the base a percentage before it applies to or its cap (`25% of the $1.1 million`, `10% per year on the $450,000`, `up to $3.9 million`). */
const BASE_BEFORE_FIGURE = /\b(?:of|on|up[ \t]+to)[ \t]+(?:(?:the|a|an|his|her|their|its|our|your)[ \t]+)?(?:[\p{L}-]+[ \t]+){0,2}$/u;
/** A figure a change starts from (`grew 8% from $109,759`). */
const FROM_BEFORE_FIGURE = /\bfrom[ \t]+$/i;

/**
 * The amount a figure and a percentage in its sentence give, at the roundings of both, where the sentence ties the percentage to
 * what it is of (`of that amount`, a ratio's name, a change): round 17 red team, `counter at roughly 80% of that amount (about
 * $3.5 million)`, `a lump sum of $850,000, roughly 93% of our figure`, `monthly obligations of $2,100, DTI is about 21%` of a
 * year's income, `A 20% reduction would bring it to about $3.5 million`, `grew 8% from $109,759`. `percent` is the percentage's
 * span where it is the computed one: said rounded or with decimals beside a figure that is not.
 */
function percentRatio(amounts: readonly Source[], read: AmountRead, context: FigureContext, at: number, stated: readonly number[]): { source: Source; percent?: [number, number] } | undefined {
  const { text } = context;
  const figureApproximate = saidApproximate(text, at);
  // And of a share another percentage the text states takes (round 16 red team: `If settled at 90% of demand, the fee would be
  // about $1.85M` beside a 25 % fee), each at its whole percent's rounding.
  const others = stated.filter((other) => other >= MIN_SENTENCE_SHARE / 100 && other < 1);
  const beforeFigure = text.slice(Math.max(0, at - 40), at);
  for (const { start: percentStart, end: percentEnd, percent, half, changed, rounded } of context.tiedPercentsAround(at)) {
    // A figure the percentage before it applies to is its base, not its share; one a change starts from is the amount before it.
    const base = percentEnd <= at && BASE_BEFORE_FIGURE.test(beforeFigure);
    const shares: Array<[factor: number, rounding: number]> = base
      ? []
      : [percent, 100 - percent].filter((share) => share >= MIN_SENTENCE_SHARE).flatMap((share): Array<[number, number]> => [[share / 100, half / share], [share / 1200, half / share]]);
    if (changed && (!base || FROM_BEFORE_FIGURE.test(beforeFigure))) {
      // The amount after the change too, at the figure's rounding only (round 19 red team: `Expected: around $130K (+9.5%)` of a salary
      // of 118,775; `A 12% raise brings her to $134,900` of 120,000 is another figure).
      shares.push([(100 + percent) / 100, 0], [100 / (100 + percent), half / (100 + percent)]);
      if (percent < 100 - MIN_SENTENCE_SHARE) shares.push([100 / (100 - percent), half / (100 - percent)]);
    }
    const computedPercent = !figureApproximate && rounded ? ([percentStart, percentEnd] as [number, number]) : undefined;
    for (const [factor, rounding] of shares) {
      const tolerance = Math.max(read.tolerance, read.value * rounding);
      const source = sourceOf(amounts, { value: read.value, tolerance }, [factor]);
      if (source) return { source, percent: computedPercent };
      // Two percentages compound only into a figure said rounded (a dev table's `~35%` DTI and a `43%` threshold made $2,500 of a balance).
      if (!figureApproximate || factor >= 1 || factor < MIN_SENTENCE_SHARE / 100) continue;
      for (const other of others) {
        if (Math.abs(other * 100 - percent) < SLACK) continue;
        const compound = sourceOf(amounts, { value: read.value, tolerance: tolerance + (read.value * 0.005) / other }, [factor * other]);
        if (compound) return { source: compound, percent: computedPercent };
      }
    }
  }
  return undefined;
}

/** A multiple of an income named right after a figure (round 18 red team: `up to $650,000 (3x annual income)`; round 23: `$290,000 is about 3.45x his annual income`): group 1 the multiple. */
const MULTIPLE_AFTER = /^[ \t]*[(,–—-]?[ \t]*(?:(?:is|was|being|or|=|equals)[ \t]+)?(?:~|about|roughly|approximately|approx\.|nearly|around)?[ \t]*(\d{1,2}(?:\.\d{1,2})?)[ \t]?(?:x|×|times)[ \t]+(?:(?:his|her|their|the|your|annual|gross|yearly|stated|current)[ \t]+){0,3}(?:income|salary|earnings|pay|compensation)\b/i;
const MULTIPLE_REACH = 64;

/** A multiple of a figure written before it (`2.5 times that limit`, `three times the minimum`): group 1 the multiple as written, 2 its count. */
const MULTIPLE_OF_FIGURE = new RegExp(
  String.raw`(?<![\d.])((\d{1,2}(?:\.\d{1,2})?|${COUNT_WORD})[ \t]?(?:x|×|times))[ \t]+(?:that|the|this|its|our|your|their|her|his)[ \t]+(?:(?:[\p{L}-]+|[$€£]?\d[\d,.]*[kKmM]?)[ \t]+){0,3}(?:limit|amount|figure|threshold|minimum|maximum|cap|ceiling)\b`,
  "giu",
);
const MULTIPLE_OF_HINT = /(?:x|×|times)[ \t]+(?:that|the|this|its|our|your|their|her|his)\b/i;
/** How far before the multiple its figure is read (the sentence before, at most). */
const MULTIPLE_OF_REACH = 160;

/** How far off its stated multiple of an amount a figure still tells it: the writer says what it is, and rounds it (round 18 re-judge: `$400,000 (about 3x annual income)` of 132,880). */
const MULTIPLE_SHARE = 0.05;

/** The amount a figure ending at `end` of `text` is the stated multiple of, at the figure's rounding or within MULTIPLE_SHARE. */
function multipleSource(amounts: readonly Source[], read: AmountRead, text: string, end: number): Source | undefined {
  const multiple = MULTIPLE_AFTER.exec(text.slice(end, end + MULTIPLE_REACH));
  return multiple ? sourceOf(amounts, { value: read.value, tolerance: Math.max(read.tolerance, read.value * MULTIPLE_SHARE) }, [Number(multiple[1])]) : undefined;
}

/** `counts` without repeats, in order. */
function distinctCounts(counts: ReadonlyArray<[count: number, noun: string]>): Array<[count: number, noun: string]> {
  return [...new Map(counts.map((count) => [`${count[0]} ${count[1]}`, count])).values()];
}

/** Each count of two or more parts the text splits an amount into, with its noun. */
function splitCounts(text: string): Array<[count: number, noun: string]> {
  const counts = Array.from(text.matchAll(SPLIT_COUNT), (match): [number, string] => [countOf(match[1]), match[2]]).filter(([count]) => count >= 2);
  return /\ba decade\b/i.test(text) ? [...counts, [10, "years"]] : counts;
}

/** The tolerance of a figure written to the unit (`$210,000`): half a unit. */
const UNIT_TOLERANCE = 0.5;
/** A count written as a multiplier right before a figure (`16 x $210,000`; group 1) or right after it (`$210,000 x 16`; group 1). */
const TIMES_BEFORE = /(?<![\d.,])(\d{1,3})[ \t]?[x×][ \t]?(?:[$€£¥₹]|USD[ \t]?)?$/;
const TIMES_AFTER = /^[ \t]?[x×][ \t]?(\d{1,3})(?![\d.,]\d|\d)/;
const TIMES_HINT = /\d[ \t]?[x×]|[x×][ \t]?\d/;

/** The counts written as multipliers beside the figure at [start, end) of `text`. */
function timesCounts(text: string, start: number, end: number): number[] {
  const before = TIMES_BEFORE.exec(text.slice(Math.max(0, start - 12), start));
  const after = TIMES_AFTER.exec(text.slice(end, end + 8));
  return [before, after].flatMap((match) => (match === null ? [] : [Number(match[1])])).filter((count) => count >= 2);
}

const YEARS_NOUN = /^years?$/i;
/** A quarter or a year named beside a figure (a month is MONTH_NEAR). */
const QUARTER_NEAR = /\bquarter(?:ly)?\b|\/(?:qtr|quarter)\b/i;
const YEAR_NEAR = /\bper[ \t]+year\b|\ba[ \t]+year\b|\bannual(?:ly)?\b|\byearly\b|\/(?:yr|year)\b/i;

/**
 * Shares of a lump sum paid over a count of years its sentence states, by the period named beside the figure at [start, end)
 * (round 21 red team: `about 48,000 a month if structured over ten years`, `Paid quarterly over five years: $288,024 per quarter`,
 * `Per year over a decade: $576,048`); not years another line counts (`vesting over 2 years` below `Base Salary: $65,000 per year`).
 */
function spreadShares(context: FigureContext, start: number, end: number): number[] {
  const near = context.text.slice(Math.max(0, start - MONTH_REACH), end + MONTH_REACH);
  const periods = [...(MONTH_NEAR.test(near) ? [12] : []), ...(QUARTER_NEAR.test(near) ? [4] : []), ...(YEAR_NEAR.test(near) ? [1] : [])];
  if (periods.length === 0) return [];
  const years = context.countsInSentenceOf(start).flatMap(([count, noun]) => (YEARS_NOUN.test(noun) ? [count] : []));
  return years.flatMap((count) => periods.map((period) => 1 / (period * count)));
}

/** Half the unit of a figure's last written digit (`42` -> 0.5, `13.5` -> 0.05): how far it may be from what it rounds. */
function halfUnitOf(figure: string): number {
  return 0.5 * 10 ** -(figure.split(".")[1]?.length ?? 0);
}

/** One member of a pay record as a share of another member or of the record's whole, below one (`bonus` of `base`: 0.2). */
interface PartRatio {
  entry: VaultEntry;
  ratio: number;
}

/** Each member of `parts` as a share of each larger member and of their total. */
function partRatios(parts: readonly number[]): number[] {
  const total = parts.reduce((sum, part) => sum + part, 0);
  return parts.flatMap((part) => [...parts.filter((other) => other > part), total].map((whole) => part / whole)).filter((ratio) => ratio > 0 && ratio < 1);
}

/** What a percentage of a pay record's member is said of, after it (`20% of base`, `13.5% of her base salary`) or before it (`bonus target: 20%`). */
const PAY_PART_AFTER = /^[ \t]+of[ \t]+(?:(?:the|his|her|their|your|annual|total|current)[ \t]+){0,2}(?:base|salary|pay|comp|compensation|package|total|TC|OTE)\b/i;
const PAY_PART_BEFORE = /\b(?:bonus|stock|equity|RSUs?|base)\b[^.\n%]{0,32}$/i;
const PAY_PART_REACH = 48;

/** Detects the amounts computed from the registered amounts among `entries()` (read at each call: values added at run time count). */
export function derivedAmountDetector(entries: () => readonly VaultEntry[]): Detector {
  const registered = derivedFromEntries(entries, (all) => {
    const amounts: Source[] = [];
    const totals: Source[] = [];
    const partTotals: Source[] = [];
    const byField = new Map<string, { entry: VaultEntry; parts: number[] }>();
    for (const entry of all) {
      // A figure in a record of text (a transaction history's `634.74`) counts toward its total, not alone.
      if (entry.kind !== "amount" && !PLAIN_FIGURE.test(entry.value)) continue;
      const amount = Number(entry.value.replace(/[^\d.]/g, ""));
      const field = byField.get(entry.field);
      if (field) field.parts.push(amount);
      else byField.set(entry.field, { entry, parts: [amount] });
      if (entry.kind === "amount" && amount >= MIN_REGISTERED) amounts.push({ entry, amount, value: entry.value, parts: 1 });
    }
    const payRatios: PartRatio[] = [];
    // A record's or a list's amounts (`{'base': ..., 'bonus': ...}`, a transaction history) are one field's several entries.
    for (const { entry, parts } of byField.values()) {
      if (parts.length < 2) continue;
      if (isPayField(entry.field) && parts.length <= MAX_SUMMED_PARTS) payRatios.push(...partRatios(parts).map((ratio) => ({ entry, ratio })));
      const total = centsOf(parts.reduce((sum, part) => sum + part, 0));
      if (total >= MIN_REGISTERED) totals.push({ entry, amount: total, value: String(total), parts: parts.length });
      // A sum to the cent is no everyday number however small (round 16 red team: `2 transactions, $708.19 combined`).
      for (const sum of [...partSums(parts), ...partDifferences(parts)]) if (sum >= MIN_REGISTERED || !Number.isInteger(sum)) partTotals.push({ entry, amount: sum, value: String(sum), parts: 1 });
    }
    amounts.sort(byAmount);
    totals.sort(byAmount);
    partTotals.sort(byAmount);
    return { amounts, totals, partTotals, pairs: pairSums([...amounts, ...totals]), pay: amounts.filter(({ entry }) => isPayField(entry.field)), payRatios };
  });
  return {
    name: "derived-amounts",
    detect(text: string): Detection[] {
      const { amounts, totals, partTotals, pairs, pay, payRatios } = registered();
      if (amounts.length + totals.length === 0 || !(/\d/.test(text) || SPELLED_AMOUNT_HINT.test(text))) return [];
      figureReadsLeft = MAX_FIGURE_READS;
      const found: Detection[] = [];
      // Looked up per figure: a set and a cover, not a pass over what was found (a text of thousands of figures).
      const foundStarts = new Set<number>();
      const foundCover = new SpanCover();
      const push = (start: number, end: number, { entry, value }: Source, role: "derived-amount" | "band" = "derived-amount") => {
        found.push({ start, end, field: entry.field, kind: entry.kind, valueType: entry.valueType, tier: 1, confidence: DERIVED_CONFIDENCE, source: "vault", value, role });
        foundStarts.add(start);
        foundCover.add(start, end);
      };
      const context = new FigureContext(text);
      // A figure the text writes whole: a registered amount's, or a record's total.
      const amountOrTotal = (read: AmountRead) => sourceByFactor(amounts, read, 1) ?? sourceByFactor(totals, read, 1);
      // A tight band around an amount (`Salary band: $145K–$155K` of 149,990) told it as well as a rounding would: moved whole.
      const bands = new SpanCover();
      for (const match of BAND_HINT.test(text) ? text.matchAll(BAND) : []) {
        if (/[ \t]and[ \t]/.test(match[0]) && !BETWEEN_BEFORE.test(text.slice(Math.max(0, match.index - 12), match.index))) continue;
        const read = bandRead(match[0]);
        // A record's total too (round 14 red team: `Compensation band: $230K–$240K total` of base, bonus and stock summing to 238,820).
        const source = read && amountOrTotal(read);
        if (!source) continue;
        const start = match.index + (match[1]?.length ?? 0);
        bands.add(start, match.index + match[0].length);
        push(start, match.index + match[0].length, source);
      }
      // A percentage said to be the change between two registered pay amounts (session 53 probe: `a 38% jump over his current pay`
      // of salaries of 146,000 and 202,000), at its rounding: the percentage goes.
      if (pay.length >= 2 && pay.length <= MAX_PAIRED_SOURCES && PERCENT_HINT.test(text)) {
        for (const match of text.matchAll(PERCENT)) {
          const end = match.index + match[0].length;
          const source = CHANGE_AFTER_PERCENT.test(text.slice(end, end + CHANGE_REACH)) ? payChangeSource(pay, match[1]) : undefined;
          if (source) push(match.index, end, source, "band");
        }
      }
      // A table's cell in thousands or millions, its unit in the column's header (round 14 red team: `base_k` over `127.45`, `($K)`).
      // The same hint says whether a bare figure may stand under a unit key (`"salary_k": 161`).
      const unitKeyed = UNIT_HEADER_HINT.test(text);
      for (const cell of unitKeyed ? cellsOf(text) : []) {
        // The unit in the column's header, or in the row's label of a key-value table (`ev_musd,412.5` under `field,value`).
        const scale = headerScale(cell.header) ?? (cell.rowLabel === undefined ? undefined : headerScale(cell.rowLabel));
        const figure = scale === undefined ? null : CELL_FIGURE.exec(text.slice(cell.start, cell.end));
        if (figure === null || significantDigits(figure[1], figure[2] ?? "") < SCALED_CELL_DIGITS) continue;
        const read = amountOf(figure[1], figure[2] ?? "", undefined);
        const scaled = { value: read.value * scale!, tolerance: read.tolerance * scale! };
        const source = amountOrTotal(scaled);
        if (!source) continue;
        const start = cell.start + figure.index + figure[0].indexOf(figure[1]);
        const end = start + figure[1].length + (figure[2] === undefined ? 0 : figure[2].length + 1);
        bands.add(start, end);
        push(start, end, source);
      }
      // A figure with a fraction's sign (round 14 re-judge: `$412½M` of 412,500,000, `$1¾M`): exact as written, redacted as a band.
      for (const match of FRACTION_HINT.test(text) ? text.matchAll(FRACTION_AMOUNT) : []) {
        const scale = SCALES[match[3].toLowerCase()];
        // A third is no finite decimal: a thousandth of the scale holds its rounding (`1⅓M` of 1,333,333).
        const read = { value: (Number(match[1]) + FRACTIONS[match[2]]) * scale, tolerance: scale / 1_000 };
        const source = amountOrTotal(read);
        if (!source) continue;
        const [start, end] = [match.index, match.index + match[0].length];
        bands.add(start, end);
        push(start, end, source, "band");
      }
      // A third of a round figure's span (round 13 red team: `in the low $900,000s` of 912,450): redacted as a band.
      for (const match of AMOUNT_THIRD_HINT.test(text) ? text.matchAll(AMOUNT_THIRD) : []) {
        const span = thirdOfRoundFigure(match, text);
        const source = span && amounts.find(({ amount }) => amount >= span.low && amount <= span.high);
        if (!source) continue;
        const [start, end] = [match.index, match.index + match[0].length];
        bands.add(start, end);
        push(start, end, source, "band");
      }
      // Read at the first written amount that needs them: most texts with digits have none.
      let parts: StatedParts | undefined;
      let shares: readonly number[] | undefined;
      let splits: readonly number[] | undefined;
      const operands: Array<{ start: number; end: number; read: AmountRead; shown: number }> = [];
      const partsOf = () => (parts ??= statedParts(text));
      const stated = () => (shares ??= statedShares(text, partsOf()));
      // Whether the text counts years a lump sum may be spread over: only then is each figure's sentence read for them.
      let years: boolean | undefined;
      const yearsStated = () => (years ??= partsOf().counts.some(([, noun]) => YEARS_NOUN.test(noun)));
      for (const match of text.matchAll(WRITTEN_AMOUNT)) {
        const [written, currency, integer, decimals = "", magnitude] = match;
        // A bare integer is an amount with a currency after it (`186950 USD`); else only a long one that is a field's exact total (`TC 186950`).
        const bare = currency === undefined && magnitude === undefined && decimals === "" && !integer.includes(",") && !CURRENCY_AFTER.test(text.slice(match.index + written.length, match.index + written.length + 9));
        // A bare figure under a key naming pay and its unit (`"salary_k": 161`) is pay in thousands however short (session 53 probe).
        if (bare && unitKeyed && !bands.overlaps(match.index, match.index + written.length) && unitKeyBefore(text, match.index, significantDigits(integer, decimals))) {
          const read = amountOf(integer, decimals, magnitude);
          const source = sourceOf(amounts, read, UNIT_SCALES) ?? sourceOf(totals, read, UNIT_SCALES);
          if (source) {
            push(match.index, match.index + written.length, source);
            continue;
          }
        }
        if (bare && integer.length < MIN_BARE_TOTAL_DIGITS) continue;
        if (bands.overlaps(match.index, match.index + written.length)) continue;
        const shown = significantDigits(integer, decimals);
        const exact = amountOf(integer, decimals, magnitude);
        // A round figure that is exactly a period's share of pay, in a clause about pay (round 22 red team: `$8,000 a month`, `quarterly
        // gross pay is $24,000` of an income of 96,000; a settlement's or a rent's is anyone's round figure: `rent is $8,000 a month`,
        // round 22 re-judge).
        if (shown < MIN_SIGNIFICANT_DIGITS && !bare && pay.length > 0) {
          const share = exactPayShare(pay, exact.value, clauseAround(text, match.index, match.index + written.length));
          if (share) {
            push(match.index + (currency?.length ?? 0), match.index + written.length, share);
            continue;
          }
        }
        // One digit said to be about an amount (round 12 red team: `income level (~$5,000/month)`, `damages exceed $6 million`),
        // or its month's share, within ONE_DIGIT_SHARE: any rounder figure is anyone's.
        if (shown < MIN_SIGNIFICANT_DIGITS - 1) {
          if (bare) continue;
          // One digit said to be a multiple of an income (round 18 re-judge: `up to $400,000 (about 3x annual income)`).
          const multiple = multipleSource(amounts, roundedRead(exact, written), text, match.index + written.length);
          if (multiple) {
            push(match.index + (currency?.length ?? 0), match.index + written.length, multiple);
            continue;
          }
          // A round figure may be an operand beside an exact one.
          if (!saidApproximate(text, match.index)) {
            operands.push({ start: match.index + (currency?.length ?? 0), end: match.index + written.length, read: exact, shown });
            continue;
          }
          const near = { value: exact.value, tolerance: Math.min(roundedRead(exact, written).tolerance, exact.value * ONE_DIGIT_SHARE) };
          const source = sourceOf(amounts, near, [1, ...periodsAround(text, match.index, match.index + written.length)]);
          if (source) push(match.index + (currency?.length ?? 0), match.index + written.length, source);
          continue;
        }
        // Two digits said to be a floor (round 13 red team: `**$2.5M+ settlement**` of 2,577,530, `over $2.5 million`): up to ONE_DIGIT_SHARE above it;
        // or a ceiling (round 14: `just under $2.5 million` of 2,438,915): up to ONE_DIGIT_SHARE below it.
        const bound = shown === MIN_SIGNIFICANT_DIGITS - 1 && !bare ? (saidFloor(text, match.index, match.index + written.length) ? 1 : saidCeiling(text, match.index) ? -1 : 0) : 0;
        if (bound !== 0) {
          const source = sourceByFactor(amounts, { value: exact.value * (1 + (bound * ONE_DIGIT_SHARE) / 2), tolerance: (exact.value * ONE_DIGIT_SHARE) / 2 }, 1);
          if (source) {
            push(match.index + (currency?.length ?? 0), match.index + written.length, source);
            continue;
          }
        }
        // Two digits said to be each part or what is left, a share the text states of an amount, at their rounding.
        if (shown === MIN_SIGNIFICANT_DIGITS - 1 && !bare && SHARE_WORD.test(text.slice(Math.max(0, match.index - SHARE_WORD_REACH), match.index + written.length + SHARE_WORD_REACH))) {
          const source = sourceOf(amounts, roundedRead(exact, written), (splits ??= statedSplits(partsOf())));
          if (source) {
            push(match.index + (currency?.length ?? 0), match.index + written.length, source);
            continue;
          }
        }
        // Two to four digits said to be the gap between two registered amounts (session 53 probe: `asking for $56K more than his current
        // package` of salaries of 146,000 and 202,000), at their rounding.
        if (shown >= MIN_SIGNIFICANT_DIGITS - 1 && shown < MIN_PAIR_SUM_DIGITS && !bare && saidDifference(text, match.index, match.index + written.length)) {
          const source = sourceOf(pairs, roundedRead(exact, written), [1]);
          if (source) {
            push(match.index + (currency?.length ?? 0), match.index + written.length, source);
            continue;
          }
        }
        const source = bare
          ? (sourceOf(totals, exact, [1]) ?? sourceOf(partTotals, exact, [1]))
          : computedSource(text, match.index, written, exact, shown, { amounts, totals, partTotals, pairs, shares: stated, yearsStated, context });
        const start = match.index + (currency?.length ?? 0);
        if (source) push(start, match.index + written.length, source);
        else if (!bare) {
          const rounded = roundedRead(exact, written);
          const ratio = shown >= MIN_SIGNIFICANT_DIGITS - 1 && context.writesPercent() ? percentRatio(amounts, rounded, context, match.index, partsOf().percents) : undefined;
          // The percentage is what was computed where it is the one said rounded (`DTI is about 21%`): it goes, the figure it is of stays.
          if (ratio?.percent) push(...ratio.percent, ratio.source, "band");
          else {
            const derived = ratio?.source ?? multipleSource(amounts, rounded, text, match.index + written.length);
            if (derived) push(start, match.index + written.length, derived);
            else operands.push({ start, end: match.index + written.length, read: exact, shown });
          }
        }
      }
      // An amount in words near a registered one or its period's share (round 12 red team: `about three-quarters of a million`
      // of 742,000, `nine and a half million`): within 5 % said to be about it, else 1 %.
      for (const { start, end, value, rounding = 0 } of spelledAmounts(text)) {
        if (foundCover.overlaps(start, end)) continue;
        const share = saidApproximate(text, start) ? ONE_DIGIT_SHARE : SPELLED_SHARE;
        const source = sourceOf(amounts, { value, tolerance: Math.max(value * share, rounding) }, [1, ...periodsAround(text, start, end)]);
        if (source) push(start, end, source);
      }
      // Two amounts near each other whose sum or difference is a registered amount (`principal $8,410.00 + interest $1,463.55` of a
      // balance of 9,873.55, `$54,200 − $23,475 = $30,725`: round 11 red team) give it back however it is shown: both are its.
      // The amount itself, or a share of it the text states or a settlement's fee leaves (round 15 red team: `Net to you:
      // $1,619,122.78 after the one-third fee and $14,210.55 in costs` of 2,450,000).
      const factors = operands.length < 2 ? [] : [1, ...OPERAND_SHARES, ...(splits ??= statedSplits(partsOf()))];
      for (let first = 0; first < operands.length; first++) {
        for (let second = first + 1; second < operands.length && operands[second].start - operands[first].end <= OPERAND_REACH; second++) {
          const [a, b] = [operands[first], operands[second]];
          // Three digits each, or a round figure beside one that shows the amount's digits (round 16 red team: `After the interim
          // payment of $500,000, a balance of $1,854,908 remains`): the sum is then exact.
          // Or a gap said to be one between a threshold and the amount (round 20 red team: `exceeds the $400,000 limit by about $51K`).
          const gap = Math.max(a.shown, b.shown) >= MIN_SIGNIFICANT_DIGITS - 1 && GAP_WORD.test(text.slice(Math.max(0, a.start - GAP_WORD_REACH), b.end + GAP_WORD_REACH));
          if (Math.min(a.shown, b.shown) < MIN_SIGNIFICANT_DIGITS && Math.max(a.shown, b.shown) < MIN_PAIR_SUM_DIGITS && !gap) continue;
          const tolerance = a.read.tolerance + b.read.tolerance;
          // An operand within the other's rounding adds nothing it tells (round 14 re-judge: `$212/day` beside `$1.75M` summed to it).
          if (Math.min(Math.abs(a.read.value), Math.abs(b.read.value)) <= tolerance) continue;
          // A record's total too (round 24 audit of the dev replay: `Available Credit: $17,416.33 if credit limit is $20,000` of transactions summing to 2,583.67).
          const sum = { value: a.read.value + b.read.value, tolerance };
          const difference = { value: Math.abs(a.read.value - b.read.value), tolerance };
          const source = sourceOf(amounts, sum, factors) ?? sourceOf(amounts, difference, factors) ?? sourceOf(totals, sum, [1]) ?? sourceOf(totals, difference, [1]);
          // A round operand tells nothing once the exact one is hidden: left as written, not moved to a false figure (round 16 re-judge:
          // `Their offer of $1,000,000` had come out `$700,000`).
          // A gap's own figure goes however round (the threshold is the text's own).
          const told = (shown: number) => shown >= MIN_SIGNIFICANT_DIGITS || (gap && shown === Math.max(a.shown, b.shown));
          if (source) for (const { start, end, shown } of [a, b]) if (told(shown) && !foundStarts.has(start)) push(start, end, source);
        }
      }
      // An amount said to be a multiple of a figure, the one it names or the last written before it (round 21 red team: `allows
      // wires of up to $50,000 a day. Your current balance is roughly 2.5 times that limit`): the multiple goes, the figure is the text's own.
      for (const match of operands.length > 0 && MULTIPLE_OF_HINT.test(text) ? text.matchAll(MULTIPLE_OF_FIGURE) : []) {
        const end = match.index + match[0].length;
        // Operands stand in text order, apart: their starts and their ends ascend.
        const inside = operands[firstStartingAt(operands, match.index + 1)];
        const before = operands[firstEndingAfter(operands, match.index) - 1];
        const figure = inside !== undefined && inside.end <= end ? inside : before !== undefined && match.index - before.end <= MULTIPLE_OF_REACH ? before : undefined;
        const times = countOf(match[2]);
        const source = figure && times > 1 ? sourceOf(amounts, { value: figure.read.value * times, tolerance: figure.read.value * times * MULTIPLE_SHARE }, [1]) : undefined;
        if (source) push(match.index, match.index + match[1].length, source, "band");
      }
      // A round figure a count in its sentence multiplies into an amount exactly (round 22 red team: `16 x $210,000 quarterly`, `16
      // payments of $210,000` of a settlement of 3,360,000; an exact figure is read by its shares above): the figure goes.
      for (const operand of operands.length > 0 && (partsOf().counts.length > 0 || TIMES_HINT.test(text)) ? operands : []) {
        // Written to the unit, not scaled (`$7K` of a month's 7,050 is a rounding, not a product).
        if (operand.read.tolerance > UNIT_TOLERANCE || foundStarts.has(operand.start)) continue;
        const counts = [...context.countsInSentenceOf(operand.start).map(([count]) => count), ...timesCounts(text, operand.start, operand.end)];
        const source = counts.length === 0 ? undefined : sourceOf(amounts, operand.read, counts.map((count) => 1 / count));
        if (source) push(operand.start, operand.end, source);
      }
      // A percentage of a figure written right after it (round 22 red team: `Settlement sits at 42% of the $8,000,000 demand` of
      // 3,360,000): their product is the amount; the percentage goes, the figure is the text's own.
      for (const match of operands.length > 0 && PERCENT_HINT.test(text) ? text.matchAll(PERCENT_OF_FIGURE) : []) {
        const end = match.index + match[0].length;
        const figure = operands[firstStartingAt(operands, end + 1)];
        if (figure === undefined || figure.start - end > CURRENCY_REACH) continue;
        const share = Number(match[2]) / 100;
        const half = halfUnitOf(match[2]) / 100;
        const source = sourceOf(amounts, { value: figure.read.value * share, tolerance: figure.read.value * half + figure.read.tolerance * share }, [1]);
        if (source) push(match.index, match.index + match[1].length, source, "band");
      }
      // One member of a pay record as a percentage of another or of the whole (round 23 red team: `Her bonus target is 20% of base` of
      // 34,000 and 170,000): the amounts themselves hidden, the percentage still tells the record.
      for (const match of payRatios.length > 0 && PERCENT_HINT.test(text) ? text.matchAll(PERCENT) : []) {
        const end = match.index + match[0].length;
        if (!PAY_PART_AFTER.test(text.slice(end, end + PAY_PART_REACH)) && !PAY_PART_BEFORE.test(text.slice(Math.max(0, match.index - PAY_PART_REACH), match.index))) continue;
        const percent = Number(match[1]);
        const half = halfUnitOf(match[1]) + SLACK;
        const told = payRatios.find(({ ratio }) => Math.abs(ratio * 100 - percent) <= half);
        if (told) push(match.index, end, { entry: told.entry, amount: told.ratio, value: told.entry.value, parts: 1 }, "band");
      }
      return found;
    },
  };
}
