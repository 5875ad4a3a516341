/**
 * Numbers said the way people speak them (session 59 probe; call notes, voice transcripts, chatty summaries): an identifier
 * read in groups of words (`nine three nine, seventy-nine, sixty-four ten`, `four-one-five, seven-three-oh, double-oh
 * sixty-two`), its first or middle group or its last four after the words that place them (`starts with five-two-eight`,
 * `the middle group is 40`, `ends in nineteen thirty-six`), a digit group of an address or a case number (`Twenty-two ten
 * Fenwick`, `forty-one eight-oh-seven`), a date said as its digits (`oh-three, twelve, eighty-eight`), and an amount in the
 * speech of pay and deals (`ninety-seven five`, `one thirty-eight`, `two-point-four mil`, `a buck-twenty`, `twelve
 * eighty-nine fifty`). Each run of number words is read to its digits, group by group, and looked up among the registered
 * values' digits: no form per value and reading (a value has thousands of them). Redacted whole (role `other-notation`): no
 * surrogate is said alike.
 */
import type { Detection, Detector } from "../base.js";
import { compactDateForms, parseDate } from "./dates.js";
import { derivedFromEntries } from "./entries-memo.js";
import { TAILED_KINDS } from "./masked.js";
import { COUNT_WORDS, DIGIT_WORDS, parseNumber, TEN_VALUES as TENS } from "./numbers.js";
import type { VaultEntry } from "./vault.js";

const SPOKEN_NUMBER_CONFIDENCE = 0.85;

/** A digit said, `oh` for a zero (as numbers are read out). */
const UNITS: Readonly<Record<string, number>> = { ...Object.fromEntries(DIGIT_WORDS.map((word, digit) => [word, digit])), oh: 0 };
const TEENS: Readonly<Record<string, number>> = Object.fromEntries(COUNT_WORDS.slice(10, 20).map((word, index) => [word, index + 10]));
const REPEATS: Readonly<Record<string, number>> = { double: 2, triple: 3 };
const NUMBER_WORDS = [...Object.keys(UNITS), ...Object.keys(TEENS), ...Object.keys(TENS), ...Object.keys(REPEATS), "hundred", "point"];
/** Regex sources of the word classes: units (with `oh` and `zero`), units from one, teens, tens. */
const UNIT_WORDS = Object.keys(UNITS).join("|");
const NONZERO_UNIT_WORDS = Object.keys(UNITS).filter((word) => UNITS[word] > 0).join("|");
const TEEN_WORDS = Object.keys(TEENS).join("|");
const TEN_WORDS = Object.keys(TENS).join("|");

/** One token of a spoken number: figures, or a number word. */
const TOKEN = `(?:\\d+|(?:${NUMBER_WORDS.join("|")})\\b)`;
/** A run of tokens apart by spaces, hyphens or commas (`four-one-five, seven-three-oh`). */
const RUN = new RegExp(`\\b${TOKEN}(?:(?:[ \\t]*[,–-][ \\t]*|[ \\t]+)${TOKEN})*`, "gi");
const TOKEN_IN_RUN = new RegExp(TOKEN, "gi");
/** A run of more than one token: a separator between two. */
const ONE_TOKEN_MORE = /[\p{L}\d](?:[ \t]+|[ \t]*[,–-][ \t]*)[\p{L}\d]/u;
/** What a text must hold for a run in words to be read: two tokens of a spoken number in a row, one of them a word. */
const SPOKEN_PAIR = new RegExp(`\\b(?:(?:${NUMBER_WORDS.join("|")})(?:[ \\t]+|[ \\t]*[,–-][ \\t]*)(?:\\d|(?:${NUMBER_WORDS.join("|")})\\b)|\\d(?:[ \\t]+|[ \\t]*[,–-][ \\t]*)(?:${NUMBER_WORDS.join("|")})\\b)`, "i");

/** `a buck-twenty`, `a buck and a quarter`: pay in hundreds of thousands, as recruiters and lenders say it. */
const BUCK = new RegExp(`\\b(?:a|one)[ \\t]+buck(?:[ \\t]*-[ \\t]*|[ \\t]+)(?:and[ \\t]+a[ \\t]+(quarter|half)|((?:${TEN_WORDS})(?:[ \\t-]+(?:${UNIT_WORDS}))?|${TEEN_WORDS}|oh[ \\t-]+(?:${UNIT_WORDS})))\\b`, "gi");
const BUCK_SHARES: Readonly<Record<string, string>> = { quarter: "25", half: "50" };

