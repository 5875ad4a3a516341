/**
 * A letter grade a few words after its label (`The internal rating of the account is "C,"`, `rating
 * for Mr. Davis is "B,"`, `Internal rating on file: D`, `Internal Rating (A–F): B`, `Risk Rating: Low
 * (A)`): round 7 red team, four dev finance messages kept the real letter this way, as the vault's
 * forms name it only right after the label (`rating: C`, `rated as a C`). A Detector over the guard's
 * vault: the span is the letter, written in capitals, standing alone (not the article `A`, not one end
 * of a range of grades, which is a policy's).
 */
import type { Detection, Detector } from "../base.js";
import { derivedFromEntries } from "./entries-memo.js";
import { isLetterGrade, isRatingField } from "./rating-bands.js";
import type { VaultEntry } from "./vault.js";

const GRADE_LETTER_CONFIDENCE = 0.8;
/** Characters after the label the letter may stand within, on the label's line and before another label. */
const WINDOW = 60;
/** Words that name a grade before it, in a key too (`internal_rating`). */
const GRADE_LABEL = /(?<![A-Za-z0-9])(?:ratings?|rated|rtg|grade[sd]?|tiers?|band|bucket)(?![A-Za-z0-9])/gi;
/** A grade as written: a capital, `+` or `-` after it (`B+`); not the end of a word's abbreviation (`N/A`). */
const GRADE_TOKEN = /(?<![\p{L}\p{N}]|[\p{L}\p{N}]\/)[A-F](?:[+-](?![\p{L}\p{N}]))?/gu;
/** Another grade joined to the letter, before or after it (`A–C`, `A/B`, `A to F`): a range or list of grades is a policy's. */
const GRADE_JOINED_BEFORE = /(?<![\p{L}\p{N}])[A-F][+-]?(?:[ \t]?[–—/-][ \t]?|[ \t]+to[ \t]+)$/u;
const GRADE_JOINED_AFTER = /^(?:[ \t]?[–—/-][ \t]?|[ \t]+to[ \t]+)[A-F](?![\p{L}\p{N}])/u;
/** A quoted grade after someone's possessive (`Logan’s "C"`, `Iris’s was "C"`: rounds 25 and 28 audits, beside another grade in the label's window): group 1. */
const POSSESSIVE_GRADE = /(?<=\p{L}['’]s[ \t]+(?:(?:internal[ \t]+)?(?:rating|grade)[ \t]+)?(?:(?:is|was|of)[ \t]+)?[*_]{0,2}["“])([A-F][+-]?)(?=["”])/gu;

/** Each rating's grade as written in capitals, beside its entry. */
function gradesOf(all: readonly VaultEntry[]): Array<{ entry: VaultEntry; letter: string }> {
  return all.flatMap((entry) => (isRatingField(entry.field) && isLetterGrade(entry.value) ? [{ entry, letter: entry.value.trim().toUpperCase() }] : []));
}

/** Detects the letter grades of rating fields a few words after a grade's label. */
export function gradeLetterDetector(entries: () => readonly VaultEntry[]): Detector {
  const registered = derivedFromEntries(entries, gradesOf);
  return {
    name: "grade-letters",
    detect(text: string): Detection[] {
      const grades = registered();
      if (grades.length === 0) return [];
      const found: Detection[] = [];
      const labels = [...text.matchAll(GRADE_LABEL)];
      for (const [at, label] of labels.entries()) {
        const from = label.index + label[0].length;
        const lineEnd = text.indexOf("\n", from);
        // Up to the next label: what follows it is that label's.
        const window = text.slice(from, Math.min(from + WINDOW, lineEnd === -1 ? text.length : lineEnd, labels[at + 1]?.index ?? text.length));
        const letters = [...window.matchAll(GRADE_TOKEN)].filter((token) => standsAlone(window, token.index, token[0].length));
        // Two grades after one label are a policy's scale or options (`"A" or "B" preferred; "C" or below`), not the value.
        if (letters.length === 0 || letters.some((token) => token[0] !== letters[0][0])) continue;
        for (const { entry, letter } of grades) {
          if (letter !== letters[0][0]) continue;
          for (const token of letters) {
            const start = from + token.index;
            found.push(gradeHit(entry, start, token[0].length));
          }
        }
      }
      for (const match of text.includes("s") ? text.matchAll(POSSESSIVE_GRADE) : []) {
        for (const { entry, letter } of grades) {
          if (letter === match[1] && !found.some((hit) => hit.start === match.index)) found.push(gradeHit(entry, match.index, match[1].length));
        }
      }
      return found;
    },
  };
}

function gradeHit(entry: VaultEntry, start: number, length: number): Detection {
  return { start, end: start + length, field: entry.field, kind: entry.kind, valueType: entry.valueType, tier: 1, confidence: GRADE_LETTER_CONFIDENCE, source: "vault", value: entry.value, role: "after-label" };
}

/** Whether window[at, at + length) is a grade on its own: no letter or digit against it, not the article (`A review`), not a legend's key (`F = Decline`), not in a range of grades. */
function standsAlone(window: string, at: number, length: number): boolean {
  const after = window.slice(at + length, at + length + 8);
  if (/^(?:[\p{L}\p{N}]|[ \t]+\p{Ll}|[ \t]*=)/u.test(after)) return false;
  return !GRADE_JOINED_BEFORE.test(window.slice(Math.max(0, at - 6), at)) && !GRADE_JOINED_AFTER.test(after);
}
