import { stemmer } from "stemmer";
import { whole, type Variant } from "./variant.js";
import { isStopword } from "./words.js";

/** Confidence of a contextual phrase found as its content words close together. */
export const WINDOW_CONFIDENCE = 0.6;
/** Stems shorter than this must match whole words (`add` must not match `address`). */
const MIN_STEM_FOR_PREFIX = 4;
/** Longest inflection accepted after a stem (`treat` + `ment`). */
export const MAX_SUFFIX = 5;

/** Confidence of the one content word left once qualifiers are dropped (`hypertension` of `Hypertension Stage 2`). */
const CORE_WORD_CONFIDENCE = 0.6;
/** A lone core word shorter than this is too common to stand for the phrase. */
const MIN_CORE_WORD = 5;
/** Words that qualify a phrase rather than carry it (`Stage 3`, `Type 2`): never required. */
const QUALIFIERS: ReadonlySet<string> = new Set(["stage", "type", "grade", "class", "level", "phase", "tier", "step", "ii", "iii", "iv"]);

/** Match form of a word: its Porter stem cut back to a prefix of the word (`kidney` -> `kidne`), else the word. */
function matchForm(word: string): string {
  if (!/^[a-z]+$/.test(word)) return word;
  const stem = stemmer(word);
  let common = 0;
  while (common < stem.length && stem.charCodeAt(common) === word.charCodeAt(common)) common++;
  return common >= MIN_STEM_FOR_PREFIX ? word.slice(0, common) : word;
}

/** The words that carry a phrase: stopwords, one-character tokens, numbers and qualifiers dropped. */
function coreWords(normalized: string): string[] {
  return [...new Set(normalized.split(/[ .,]/).filter((w) => w.length > 1 && !isStopword(w) && !QUALIFIERS.has(w) && !/^\d+$/.test(w)))];
}

/**
 * Forms of a contextual phrase beside its verbatim form: with two or more core words, their match
 * forms (found together inside a window); with one core word left by dropping qualifiers, that word.
 */
export function phraseVariants(normalized: string): Variant[] {
  const core = coreWords(normalized);
  if (core.length >= 2) return [...new Set(core.map(matchForm))].map((form) => ({ form, confidence: 0, role: "context-word" as const }));
  const tokens = normalized.split(" ").length;
  return core.length === 1 && tokens > 1 && core[0].length >= MIN_CORE_WORD ? [whole(core[0], CORE_WORD_CONFIDENCE)] : [];
}

/** A stem may match a longer word (`continu` ~ `continues`); numbers and short words match whole tokens. */
export function matchesAsPrefix(word: string): boolean {
  return word.length >= MIN_STEM_FOR_PREFIX && /^[a-z]+$/.test(word);
}

/** Window (in tokens) within which all k content words must appear. */
export function windowSize(wordCount: number): number {
  return 2 * wordCount + 4;
}

/** One occurrence of content word `word` of phrase `entry` at token `token`, normalized [start, end). */
export interface WordHit {
  entry: number;
  word: number;
  token: number;
  start: number;
  end: number;
}

/**
 * Phrases whose content words all occur within their window: one pass over hits sorted by token,
 * keeping per phrase the latest position of each word. Returns normalized [start, end) per phrase hit.
 */
export function findWindows(hits: readonly WordHit[], wordCounts: (entry: number) => number): { entry: number; start: number; end: number }[] {
  const latest = new Map<number, (WordHit | undefined)[]>();
  const found: { entry: number; start: number; end: number }[] = [];
  for (const hit of hits) {
    const count = wordCounts(hit.entry);
    let seen = latest.get(hit.entry);
    if (!seen) latest.set(hit.entry, (seen = new Array<WordHit | undefined>(count)));
    seen[hit.word] = hit;
    let first: WordHit = hit;
    let complete = true;
    for (const other of seen) {
      if (!other || hit.token - other.token >= windowSize(count)) {
        complete = false;
        break;
      }
      if (other.token < first.token) first = other;
    }
    if (complete) found.push({ entry: hit.entry, start: first.start, end: hit.end });
  }
  return found;
}
