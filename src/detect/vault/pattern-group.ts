import { Automaton, Matches } from "./automaton.js";
import { matchesAsPrefix } from "./context.js";
import type { NormalizeBuffer } from "./normalize.js";
import type { Variant, VariantRole } from "./variant.js";

/** The delta index is merged into the base once it holds this fraction of the base's entries. */
const MERGE_RATIO = 0.25;

/** What a pattern of the automaton stands for: one variant of one entry of one member vault. */
export interface Target {
  /** The member vault the entry belongs to. */
  member: number;
  entry: number;
  confidence: number;
  role: VariantRole;
  /** Index of the content word for a context word, else -1. */
  word: number;
  /** A context word that is a stem: it may match a longer word. */
  prefix: boolean;
  /** after-label: normalized length of the value at the end of the form, else 0. */
  tail: number;
}

/** An automaton over the variants of entries [from[m], to[m]) of each member m, with the hits of its last scan. */
export class PatternIndex {
  readonly automaton: Automaton;
  readonly targets: Target[][];
  private readonly found = new Matches();
  /** The buffer `found` was scanned from and its fill generation then. */
  private scannedFrom: NormalizeBuffer | null = null;
  private scanned = -1;

  constructor(members: readonly (readonly (readonly Variant[])[])[], from: readonly number[], to: readonly number[]) {
    const ids = new Map<string, number>();
    this.targets = [];
    members.forEach((variants, member) => {
      for (let entry = from[member]; entry < to[member]; entry++) {
        let word = 0;
        for (const variant of variants[entry]) {
          let id = ids.get(variant.form);
          if (id === undefined) {
            id = ids.size;
            ids.set(variant.form, id);
            this.targets.push([]);
          }
          const isWord = variant.role === "context-word";
          this.targets[id].push({
            member,
            entry,
            confidence: variant.confidence,
            role: variant.role,
            word: isWord ? word++ : -1,
            prefix: isWord && matchesAsPrefix(variant.form),
            tail: variant.tail ?? 0,
          });
        }
      }
    });
    this.automaton = new Automaton([...ids.keys()]);
  }

  /** Occurrences in the normalized text, scanned once per fill of the buffer however many members ask. */
  matches(norm: NormalizeBuffer): Matches {
    if (this.scannedFrom !== norm || this.scanned !== norm.generation) {
      this.found.count = 0;
      this.automaton.scan(norm.codes, norm.length, this.found);
      this.scannedFrom = norm;
      this.scanned = norm.generation;
    }
    return this.found;
  }
}

/**
 * Vaults whose patterns share automata (the vault and the matcher of its surrogates): each text is
 * scanned once for all of them, and the hits are routed back to their member by the targets.
 * Base index over most entries, small delta over recent adds: rebuild cost stays amortized.
 */
export class PatternGroup {
  /** The live variant lists of each member vault (they only grow). */
  private readonly members: (readonly (readonly Variant[])[])[] = [];
  private baseSizes: number[] = [];
  private deltaSizes: number[] = [];
  private current: PatternIndex[] = [];

  /** Add a member vault by its variant list; returns its member id. */
  join(variants: readonly (readonly Variant[])[]): number {
    this.members.push(variants);
    this.baseSizes.push(0);
    this.deltaSizes.push(0);
    return this.members.length - 1;
  }

  indexes(): PatternIndex[] {
    const totals = this.members.map((variants) => variants.length);
    if (totals.every((total, member) => total === this.baseSizes[member] + this.deltaSizes[member])) return this.current;
    const base = sum(this.baseSizes);
    const ahead = sum(totals) - base;
    const none = totals.map(() => 0);
    if (ahead > base * MERGE_RATIO) {
      this.current = [new PatternIndex(this.members, none, totals)];
      this.baseSizes = totals;
      this.deltaSizes = none;
    } else {
      const delta = new PatternIndex(this.members, this.baseSizes, totals);
      this.current = [this.current[0], delta];
      this.deltaSizes = totals.map((total, member) => total - this.baseSizes[member]);
    }
    return this.current;
  }
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
