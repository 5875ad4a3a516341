/**
 * Ages that a registered date of birth gives away: writers compute them (`Lisa Dixon (age 86)`,
 * `1989-05-07 → ~36 years old`), and an age is the birth year give or take one. A Detector over
 * the guard's vault: each age written as one (`age 86`, `aged 86`, `Age: 86`, `86 years old`,
 * `86-year-old`, `86 y/o`, `86F with`, `turned 86`, `Lisa Dixon, 86,`, `she is 86`; AGE_ALTERNATIVES) whose number is a registered birth date's age at the reference date, or
 * up to a few years before it (a document written earlier), or the next one where the text says it is to come (`she'll turn 82`), is that date's rendering (role `age`).
 */
import type { Detection, Detector } from "../base.js";
import { isBirthField } from "./birth-dates.js";
import { ordinalSuffix, parseDate, type CalendarDate } from "./dates.js";
import type { VaultEntry } from "./vault.js";
import { digitRunsOf } from "./digit-runs.js";
import { derivedFromEntries } from "./entries-memo.js";
import { inWords } from "./numbers.js";
import { memoize } from "../../transform/operators/format.js";
import { cellsOf } from "./table-cells.js";
import { isDictionaryWord, isNameWord } from "./words.js";

/** An age computed from a birth date is how writers show it, but other people's ages are written the same way. */
const AGE_CONFIDENCE = 0.8;
/** A text may be this many years older than the reference date (a record dated last year says `age 85`). */
const YEARS_BEFORE_REFERENCE = 3;

/**
 * The number of an age, written as one. After `age`/`aged` (or a JSON key ending so: `patient_age`, `age_years`), with a label's marks between (`Age: 86`,
 * `**Age:** 86`, `| Age | 86 |`, `"age": 86`, `Age (years): 86`, `Age/Sex: 86/F`, `age of ~86`, `Age at visit: 74`); before
 * `years old`, `years of age`, `-year-old`, `y/o`, `y.o.`, `yo`, `yrs`, `y` (`86y`), or a sex letter a clinical note
 * goes on from (`86F with chest pain`, `86M presents`) or that closes an aside, a sentence or a slashed field (`Grace Liu, 59F, DOB ...`, `(38F)`, `(44 F)`, `67M.`, `TATE R / 71F / LKW`),
 * or `y` closing an aside (`(32 y)`), or before a slashed sex (`67/M`); after the sex (`M/67`, `male, 67`); after `turned` or `turns`, or before `th birthday`; after a comma or in parentheses after a name word
 * (`Ryan Wilson, 55, presents`, `Mr. Wilson (55)`, `P. Hartigan, 44` ending its line, `(Ms. C., 62)`, `(Ms. Hale), 32,`, `(**P.D., 44**)`,
 * `Harry Chapman, 79 (turns 80 next month)`); after a person told (`He is 55.`, `she's 55`, `she'll be 55`, `Mr. Ferreira is 39`,
 * `is nearly 80`, not `he is 55 kg`).
 * Bounded gaps: linear time.
 */
