import { findNumbers, type CountryCode, type NumberFound } from "libphonenumber-js/max";
import { z } from "zod";
import { resolveOverlaps, type Detection, type Recognizer } from "../base.js";
import { contextWords, hasContext } from "./context.js";
import { recognizerHit } from "./detection.js";

export const phoneRecognizerOptionsSchema = z.object({
  /** ISO 3166 country assumed for numbers written without a country code. */
  defaultCountry: z.string().length(2).default("US"),
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
 * only once, so the scan stays linear.
 */
const CANDIDATE_RUN =
  /(?<!\d[\s().\/+-]{0,3})\d(?:[\s().\/-]{0,3}\d)*(?:\s{0,2}(?:x|ext\.?|extension)\s{0,2}\d{1,6})?/gi;
const MIN_CANDIDATE_DIGITS = 8;

/** "+" and "(" that open a number sit before the first digit of its run. */
function leadingPrefixLength(text: string, runStart: number): number {
  let length = 0;
  while (length < 2 && runStart - length > 0 && "+(".includes(text[runStart - length - 1])) length++;
  return length;
}

/** Glued to a word ("CASE-5884-902891") or continuing one ("...-7951-A"): an id, not a phone number. */
const GLUED_BEFORE = /[\w]-?$/;
const GLUED_AFTER = /^-?\w/;

/** North American local number without area code (555-0174): only next to a phone context word. */
const LOCAL_NUMBER = /(?<![\w-]|\w[-.(])[2-9]\d{2}[-.]\d{4}(?![\w]|[-.]\w)/g;

/** Digit groups of a North American number after an optional leading 1: 3-3-4 (or 3-7 for "(555) 1234567"). */
const NANP_GROUPING = /^(?:\+?1\D+)?\(?\d{3}\)?\D*\d{3}\D+\d{4}(?:\D|$)|^(?:\+?1\D+)?\(\d{3}\)\D*\d{7}(?:\D|$)/;

/**
 * Phone numbers via libphonenumber-js (metadata "max"). Numbers valid for their country are
 * hits (North American ones only in a phone layout, so ids like 2021-544238 stay out); merely
 * possible ones (fake area codes such as +1-982-...) when written with "+" or in 3-3-4 groups.
 */
export class PhoneRecognizer implements Recognizer {
  readonly name = "phone";
  readonly kind = "phone";
  readonly valueType = "format" as const;
  private readonly defaultCountry: CountryCode;

  constructor(options: PhoneRecognizerOptions = {}) {
    this.defaultCountry = phoneRecognizerOptionsSchema.parse(options).defaultCountry.toUpperCase() as CountryCode;
  }

  detect(text: string): Detection[] {
    if (!/\d/.test(text)) return [];
    const hits: Detection[] = [];
    for (const found of this.libphonenumberMatches(text)) {
      const confidence = this.confidence(text, found);
      if (confidence > 0) hits.push(recognizerHit(this, found.startsAt, found.endsAt, confidence));
    }
    for (const m of text.matchAll(US_INTERNATIONAL_PREFIXED)) {
      hits.push(recognizerHit(this, m.index, m.index + m[0].length, 0.8));
    }
    for (const m of text.matchAll(LOCAL_NUMBER)) {
      const end = m.index + m[0].length;
      if (hasContext(text, m.index, end, PHONE_CONTEXT)) hits.push(recognizerHit(this, m.index, end, 0.7));
    }
    return resolveOverlaps(hits);
  }

  /** libphonenumber matches, with offsets into `text`. */
  private libphonenumberMatches(text: string): NumberFound[] {
    // `leniency` is a documented runtime option that the bundled typings leave out.
    const options = { defaultCountry: this.defaultCountry, v2: true as const, leniency: "POSSIBLE" };
    const found: NumberFound[] = [];
    for (const run of text.matchAll(CANDIDATE_RUN)) {
      if (run[0].replace(/\D/g, "").length < MIN_CANDIDATE_DIGITS) continue;
      const runStart = run.index - leadingPrefixLength(text, run.index);
      for (const match of findNumbers(text.slice(runStart, run.index + run[0].length), options)) {
        const startsAt = runStart + match.startsAt;
        const endsAt = runStart + match.endsAt;
        if (GLUED_BEFORE.test(text.slice(Math.max(0, startsAt - 2), startsAt))) continue;
        if (GLUED_AFTER.test(text.slice(endsAt, endsAt + 2))) continue;
        found.push({ number: match.number, startsAt, endsAt });
      }
    }
    return found;
  }

  /** 0 = not a phone number. */
  private confidence(text: string, found: NumberFound): number {
    const written = text.slice(found.startsAt, found.endsAt);
    const labelled = hasContext(text, found.startsAt, found.endsAt, PHONE_CONTEXT);
    const international = written.startsWith("+");
    const nanpLayout = found.number.countryCallingCode === "1" && NANP_GROUPING.test(written);
    if (found.number.isValid()) {
      // Outside North America libphonenumber's validity is enough; inside, a 4-6 id also "validates".
      const layoutOk = international || nanpLayout || found.number.countryCallingCode !== "1" || /^\d{10,11}$/.test(written);
      return layoutOk ? (labelled ? 0.95 : 0.9) : 0;
    }
    if (!international && !nanpLayout) return 0;
    return labelled ? 0.85 : 0.7;
  }
}
