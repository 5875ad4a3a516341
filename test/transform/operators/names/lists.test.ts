import { describe, expect, it } from "vitest";
import { FIRST_NAMES } from "../../../../src/transform/operators/names/first-names.js";
import { SURNAMES } from "../../../../src/transform/operators/names/surnames.js";

const key = (name: string): string => name.toLowerCase().replace(/'/g, "");

describe("bundled name lists", () => {
  it("hold a few hundred unique names each", () => {
    for (const list of [FIRST_NAMES, SURNAMES]) {
      expect(list.length).toBeGreaterThanOrEqual(300);
      expect(new Set(list.map(key)).size).toBe(list.length);
      expect(list.every((name) => /^[A-Z][A-Za-z']+$/.test(name))).toBe(true);
    }
  });

  it("are disjoint, so a token names its list", () => {
    const first = new Set(FIRST_NAMES.map(key));
    expect(SURNAMES.filter((name) => first.has(key(name)))).toEqual([]);
  });
});
