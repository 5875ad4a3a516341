import type { ValueType } from "../../event.js";
import type { FieldType } from "../../policy/infer.js";
import type { VaultValue } from "../../policy/options.js";
import type { Detection, Detector } from "../base.js";
import { Automaton } from "./automaton.js";
import { findWindows, MAX_SUFFIX, matchesAsPrefix, WINDOW_CONFIDENCE, type WordHit } from "./context.js";
import { vaultMembers } from "./members.js";
import { isStandaloneNameReference } from "./name-parts.js";
import { normalizeText, normalizeValue, onTokenBoundaries, originalSpan, tokenEnd, type NormalizedText } from "./normalize.js";
import type { Variant, VariantRole } from "./variant.js";
import { isTitle } from "./words.js";
import { variantsOf } from "./variants.js";

export interface VaultEntry {
  field: string;
  value: string;
  kind: string;
  valueType: ValueType;
}

/** First name + one middle name or initial + surname (`Dwayne J. Sanchez`). */
const MIDDLE_NAME_CONFIDENCE = 0.9;
const MAX_MIDDLE_NAME = 12;
/** The delta index is merged into the base once it holds this fraction of the base's entries. */
const MERGE_RATIO = 0.25;

/** What a pattern of the automaton stands for: one variant of one entry. */
interface Target {
  entry: number;
  confidence: number;
  role: VariantRole;
  /** Index of the content word for a context word, else -1. */
  word: number;
  /** A context word that is a stem: it may match a longer word. */
  prefix: boolean;
}

/** An automaton over the variants of entries [from, to). */
class PatternIndex {
  readonly automaton: Automaton;
  readonly targets: Target[][];

  constructor(variants: readonly (readonly Variant[])[], from: number, to: number) {
    const ids = new Map<string, number>();
    this.targets = [];
    for (let entry = from; entry < to; entry++) {
      let word = 0;
      for (const variant of variants[entry]) {
        let id = ids.get(variant.form);
        if (id === undefined) {
          id = ids.size;
          ids.set(variant.form, id);
          this.targets.push([]);
        }
        const isWord = variant.role === "context-word";
        this.targets[id].push({ entry, confidence: variant.confidence, role: variant.role, word: isWord ? word++ : -1, prefix: isWord && matchesAsPrefix(variant.form) });
      }
    }
    this.automaton = new Automaton([...ids.keys()]);
  }
}

interface Candidate {
  entry: number;
  start: number;
  end: number;
  confidence: number;
  /** Found as scattered content words: yields to any rendered form it overlaps, however long. */
  scattered?: boolean;
}

/**
 * The vault-aware matcher: every registered value, verbatim or in a rewritten form, found in one
 * pass of an Aho-Corasick automaton over the normalized text, whatever the vault size.
 */
export class Vault implements Detector {
  readonly name = "vault";
  private readonly list: VaultEntry[] = [];
  private readonly variants: Variant[][] = [];
  private readonly wordCounts: number[] = [];
  private readonly known = new Set<string>();
  private base: PatternIndex | null = null;
  private delta: PatternIndex | null = null;
  private baseSize = 0;
  private deltaSize = 0;
  private revision = 0;

  constructor(private readonly typeOf: (field: string, value: string) => FieldType) {}

  get version(): number {
    return this.revision;
  }

  entries(): readonly VaultEntry[] {
    return this.list;
  }

  /** Register a value (lists and dicts: every member) as protected under `field`. */
  add(field: string, value: VaultValue): void {
    this.revision++;
    for (const member of vaultMembers(value)) {
      const key = `${field}\u0000${normalizeValue(member.value)}`;
      if (this.known.has(key)) continue;
      this.known.add(key);
      let type = this.typeOf(field, member.value);
      if (type.kind === "text" && member.key !== null) {
        const byKey = this.typeOf(member.key, member.value);
        if (byKey.kind !== "text") type = byKey;
      }
      const variants = variantsOf(type.kind, type.valueType, member.value);
      this.list.push({ field, value: member.value, kind: type.kind, valueType: type.valueType });
      this.variants.push(variants);
      this.wordCounts.push(variants.filter((v) => v.role === "context-word").length);
    }
  }

  /** Base index over most entries, small delta over recent adds: rebuild cost stays amortized. */
  private indexes(): PatternIndex[] {
    const total = this.list.length;
    if (total !== this.baseSize + this.deltaSize) {
      if (total - this.baseSize > this.baseSize * MERGE_RATIO) {
        this.base = new PatternIndex(this.variants, 0, total);
        this.baseSize = total;
        this.delta = null;
        this.deltaSize = 0;
      } else {
        this.delta = new PatternIndex(this.variants, this.baseSize, total);
        this.deltaSize = total - this.baseSize;
      }
    }
    return [this.base, this.delta].filter((index): index is PatternIndex => index !== null);
  }

