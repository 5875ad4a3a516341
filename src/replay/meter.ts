/**
 * The scorer's own measuring detector. It shares no detection code with the sanitizer's detectors
 * on purpose (only the regex iteration helper): a value the guard misses must not be missed the
 * same way by the measurement.
 * It is deliberately generous (surnames alone, dates without a year, rounded amounts, last
 * four digits after a mask) so that the residual rate is an upper bound.
 */
import type { VaultValue } from "../policy/options.js";
import { allMatches } from "../detect/recognizers/matches.js";
import { AsciiPairs } from "./ascii-pairs.js";
import { normalizeVaultValue } from "./traces.js";

/** One protected value occurrence found by the meter. */
export interface MeterHit {
  start: number;
  end: number;
  /** Vault field, or `unregistered:<kind>` for PII-looking text outside the vault. */
  field: string;
}

export interface Meter {
  /** Vault fields the meter knows. */
  readonly fields: readonly string[];
  /** Every occurrence of a vault value (any form) and of unregistered PII, overlaps allowed. */
  detect(text: string): MeterHit[];
  /**
   * The vault fields `detect` finds in `text`, in vault order, except those in `known`: a field
   * is tried only until one of its forms occurs, and a known field not at all.
   */
  fieldsIn(text: string, known: ReadonlySet<string>): string[];
}

type Span = [number, number];
type Finder = (view: TextView) => Span[];

interface FieldFinders {
  field: string;
  /** Forms that identify the value alone. */
  strong: Finder[];
  /** List members that are plain words: they count only when two members of the list appear together. */
  weak: Finder[];
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const MONTH_PATTERN = "(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\\.?";
const ORDINAL = "(?:st|nd|rd|th)?";
const TITLE_WORDS = "Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Doctor|Professor";
const TITLE = `(?:(?:${TITLE_WORDS})\\.?\\s+)?`;
const NAME_SUFFIX = /\s+(?:Jr\.?|Sr\.?|II|III|IV|MD|M\.D\.|PhD|DDS|DVM|Esq\.?)$/;
const NAME_TITLE = new RegExp(`^(?:${TITLE_WORDS})\\.?\\s+`);
const NAME_SHAPE = /^[A-Z][a-z'’-]+(?:\s+(?:[A-Z][a-z'’-]+|[A-Z]\.?)){1,3}$/;
const SINGLE_NAME = /^[A-Z][a-z'’-]+$/;
const ORG_WORDS = /\b(?:and|Ltd|LLC|Inc|PLC|Group|Sons|Corp|Co)\b/;
/** Fields whose title-case values are roles, conditions, categories or grades (`Product Manager`, `Anxiety Disorder`, `Needs Improvement`): phrases, not names with a surname alone (`Manager`). */
const NOT_A_PERSON_FIELD = /(?:^|_)(?:position|title|role|job|occupation|diagnosis|complaint|condition|type|department|status|assessment|rating|grade|level|tier|category|outcome|priority|stage)(?:_|#|$)/i;
const STOPWORDS = new Set(["and", "the", "of", "for", "with", "ltd", "llc", "inc", "plc", "group", "sons", "stage", "type"]);
const WEAK_WINDOW = 150;
const PHRASE_WINDOW = 80;
const DIGIT_RUN = /\d(?:[ \t\-./()]{0,2}\d)*/g;
const NUMBER_TOKEN = /(?<![\w.,])\$?\s?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?:\s?(k|K|thousand|million|M|mn|billion|bn|B)\b)?/g;
/** PII shapes outside the vault, each with a string every match contains (a text without it is not scanned). */
const UNREGISTERED: Array<[kind: string, pattern: RegExp, needle: string]> = [
  ["email", /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, "@"],
  ["digits", /\d(?:[ \-./()]{0,2}\d){5,}/g, ""],
  ["url", /\bhttps?:\/\/[^\s)\]]+/g, "://"],
];

/** A numeric date layout's reading of one match: month, day, and year when written. */
type DateReading = [month: number, day: number, year?: number];

interface DateMention {
  span: Span;
  /** Every reading of the match (a numeric d/m/y date is read both ways). */
  readings: DateReading[];
}

