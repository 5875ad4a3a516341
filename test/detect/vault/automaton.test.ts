import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Automaton, Matches } from "../../../src/detect/vault/automaton.js";

function naive(patterns: string[], text: string): string[] {
  const found: string[] = [];
  patterns.forEach((p, id) => {
    for (let i = text.indexOf(p); i >= 0; i = text.indexOf(p, i + 1)) found.push(`${id}@${i}`);
  });
  return found.sort();
}

/** [pattern id, start] of every occurrence, in scan order. */
function scan(automaton: Automaton, text: string): [number, number][] {
  const matches = new Matches();
  automaton.scan(Uint16Array.from(text, (c) => c.charCodeAt(0)), text.length, matches);
  return Array.from({ length: matches.count }, (_, k) => [matches.ids[k], matches.ends[k] - automaton.patternLengths[matches.ids[k]]]);
}

describe("Automaton", () => {
  it("reports every occurrence of overlapping patterns", () => {
    const patterns = ["he", "she", "his", "hers"];
    const found = scan(new Automaton(patterns), "ushers").map(([id, start]) => `${patterns[id]}:${start}-${start + patterns[id].length}`);
    expect(found).toEqual(["she:1-4", "he:2-4", "hers:2-6"]);
  });

  it("handles codes outside every pattern and non-ASCII patterns", () => {
    const patterns = ["zoë", "oë z"];
    expect(scan(new Automaton(patterns), "zoë zoë!zoe")).toEqual([[0, 0], [1, 1], [0, 4]]);
  });

  it("agrees with a naive search on random inputs, with dense and sparse states", () => {
    const wide = fc.uniqueArray(fc.stringMatching(/^[a-z0-9 ]{1,12}$/), { minLength: 1, maxLength: 400 });
    const small = fc.uniqueArray(fc.stringMatching(/^[ab ]{1,4}$/), { minLength: 1, maxLength: 8 });
    fc.assert(
      // A small cell budget leaves most states sparse (children and failure links).
      fc.property(fc.oneof(small, wide), fc.stringMatching(/^[abc ]{0,40}$/), fc.constantFrom(undefined, 64), (patterns, text, denseCells) => {
        const probe = patterns.slice(0, 3).join("c") + text;
        expect(scan(new Automaton(patterns, denseCells), probe).map(([id, start]) => `${id}@${start}`).sort()).toEqual(naive(patterns, probe));
      }),
      { numRuns: 200 },
    );
  });

  it("follows a failure chain thousands of states long whose states a scan never reached", () => {
    // `aaa…c` ends a scan of `a`s at a state whose failure chain (`aa…c`, `a…c`, …) has no rows yet.
    const depth = 2_000;
    const patterns = Array.from({ length: depth }, (_, j) => `${"a".repeat(j + 1)}c`);
    const text = `${"a".repeat(depth)}c`;
    const found = scan(new Automaton(patterns), text);
    expect(found).toHaveLength(depth);
    expect(found.every(([id, start]) => start + patterns[id].length === text.length)).toBe(true);
  });
});
