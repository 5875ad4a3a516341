import { findNumbers, getCountryCallingCode, isSupportedCountry, type CountryCode, type NumberFound } from "libphonenumber-js/max";
import { z } from "zod";
import { resolveOverlaps, type Detection } from "../base.js";
import { digitsOf } from "./checksum.js";
import { contextWords, hasContext } from "./context.js";
import { recognizerHit } from "./detection.js";
import { allMatches } from "./matches.js";
import { ProfiledRecognizer, type TextProfile } from "./text-profile.js";
import { parseConfig } from "../../policy/options.js";

export const phoneRecognizerOptionsSchema = z.strictObject({
  /** ISO 3166 country assumed for numbers written without a country code. */
  defaultCountry: z
    .string()
    .length(2)
    .transform((country) => country.toUpperCase())
    .refine(isSupportedCountry, "not a country libphonenumber knows")
    .default("US"),
  /** Candidate strings whose libphonenumber result is remembered (agents repeat the same numbers across messages). */
  cacheSize: z.number().int().nonnegative().default(2048),
});
export type PhoneRecognizerOptions = z.input<typeof phoneRecognizerOptionsSchema>;

const PHONE_CONTEXT = contextWords(["phone", "tel", "telephone", "call", "called", "calling", "mobile", "cell", "fax", "contact", "dial", "reach", "ext", "hotline", "whatsapp", "sms"]);

/** "001-809-474-9930x9728": 001 is the US international prefix, which libphonenumber does not read from US. */
const US_INTERNATIONAL_PREFIXED =
  /(?<![\w+-])001[-. ]\(?[2-9]\d{2}\)?[-. ]?[2-9]\d{2}[-. ]?\d{4}(?:\s?(?:x|ext\.?|extension)\s?\d{1,6})?(?!\w)/gi;

/**
 * Runs of 8+ digits joined by at most 3 separators, with an optional extension: the only places
 * libphonenumber needs to look (a leading "+" or "(" is put back by leadingPrefixLength). Scanning
 * these instead of the whole text keeps the phone pass cheap; the variable lookbehind starts a run
 * only once, so the scan stays linear. The lookahead skips runs too short to count (8 digits, or
 * any run with an extension, whose digits count too) without building a match for each.
 */
const CANDIDATE_RUN =
  /\d(?<!\d[\s().\/+-]{0,3}\d)(?=(?:[\s().\/-]{0,3}\d){7}|(?:[\s().\/-]{0,3}\d)*\s{0,2}(?:x|ext\.?|extension)\s{0,2}\d)(?:[\s().\/-]{0,3}\d)*(?:\s{0,2}(?:x|ext\.?|extension)\s{0,2}\d{1,6})?/gi;
const MIN_CANDIDATE_DIGITS = 8;
/**
 * An extension right after a digit ("7436x713", "0199 ext. 12", "0199 extension 4"): its "x" follows
 * the digit (or "digit e") and precedes a digit or a "t". Anchored on the rare "x".
 */
const EXTENSION_HINT = /[xX](?<=\d\s{0,2}[eE]?[xX])(?:\s{0,2}\d|[tT])/;

/** "+" and "(" that open a number sit before the first digit of its run. */
function leadingPrefixLength(text: string, runStart: number): number {
  let length = 0;
  while (length < 2 && runStart - length > 0 && "+(".includes(text[runStart - length - 1])) length++;
  return length;
}

/** Glued to a word ("CASE-5884-902891") or continuing one ("...-7951-A"): an id, not a phone number. */
const GLUED_BEFORE = /[\w]-?$/;
const GLUED_AFTER = /^-?\w/;
const DASHED_DIGITS = /^\d+(?:-\d+)*$/;

/**
 * A run of digits and single dashes glued to a word ("CASE-2021-544238"): any number found in it
 * starts or ends glued (to the word, a digit or "digit-"), so libphonenumber need not be asked.
 */