interface NumberToken {
  span: Span;
  shown: number;
  scale: number;
  decimals: number;
  /** Significant digits as written (no grouping, no leading zeros). */
  significant: string;
}

interface DigitRun {
  /** Offsets of the run's digits in the text. */
  positions: number[];
  /** The run's digits without separators. */
  digits: string;
}

/**
 * One text as the finders read it. Scans every field would repeat (lowercasing, digit runs,
 * number tokens, date mentions) run once per text, on first use.
 */
class TextView {
  private lowered?: string;
  private runs?: DigitRun[];
  private tokens?: NumberToken[];
  private mentions?: DateMention[][];
  private readonly contains = new Map<string, boolean>();
  private pairs?: AsciiPairs;

  constructor(readonly text: string) {}

  get lower(): string {
    return (this.lowered ??= this.text.toLowerCase());
  }

  get digitRuns(): DigitRun[] {
    return (this.runs ??= allMatches(DIGIT_RUN, this.text).map((run) => {
      const positions: number[] = [];
      for (let i = 0; i < run[0].length; i++) if (/\d/.test(run[0][i]!)) positions.push(run.index + i);
      return { positions, digits: positions.map((p) => this.text[p]).join("") };
    }));
  }

  get numberTokens(): NumberToken[] {
    return (this.tokens ??= allMatches(NUMBER_TOKEN, this.text).map((m) => {
      const shown = Number(`${m[1]!.replace(/,/g, "")}${m[2] ?? ""}`);
      return {
        span: [m.index, m.index + m[0].length] as Span,
        shown,
        scale: m[3] ? SCALES[m[3].toLowerCase()]! : 1,
        decimals: m[2] ? m[2].length - 1 : 0,
        significant: shown.toString().replace(/\D/g, "").replace(/^0+/, ""),
      };
    }));
  }

  /** Date mentions per layout of DATE_LAYOUTS, in layout order. */
  get dateMentions(): DateMention[][] {
    return (this.mentions ??= DATE_LAYOUTS.map(([pattern, read]) =>
      allMatches(pattern, this.text).map((m) => ({ span: [m.index, m.index + m[0].length] as Span, readings: read(m) })),
    ));
  }

  /** Whether `needle` (lowercase ASCII) may occur case-insensitively: false only when it cannot. */
  mayContain(needle: string): boolean {
    // Several finders of a field share a needle (every name form holds the surname).
    let found = this.contains.get(needle);
    if (found === undefined) this.contains.set(needle, (found = (this.pairs ??= new AsciiPairs(this.lower)).mayHold(needle) && this.lower.includes(needle)));
    return found;
  }
}

/** A needle for `mayContain`: only ASCII needles, for which lowercasing the text keeps every case-insensitive match. */
function asciiNeedle(text: string): string | null {
  return /^[\x00-\x7f]*$/.test(text) ? text.toLowerCase() : null;
}

