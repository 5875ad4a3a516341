/**
 * An identifier's last three digits after the words that say so (a dev trace's `Insurance ID ending in **939**`, round 13
 * red team's `ID ending in 577`): the automaton holds only grouped ones (masked.ts: as forms, every three-digit number of a
 * text would hit some of a large vault's), so this Detector reads the few such phrases a text has and looks their digits up.
 */
import type { Detection, Detector } from "../base.js";
import { linesWithDigitRunIn } from "./digit-runs.js";
import { derivedFromEntries } from "./entries-memo.js";
import { GROUP_TAIL_DIGITS, MASKED_TAIL_CONFIDENCE, maskedTail, MIN_TAILED_DIGITS, TAILED_KINDS } from "./masked.js";
import type { VaultEntry } from "./vault.js";

/**
 * `ending in 939`, `ends with **577**`, `last 3 digits: 577`, `last 3 digits of ID: 582`, `last three (577)`, a mask run before
 * them (`***-577`, `EMP-XX582`), or a patent
 * by its last three as lawyers cite it (`the '913 patent`: round 12 red team): group 1 is the digits.
 */
const LAST_THREE = /(?:\b(?:end(?:s|ing)(?:[ \t]+(?:in|with))?|last[ \t]+(?:3|three)(?:[ \t]+digits)?(?:[ \t]+of[ \t]+(?:the[ \t]+|his[ \t]+|her[ \t]+|their[ \t]+)?[\p{L}_]+(?:[ \t]+[\p{L}_]+)?)?)[ \t:*_`'"(#-]{0,4}|(?<![\p{L}\d*#•●])[*xX•#●]{3,}[ \t.-]?|(?<=\p{Lu}{2,}-)[*xX•#●]{2}(?=\d{3}(?!\d))|(?<![\p{L}\d])['’](?=\d{3}[ \t]+patents?\b))(\d{3})(?!\d|[.,]\d)/giu;
/** A patent document's kind code after its number (`B2`, `A1`). */
const KIND_CODE = /(?<=\d)[ \t]*[A-Z]\d?$/;
const HINT = /end|last|[*xX•#●]{3}|\p{Lu}-[*xX•#●]{2}\d|['’]\d{3}[ \t]+patent/iu;

/**
 * An identifier's last three digits, a patent's without its kind code (`913` of `US 10,554,913 B2`, cited as `the '913 patent`);
 * null for none. A short one's too: the phrase says they are its tail (round 17 red team: `Employee ID ending in 582` of EMP-06582).
 */
export function lastThreeOf(identifier: string): string | null {
  return maskedTail(identifier.replace(KIND_CODE, ""), GROUP_TAIL_DIGITS, MIN_TAILED_DIGITS);
}

/** Each identifier's last three digits, beside the first entry with them. */
function tailsOf(all: readonly VaultEntry[]): Map<string, VaultEntry> {
  const tails = new Map<string, VaultEntry>();
  for (const entry of all) {
    const tail = TAILED_KINDS.has(entry.kind) ? lastThreeOf(entry.value) : null;
    if (tail !== null && !tails.has(tail)) tails.set(tail, entry);
  }
  return tails;
}

/** Detects the last three digits of the identifiers among `entries()` after the words that say so (read at each call: values added at run time count). */
export function lastThreeDetector(entries: () => readonly VaultEntry[]): Detector {
  const byTail = derivedFromEntries(entries, tailsOf);
  return {
    name: "last-three",
    detect(text: string): Detection[] {
      const tails = byTail();
      if (tails.size === 0 || !HINT.test(text)) return [];
      const found: Detection[] = [];
      // The digits every match reads are a whole run of three, and no match spans a line: only lines with a registered tail are read
      // (a 10,000-value vault's tails are most three-digit numbers, yet few lines hold one).
      for (const [lineStart, lineEnd] of linesWithDigitRunIn(text, tails)) {
        // Each match holds HINT's words or marks within its line.
        const line = text.slice(lineStart, lineEnd);
        if (!HINT.test(line)) continue;
        for (const match of line.matchAll(LAST_THREE)) {
          const entry = tails.get(match[1]);
          if (entry === undefined) continue;
          const end = lineStart + match.index + match[0].length;
          found.push({ start: end - GROUP_TAIL_DIGITS, end, field: entry.field, kind: entry.kind, valueType: entry.valueType, tier: 1, confidence: MASKED_TAIL_CONFIDENCE, source: "vault", value: entry.value, role: "last-three" });
        }
      }
      return found;
    },
  };
}
