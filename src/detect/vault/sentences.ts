import { memoize } from "../../transform/operators/format.js";
import { firstAtLeast } from "../sort.js";

/** Where a sentence ends: a stop before a space, or a line break (a table's row is a sentence of its own). */
const SENTENCE_END = /[.!?](?=\s)|\n/g;

/**
 * Where sentences end and where lines break in the last text asked for, found once: Detectors ask for the sentence or line
 * of every figure of a text in turn, and scanning from the text's start each time made a long line quadratic.
 */
const sentenceEndsIn = memoize((text) => Array.from(text.matchAll(SENTENCE_END), (match) => match.index), 1);
const lineBreaksIn = memoize((text) => {
  const breaks: number[] = [];
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) breaks.push(at);
  return breaks;
}, 1);

/** The [start, end) of the sentence of `text` around offset `at`. */
export function sentenceBounds(text: string, at: number): [number, number] {
  const ends = sentenceEndsIn(text);
  const next = firstAtLeast(ends, at);
  return [next === 0 ? 0 : ends[next - 1] + 1, next === ends.length ? text.length : ends[next]];
}

/** Where the line holding offset `at` starts: `text.lastIndexOf("\n", at) + 1`, looked up. */
export function lineStartAt(text: string, at: number): number {
  const breaks = lineBreaksIn(text);
  const after = firstAtLeast(breaks, Math.max(0, at) + 1);
  return after === 0 ? 0 : breaks[after - 1] + 1;
}

/** The [start, end) of the lines of `text` holding [start, end), line breaks left out (where `lastIndexOf` and `indexOf` find them). */
export function lineBounds(text: string, start: number, end: number): [number, number] {
  const breaks = lineBreaksIn(text);
  const after = firstAtLeast(breaks, end);
  return [lineStartAt(text, start - 1), after === breaks.length ? text.length : breaks[after]];
}