/** A finder that runs only when the text may contain `needle` (case-insensitively). */
function requiring(needle: string | null, finder: Finder): Finder {
  return needle === null || needle === "" ? finder : (view) => (view.mayContain(needle) ? finder(view) : []);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function regexFinder(pattern: RegExp): Finder {
  const global = new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`);
  return ({ text }) => allMatches(global, text).map((m) => [m.index, m.index + m[0].length] as Span);
}

/** Word-bounded literal, case-insensitive unless asked otherwise. */
function literalFinder(literal: string, caseSensitive = false, alternative?: string): Finder {
  const either = alternative === undefined ? escapeRegExp(literal) : `(?:${escapeRegExp(literal)}|${escapeRegExp(alternative)})`;
  return requiring(asciiNeedle(literal), regexFinder(new RegExp(`(?<![\\w])${either}(?![\\w])`, caseSensitive ? "g" : "gi")));
}

/** Members of a vault value: the scalars of a list or dict, or the value itself. */
function vaultMembers(value: VaultValue): string[] {
  const normalized = normalizeVaultValue(value);
  if (Array.isArray(normalized)) return normalized.map(String);
  if (typeof normalized === "object") return Object.values(normalized).flatMap((item) => (Array.isArray(item) ? item.map(String) : [String(item)]));
  return [String(normalized)];
}

/** Digits of an identifier without a phone's extension and country code. */
function coreDigits(value: string): string {
  const digits = value.replace(/(?:x|ext\.?)\s*\d+$/i, "").replace(/\D/g, "");
  if (/^\+?1[\s\-.(]/.test(value.trim()) && digits.length === 11) return digits.slice(1);
  if (value.trim().startsWith("001") && digits.length === 13) return digits.slice(3);
  return digits;
}

/**
 * Digit runs of the text (separators allowed) containing `digits` contiguously, from the first
 * digit of a group to the last of one: `370-58` and `37058` write 37058, `3705-86592` (an
 * enciphered case number) does not, its `3705-8` ends inside the group `86592`.
 */
function digitFinder(digits: string): Finder {
  return (view) => {
    const spans: Span[] = [];
    for (const { positions, digits: normalized } of view.digitRuns) {
      for (let at = normalized.indexOf(digits); at >= 0; at = normalized.indexOf(digits, at + 1)) {
        const last = at + digits.length - 1;
        const startsGroup = at === 0 || positions[at]! - positions[at - 1]! > 1;
        const endsGroup = last === positions.length - 1 || positions[last + 1]! - positions[last]! > 1;
        if (startsGroup && endsGroup) spans.push([positions[at]!, positions[last]! + 1]);
      }
    }
    return spans;
  };
}

function identifierFinders(value: string): Finder[] {
  const digits = coreDigits(value);
  const finders = [literalFinder(value)];
  if (digits.length >= 5) finders.push(digitFinder(digits));
  const prefixed = /^([A-Za-z]+)[\s\-_#:]*([\d\-]+)$/.exec(value);
  if (prefixed) {
    const digitPattern = prefixed[2]!.replace(/-/g, "").split("").join("[\\s\\-]?");
    finders.push(requiring(asciiNeedle(prefixed[1]!), regexFinder(new RegExp(`\\b${prefixed[1]}\\W{0,3}${digitPattern}\\b`, "gi"))));
  }
  if (/^[*xX•#]+\d{4}$/.test(value)) finders.push(literalFinder(digits));
  if (digits.length >= 9) {
    const last4 = digits.slice(-4);
    finders.push(
      requiring(
        last4,
        // After a mask or a last-four phrase, or named one right after (`6943 (Last 4 digits only)`).
        regexFinder(
          new RegExp(
            `(?:[*xX•#]{2,}[\\s\\-]*|ending (?:in|with)\\s+|(?:last|final) (?:4|four)(?:\\s+digits)?[^\\d\\n]{0,25})${last4}\\b|\\b${last4}(?=\\W{0,4}(?:is |are )?(?:the |its |his |her |their )?(?:last|final) (?:4|four)\\b)`,
            "gi",
          ),
        ),
      ),
    );
  }
  return finders;
}

function monthIndex(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
}

/** Date layouts: ISO, numeric (M/D/Y and D/M/Y), month-name first, day first; each with its readings. */
/** Month names of other languages (Intl's), lowercase, each with its month: `juillet`, `juli`, `julio` -> 7. */
const OTHER_MONTHS = new Map(
  ["es", "fr", "de", "it", "pt", "nl"].flatMap((locale) => {
    const format = new Intl.DateTimeFormat(locale, { month: "long", timeZone: "UTC" });
    return Array.from({ length: 12 }, (_, month) => [format.format(Date.UTC(2000, month, 1)).toLowerCase(), month + 1] as const);
  }),
);
const OTHER_MONTH_PATTERN = `(${[...OTHER_MONTHS.keys()].join("|")})`;

