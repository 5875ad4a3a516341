import type { Detection } from "../base.js";
import { abaChecksumValid } from "./checksum.js";
import { contextWords, hasContext } from "./context.js";
import { recognizerHit } from "./detection.js";
import { allMatches } from "./matches.js";
import { ProfiledRecognizer, type TextProfile } from "./text-profile.js";

const ABA_CONTEXT = contextWords(["routing", "aba", "rtn", "transit", "routing number", "routing no", "bank routing", "wire"]);

/** Nine digits that are not part of a longer number or id. */
const ABA_SHAPE = /(?<![\w-]|\w[-.])\d{9}(?![\w]|[-.]\w)/g;

/** A checksum-valid number called a routing number whose first digits are no Federal Reserve symbol. */
const UNLISTED_PREFIX_CONFIDENCE = 0.8;

/** Federal Reserve routing symbols 00-12, thrift 21-32, electronic 61-72, traveler's checks 80. */
const ROUTING_PREFIX = /^(?:0\d|1[0-2]|2[1-9]|3[0-2]|6[1-9]|7[0-2]|80)/;

/**
 * ABA routing transit numbers (3-7-1 checksum). One random 9-digit number in ~30 passes the rules,
 * so without a context word the hit is low confidence. Beside a context word the checksum is
 * enough: synthetic data (faker) and typos put other digits first, and the writer says what it is.
 */
export class AbaRecognizer extends ProfiledRecognizer {
  readonly name = "aba";
  readonly kind = "aba";
  readonly valueType = "format" as const;

  detectIn({ text, hasLongDigitRun }: TextProfile): Detection[] {
    if (!hasLongDigitRun) return [];
    const hits: Detection[] = [];
    for (const m of allMatches(ABA_SHAPE, text)) {
      if (!abaChecksumValid(m[0])) continue;
      const start = m.index;
      const end = start + m[0].length;
      const named = hasContext(text, start, end, ABA_CONTEXT);
      if (ROUTING_PREFIX.test(m[0])) hits.push(recognizerHit(this, start, end, named ? 0.9 : 0.3));
      else if (named) hits.push(recognizerHit(this, start, end, UNLISTED_PREFIX_CONFIDENCE));
    }
    return hits;
  }
}
