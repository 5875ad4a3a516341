import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Automaton } from "../../../src/detect/vault/automaton.js";

function naive(patterns: string[], text: string): string[] {
  const found: string[] = [];
  patterns.forEach((p, id) => {
    for (let i = text.indexOf(p); i >= 0; i = text.indexOf(p, i + 1)) found.push(`${id}@${i}`);
  });
  return found.sort();
}

describe("Automaton", () => {
  it("reports every occurrence of overlapping patterns", () => {
    const patterns = ["he", "she", "his", "hers"];
    const found: string[] = [];
    new Automaton(patterns).scan("ushers", (id, start, end) => found.push(`${patterns[id]}:${start}-${end}`));
    expect(found).toEqual(["she:1-4", "he:2-4", "hers:2-6"]);
  });

  it("agrees with a naive search on random inputs", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.stringMatching(/^[ab ]{1,4}$/), { minLength: 1, maxLength: 8 }), fc.stringMatching(/^[abc ]{0,40}$/), (patterns, text) => {
        const found: string[] = [];
        new Automaton(patterns).scan(text, (id, start) => found.push(`${id}@${start}`));
        expect(found.sort()).toEqual(naive(patterns, text));
      }),
    );
  });
});