const DATE_LAYOUTS: Array<[RegExp, (m: RegExpMatchArray) => DateReading[]]> = [
  // `28 de julio de 1957`, `1er juillet 1957`, `28. Juli 1957`.
  [new RegExp(`(?<!\\d)(\\d{1,2})(?:er)?\\.?\\s+(?:de\\s+)?${OTHER_MONTH_PATTERN}(?:\\s+(?:de\\s+)?(\\d{4}))?(?!\\p{L})`, "giu"), (m) => [[OTHER_MONTHS.get(m[2]!.toLowerCase())!, +m[1]!, m[3] ? +m[3] : undefined]]],
  [/\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/g, (m) => [[+m[2]!, +m[3]!, +m[1]!]]],
  [/\b(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})\b/g, (m) => [[+m[1]!, +m[2]!, +m[3]!], [+m[2]!, +m[1]!, +m[3]!]]],
  [new RegExp(`\\b${MONTH_PATTERN}\\s+(\\d{1,2})${ORDINAL}(?:,?\\s+(\\d{4}))?\\b`, "gi"), (m) => [[monthIndex(m[1]!), +m[2]!, m[3] ? +m[3] : undefined]]],
  [new RegExp(`\\b(\\d{1,2})${ORDINAL}\\s+(?:of\\s+)?${MONTH_PATTERN},?(?:\\s+(\\d{4}))?\\b`, "gi"), (m) => [[monthIndex(m[2]!), +m[1]!, m[3] ? +m[3] : undefined]]],
];

/** Dates in any layout of DATE_LAYOUTS, with or without a year. */
function dateFinder(iso: string): Finder {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  const sameDay = ([m, d, y]: DateReading) => m === month && d === day && (y === undefined || y === year || y === year % 100);
  return (view) => view.dateMentions.flatMap((mentions) => mentions.filter((mention) => mention.readings.some(sameDay)).map((mention) => mention.span));
}

const SCALES: Record<string, number> = { k: 1e3, thousand: 1e3, m: 1e6, million: 1e6, mn: 1e6, b: 1e9, billion: 1e9, bn: 1e9 };

/** Amounts equal to the value, with grouping, currency, decimals, rounding, or a scale word with >= 2 significant digits. */
function amountFinder(value: number): Finder {
  return (view) =>
    view.numberTokens
      .filter(({ shown, scale, decimals, significant }) =>
        scale === 1
          ? Math.abs(shown - value) < 0.005 || (!Number.isInteger(value) && value >= 1000 && shown === Math.round(value))
          : significant.length >= 2 && Number((value / scale).toFixed(decimals)) === shown,
      )
      .map(({ span }) => span);
}

/** A surname whose `O'` or `D'` generated data dropped (`Oneill`): the prefix letter and the rest. */
const APOSTROPHE_DROPPED = /^([OoDd])([a-z]{3,})$/;

function nameFinders(value: string): Finder[] {
  const bare = value.replace(NAME_TITLE, "").replace(NAME_SUFFIX, "");
  const tokens = bare.split(/\s+/).filter((t) => !/^[A-Z]\.?$/.test(t));
  const first = escapeRegExp(tokens[0]!);
  const surnameToken = tokens[tokens.length - 1]!;
  const surnameEscaped = escapeRegExp(surnameToken);
  // `Oneill` as generated data writes it, `O’Neill` as a model writes it back (prefix and rest are plain letters).
  const apostrophe = APOSTROPHE_DROPPED.exec(surnameToken);
  const rest = apostrophe?.[2] ?? "";
  const last = apostrophe ? `(?:${surnameEscaped}|${apostrophe[1]}['’]\\s?${rest})` : surnameEscaped;
  const finders = [
    literalFinder(value),
    regexFinder(new RegExp(`\\b${TITLE}${first}(?:\\s+[A-Z]\\.?|\\s+[A-Z][a-z]+)*\\s+${last}\\b`, "gi")),
    regexFinder(new RegExp(`\\b${last},\\s*${first}\\b`, "gi")),
  ];
  // A surname alone (or after a title) counts, but not after another first name: "Ashley Butler" is not "Rita Butler".
  const otherFirstName = `(?<!\\b(?!(?:${first}|${TITLE_WORDS})\\b)[A-Z][a-z'’-]+\\s+)`;
  const written = apostrophe ? `${apostrophe[1]}['’]\\s?(?:${rest.charAt(0).toUpperCase()}${rest.slice(1)}|${rest.toUpperCase()})|` : "";
  if (surnameToken.length >= 3) finders.push(regexFinder(new RegExp(`\\b${otherFirstName}${TITLE}(?:${written}${surnameEscaped}|${surnameEscaped.toUpperCase()})\\b`, "g")));
  // Every form holds the surname (after its apostrophe, if it may have one).
  const surname = asciiNeedle(apostrophe ? rest : surnameToken);
  return finders.map((finder) => requiring(surname, finder));
}

