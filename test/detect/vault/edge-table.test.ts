import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EdgeTable, NO_EDGE } from "../../../src/detect/vault/edge-table.js";

describe("EdgeTable", () => {
  it("finds every edge added, through growth, and no other", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(fc.nat(5000), fc.nat(300)), { selector: ([state, cls]) => `${state}:${cls}`, maxLength: 3000 }), (edges) => {
        const table = new EdgeTable();
        edges.forEach(([state, cls], target) => table.add(state, cls, target));
        edges.forEach(([state, cls], target) => expect(table.get(state, cls)).toBe(target));
        const known = new Set(edges.map(([state, cls]) => `${state}:${cls}`));
        for (let state = 0; state < 20; state++) if (!known.has(`${state}:301`)) expect(table.get(state, 301)).toBe(NO_EDGE);
      }),
      { numRuns: 50 },
    );
  });
});
