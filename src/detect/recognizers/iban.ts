import { electronicFormatIBAN, getCountrySpecifications, validateIBAN, ValidationErrorsIBAN } from "ibantools";
import type { Detection } from "../base.js";
import { recognizerHit } from "./detection.js";
import { allMatches } from "./matches.js";
import { ProfiledRecognizer, type TextProfile } from "./text-profile.js";

/** Country code, 2 check digits, then up to 30 alphanumerics in blocks of 4 (optionally spaced). */
const IBAN_SHAPE = /(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?(?![A-Za-z0-9])/gi;

const COUNTRY_LENGTHS = getCountrySpecifications();
/** Mod 97 right, the national check digit inside the account wrong. */
const NATIONAL_CHECK_FAILED_CONFIDENCE = 0.85;

/**
 * International Bank Account Numbers: country length, account format and mod-97 checked by
 * ibantools. A trailing block is dropped when the match ran past the country's length ("... 3000
 * THEN"). A wrong national check digit inside the account (France's, Norway's) still makes an IBAN:
 * mod 97 already says it is one, and synthetic data (faker) leaves those digits random.
 */
export class IbanRecognizer extends ProfiledRecognizer {
  readonly name = "iban";
  readonly kind = "iban";
  readonly valueType = "format" as const;

  detectIn({ text, hasDigit }: TextProfile): Detection[] {
    if (!hasDigit) return [];
    const hits: Detection[] = [];
    for (const m of allMatches(IBAN_SHAPE, text)) {
      const expected = COUNTRY_LENGTHS[m[0].slice(0, 2).toUpperCase()]?.chars;
      if (!expected) continue;
      const span = prefixWithAlphanumerics(m[0], expected);
      const electronic = span === null ? null : electronicFormatIBAN(span.toUpperCase());
      if (span === null || electronic === null) continue;
      const { errorCodes } = validateIBAN(electronic);
      if (errorCodes.some((code) => code !== ValidationErrorsIBAN.WrongAccountBankBranchChecksum)) continue;
      hits.push(recognizerHit(this, m.index, m.index + span.length, errorCodes.length === 0 ? 0.95 : NATIONAL_CHECK_FAILED_CONFIDENCE));
    }
    return hits;
  }
}

/** The shortest prefix of `s` holding `count` alphanumerics, or null if it has fewer or ends mid-block. */
function prefixWithAlphanumerics(s: string, count: number): string | null {
  let seen = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] !== " ") seen++;
    if (seen === count) return s[i + 1] === undefined || s[i + 1] === " " ? s.slice(0, i + 1) : null;
  }
  return null;
}