/** All content words of a phrase close together, in any order. */
function phraseFinder(value: string): Finder {
  const words = [...new Set(value.split(/[^\w'-]+/).filter((w) => w.length >= 3 && !STOPWORDS.has(w.toLowerCase())))];
  if (words.length === 0) return () => [];
  // A company's one capitalized word (`Cross` of `Cross Inc`) names it only as written or in capitals, not `cross-origin`.
  if (words.length === 1 && ORG_WORDS.test(value) && /^[A-Z][a-z]/.test(words[0]!)) return literalFinder(words[0]!, true, words[0]!.toUpperCase());
  const [anchor, ...rest] = words.map((w) => literalFinder(w));
  return (view) => {
    const anchors = anchor!(view);
    if (anchors.length === 0) return [];
    const restHits = rest.map((find) => find(view));
    const spans: Span[] = [];
    for (const [start, end] of anchors) {
      let span: Span = [start, end];
      const complete = restHits.every((hits) => {
        const near = hits.find(([s, e]) => Math.abs(s - start) <= PHRASE_WINDOW || Math.abs(e - end) <= PHRASE_WINDOW);
        if (near) span = [Math.min(span[0], near[0]), Math.max(span[1], near[1])];
        return near !== undefined;
      });
      if (complete) spans.push(span);
    }
    return spans;
  };
}

/** Finders of one member value, and whether the member is a plain word that alone proves nothing. */
function memberFinders(member: string, inList: boolean, person: boolean): { finders: Finder[]; weak: boolean } {
  const value = member.trim();
  if (/^CANARY_\w+$/i.test(value)) {
    const suffix = /_([0-9A-F]{6,})$/i.exec(value)?.[1];
    return { finders: [literalFinder(value), ...(suffix ? [literalFinder(suffix)] : [])], weak: false };
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return { finders: [literalFinder(value), dateFinder(value)], weak: false };
  if (/^-?\d+(?:\.\d+)?$/.test(value)) {
    const number = Number(value);
    return { finders: Math.abs(number) >= 100 ? [amountFinder(number)] : [], weak: false };
  }
  const digitCount = value.replace(/\D/g, "").length;
  // An identifier is one token or mostly digits; "Hypertension Stage 2" is a phrase.
  if (digitCount > 0 && (!/\s/.test(value) || digitCount >= value.replace(/[^A-Za-z]/g, "").length)) {
    return { finders: identifierFinders(value), weak: false };
  }
  const bare = value.replace(NAME_TITLE, "").replace(NAME_SUFFIX, "");
  // A surname after a title (`Dr. Williams`) is a name too: its surname alone counts, not after another first name (`Jennifer Williams`).
  if (person && (NAME_SHAPE.test(bare) || (bare !== value && SINGLE_NAME.test(bare))) && !ORG_WORDS.test(value)) return { finders: nameFinders(value), weak: false };
  if (/^[A-Za-z]$/.test(value)) {
    return {
      // The letter itself stays case-sensitive: "rated a" is an article, "rated A" a grade.
      finders: [regexFinder(new RegExp(`\\b(?:[Rr]ating|[Rr]ated|[Gg]rade|[Tt]ier)\\W{1,4}(?:of\\s+|is\\s+|an?\\s+)?${value}\\b`, "g"))],
      weak: inList,
    };
  }
  if (/^[A-Z]{2,3}$/.test(value)) return { finders: [literalFinder(value, true)], weak: inList };
  const plainWord = /^[A-Za-z'-]+$/.test(value);
  if (plainWord) return { finders: [literalFinder(value)], weak: inList && (value.length <= 3 || /^[a-z]/.test(value)) };
  return { finders: [literalFinder(value), phraseFinder(value)], weak: false };
}

function fieldFinders(field: string, value: VaultValue | null): FieldFinders {
  const members = value === null ? [] : vaultMembers(value);
  const inList = members.length > 1;
  const result: FieldFinders = { field, strong: [], weak: [] };
  if (inList) result.strong.push(literalFinder(String(value)));
  for (const member of members) {
    const { finders, weak } = memberFinders(member, inList, !NOT_A_PERSON_FIELD.test(field));
    (weak ? result.weak : result.strong).push(...finders);
  }
  return result;
}

/** Weak member hits survive only when another member of the same list is near. */
function clusteredWeakHits(weakHits: Span[][]): Span[] {
  const tagged = weakHits.flatMap((hits, member) => hits.map((span) => ({ span, member })));
  return tagged
    .filter(({ span, member }) => tagged.some((other) => other.member !== member && Math.abs(other.span[0] - span[0]) <= WEAK_WINDOW))
    .map(({ span }) => span);
}

/** Whether any form of the field occurs in the text (the hits `detect` would give it are not empty). */
function occurs({ strong, weak }: FieldFinders, view: TextView): boolean {
  return strong.some((finder) => finder(view).length > 0) || clusteredWeakHits(weak.map((finder) => finder(view))).length > 0;
}

/** A run of the base64 and base64url alphabets long enough to hold a value (9 bytes: an SSN), padding included (from its start only: a regex trying every start inside a run costs 2.5x). */
const BASE64_RUN = /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{12,}={0,2}/g;
/** Characters no text holds: a decoding that has them was no text. */
const NOT_TEXT = /[\u0000-\u0008\u000e-\u001f\ufffd]/;

/**
 * Text that `text` base64-encodes, each with the run it is encoded in. Generous, and written apart
 * from the sanitizer's decoder: any run of the alphabet that decodes to text (canonical or not,
 * either alphabet), so a value the sanitizer's decoder would pass over still counts.
 */
function encodedTexts(text: string): Array<{ span: Span; decoded: string }> {
  if (text.length < 12) return [];
  return allMatches(BASE64_RUN, text).flatMap((m) => {
    const run = m[0].replace(/=+$/, "");
    const decoded = Buffer.from(run, /[-_]/.test(run) ? "base64url" : "base64").toString("utf8");
    return NOT_TEXT.test(decoded) ? [] : [{ span: [m.index, m.index + m[0].length] as Span, decoded }];
  });
}

/** Build the meter for one vault. */
export function createMeter(vault: Record<string, VaultValue | null>): Meter {
  const fields = Object.entries(vault).map(([field, value]) => fieldFinders(field, value));
  const detect = (text: string): MeterHit[] => {
    const hits: MeterHit[] = [];
    const view = new TextView(text);
    for (const { field, strong, weak } of fields) {
      for (const finder of strong) for (const [start, end] of finder(view)) hits.push({ start, end, field });
      for (const [start, end] of clusteredWeakHits(weak.map((finder) => finder(view)))) hits.push({ start, end, field });
    }
    for (const [kind, pattern, needle] of UNREGISTERED) {
      if (!text.includes(needle)) continue;
      for (const m of allMatches(pattern, text)) hits.push({ start: m.index, end: m.index + m[0].length, field: `unregistered:${kind}` });
    }
    // A value inside base64-encoded text occurs where its encoded run is.
    for (const { span, decoded } of encodedTexts(text)) for (const hit of detect(decoded)) hits.push({ start: span[0], end: span[1], field: hit.field });
    return hits;
  };
  const fieldsIn = (text: string, known: ReadonlySet<string>): string[] => {
    const view = new TextView(text);
    const found = fields.filter((finders) => !known.has(finders.field) && occurs(finders, view)).map((finders) => finders.field);
    const inside = encodedTexts(text).flatMap(({ decoded }) => fieldsIn(decoded, new Set([...known, ...found])));
    return inside.length === 0 ? found : fields.map((f) => f.field).filter((field) => found.includes(field) || inside.includes(field));
  };
  return { fields: fields.map((f) => f.field), detect, fieldsIn };
}
