import { sortInPlace } from "../sort.js";
/** What separates two members of one list in text: punctuation, quotes, brackets, `and` / `or` (not a bare space). */
const LIST_GAP = /^(?=.*\S)[\s"'`‘’“”,;:/&|()[\]*_-]*(?:\b(?:and|or)\b[\s"'`‘’“”*_]*)?$/is;
/** Longest separator between two list members. */
const MAX_GAP = 16;

/** One member occurrence of a list value: original [start, end). */
export interface MemberHit {
  entry: number;
  list: number;
  start: number;
  end: number;
}

/**
 * Occurrences that sit next to another member of the same list (`['must', 'staff', 'more']`):
 * sorted by list and position, a hit is kept when a neighbour of another entry is only list
 * punctuation away in the original text.
 */
export function listNeighbours<T extends MemberHit>(source: string, hits: T[]): Set<T> {
  sortInPlace(hits, (a, b) => a.list - b.list || a.start - b.start);
  const kept = new Set<T>();
  for (let i = 1; i < hits.length; i++) {
    const [a, b] = [hits[i - 1], hits[i]];
    if (a.list !== b.list || a.entry === b.entry || b.start < a.end || b.start - a.end > MAX_GAP) continue;
    if (LIST_GAP.test(source.slice(a.end, b.start))) kept.add(a).add(b);
  }
  return kept;
}
