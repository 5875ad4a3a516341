/**
 * Two registered people's surnames joined by a hyphen (`the Okoro-Pruitt matter`, round 14 red team): one hyphenated word
 * to the name matcher, which takes `Okoro-Pruitt` for a third person's double surname and neither half for theirs. A
 * Detector over the guard's vault: where both halves are surnames of different registered names, each half is that
 * person's surname (role `surname`).
 */
import type { Detection, Detector } from "../base.js";
import { derivedFromEntries } from "./entries-memo.js";
import { entriesBySurname, SURNAME_CONFIDENCE } from "./names.js";
import { normalizeValue } from "./normalize.js";
import type { VaultEntry } from "./vault.js";

/** What every match holds: a hyphen between a letter and a capital (a cheaper scan than the pattern's). */
const JOINED_HINT = /[\p{L}'’]-\p{Lu}/u;
/** Two capitalized words joined by one ASCII hyphen: groups 1 and 2. */
const JOINED = /(?<![\p{L}-])(\p{Lu}[\p{L}'’]+)-(\p{Lu}[\p{L}'’]+)(?![\p{L}-])/gu;

/** Each one-word surname of a registered name, beside the first entry with it. */
function oneWordSurnamesOf(all: readonly VaultEntry[]): Map<string, VaultEntry> {
  return entriesBySurname(all, (surname) => !surname.includes(" "));
}

/** Detects registered surnames joined by a hyphen among the name entries of `entries()` (read at each call). */
export function joinedSurnameDetector(entries: () => readonly VaultEntry[]): Detector {
  const bySurname = derivedFromEntries(entries, oneWordSurnamesOf);
  return {
    name: "joined-surnames",
    detect(text: string): Detection[] {
      const surnames = bySurname();
      if (surnames.size < 2 || !text.includes("-") || !JOINED_HINT.test(text)) return [];
      const found: Detection[] = [];
      for (const match of text.matchAll(JOINED)) {
        const [first, second] = [surnames.get(normalizeValue(match[1])), surnames.get(normalizeValue(match[2]))];
        if (first === undefined || second === undefined || first.value === second.value) continue;
        const secondStart = match.index + match[1].length + 1;
        for (const [entry, start, end] of [[first, match.index, match.index + match[1].length], [second, secondStart, secondStart + match[2].length]] as const) {
          found.push({ start, end, field: entry.field, kind: entry.kind, valueType: entry.valueType, tier: 1, confidence: SURNAME_CONFIDENCE, source: "vault", value: entry.value, role: "surname" });
        }
      }
      return found;
    },
  };
}