  detect(text: string): Detection[] {
    const indexes = this.indexes();
    if (indexes.length === 0 || text === "") return [];
    const normalized = normalizeText(text);
    const candidates: Candidate[] = [];
    const firstNames: Candidate[] = [];
    const surnames = new Map<string, Candidate>();
    const words: WordHit[] = [];
    const norm = normalized.text;
    for (const index of indexes) {
      index.automaton.scan(norm, (id, start, end) => {
        for (const target of index.targets[id]) {
          if (target.role === "context-word") {
            const wordEnd = contextWordEnd(norm, start, end, target.prefix);
            if (wordEnd >= 0) words.push({ entry: target.entry, word: target.word, token: 0, start, end: wordEnd });
            continue;
          }
          if (!onTokenBoundaries(norm, start, end)) continue;
          const hit = { entry: target.entry, start, end, confidence: target.confidence };
          if (target.role === "whole") candidates.push(hit);
          else if (target.role === "first-name") firstNames.push(hit);
          else surnames.set(`${hit.entry}:${start}`, hit);
          if (target.role !== "whole" && isStandaloneNameReference(text, ...originalSpan(normalized, start, end))) candidates.push(hit);
        }
      });
    }
    candidates.push(...pairAroundMiddleName(normalized, firstNames, surnames));
    candidates.push(...this.contextWindows(norm, words));
    return this.toDetections(normalized, keepLongest(candidates));
  }

  private contextWindows(norm: string, words: WordHit[]): Candidate[] {
    if (words.length === 0) return [];
    words.sort((a, b) => a.start - b.start);
    let token = 0;
    let at = 0;
    for (const word of words) {
      for (; at < word.start; at++) if (norm.charAt(at) === " ") token++;
      word.token = token;
    }
    return findWindows(words, (entry) => this.wordCounts[entry]).map((w) => ({ ...w, confidence: WINDOW_CONFIDENCE, scattered: true }));
  }

  private toDetections(normalized: NormalizedText, kept: Candidate[]): Detection[] {
    return kept.map((c) => {
      const entry = this.list[c.entry];
      const [start, end] = withLeadingSign(normalized.source, originalSpan(normalized, c.start, c.end));
      return { start, end, field: entry.field, kind: entry.kind, valueType: entry.valueType, tier: 1, confidence: c.confidence, source: this.name, value: entry.value };
    });
  }
}

/** Take in the `+` of `+1 982...` and the `(` of `(982) 414-6584` when the span holds its `)`. */
function withLeadingSign(source: string, [start, end]: [number, number]): [number, number] {
  const before = source.charAt(start - 1);
  if (before === "+" && /\d/.test(source.charAt(start))) return [start - 1, end];
  const closing = source.indexOf(")", start);
  const hasUnopened = closing >= 0 && closing < end && !source.slice(start, closing).includes("(");
  return before === "(" && hasUnopened ? [start - 1, end] : [start, end];
}

/** End of a context word starting at a token start: the match itself, or the word a stem begins; -1 if none. */
function contextWordEnd(norm: string, start: number, end: number, asPrefix: boolean): number {
  if (start > 0 && norm.charAt(start - 1) !== " ") return -1;
  if (end === norm.length || norm.charAt(end) === " ") return end;
  if (!asPrefix) return -1;
  const wordEnd = tokenEnd(norm, end);
  return wordEnd - end <= MAX_SUFFIX && /^[a-z]+$/.test(norm.slice(end, wordEnd)) ? wordEnd : -1;
}

/** Between a first name and a surname in the original: one capitalized middle name or initial. */
const MIDDLE_GAP = /^[ \t]+(\p{Lu}\p{L}*)\.?[ \t]+$/u;

/** First name, one middle name or initial (`Dwayne J. Sanchez`), surname of the same entry. */
function pairAroundMiddleName(normalized: NormalizedText, firstNames: readonly Candidate[], surnames: ReadonlyMap<string, Candidate>): Candidate[] {
  const norm = normalized.text;
  const paired: Candidate[] = [];
  for (const first of firstNames) {
    const middleEnd = tokenEnd(norm, first.end + 1);
    const surname = surnames.get(`${first.entry}:${middleEnd + 1}`);
    if (!surname) continue;
    const gap = MIDDLE_GAP.exec(normalized.source.slice(normalized.origin[first.end - 1] + 1, normalized.origin[surname.start]));
    if (gap && gap[1].length <= MAX_MIDDLE_NAME && !isTitle(gap[1].toLowerCase())) {
      paired.push({ entry: first.entry, start: first.start, end: surname.end, confidence: MIDDLE_NAME_CONFIDENCE });
    }
  }
  return paired;
}

/**
 * Non-overlapping candidates: rendered forms before scattered phrases, then longest, then most confident; a candidate with exactly the
 * span of a kept one but another entry is kept too (one value under two fields: both decide).
 */
function keepLongest(candidates: Candidate[]): Candidate[] {
  candidates.sort(
    (a, b) =>
      Number(a.scattered ?? false) - Number(b.scattered ?? false) ||
      b.end - b.start - (a.end - a.start) ||
      b.confidence - a.confidence ||
      a.start - b.start,
  );
  const kept: Candidate[] = [];
  const byStart: Candidate[] = [];
  for (const c of candidates) {
    let low = 0;
    let high = byStart.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (byStart[mid].start < c.start) low = mid + 1;
      else high = mid;
    }
    const before = byStart[low - 1];
    const after = byStart[low];
    const sameSpan = [before, after].find((k) => k && k.start === c.start && k.end === c.end);
    if (sameSpan) {
      if (sameSpan.entry !== c.entry && !kept.some((k) => k.entry === c.entry && k.start === c.start && k.end === c.end)) kept.push(c);
      continue;
    }
    if ((before && before.end > c.start) || (after && after.start < c.end)) continue;
    byStart.splice(low, 0, c);
    kept.push(c);
  }
  return kept.sort((a, b) => a.start - b.start);
}
