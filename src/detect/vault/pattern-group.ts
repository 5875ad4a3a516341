import { Automaton, Matches } from "./automaton.js";
import { matchesAsPrefix } from "./context.js";
import type { NormalizeBuffer } from "./normalize.js";
import { edgesNeeded, type Variant } from "./variant.js";

/**
 * The delta index is merged into the base once it holds as many entries as the base, or this many:
 * each add rebuilds the delta, which stays cheap while it is small, and a merge rebuilds both. A
 * guard forked from a small shared setup (the sweep's runs) adds about a third of its entries at run
 * time: merging those at a quarter of the base rebuilt every run's base too (automaton building was ~5 % of a sweep's CPU).
 */
const MAX_DELTA_ENTRIES = 2_000;
/** Delta indexes a group and its forks keep by what they index (see `DeltaCache`). */
const CACHED_DELTAS = 64;

/**
 * An automaton over the variants of entries [from[m], to[m]) of each member m, with the hits of its last scan.
 * What pattern `id` stands for is its targets t in [targetStart[id], targetStart[id + 1]): variant
 * `targetVariant[t]` of entry `targetEntry[t]` of member vault `targetMember[t]`. Flat typed arrays,
 * not an object per target and an array per pattern: a 10,000-value vault has ~200,000 of each,
 * and their garbage collection weighed more than building them.
 */
export class PatternIndex {
  readonly automaton: Automaton;
  readonly targetStart: Int32Array;
  readonly targetMember: Int32Array;
  readonly targetEntry: Int32Array;
  readonly targetVariant: Int32Array;
  /** Index of the content word for a context word, else -1. */
  readonly targetWord: Int32Array;
  /** 1 for a context word that is a stem: it may match a longer word. */
  readonly targetPrefix: Uint8Array;
  /** Per pattern id: the token boundaries (`NEEDS_TOKEN_START | NEEDS_TOKEN_END`) every one of its targets needs. */
  readonly edges: Uint8Array;
  private readonly found = new Matches();
  /** The buffer `found` was scanned from and its fill generation then. */
  private scannedFrom: NormalizeBuffer | null = null;
  private scanned = -1;

