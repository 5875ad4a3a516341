/**
 * The clauses of a note (`Pair with senior mentor; struggles with ambiguous requirements`): a writer who quotes one clause
 * alone tells the note as much as one who quotes it whole, yet the whole note's window needs all but one of its words.
 * Each clause of three context words or more is found by its own window (session 55 probe: `struggles with ambiguous
 * requirements`, `accept as little as 60% of the demand`, `missed three sprint deadlines in Q2` reached an outsider).
 */
import { phraseVariants, wordsNeeded } from "./context.js";
import { isCanary } from "./identifiers.js";
import { normalizeValue } from "./normalize.js";
import type { Variant } from "./variant.js";
import { isFunctionWord } from "./words.js";

/** Where a note's clauses part: a semicolon, a sentence's end before a capital, a dash between spaces. */
const CLAUSE_BREAK = /\s*;\s*|(?<=[.!?])\s+(?=[A-Z])|\s+[-–—]\s+/;
/** Fewer context words say too little alone (`keep this confidential`, `friction with peers`). */
const MIN_CLAUSE_WORDS = 3;

export interface NoteClause {
  /** The clause as the note writes it. */
  value: string;
  normalized: string;
  /** Its context words, found together inside a window. */
  variants: Variant[];
  /** How many of them the window needs: all but one of four or more, as a whole note's. */
  needed: number;
}

/** The clauses of a contextual value that holds two or more, each with the context words that find it; none for a one-clause value. */
export function noteClauses(value: string): NoteClause[] {
  if (isCanary(value)) return [];
  const parts = value.split(CLAUSE_BREAK).map((part) => part.trim()).filter((part) => part !== "");
  if (parts.length < 2) return [];
  return parts.flatMap((part) => {
    const normalized = normalizeValue(part);
    // A modal or a pronoun is no word of the clause's matter (`Client will accept ...` is told as `accept as little as ...`).
    const matter = normalized.split(" ").filter((word) => !isFunctionWord(word)).join(" ");
    const variants = phraseVariants(matter).filter((variant) => variant.role === "context-word");
    if (variants.length < MIN_CLAUSE_WORDS) return [];
    return [{ value: part, normalized, variants, needed: wordsNeeded(variants) }];
  });
}
