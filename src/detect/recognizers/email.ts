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

/** A URL's scheme and user name right before a match: what follows is the password of `scheme://user:password@host`. */
const URL_CREDENTIALS_BEFORE = /[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s/@:]*:$/;
const MAX_URL_PREFIX = 128;

/** Email addresses; in a URL's credentials, the password alone (kind `secret`). */
export class EmailRecognizer implements Recognizer {
  readonly name = "email";
  readonly kind = "email";
  readonly valueType = "value" as const;

  detect(text: string): Detection[] {
    if (!text.includes("@")) return [];
    return allMatches(EMAIL_SHAPE, text).map((m) => {
      const start = m.index;
      const end = start + m[0].length;
      // `postgres://app:s3cret@db.example.com`: the password of a URL's credentials, not an address; the host stays, so the URL still parses.
      if (URL_CREDENTIALS_BEFORE.test(text.slice(Math.max(0, start - MAX_URL_PREFIX), start))) {
        return { ...recognizerHit(this, start, start + m[0].indexOf("@"), 0.95), kind: "secret", valueType: "format" as const };
      }
      return recognizerHit(this, start, end, 0.95);
    });
  }
}