  constructor(members: readonly (readonly (readonly Variant[])[])[], from: readonly number[], to: readonly number[]) {
    let count = 0;
    members.forEach((variants, member) => {
      for (let entry = from[member]; entry < to[member]; entry++) count += variants[entry].length;
    });
    // Pattern t is the form of target t, in member, entry, variant order. Equal forms share a
    // reported id (the automaton merges them, no map of strings): targets are grouped by it below,
    // keeping that order within a group.
    const forms = new Array<string>(count);
    const memberOf = new Int32Array(count);
    const entryOf = new Int32Array(count);
    const variantOf = new Int32Array(count);
    const wordOf = new Int32Array(count);
    const prefixOf = new Uint8Array(count);
    let t = 0;
    members.forEach((variants, member) => {
      for (let entry = from[member]; entry < to[member]; entry++) {
        let word = 0;
        variants[entry].forEach((variant, k) => {
          const isWord = variant.role === "context-word";
          forms[t] = variant.form;
          memberOf[t] = member;
          entryOf[t] = entry;
          variantOf[t] = k;
          wordOf[t] = isWord ? word++ : -1;
          prefixOf[t++] = isWord && matchesAsPrefix(variant.form) ? 1 : 0;
        });
      }
    });
    this.automaton = new Automaton(forms);
    const { reported } = this.automaton;
    this.targetStart = new Int32Array(count + 1);
    for (let k = 0; k < count; k++) this.targetStart[reported[k] + 1]++;
    for (let id = 0; id < count; id++) this.targetStart[id + 1] += this.targetStart[id];
    this.targetMember = new Int32Array(count);
    this.targetEntry = new Int32Array(count);
    this.targetVariant = new Int32Array(count);
    this.targetWord = new Int32Array(count);
    this.targetPrefix = new Uint8Array(count);
    this.edges = new Uint8Array(count).fill(0xff);
    const next = this.targetStart.slice(0, count);
    for (let k = 0; k < count; k++) {
      this.edges[reported[k]] &= edgesNeeded(members[memberOf[k]][entryOf[k]][variantOf[k]].role);
      const at = next[reported[k]]++;
      this.targetMember[at] = memberOf[k];
      this.targetEntry[at] = entryOf[k];
      this.targetVariant[at] = variantOf[k];
      this.targetWord[at] = wordOf[k];
      this.targetPrefix[at] = prefixOf[k];
    }
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

  /** Shared with every fork of this group. */
  constructor(private readonly deltas = new DeltaCache()) {}

  /** Add a member vault by its variant list; returns its member id. */
  join(variants: readonly (readonly Variant[])[]): number {
    const member = this.members.push(variants) - 1;
    // A fork's members join again, in order, to the sizes the forked group had indexed.
    if (member === this.baseSizes.length) {
      this.baseSizes.push(0);
      this.deltaSizes.push(0);
    }
    return member;
  }

  /**
   * A group for forks of this group's member vaults, which join it again in the same order with the
   * same entries. It scans with the indexes built so far: they are never changed, only replaced.
   */
  fork(): PatternGroup {
    const copy = new PatternGroup(this.deltas);
    copy.baseSizes = [...this.baseSizes];
    copy.deltaSizes = [...this.deltaSizes];
    copy.current = [...this.current];
    return copy;
  }

  indexes(): PatternIndex[] {
    const totals = this.members.map((variants) => variants.length);
    if (totals.every((total, member) => total === this.baseSizes[member] + this.deltaSizes[member])) return this.current;
    const base = sum(this.baseSizes);
    const ahead = sum(totals) - base;
    const none = totals.map(() => 0);
    if (ahead > Math.min(base, MAX_DELTA_ENTRIES)) {
      this.current = [new PatternIndex(this.members, none, totals)];
      this.baseSizes = totals;
      this.deltaSizes = none;
    } else {
      const delta = this.deltas.get(this.members, this.baseSizes, totals);
      this.current = [this.current[0], delta];
      this.deltaSizes = totals.map((total, member) => total - this.baseSizes[member]);
    }
    return this.current;
  }
}

/**
 * Delta indexes by the patterns they hold. Forks of one setup that add the same values (a sweep's 36
 * runs of a scenario, sessions fetching the same records) would each build the same automata: 3.7
 * builds a run, ~5 % of a sweep's CPU. An index is immutable but for its last scan, which is
 * keyed by buffer and fill, so sharing one between guards is as safe as the forks' shared base.
 */
class DeltaCache {
  private readonly built = new Map<string, PatternIndex>();

  get(members: readonly (readonly (readonly Variant[])[])[], from: readonly number[], to: readonly number[]): PatternIndex {
    const key = deltaKey(members, from, to);
    const cached = this.built.get(key);
    if (cached !== undefined) return cached;
    const index = new PatternIndex(members, from, to);
    if (this.built.size >= CACHED_DELTAS) this.built.delete(this.built.keys().next().value!);
    this.built.set(key, index);
    return index;
  }
}

/** What a `PatternIndex` over these ranges holds: each target's place, form and whether it is a context word. */
function deltaKey(members: readonly (readonly (readonly Variant[])[])[], from: readonly number[], to: readonly number[]): string {
  const parts: string[] = [];
  members.forEach((variants, member) => {
    parts.push(`\u0001${from[member]}:${to[member]}`);
    for (let entry = from[member]; entry < to[member]; entry++) {
      for (const variant of variants[entry]) parts.push(variant.role === "context-word" ? `\u0002${variant.form}` : variant.form);
      parts.push("\u0003");
    }
  });
  return parts.join("\u0000");
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
