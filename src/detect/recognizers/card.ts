import type { Detection } from "../base.js";
import { digitsOf, luhnValid } from "./checksum.js";
import { contextWords, hasContext } from "./context.js";
import { recognizerHit } from "./detection.js";
import { allMatches } from "./matches.js";
import { ProfiledRecognizer, type TextProfile } from "./text-profile.js";

const CARD_CONTEXT = contextWords(["card", "credit", "debit", "visa", "mastercard", "amex", "american express", "discover", "cc", "pan", "payment"]);

/**
 * 4-4-4-4(-3) grouping (13-19 digits), Amex/Diners 4-6-5 and 4-6-4, or 13-19 contiguous digits.
 * The separator must repeat (backreference) and the number must not continue an id.
 */
const CARD_SHAPE =
  /(?<![\w-]|\w[-.])(?:\d{4}([ -])\d{4}\1\d{4}\1\d{1,4}(?:\1\d{1,3})?|\d{4}([ -])\d{6}\2\d{4,5}|\d{13,19})(?![\w]|[-.]\w)/g;

/** Visa 4, Mastercard 2221-2720/51-55, Amex/Diners/JCB 3x, Maestro 50/56-58, Discover/UnionPay 6. */
const ISSUER_PREFIX = /^(?:4|5[0-8]|2[2-7]|3[0-9]|6)/;

/** Payment card numbers (PAN), 13-19 digits, Luhn-valid; unknown issuer prefixes need a context word. */
export class CardRecognizer extends ProfiledRecognizer {
  readonly name = "card";
  readonly kind = "card";
  readonly valueType = "format" as const;

  detectIn({ text, hasLongDigitRun }: TextProfile): Detection[] {
    if (!hasLongDigitRun) return [];
    const hits: Detection[] = [];
    for (const m of allMatches(CARD_SHAPE, text)) {
      const digits = digitsOf(m[0]);
      if (digits.length < 13 || digits.length > 19 || !luhnValid(digits) || /^(\d)\1*$/.test(digits)) continue;
      const start = m.index;
      const end = start + m[0].length;
      const labelled = hasContext(text, start, end, CARD_CONTEXT);
      const grouped = m[0].length > digits.length;
      if (ISSUER_PREFIX.test(digits)) hits.push(recognizerHit(this, start, end, labelled || grouped ? 0.95 : 0.85));
      else if (labelled) hits.push(recognizerHit(this, start, end, 0.7));
    }
    return hits;
  }
}
