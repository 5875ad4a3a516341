/** Where a sentence ends: a stop before a space, or a line break (a table's row is a sentence of its own). */
const SENTENCE_END = /[.!?](?=\s)|\n/g;

/** The [start, end) of the sentence of `text` around offset `at`. */
export function sentenceBounds(text: string, at: number): [number, number] {
  let start = 0;
  for (const match of text.matchAll(SENTENCE_END)) {
    if (match.index >= at) return [start, match.index];
    start = match.index + 1;
  }
  return [start, text.length];
}
