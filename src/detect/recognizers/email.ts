import type { Detection, Recognizer } from "../base.js";
import { recognizerHit } from "./detection.js";
import { allMatches } from "./matches.js";

/**
 * Local part (RFC 5321 limit 64) @ dot-separated labels (63 each) and an alphabetic TLD. The
 * lookbehind starts a match only at the beginning of a local-part run, and every quantifier is
 * bounded, so a long run without "@" is scanned once.
 */
const EMAIL_SHAPE =
  /(?<![A-Za-z0-9._%+-])[A-Za-z0-9_%+-](?:[A-Za-z0-9._%+-]{0,62}[A-Za-z0-9_%+-])?@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.){1,8}[A-Za-z]{2,24}(?![A-Za-z0-9-]|\.[A-Za-z0-9])/g;

/** Email addresses. */
export class EmailRecognizer implements Recognizer {
  readonly name = "email";
  readonly kind = "email";
  readonly valueType = "value" as const;

  detect(text: string): Detection[] {
    if (!text.includes("@")) return [];
    return allMatches(EMAIL_SHAPE, text).map((m) => recognizerHit(this, m.index, m.index + m[0].length, 0.95));
  }
}
