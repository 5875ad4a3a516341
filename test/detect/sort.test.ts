import { describe, expect, it } from "vitest";
import { sortInPlace } from "../../src/detect/sort.js";

describe("sortInPlace", () => {
  it("orders like Array.prototype.sort, ties in input order, at every length around the insertion limit", () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const byStart = (a: { start: number }, b: { start: number }) => a.start - b.start;
    for (let length = 0; length <= 30; length++) {
      for (let round = 0; round < 20; round++) {
        // Few distinct starts: many ties, so stability shows.
        const items = Array.from({ length }, (_, id) => ({ id, start: Math.floor(random() * 4) }));
        const expected = [...items].sort(byStart);
        const sorted = sortInPlace(items, byStart);
        expect(sorted).toBe(items);
        expect(sorted.map((item) => item.id)).toEqual(expected.map((item) => item.id));
      }
    }
  });
});
