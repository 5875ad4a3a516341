/**
 * A short identifier's digits beside a mask that stands for every other digit: its last two (`EMP-XXX82` of EMP-04582,
 * `INS-******26`: round 18 red team) or its first ones (`EMP-5478x`, `EMP-17xxx` of a five-digit id: round 21). The mask's
 * length and the identifier's letters say whose, where a few digits alone say nothing; as forms, every two-digit number would hit
 * a large vault's tails, so this Detector reads the few masks a text has and looks them up.
 */
import type { Detection, Detector } from "../base.js";
import { linesWithDigitRunIn } from "./digit-runs.js";
import { derivedFromEntries } from "./entries-memo.js";
import { MASKED_TAIL_CONFIDENCE, MIN_TAILED_DIGITS, TAILED_KINDS } from "./masked.js";
import type { VaultEntry } from "./vault.js";

const SHOWN_TAIL_DIGITS = 2;
/** A head shows two digits or more, and hides one at least. */
const MIN_SHOWN_HEAD_DIGITS = 2;
/** The identifier's letters and separator (group 1; glued on, no `X`: that is the mask's), a mask run (group 2), two digits (group 3), and no more digits. */
const MASKED_SHORT_TAIL = /(?<![\p{L}\d*#•●])((?:\p{Lu}{2,}[ \t]?[-#:][ \t]?|(?:(?!X)\p{Lu}){2,})?)([*xX•#●]{2,})(\d{2})(?![\d]|[.,]\d)/gu;
/** The identifier's letters and separator (group 1), its first digits (group 2), a mask of the rest (group 3) ending the token. */
const MASKED_SHORT_HEAD = /(?<![\p{L}\d])(\p{Lu}{2,}[ \t]?[-#:]?[ \t]?)(\d{2,})([*xX•#●]+)(?![\p{L}\d*•#●])/gu;
/** A mask glued to two digits: what every MASKED_SHORT_TAIL holds. */
const MASK_THEN_TAIL = /[*xX•#●]{2}\d\d/u;
const HINT = new RegExp(`${MASK_THEN_TAIL.source}|\\d[*xX•#●]`, "u");

/** The key a masked part is looked up by: how many digits the identifier has, its letters (upper case, none for none), which end shows and its digits. */
function maskKey(digitCount: number, letters: string, end: "head" | "tail", shown: string): string {
  return `${digitCount}\u0000${letters}\u0000${end}\u0000${shown}`;
}

/** Each masked tail's and head's key, beside the first entry it is of. */
function masksOf(all: readonly VaultEntry[]): Map<string, VaultEntry> {
  const masks = new Map<string, VaultEntry>();
  const add = (key: string, entry: VaultEntry) => masks.has(key) || masks.set(key, entry);
  for (const entry of all) {
    const digits = entry.value.replace(/\D/g, "");
    if (!TAILED_KINDS.has(entry.kind) || digits.length < MIN_TAILED_DIGITS || !/\d$/.test(entry.value.trim())) continue;
    const letters = /^\s*(\p{L}+)/u.exec(entry.value)?.[1].toUpperCase() ?? "";
    // A tail written with its letters or with the mask alone: both say how long it is; a head after its letters only.
    add(maskKey(digits.length, letters, "tail", digits.slice(-SHOWN_TAIL_DIGITS)), entry);
    add(maskKey(digits.length, "", "tail", digits.slice(-SHOWN_TAIL_DIGITS)), entry);
    for (let shown = MIN_SHOWN_HEAD_DIGITS; shown < digits.length && letters !== ""; shown++) add(maskKey(digits.length, letters, "head", digits.slice(0, shown)), entry);
  }
  return masks;
}

/** The last two digits of every value that shows a tail. */
function shownTailsOf(all: readonly VaultEntry[]): Set<string> {
  return new Set(all.filter((entry) => TAILED_KINDS.has(entry.kind)).map((entry) => entry.value.replace(/\D/g, "").slice(-SHOWN_TAIL_DIGITS)));
}

/** Detects masked last-two tails and first-digit heads of the identifiers among `entries()` (read at each call: values added at run time count). */
export function shortMaskDetector(entries: () => readonly VaultEntry[]): Detector {
  const byMask = derivedFromEntries(entries, masksOf);
  // A tail's two digits are a whole run of the text: on a line where no registered tail is one, the tail pattern finds nothing.
  const shownTails = derivedFromEntries(entries, shownTailsOf);
  return {
    name: "short-masks",
    detect(text: string): Detection[] {
      const masks = byMask();
      if (masks.size === 0 || !HINT.test(text)) return [];
      const found: Detection[] = [];
      const push = (start: number, end: number, entry: VaultEntry, role: "short-tail" | "short-head") =>
        found.push({ start, end, field: entry.field, kind: entry.kind, valueType: entry.valueType, tier: 1, confidence: MASKED_TAIL_CONFIDENCE, source: "vault", value: entry.value, role });
      // No tail spans a line: only lines with a registered tail are read.
      for (const [lineStart, lineEnd] of linesWithDigitRunIn(text, shownTails())) {
        // Each tail is a mask glued to its two digits.
        const line = text.slice(lineStart, lineEnd);
        if (!MASK_THEN_TAIL.test(line)) continue;
        for (const match of line.matchAll(MASKED_SHORT_TAIL)) {
          const letters = /\p{L}+/u.exec(match[1])?.[0] ?? "";
          const entry = masks.get(maskKey(match[2].length + SHOWN_TAIL_DIGITS, letters, "tail", match[3]));
          const end = lineStart + match.index + match[0].length;
          if (entry) push(end - SHOWN_TAIL_DIGITS, end, entry, "short-tail");
        }
      }
      for (const match of /\d[*xX•#●]/u.test(text) ? text.matchAll(MASKED_SHORT_HEAD) : []) {
        const letters = /\p{L}+/u.exec(match[1])![0];
        const entry = masks.get(maskKey(match[2].length + match[3].length, letters, "head", match[2]));
        const start = match.index + match[1].length;
        if (entry) push(start, start + match[2].length, entry, "short-head");
      }
      return found;
    },
  };
}