/** Words that place digits at an identifier's start, in its middle or at its end, right before them. */
const START_BEFORE = /\b(?:(?:starts?|starting|begins?|beginning)(?:[ \t]+with)?|first[ \t]+(?:three|four|five|six|[3-6])(?:[ \t]+digits)?(?:[ \t]+(?:are|is|of))?)[ \t:*_"'(]*$/i;
const MIDDLE_BEFORE = /\bmiddle[ \t]+(?:group|digits|two|part|section|block)(?:[ \t]+(?:is|are|reads?))?[ \t:*_"'(]*$/i;
const END_BEFORE = /\b(?:(?:ends?|ending)(?:[ \t]+(?:in|with))?|last[ \t]+(?:four|five|4|5)(?:[ \t]+digits)?(?:[ \t]+(?:are|is|of|match(?:es|ed)?))?)[ \t:*_"'(]*$/i;
const PLACE_REACH = 28;
/** What a text must hold for a run in figures alone to be read: words that place figures at an identifier's start or in its middle. */
const PLACE_HINT = /\b(?:start|begin|first[ \t]+(?:three|four|five|six|[3-6])|middle[ \t])/i;

/** Words of pay, deals and money near a two-digit amount (`Base is seventy-four`, `eighty-eight a year`, `two-point-four mil`). */
const MONEY_NEAR = /\b(?:base|salary|pay|paid|makes?|making|earns?|earning|pulling[ \t]+in|income|comp|asking|offer(?:ed|ing)?|bonus|settle(?:ment|d)?|payout|nets?|grand|bucks?|mil|million|k|a[ \t]+year|annually|per[ \t]+year|an[ \t]+hour|a[ \t]+month|per[ \t]+month|charge|payment|rent|balance|loan|severance|floated|counter)\b/i;
const MONEY_REACH = 40;
/** Digits said after a word of pay (`she's asking 160`): an amount in thousands in figures. */
const PAY_VERB_BEFORE = /\b(?:asking(?:[ \t]+for)?|seeking|makes|making|earns|earning|pulling[ \t]+in)[ \t]+$/i;
const PAY_VERB_REACH = 20;

const DIGITS_AND_LAYOUT = /^[\d\s()./+-]+$/;
/** The cents said after dollars (`dollars and fifty cents`): group 1 the cents in words. */
const CENTS_AFTER = new RegExp(`^[ \\t]+dollars?[ \\t]+and[ \\t]+((?:${TEN_WORDS})(?:[ \\t-]+(?:${UNIT_WORDS}))?|${TEEN_WORDS}|${UNIT_WORDS})[ \\t]+cents?\\b`, "i");
const CENTS_REACH = 48;


/** Fewest digits a run said without words that place it has to be an identifier's (a zip, a street number, a case number's group). */
const MIN_GROUP_DIGITS = 4;
/** Fewest digits of an identifier's start said after words that place them. */
const MIN_HEAD_DIGITS = 3;
/** Fewest digits of an identifier's middle group said after words that place them. */
const MIN_MIDDLE_DIGITS = 2;
/** Fewest digits of an identifier's end said after words that place them. */
const MIN_TAIL_DIGITS = 4;
/** Fewest significant digits of an amount said without a word of money near (`one thirty-eight`). */
const MIN_AMOUNT_DIGITS = 3;
/** Most groups a reading spans: longer runs are read in windows. */
const MAX_WINDOW = 20;
/** Most digits a reading has (a card's nineteen). */
const MAX_DIGITS = 19;

const BELOW_HUNDRED_WORDS = `(?:(?:${TEN_WORDS})(?:[ \\t-]+(?:${NONZERO_UNIT_WORDS}))?|${TEEN_WORDS})`;
/** A year said in words (`nineteen eighty-five`, `twenty oh three`, `two thousand`, `two thousand and nine`). */
export const SPOKEN_YEAR = `(?:(?:nineteen|twenty)[ \\t-]+(?:hundred|oh[ \\t-]+(?:${NONZERO_UNIT_WORDS})|${BELOW_HUNDRED_WORDS})|two[ \\t]+thousand(?:[ \\t]+(?:and[ \\t]+)?(?:${BELOW_HUNDRED_WORDS}|${NONZERO_UNIT_WORDS}))?)\\b`;

/** The year a SPOKEN_YEAR match says. */
export function spokenYearValue(words: string): number {
  const [head, ...rest] = words.toLowerCase().split(/[ \t-]+/).filter((word) => word !== "and");
  if (head === "two") return 2000 + sumOf(rest.slice(1));
  return (head === "nineteen" ? 1900 : 2000) + (rest[0] === "hundred" ? 0 : sumOf(rest));
}

function sumOf(words: readonly string[]): number {
  return words.reduce((sum, word) => sum + (TENS[word] ?? TEENS[word] ?? UNITS[word] ?? 0), 0);
}

/** One group of a run read to digits (`sixty-four` -> `64`, `double-oh` -> `00`), where it stands, and whether it was said in words. */
interface Group {
  digits: string;
  start: number;
  end: number;
  spoken: boolean;
  /** A number said whole with `hundred` (`one hundred twenty-five`): its value, not a reading of digits. */
  counted: boolean;
}

/** The registered values by their digits: whole, by group as written, by start and end; dates by their compact forms; amounts by significant digits. */
interface SpokenIndex {
  whole: Map<string, VaultEntry>;
  /** Each identifier with its digits and its inner groups as written, for a start, middle or end said alone. */
  identifiers: Array<{ entry: VaultEntry; all: string; inner: readonly string[] }>;
  dates: Map<string, VaultEntry>;
  amounts: Map<string, VaultEntry>;
}

function spokenIndexOf(all: readonly VaultEntry[]): SpokenIndex {
  const index: SpokenIndex = { whole: new Map(), identifiers: [], dates: new Map(), amounts: new Map() };
  for (const entry of all) {
    if (entry.kind === "date") {
      const date = parseDate(entry.value);
      if (date) for (const form of compactDateForms(date)) if (!index.dates.has(form)) index.dates.set(form, entry);
      continue;
    }
    if (entry.kind === "amount") {
      const number = parseNumber(entry.value);
      const digits = number && significant(`${number.integer}${number.fraction}`);
      if (digits && digits.length >= 2 && !index.amounts.has(digits)) index.amounts.set(digits, entry);
      continue;
    }
    const groups = entry.value.match(/\d+/g) ?? [];
    const all = groups.join("");
    // A value of digits and layout only (`09/27`, a PIN, a last four) said whole.
    if (!TAILED_KINDS.has(entry.kind) && entry.kind !== "address") {
      if (all.length >= MIN_GROUP_DIGITS && DIGITS_AND_LAYOUT.test(entry.value) && !index.whole.has(all)) index.whole.set(all, entry);
      continue;
    }
    if (entry.kind !== "address") {
      if (all.length >= (DIGITS_AND_LAYOUT.test(entry.value) ? MIN_GROUP_DIGITS : MIN_GROUP_DIGITS + 1) && !index.whole.has(all)) index.whole.set(all, entry);
      index.identifiers.push({ entry, all, inner: groups.slice(1, -1) });
    }
    // An address's street number and zip (`Twenty-two ten Fenwick`); an identifier's group only past four digits: a card's group of four said alone is anyone's count.
    const least = entry.kind === "address" ? MIN_GROUP_DIGITS : MIN_GROUP_DIGITS + 1;
    for (const group of groups) if (group.length >= least && !index.whole.has(group)) index.whole.set(group, entry);
  }
  return index;
}

/** Digits without the zeros that end them (`97500` -> `975`, `128950` -> `12895`). */
function significant(digits: string): string {
  return digits.replace(/^0+(?=\d)/, "").replace(/0+$/, "");
}

/** The groups of one run, each read to its digits; null for a run that is no reading of digits (a `hundred` alone). */
function groupsOf(text: string, runStart: number, run: string): Group[] | null {
  const tokens = Array.from(run.matchAll(TOKEN_IN_RUN), (match) => ({ word: match[0].toLowerCase(), start: runStart + match.index, end: runStart + match.index + match[0].length }));
  const groups: Group[] = [];
  for (let i = 0; i < tokens.length; ) {
    const { word, start } = tokens[i];
    const next = tokens[i + 1]?.word;
    const push = (digits: string, last: number, counted = false) => {
      groups.push({ digits, start, end: tokens[last].end, spoken: !/^\d/.test(word), counted });
      i = last + 1;
    };
    if (/^\d/.test(word)) push(word, i);
    else if (word in REPEATS) {
      if (next === undefined || !(next in UNITS)) return null;
      push(String(UNITS[next]).repeat(REPEATS[word]), i + 1);
    } else if (word in TENS) {
      if (next !== undefined && next in UNITS && UNITS[next] > 0 && !isComma(text, tokens[i].end, tokens[i + 1].start)) push(String(TENS[word] + UNITS[next]), i + 1);
      else push(String(TENS[word]), i);
    } else if ((word in UNITS || word in TEENS) && next === "hundred") {
      // A number said whole (`one hundred twenty-five`, `twelve hundred`): its value.
      const hundreds = (UNITS[word] ?? TEENS[word]) * 100;
      const rest = tokens[i + 2]?.word;
      const tens = rest !== undefined ? (TENS[rest] ?? TEENS[rest] ?? (UNITS[rest] > 0 ? UNITS[rest] : undefined)) : undefined;
      if (tens === undefined) push(String(hundreds), i + 1, true);
      else {
        const unit = rest in TENS ? tokens[i + 3]?.word : undefined;
        const withUnit = unit !== undefined && UNITS[unit] > 0;
        push(String(hundreds + tens + (withUnit ? UNITS[unit] : 0)), withUnit ? i + 3 : i + 2, true);
      }
    } else if (word in TEENS) push(String(TEENS[word]), i);
    else if (word in UNITS) push(String(UNITS[word]), i);
    else if (word === "point") push(".", i);
    else return null;
  }
  return groups;
}

function isComma(text: string, from: number, to: number): boolean {
  return text.slice(from, to).includes(",");
}

/** Whether words that place digits in an identifier stand right before `start`. */
function isPlaced(text: string, start: number): boolean {
  const before = text.slice(Math.max(0, start - PLACE_REACH), start);
  return START_BEFORE.test(before) || MIDDLE_BEFORE.test(before) || END_BEFORE.test(before);
}

/** Cents said in words (`fifty`, `twenty-five`) as two digits. */
function centsOf(words: string): string {
  const [tens, unit] = words.toLowerCase().split(/[ \t-]+/);
  return String((TENS[tens] ?? TEENS[tens] ?? UNITS[tens] ?? 0) + (unit === undefined ? 0 : UNITS[unit])).padStart(2, "0");
}

/** Detects the registered identifiers, dates and amounts among `entries()` said in words (read at each call: values added at run time count). */
export function spokenNumberDetector(entries: () => readonly VaultEntry[]): Detector {
  const registered = derivedFromEntries(entries, spokenIndexOf);
  return {
    name: "spoken-numbers",
    detect(text: string): Detection[] {
      const index = registered();
      if (index.whole.size + index.dates.size + index.amounts.size === 0) return [];
      const found: Detection[] = [];
      const push = (start: number, end: number, entry: VaultEntry) =>
        found.push({ start, end, field: entry.field, kind: entry.kind, valueType: entry.valueType, tier: 1, confidence: SPOKEN_NUMBER_CONFIDENCE, source: "vault", value: entry.value, role: "other-notation" });
      const placing = PLACE_HINT.test(text);
      if (placing || SPOKEN_PAIR.test(text)) {
        for (const match of text.matchAll(RUN)) {
          // Figures alone are read only after words that place them (`starts with 0719`): the other Detectors read figures. One word
          // alone says two digits at most (`seventy`), which name nothing.
          const spoken = /[a-z]/i.test(match[0]);
          if (spoken ? !ONE_TOKEN_MORE.test(match[0]) : !(placing && isPlaced(text, match.index))) continue;
          const groups = groupsOf(text, match.index, match[0]);
          if (groups !== null) readRun(text, groups, index, push);
        }
      }
      for (const match of /buck/i.test(text) ? text.matchAll(BUCK) : []) {
        const rest = match[1] !== undefined ? BUCK_SHARES[match[1].toLowerCase()] : groupsOf(text, 0, match[2])?.map((group) => group.digits).join("").padStart(2, "0");
        const entry = rest === undefined ? undefined : index.amounts.get(significant(`1${rest}`));
        if (entry) push(match.index, match.index + match[0].length, entry);
      }
      for (const match of /ask|seek|mak|earn|pull/i.test(text) ? text.matchAll(/\b\d{2,3}\b(?![.,]\d|[ \t]*%)/g) : []) {
        if (!PAY_VERB_BEFORE.test(text.slice(Math.max(0, match.index - PAY_VERB_REACH), match.index))) continue;
        const entry = index.amounts.get(significant(match[0]));
        if (entry && Number(entry.value.replace(/[^\d.]/g, "")) === Number(match[0]) * 1000) push(match.index, match.index + match[0].length, entry);
      }
      return found;
    },
  };
}

/** Every window of a run's groups whose digits are a registered value's, as its place in the text allows. */
function readRun(text: string, groups: readonly Group[], index: SpokenIndex, push: (start: number, end: number, entry: VaultEntry) => void): void {
  for (let first = 0; first < groups.length; first++) {
    const before = text.slice(Math.max(0, groups[first].start - PLACE_REACH), groups[first].start);
    const [atStart, inMiddle, atEnd] = [START_BEFORE.test(before), MIDDLE_BEFORE.test(before), END_BEFORE.test(before)];
    let digits = "";
    let spoken = false;
    let counted = false;
    for (let last = first; last < groups.length && last < first + MAX_WINDOW; last++) {
      digits += groups[last].digits;
      spoken ||= groups[last].spoken;
      counted ||= groups[last].counted;
      const plain = digits.replace(".", "");
      if (plain.length > MAX_DIGITS) break;
      const [start, end] = [groups[first].start, groups[last].end];
      const entry = digits.includes(".") || counted ? undefined : placedIdentifier(plain, index, atStart, inMiddle, atEnd, spoken);
      if (entry) {
        push(start, end, entry);
        continue;
      }
      if (!spoken) continue;
      const cents = counted ? CENTS_AFTER.exec(text.slice(end, end + CENTS_REACH)) : null;
      const said = cents ? `${digits}.${centsOf(cents[1])}` : digits;
      const amount = amountSaid(text, said, counted, start, end, index);
      if (amount) push(start, cents ? end + cents[0].length : end, amount);
    }
  }
}

/**
 * The identifier or date whose digits `digits` are: said whole or as a group as written; its start, middle group or end after
 * words that say so. In figures alone, only a middle group, or a start of five digits: a start of four is an issuer's range
 * (`Discover cards start with 6011`), and a last four in figures is the masked tails' (masked.ts), which know whose it is.
 */
function placedIdentifier(digits: string, index: SpokenIndex, atStart: boolean, inMiddle: boolean, atEnd: boolean, spoken: boolean): VaultEntry | undefined {
  if (spoken) {
    const whole = index.whole.get(digits) ?? index.dates.get(digits);
    if (whole) return whole;
  } else {
    atStart &&= digits.length > MIN_GROUP_DIGITS;
    atEnd = false;
  }
  if (!(atStart || inMiddle || atEnd)) return undefined;
  return index.identifiers.find(({ all, inner }) => {
    if (atStart && digits.length >= MIN_HEAD_DIGITS && digits.length < all.length && all.startsWith(digits)) return true;
    if (atEnd && digits.length >= MIN_TAIL_DIGITS && digits.length < all.length && all.endsWith(digits)) return true;
    return inMiddle && digits.length >= MIN_MIDDLE_DIGITS && inner.includes(digits);
  })?.entry;
}

/**
 * The amount said by `digits` (a reading of words, `.` where `point` was said): the same significant digits, two of them beside
 * a word of money; or, said to be about it, its rounding to three digits or more (`just north of four-ten` of 410,475).
 */
function amountSaid(text: string, digits: string, counted: boolean, start: number, end: number, index: SpokenIndex): VaultEntry | undefined {
  const said = significant(digits.replace(".", ""));
  const entry = index.amounts.get(said);
  if (!entry) return !counted && APPROXIMATE_BEFORE.test(text.slice(Math.max(0, start - APPROXIMATE_REACH), start)) ? roundedTo(digits, index) : undefined;
  // A number said whole (`one hundred twenty-five patients`) is that number, not pay in thousands.
  if (counted && Number(digits) !== Number(entry.value.replace(/[^\d.]/g, ""))) return undefined;
  if (said.length >= MIN_AMOUNT_DIGITS) return entry;
  const around = text.slice(Math.max(0, start - MONEY_REACH), Math.min(text.length, end + MONEY_REACH));
  return MONEY_NEAR.test(around) ? entry : undefined;
}

/** Words that say a number is a rounding (`north of four-ten`, `about one twenty-five`). */
const APPROXIMATE_BEFORE = /\b(?:about|around|roughly|approximately|nearly|almost|close[ \t]+to|(?:just[ \t]+)?(?:over|under|north[ \t]+of|south[ \t]+of|shy[ \t]+of))[ \t]+$/i;
const APPROXIMATE_REACH = 24;

/** The amount whose leading digits, rounded to as many as `digits` has (three or more, no point), are `digits`. */
function roundedTo(digits: string, index: SpokenIndex): VaultEntry | undefined {
  if (!/^\d{3,}$/.test(digits)) return undefined;
  for (const entry of index.amounts.values()) {
    const integer = parseNumber(entry.value)?.integer ?? "";
    if (integer.length > digits.length && Math.round(Number(integer.slice(0, digits.length + 1)) / 10) === Number(digits)) return entry;
  }
  return undefined;
}
