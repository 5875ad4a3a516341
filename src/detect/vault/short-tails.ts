/**
 * An identifier's last two digits behind a mask that stands for every other digit (`EMP-XXX82` of EMP-04582, `INS-******26`):
 * the mask's length and the identifier's letters say whose, where two digits alone say nothing (round 18 red team). As forms,
 * every two-digit number would hit a large vault's tails, so this Detector reads the few masks a text has and looks them up.
 */
import type { Detection, Detector } from "../base.js";
import { derivedFromEntries } from "./entries-memo.js";
import { MASKED_TAIL_CONFIDENCE, MIN_TAILED_DIGITS } from "./masked.js";
import type { VaultEntry } from "./vault.js";

/** Kinds whose values show a tail. */
const TAILED_KINDS: ReadonlySet<string> = new Set(["ssn", "card", "id", "phone"]);
const SHOWN_DIGITS = 2;
/** The identifier's letters and separator (group 1; glued on, no `X`: that is the mask's), a mask run (group 2), two digits (group 3), and no more digits. */
const MASKED_SHORT_TAIL = /(?<![\p{L}\d*#•●])((?:\p{Lu}{2,}[ \t]?[-#:][ \t]?|(?:(?!X)\p{Lu}){2,})?)([*xX•#●]{2,})(\d{2})(?![\d]|[.,]\d)/gu;
const HINT = /[*xX•#●]{2}\d\d/u;

/** The key a masked tail is looked up by: how many digits the identifier has, its letters (upper case, none for none) and its last two. */
function tailKey(digitCount: number, letters: string, tail: string): string {
  return `${digitCount}\u0000${letters}\u0000${tail}`;
}

/** Detects masked last-two tails of the identifiers among `entries()` (read at each call: values added at run time count). */
export function shortTailDetector(entries: () => readonly VaultEntry[]): Detector {
  const byTail = derivedFromEntries(entries, (all) => {
    const tails = new Map<string, VaultEntry>();
    for (const entry of all) {
      const digits = entry.value.replace(/\D/g, "");
      if (!TAILED_KINDS.has(entry.kind) || digits.length < MIN_TAILED_DIGITS || !/\d$/.test(entry.value.trim())) continue;
      const letters = /^\s*(\p{L}+)/u.exec(entry.value)?.[1].toUpperCase() ?? "";
      // Written with its letters or with the mask alone: both say how long it is.
      for (const key of new Set([tailKey(digits.length, letters, digits.slice(-SHOWN_DIGITS)), tailKey(digits.length, "", digits.slice(-SHOWN_DIGITS))])) {
        if (!tails.has(key)) tails.set(key, entry);
      }
    }
    return tails;
  });
  return {
    name: "short-tail",
    detect(text: string): Detection[] {
      const tails = byTail();
      if (tails.size === 0 || !HINT.test(text)) return [];
      const found: Detection[] = [];
      for (const match of text.matchAll(MASKED_SHORT_TAIL)) {
        const letters = /\p{L}+/u.exec(match[1])?.[0] ?? "";
        const entry = tails.get(tailKey(match[2].length + SHOWN_DIGITS, letters, match[3]));
        if (entry === undefined) continue;
        const end = match.index + match[0].length;
        found.push({ start: end - SHOWN_DIGITS, end, field: entry.field, kind: entry.kind, valueType: entry.valueType, tier: 1, confidence: MASKED_TAIL_CONFIDENCE, source: "vault", value: entry.value, role: "short-tail" });
      }
      return found;
    },
  };
}