function gluedId(text: string, start: number, end: number): boolean {
  if (!DASHED_DIGITS.test(text.slice(start, end))) return false;
  return GLUED_BEFORE.test(text.slice(Math.max(0, start - 2), start)) || GLUED_AFTER.test(text.slice(end, end + 2));
}

/** North American local number without area code (555-0174): only next to a phone context word. */
const LOCAL_NUMBER = /[2-9](?<!(?:[\w-]|\w[-.(])[2-9])\d{2}[-.]\d{4}(?![\w]|[-.]\w)/g;

/** Digit groups of a North American number after an optional leading 1: 3-3-4 (or 3-7 for "(555) 1234567"). */
const NANP_GROUPING = /^(?:\+?1\D+)?\(?\d{3}\)?\D*\d{3}\D+\d{4}(?:\D|$)|^(?:\+?1\D+)?\(\d{3}\)\D*\d{7}(?:\D|$)/;
const BARE_NANP_DIGITS = /^\d{10,11}$/;

/**
 * Digits and single dashes, not starting with 0 (so no international prefix), 17 digits at most:
 * libphonenumber reads such a run whole, under the default country's calling code, or not at all.
 */
const PLAIN_DASHED_RUN = /^[1-9]\d*(?:-\d+)*$/;
const MAX_PLAIN_RUN_DIGITS = 17;
/** Every number of calling code 1 has a 10-digit national number: fewer digits is never valid, nor a 3-3-4 grouping. */
const NANP_NATIONAL_DIGITS = 10;
/** The international dialling prefix of the North American countries: the only way to another calling code without "+". */
const NANP_INTERNATIONAL_PREFIX = "011";

/** A libphonenumber match with its validity for its country. */
interface CheckedNumber extends NumberFound {
  valid: boolean;
}

/**
 * Phone numbers via libphonenumber-js (metadata "max"). Numbers valid for their country are
 * hits (North American ones only in a phone layout, so ids like 2021-544238 stay out); merely
 * possible ones (fake area codes such as +1-982-...) when written with "+" or in 3-3-4 groups.
 */
export class PhoneRecognizer extends ProfiledRecognizer {
  readonly name = "phone";
  readonly kind = "phone";
  readonly valueType = "format" as const;
  /** `leniency` is a documented runtime option that the bundled typings leave out. */
  private readonly findOptions: { defaultCountry: CountryCode; v2: true; leniency: string };
  private readonly cacheSize: number;
  /** The default country shares calling code 1 (US, Canada, Caribbean). */
  private readonly nanpDefault: boolean;
  /** libphonenumber's matches per candidate string, oldest first (evicted first). */
  private readonly numbersByCandidate = new Map<string, CheckedNumber[]>();

  constructor(options: PhoneRecognizerOptions = {}) {
    super();
    const { defaultCountry, cacheSize } = parseConfig(phoneRecognizerOptionsSchema, options, "phone recognizer options");
    this.findOptions = { defaultCountry: defaultCountry as CountryCode, v2: true, leniency: "POSSIBLE" };
    this.cacheSize = cacheSize;
    this.nanpDefault = getCountryCallingCode(this.findOptions.defaultCountry) === "1";
  }

  detectIn(profile: TextProfile): Detection[] {
    const { text } = profile;
    const hits: Detection[] = [];
    // A candidate run has 8+ digits: 7 joined ones, or fewer plus an extension's.
    if (profile.hasLongDigitRun || (profile.hasDigit && EXTENSION_HINT.test(text))) {
      for (const found of this.libphonenumberMatches(text)) {
        const confidence = this.confidence(text, found);
        if (confidence > 0) hits.push(recognizerHit(this, found.startsAt, found.endsAt, confidence));
      }
    }
    if (profile.hasLongDigitRun) this.addPatternHits(text, hits);
    return resolveOverlaps(hits);
  }

  /** The layouts libphonenumber misses: 001-prefixed US numbers and labelled 7-digit local ones. */
  private addPatternHits(text: string, hits: Detection[]): void {
    if (text.includes("001")) {
      for (const m of allMatches(US_INTERNATIONAL_PREFIXED, text)) {
        hits.push(recognizerHit(this, m.index, m.index + m[0].length, 0.8));
      }
    }
    for (const m of allMatches(LOCAL_NUMBER, text)) {
      const end = m.index + m[0].length;
      if (hasContext(text, m.index, end, PHONE_CONTEXT)) hits.push(recognizerHit(this, m.index, end, 0.7));
    }
  }

  /** libphonenumber matches, with offsets into `text`. */
  private libphonenumberMatches(text: string): CheckedNumber[] {
    const found: CheckedNumber[] = [];
    for (const run of allMatches(CANDIDATE_RUN, text)) {
      const digits = digitsOf(run[0]);
      if (digits.length < MIN_CANDIDATE_DIGITS) continue;
      const runStart = run.index - leadingPrefixLength(text, run.index);
      const runEnd = run.index + run[0].length;
      if (gluedId(text, runStart, runEnd)) continue;
      const candidate = text.slice(runStart, runEnd);
      if (this.unscorableNanpRun(candidate, digits)) continue;
      for (const match of this.numbersIn(candidate)) {
        const startsAt = runStart + match.startsAt;
        const endsAt = runStart + match.endsAt;
        if (GLUED_BEFORE.test(text.slice(Math.max(0, startsAt - 2), startsAt))) continue;
        if (GLUED_AFTER.test(text.slice(endsAt, endsAt + 2))) continue;
        found.push({ ...match, startsAt, endsAt });
      }
    }
    return found;
  }

  /**
   * With a North American default country, runs where confidence() would score every number 0 need no
   * libphonenumber call. Without "+" or "011", every number found has calling code 1, so a run of under
   * 10 digits ("2026-01-17\n\n3", "94705516\n2") holds none that is valid or has the 3-3-4 grouping.
   * A plain dashed run could only be found whole, scored 0 unless it has the NANP grouping or is 10-11
   * bare digits: ISO dates, SSN shapes and long ids.
   */
  private unscorableNanpRun(candidate: string, digits: string): boolean {
    if (!this.nanpDefault) return false;
    const domestic = !candidate.includes("+") && !digits.includes(NANP_INTERNATIONAL_PREFIX);
    if (domestic && digits.length < NANP_NATIONAL_DIGITS) return true;
    if (digits.length > MAX_PLAIN_RUN_DIGITS || !PLAIN_DASHED_RUN.test(candidate)) return false;
    return !NANP_GROUPING.test(candidate) && !BARE_NANP_DIGITS.test(candidate);
  }

  /** findNumbers (and isValid) on one candidate, remembered: ~20 us a call, most of the phone pass. */
  private numbersIn(candidate: string): CheckedNumber[] {
    const cached = this.numbersByCandidate.get(candidate);
    if (cached !== undefined) return cached;
    const numbers = findNumbers(candidate, this.findOptions).map((found) => ({ ...found, valid: found.number.isValid() }));
    if (this.cacheSize === 0) return numbers;
    if (this.numbersByCandidate.size >= this.cacheSize) {
      this.numbersByCandidate.delete(this.numbersByCandidate.keys().next().value as string);
    }
    this.numbersByCandidate.set(candidate, numbers);
    return numbers;
  }

  /** 0 = not a phone number. */
  private confidence(text: string, found: CheckedNumber): number {
    const written = text.slice(found.startsAt, found.endsAt);
    const labelled = hasContext(text, found.startsAt, found.endsAt, PHONE_CONTEXT);
    const international = written.startsWith("+");
    const nanpLayout = found.number.countryCallingCode === "1" && NANP_GROUPING.test(written);
    if (found.valid) {
      // Outside North America libphonenumber's validity is enough; inside, a 4-6 id also "validates".
      const layoutOk = international || nanpLayout || found.number.countryCallingCode !== "1" || BARE_NANP_DIGITS.test(written);
      return layoutOk ? (labelled ? 0.95 : 0.9) : 0;
    }
    if (!international && !nanpLayout) return 0;
    return labelled ? 0.85 : 0.7;
  }
}
