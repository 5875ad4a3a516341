import type { Detection } from "../base.js";
import { contextWords, hasContext } from "./context.js";
import { recognizerHit } from "./detection.js";
import { allMatches } from "./matches.js";
import { ProfiledRecognizer, type TextProfile } from "./text-profile.js";

const ACCOUNT_CONTEXT = contextWords(["account", "accounts", "acct", "acc", "a/c", "iban", "bban", "checking", "savings", "deposit", "bank", "beneficiary"]);

/** Prefixes that say "account" by themselves (ACC-12345678, ACCT12345678). */
const ACCOUNT_PREFIX = /^(?:ACC|ACCT|ACCNT|ACCOUNT|ACN|AC)$/;

/**
 * 8-17 digits, not an amount ($12345678, 12345678.90) and not inside a longer number. The scan
 * starts at digits (fast); a letter prefix is read back by PREFIX_BEFORE.
 */
const ACCOUNT_DIGITS = /(?<![\d$.,]|\d[-.])\d{8,17}(?![\w]|[-.,]\d)/g;

/** What may sit right before the digits: nothing word-like, or a 2-6 letter upper-case prefix (BQTS31878104802835, ACC-12345678). */
const PREFIX_BEFORE = /(?<![\w-])(?:([A-Z]{2,6})-?)?$/;
/** Longest prefix (6 letters and a dash) plus the character that must not continue a word. */
const PREFIX_LOOKBACK = 8;

/** Bank account numbers: an account prefix or a context word is required (bare digit runs are everywhere). */
export class AccountRecognizer extends ProfiledRecognizer {
  readonly name = "account";
  readonly kind = "account";
  readonly valueType = "format" as const;

  detectIn({ text, hasLongDigitRun }: TextProfile): Detection[] {
    if (!hasLongDigitRun) return [];
    const hits: Detection[] = [];
    for (const m of allMatches(ACCOUNT_DIGITS, text)) {
      const before = PREFIX_BEFORE.exec(text.slice(Math.max(0, m.index - PREFIX_LOOKBACK), m.index));
      if (before === null) continue;
      const prefix = before[1];
      const start = m.index - before[0].length;
      const end = m.index + m[0].length;
      if (prefix !== undefined && ACCOUNT_PREFIX.test(prefix)) hits.push(recognizerHit(this, start, end, 0.9));
      else if (hasContext(text, start, end, ACCOUNT_CONTEXT)) hits.push(recognizerHit(this, start, end, 0.8));
    }
    return hits;
  }
}