const AGE_ALTERNATIVES: readonly string[] = [
  /(?:\b|(?<=_))(?:age|aged)(?:_(?:years?|yrs?|in_years|at_[a-z]+))?\b(?:[ \t]+at[ \t]+(?:the[ \t]+)?(?:visit|admission|referral|presentation|diagnosis|intake|exam))?[ \t*_|:="']{0,8}(?:(?:\((?:years?|yrs?|y)\)|\/(?:sex|gender))[ \t*_|:"']{0,8})?(?:(?:of|is|was|would be|will be|is now)\b[ \t]{0,3})?(?:(?:~|about |approximately |approx\. )[ \t]{0,3})?(\d{1,3})\b/.source,
  /(?<![$€£.,\d])\b(\d{1,3})(?:[*_]{0,2}[ -](?:years?|yrs?)[ -]old\b|[ \t]+years?[ \t]+of[ \t]+age\b|[ \t-]?(?:y\/o|y\.o\.?|yo|yrs?)(?![\p{L}\d])|y\b|[ \t]y(?=[ \t]*[),;\]])|[ \t]?[MF](?=[ \t]+(?:(?:with|presents|presenting|patient|pt|who|complains|reports)\b|w\/|c\/o)|[ \t]*[,;)\]|(\/]|\.(?:\s|$))|[ \t]?\/[ \t]?[MF](?![\p{L}\d]))/u.source,
  // A sex letter or word before the age (`M/67`, `Sex/Age: F/74`, `male, 67`, `Female 74`), not a quantity after the word (`female, 67%`).
  /(?<![\p{L}\d])(?:[MF][ \t]?\/[ \t]?|(?:male|female)[ \t]*[,:]?[ \t]*)(\d{1,3})\b(?![ \t]*(?:%|percent|mg|kg|lbs?|cm|patients|cases|participants)\b|[.,]\d|%)/u.source,
  /\b(?:turned|turns|turning|turn)[ \t]+(\d{1,3})\b(?![ \t]*(?:%|percent|degrees|pages|times|minutes|meters|miles|feet)\b)/.source,
  /\b(\d{1,3})(?:st|nd|rd|th)[ \t]+birthday\b/.source,
  // After a name, between commas or in parentheses (`Ryan Wilson, 55, presents`, `Mr. Wilson (55)`, `Dennis Moreno, 67M` ending its line;
  // after the name a person goes by, `Mr. Okonkwo-Reyes ("Iggy"), 77,`: round 22 red team): the first digit is
  // consumed before the lookbehind reads the name back, so the scan goes from digit to digit, not from capital to capital.
  // After a date the same way (`Name,1959-03-17,66`: a CSV row's age column beside the date of birth; `DOB: 11/04/1958 (67)`, `DOB/Age: 14 Aug 1969 / 56`,
  // ending a table's cell too: `| 31 Oct 1966 / 59 |`, round 15 red team).
  /(\d(?<=(?:(\p{Lu}[\p{L}'’-]*)\.?["”]?\)?(?:\*\*|__)?|\d{4}-\d\d-\d\d|\d{1,2}\/\d{1,2}\/(?:\d\d){1,2}|\p{L}{3}\.?[ \t]\d{1,2},?[ \t]\d{4}|\d{1,2}[ \t]\p{L}{3,9}\.?[ \t]\d{4})(?:,[ \t]?|[ \t]?\(|[ \t]\/[ \t])\d)\d{0,2})(?=(?:[ \t]?[MF])?[*_`]{0,2}(?:[ \t]*(?:[,;|]|\r?\n|$)|\)|\.(?:\s|$)|[ \t]+\((?:born|b\.|dob|d\.o\.b\.|turns|turning)))/iu.source,
  // A person's, told (`He is 55.`, `she's 55`, `Patient is 55`, `applicant is 42`: round 10), not a quantity (`he is 55 kg`, `is 55%`); read back from its first digit too.
  /(\d(?<=\b(?:he|she|patient|pt|applicant|borrower|client|member|insured|claimant|employee|resident|child|son|daughter|(?:mr|mrs|ms|miss|mx)\.?[ \t]+\p{L}[\p{L}'’-]*|(\p{Lu}\p{Ll}+))(?:['’]s|['’]ll[ \t]+be|[ \t]+(?:is|was|turns|turned|will[ \t]+be|is[ \t]+(?:still|now|currently|presently|already)))[ \t]+(?:(?:nearly|almost|about|around|roughly|approximately)[ \t]+)?\d)\d{0,2})(?![\d%]|[.,]\d|[ \t]*(?:%|percent|mg|kg|kgs|lb|lbs|cm|mm|in(?![ \t]+[\p{L}\d])|inches|min|minutes|hours|days|weeks|months|points|pts|bpm|ft|feet|foot|miles|km|degrees)\b)/u.source,
  // The age at a life event, after it or before it (round 14 red team: `separated at **61**`, `Claimant was **56 at termination**`).
  /\b(?:retired|separated|diagnosed|married|divorced|widowed|terminated|laid off|hired|dismissed|fired)[ \t]+at[ \t]+(?:age[ \t]+)?[*_]{0,2}(\d{2})\b(?![ \t]*(?:%|percent|mg|kg|lbs?|days|weeks|months|years|hours|minutes|dollars|an hour|per|k)\b|[.,:]\d)/.source,
  /(?<![\d.,$])\b(\d{2})[*_]{0,2}[ \t]+at[ \t]+(?:the[ \t]+time[ \t]+of[ \t]+)?(?:termination|separation|hire|hiring|retirement|diagnosis|onset|death|dismissal|layoff|discharge)\b/.source,
  // An age opening a sentence before a comma (session 53 probe: `At 65, James is eligible for Medicare`); a time is written `at 10:00`.
  /(?:^|[.!?:][ \t]+|\n)At[ \t]+(\d{2})(?=,[ \t])/.source,
  // An age a birth date is reckoned to (session 57 probe: `born in the spring of '72, which puts her at 53`).
  /\b(?:puts|put|putting|places|placing|makes|making)[ \t]+(?:him|her|them|the[ \t]+(?:patient|client|applicant|employee))[ \t]+at[ \t]+(?:age[ \t]+)?(\d{2})\b(?![ \t]*(?:%|percent|points|pts|days|weeks|months|hours|minutes|dollars|k|mph)\b|[.,:]\d)/.source,
];
/**
 * Alternatives of AGE_ALTERNATIVES (by index) with a word each needs: a text without the word is
 * scanned without them (`age`, `turn`, `birthday` alone cost ~60 % of the scan of every text).
 */
const GATED_ALTERNATIVES: ReadonlyArray<readonly [number, RegExp]> = [
  [0, /(?:\b|_)aged?(?:\b|_)/i],
  [3, /\bturn/i],
  [4, /birthday/i],
  [9, /\bAt[ \t]+\d\d,/],
  [10, /\b(?:puts?|putting|places|placing|makes|making)[ \t]+\w+[ \t]+at\b/],
];
/** The age phrase per set of gated alternatives a text may hold (a bit per GATED_ALTERNATIVES entry). */
const agePhrases = new Map<number, RegExp>();

/**
 * The alternatives of an age phrase `text` may hold, as one expression: one left out is a
 * never-matching `(?!)` with as many groups, so every alternative's groups keep their numbers.
 */
function agePhraseFor(text: string): RegExp {
  let held = 0;
  GATED_ALTERNATIVES.forEach(([, word], bit) => {
    if (word.test(text)) held |= 1 << bit;
  });
  let phrase = agePhrases.get(held);
  if (phrase === undefined) {
    const sources = AGE_ALTERNATIVES.map((source, index) => {
      const bit = GATED_ALTERNATIVES.findIndex(([gated]) => gated === index);
      return bit === -1 || held & (1 << bit) ? source : `(?!)${"()".repeat(new RegExp(`${source}|`, "u").exec("")!.length - 1)}`;
    });
    phrase = new RegExp(sources.join("|"), "giu");
    agePhrases.set(held, phrase);
  }
  return phrase;
}
/** Texts that cannot hold an age phrase are not scanned. */
const AGE_WORD = /age|old|y|turn|birthday|\bat[ \t]+[*_]{0,2}\d|\d[*_]{0,2}[ \t]+at\b|[ \t](?:is|was)[ \t]+\d|\bm(?:rs?|s|iss|x)\b|\d[ \t]?[MF]|[MF][ \t]?\/|\/[ \t]?[MF]|male|[,(][ \t]?\d|he|pt|patient|applicant|borrower|client|member|insured|claimant|employee|resident|child|son|daughter/i;

/** A word that names people (the lexicon's, or none of the dictionary's): `Wilson`, `Ryan`; not `Apples`. */
function isNameLike(word: string): boolean {
  const lower = word.toLowerCase();
  return isNameWord(lower) || !isDictionaryWord(lower);
}

/** A title or a capitalized word (a first name) right before a word. */
const PERSON_BEFORE = /(?:\b(?:mr|mrs|ms|miss|mx|dr)\.?|\p{Lu}\p{Ll}+)[ \t]+$/iu;

/**
 * Whether `word`, ending before `at` in `text`, names a person: name-like, or a registered name's word that is also a word
 * (`Banks`) after a title or a first name (round 21 red team: `Mr. Banks, 26,`; its re-judge: `Beds: Banks, 26;` is a bed's).
 */
function namesPerson(word: string, text: string, at: number, registered?: ReadonlySet<string>): boolean {
  if (isNameLike(word)) return true;
  if (!registered?.has(word.toLowerCase())) return false;
  const start = text.lastIndexOf(word, at);
  return start > 0 && PERSON_BEFORE.test(text.slice(Math.max(0, start - 24), start));
}

/** Words for a person by their role, as a name goes before an age between commas (round 14 red team: `Client, 47, a dispatcher`). */
const PERSON_ROLES: ReadonlySet<string> = new Set([
  "client", "claimant", "patient", "defendant", "plaintiff", "applicant", "employee", "borrower", "member", "resident", "decedent", "petitioner",
  "respondent", "victim", "witness", "subject", "complainant", "candidate", "customer", "tenant", "insured", "beneficiary", "caller",
]);

/** Completed years from `birth` to `at`. */
export function ageAt(birth: CalendarDate, at: CalendarDate): number {
  const beforeBirthday = at.month < birth.month || (at.month === birth.month && at.day < birth.day);
  return at.year - birth.year - (beforeBirthday ? 1 : 0);
}

/**
 * The ages that give away a birth date: at the reference date and up to YEARS_BEFORE_REFERENCE years before it, and the
 * reference year less the birth year, as writers subtract (round 16 red team: `Age: 88` of a birth in January 1938, 87 on the day).
 */
export function agesOf(birth: CalendarDate, reference: CalendarDate): { ages: Set<number>; next: number } {
  const now = ageAt(birth, reference);
  const ages = new Set([...Array.from({ length: YEARS_BEFORE_REFERENCE + 1 }, (_, back) => now - back), reference.year - birth.year].filter((age) => age >= 0));
  // The age to come, where the text says it is (`she'll turn 82`).
  return { ages, next: now + 1 };
}

export const DECADE_WORDS = ["", "", "twenties", "thirties", "forties", "fifties", "sixties", "seventies", "eighties", "nineties"];
const DECADE = `(?:([2-9])0['’]?s|(${DECADE_WORDS.filter(Boolean).join("|")}))`;
/**
 * An age told by a third of its decade (`mid-70s`, `late seventies`, `early 40's`), or by its decade after a person's `in his`
 * (`in her 80s`, `in his sixties`: round 6 red team): groups 1 the third, 2 its separator, 3 the decade's digit or 4 its word.
 */
const AGE_DECADE = new RegExp(`(?:\\b(early|mid|late)([- ]?)|(?<=\\bin (?:his|her|their) ))${DECADE}\\b`, "gi");
/** An age's decade as a whole span's reading, its third or not. */
const WHOLE_AGE_DECADE = new RegExp(`^(?:(early|mid|late)([- ]?))?${DECADE}$`, "i");
const THIRDS = ["early", "mid", "late"];
/** What every such age has: most texts have none, and are not scanned for one. */
const DECADE_HINT = /(?:early|mid|late|in (?:his|her|their))[- ]?(?:[2-9]0|twent|thirt|fort|fift|sixt|sevent|eight|ninet)/i;

/** The third of its decade an age is in (`mid` of 75), as `AGE_DECADE` writes it. */
export function thirdOf(age: number): string {
  const unit = age % 10;
  return THIRDS[unit <= 3 ? 0 : unit <= 6 ? 1 : 2];
}

/** An age's decade and third as written (`mid-70s`; "" for none, `80s`), or null for none. */
export function decadeOfAge(written: string): { third: string; separator: string; decade: number; spelled: boolean } | null {
  const match = WHOLE_AGE_DECADE.exec(written);
  if (!match) return null;
  const decade = match[3] === undefined ? DECADE_WORDS.indexOf(match[4].toLowerCase()) : Number(match[3]);
  return { third: match[1] ?? "", separator: match[2] ?? "", decade, spelled: match[3] === undefined };
}

/** The lowercase words of registered names. */
function nameWordsOf(all: readonly VaultEntry[]): Set<string> {
  return new Set(all.flatMap((entry) => (entry.kind === "name" ? entry.value.toLowerCase().split(/[^\p{L}'’-]+/u).filter((word) => word.length > 1) : [])));
}

/** A registered birth date's entry and the ages that give it away. */
type BirthAges = { entry: VaultEntry } & ReturnType<typeof agesOf>;
/** The registered birth dates' ages, and what a text must hold to write one: its digits (or its decade's) inside a run of digits, or the first word of it spelled. */
interface RegisteredAges {
  dates: BirthAges[];
  told: { digits: ReadonlySet<string>; spelled: RegExp | null };
}

/** References in use at once are few (a guard's option). */
const REFERENCES_KEPT = 64;
/** The derivation of RegisteredAges per reference day (`year-month-day`), declared once each: guards of one reference share what it made of one vault. */
const registeredAgesOn = memoize((day: string) => {
  const [year, month, date] = day.split("-").map(Number);
  const reference = { year, month, day: date };
  return (all: readonly VaultEntry[]): RegisteredAges => {
    const dates = all.flatMap((entry) => {
      const birth = entry.kind === "date" && isBirthField(entry.field) ? parseDate(entry.value) : null;
      return birth ? [{ entry, ...agesOf(birth, reference) }] : [];
    });
    const ages = dates.flatMap((birth) => [...birth.ages, birth.next]);
    const digits = new Set(ages.flatMap((age) => [String(age), String(Math.floor(age / 10) * 10)]));
    const words = [...new Set(ages.flatMap((age) => [AGE_IN_WORDS[age]?.split(" ")[0] ?? [], DECADE_WORDS[Math.floor(age / 10)] ?? []].flat()))].filter(Boolean);
    return { dates, told: { digits, spelled: words.length === 0 ? null : new RegExp(words.join("|"), "i") } };
  };
}, REFERENCES_KEPT);

/** Detects the ages of the registered birth dates among `entries()` (read at each call: values added at run time count). */
export function ageDetector(entries: () => readonly VaultEntry[], reference: CalendarDate): Detector {
  const registered = derivedFromEntries(entries, registeredAgesOn(`${reference.year}-${reference.month}-${reference.day}`));
  const names = derivedFromEntries(entries, nameWordsOf);
  return {
    name: "ages",
    detect(text: string): Detection[] {
      // Most guards hold no birth date: their texts are not scanned at all.
      const { dates, told } = registered();
      if (dates.length === 0 || !writesAny(text, told)) return [];
      const found: Detection[] = [];
      const push = ({ entry }: { entry: VaultEntry }, start: number, end: number) =>
        found.push({ start, end, field: entry.field, kind: entry.kind, valueType: entry.valueType, tier: 1, confidence: AGE_CONFIDENCE, source: "vault", value: entry.value, role: "age" });
      for (const { start, end, age, next } of writtenAges(text, names())) {
        for (const birth of dates) if (birth.ages.has(age) || (next && age === birth.next)) push(birth, start, end);
      }
      // Round 4 red team: `mid-70s`, `late seventies` of the real birth date passed beside its surrogate.
      for (const match of DECADE_HINT.test(text) ? text.matchAll(AGE_DECADE) : []) {
        const written = decadeOfAge(match[0])!;
        for (const birth of dates) {
          const inThird = (age: number) => written.third === "" || thirdOf(age) === written.third.toLowerCase();
          if ([...birth.ages].some((age) => Math.floor(age / 10) === written.decade && inThird(age))) push(birth, match.index, match.index + match[0].length);
        }
      }
      // Session 58 probe: a band of ages around it (`"age_band": "70-74"`, `aged 70-74`, `the 70–74 age group`), redacted whole.
      for (const match of AGE_BAND_WORD.test(text) && AGE_BAND_HINT.test(text) ? text.matchAll(AGE_BAND) : []) {
        const band = BAND_OF_AGES.exec(match[0])!;
        const [low, high] = [Number(band[1]), Number(band[2])];
        if (high <= low || high - low > MAX_AGE_BAND) continue;
        const start = match.index + band.index;
        for (const birth of dates) if ([...birth.ages].some((age) => low <= age && age <= high)) push(birth, start, start + band[0].length);
      }
      return found;
    },
  };
}

/** Widest band of ages that still tells one (`65-74`); a wider one tells no more than a generation. */
const MAX_AGE_BAND = 10;
/**
 * A band of ages: after an age's word (`aged 70-74`, `"age_band": "70-74"`, `Ages 65 to 74`, `age group: between 70 and 74`) or
 * before one (`70–74 years old`, `the 70-74 age group`).
 */
const AGE_BAND = new RegExp(
  String.raw`\b(?:aged?|ages)(?:[ _-]?(?:band|group|range|bracket|bucket|cohort|category))?\b["'*_: \t=|]{0,8}(?:between[ \t]+)?\d{1,3}[ \t]*(?:-|–|—|to|and)[ \t]*\d{1,3}\b(?![.,]\d|[ \t]*%)` +
    String.raw`|(?<![\d.,$])\b\d{1,3}[ \t]*(?:-|–|—|to)[ \t]*\d{1,3}(?:[ \t-]+(?:years?|yrs?)(?:[ -]olds?|[ \t]+of[ \t]+age)|[ \t]+age[ \t_-]?(?:band|group|range|bracket|bucket|cohort|category))\b`,
  "gi",
);
/** What every band of ages has: two numbers joined and a word of age or years (any date `2021-2023` has the first). */
const AGE_BAND_HINT = /\d[ \t]*(?:[-–—]|to|and)[ \t]*\d/;
const AGE_BAND_WORD = /age|yrs?|years?/i;
/** The band's two ages inside AGE_BAND's match. */
const BAND_OF_AGES = /(\d{1,3})[ \t]*(?:-|–|—|to|and)[ \t]*(\d{1,3})/;

/** Whether `text` holds one of `told`'s digit strings inside a run of digits, or one of its words. */
function writesAny(text: string, told: { digits: ReadonlySet<string>; spelled: RegExp | null }): boolean {
  return digitRunsOf(text).some((run) => holdsPieceIn(run, told.digits)) || (told.spelled !== null && told.spelled.test(text));
}

/** Whether a piece of `run` of one to three digits (an age or its decade) is in `pieces`: lookups per piece, however many ages a vault gives. */
function holdsPieceIn(run: string, pieces: ReadonlySet<string>): boolean {
  for (let start = 0; start < run.length; start++) {
    for (let end = start + 1; end <= Math.min(run.length, start + 3); end++) if (pieces.has(run.slice(start, end))) return true;
  }
  return false;
}

/** An age the text says is to come (`turns 82`, `she'll be 82`, round 23 red team: `is nearly 80`): the person's next one. */
const NEXT_AGE = /\bturn(?:s|ing)?\b|\bwill[ \t]+be\b|['’]ll[ \t]+be\b|\b(?:nearly|almost)\b/i;
/** How far before the age NEXT_AGE is read (`she'll be ` is read behind the number). */
const NEXT_AGE_REACH = 12;

/** An age written in a text: where its number stands, the number, and whether it is one to come (`turns 82`). */
interface WrittenAge {
  start: number;
  end: number;
  age: number;
  next: boolean;
}

/** Ages written in words as to-words writes them (numbers.ts `inWords`), lowercase (`sixty four`), and back. */
const AGE_IN_WORDS: readonly string[] = Array.from({ length: 120 }, (_, age) => inWords(String(age), 0)!.toLowerCase());
const AGE_OF_WORDS = new Map(AGE_IN_WORDS.map((words, age) => [words, age]));
const UNIT_WORD = "one|two|three|four|five|six|seven|eight|nine";
/** An age from one to ninety-nine in words, its tens and unit joined by a hyphen or a space (`sixty-four`, `Seventy two`). */
const SPELLED = `(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](?:${UNIT_WORD}))?|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|${UNIT_WORD})`;
/**
 * An age in words as only an age is written (round 10 red team: `an eighty-four-year-old`, `She turns seventy this spring`):
 * before `years old`, `-year-old` or `years of age` (group 1), after `aged` or `age` (group 2), after `turned`/`turns` (group 3).
 */
const SPELLED_AGE_PHRASE = new RegExp(
  `\\b(${SPELLED})(?:[ -](?:years?|yrs?)[ -]old\\b|[ \\t]+years?[ \\t]+of[ \\t]+age\\b)|\\b(?:aged?)[ \\t:]+(${SPELLED})\\b(?![ -](?:percent|times|days|weeks|months)\\b)|\\b(?:turned|turns|turning|turn)[ \\t]+(${SPELLED})\\b(?![ -](?:percent|degrees|pages|times|minutes|days|weeks|months)\\b)`,
  "gi",
);
/** What a text with an age in words has. */
const SPELLED_AGE_HINT = /\b(?:aged?|turn(?:s|ed|ing)?)\b|years?[ -](?:old|of age)/i;

/** An age in digits, as a number or an ordinal (`80`, `80th`). */
const ORDINAL_AGE = /^(\d+)(st|nd|rd|th)?$/i;

/** The age a span writes, in digits, as an ordinal or in words (`64`, `64th`, `sixty-four`); NaN for none. */
export function ageValue(written: string): number {
  const digits = ORDINAL_AGE.exec(written);
  return digits ? Number(digits[1]) : (AGE_OF_WORDS.get(written.toLowerCase().replace(/[- ]+/g, " ")) ?? Number.NaN);
}

/** `age` written as `written` is: in digits, as an ordinal (`80th` -> `82nd`), or in words joined and capitalized alike (`sixty-four` -> `thirty-seven`). */
export function ageLike(age: number, written: string): string {
  const digits = ORDINAL_AGE.exec(written);
  if (digits) return digits[2] === undefined ? String(age) : `${age}${ordinalSuffix(age)}`;
  const words = AGE_IN_WORDS[age];
  if (words === undefined) return String(age);
  // Written in one word (`ten`), the compound takes English's hyphen.
  const joined = words.replace(/ /g, / /.test(written) ? " " : "-");
  return /^\p{Lu}/u.test(written) ? joined.charAt(0).toUpperCase() + joined.slice(1) : joined;
}

/** Ages in words (`SPELLED_AGE_PHRASE`). */
function spelledAges(text: string): WrittenAge[] {
  if (!SPELLED_AGE_HINT.test(text)) return [];
  return Array.from(text.matchAll(SPELLED_AGE_PHRASE), (match) => {
    const words = match[1] ?? match[2] ?? match[3];
    const start = match[1] === undefined ? match.index + match[0].length - words.length : match.index;
    return { start, end: start + words.length, age: ageValue(words), next: match[3] !== undefined && NEXT_AGE.test(match[0]) };
  });
}

/** A table column an age is written in (`| Age |`, `Age (yrs)`, `age_at_visit`, `Age/Sex`). */
const AGE_HEADER = /^[\s*_`]*age\b/i;
/** An age cell's text (`42`, `59F`, `63 M`): group 1 the number. */
const AGE_CELL = /^(\d{1,3})(?:[ \t]?[MF])?$/;
/** What a text with an age column has: a header cell or CSV field that starts with `age`. */
const AGE_HEADER_HINT = /(?:^|[|,])[ \t*_`]*age\b/im;

/** Ages in cells under an `Age` column (`| Borrower | Age |` over `| Danielle Fairbanks | 42 |`: round 9 red team), by where they stand. */
function tableAges(text: string): Map<number, WrittenAge> {
  const ages = new Map<number, WrittenAge>();
  if (!AGE_HEADER_HINT.test(text)) return ages;
  for (const { header, rowLabel, start, end } of cellsOf(text)) {
    // Or in a row labelled `Age` (round 12 red team: `| Age | 18-75 | 57 |` under `| Criterion | Required | Patient |`).
    const cell = AGE_HEADER.test(header) || (rowLabel !== undefined && AGE_HEADER.test(rowLabel)) ? AGE_CELL.exec(text.slice(start, end)) : null;
    if (cell) ages.set(start, { start, end: start + cell[1].length, age: Number(cell[1]), next: false });
  }
  return ages;
}

/**
 * Every age written as one in `text` (`age 86`, `86 years old`, a cell of an `Age` column): where its number stands, the number, and
 * whether it is one to come. `names`: the lowercase words of registered names, which name a person before an age though a
 * dictionary lists them (round 21 red team: `Mr. Banks, 26,`).
 */
export function writtenAges(text: string, names?: ReadonlySet<string>): WrittenAge[] {
  const spelled = spelledAges(text);
  const inDigits = digitAges(text, names);
  return spelled.length === 0 ? inDigits : [...inDigits, ...spelled].sort((a, b) => a.start - b.start);
}

function digitAges(text: string, names?: ReadonlySet<string>): WrittenAge[] {
  if (!/\d/.test(text) || !AGE_WORD.test(text)) return [];
  const inTables = tableAges(text);
  const phrased = Array.from(text.matchAll(agePhraseFor(text))).flatMap((match) => {
    // After a word a person's name is made of, not an ordinary one (`Apples, 55, pears`, `Items (55)`).
    if (match[7] !== undefined && !namesPerson(match[7], text, match.index, names) && !PERSON_ROLES.has(match[7].toLowerCase())) return [];
    // A first name told alone (`Howard is 67`: round 12 red team) opens no sentence as an ordinary word does (`Section is 67`).
    if (match[9] !== undefined && !namesPerson(match[9], text, match.index, names)) return [];
    // `age 86`, `M/86`, `Wilson, 86,` and `he is 86` end with the number; `86 years old` and `86th birthday` start with it.
    const digits = match[1] ?? match[2] ?? match[3] ?? match[4] ?? match[5] ?? match[6] ?? match[8] ?? match[10] ?? match[11] ?? match[12] ?? match[13];
    const start = match[2] === undefined && match[5] === undefined && match[11] === undefined ? match.index + match[0].length - digits.length : match.index;
    // A birthday by its number (`his 80th birthday is in June`: round 10 red team) may be the one to come.
    const next = match[5] !== undefined || NEXT_AGE.test(text.slice(Math.max(0, match.index - NEXT_AGE_REACH), match.index + match[0].length));
    // The ordinal's suffix goes with the number (`80th` -> `82nd`).
    const end = start + digits.length + (match[5] === undefined ? 0 : 2);
    return [{ start, end, age: Number(digits), next }];
  });
  if (inTables.size === 0) return phrased;
  for (const age of phrased) inTables.delete(age.start);
  return [...phrased, ...inTables.values()].sort((a, b) => a.start - b.start);
}
