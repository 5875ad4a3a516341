import { stemmer } from "stemmer";
import { isStopword } from "./words.js";

/** Confidence of a contextual phrase found as its content words close together. */
export const WINDOW_CONFIDENCE = 0.6;
/** Stems shorter than this must match whole words (`add` must not match `address`). */
const MIN_STEM_FOR_PREFIX = 4;
/** Longest inflection accepted after a stem (`treat` + `ment`). */
export const MAX_SUFFIX = 5;

/** Distinct content words of a phrase: stopwords and one-character tokens dropped, words stemmed (Porter). */
export function contentWords(normalized: string): string[] {
  const words = normalized
    .split(/[ .,]/)
    .filter((w) => w.length > 1 && !isStopword(w))
    .map((w) => (/^[a-z]+$/.test(w) ? stemmer(w) : w));
  return [...new Set(words)];
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
