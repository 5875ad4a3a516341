import { describe, expect, it } from "vitest";
import { heldByLonger } from "../../src/detect/held-by-longer.js";

const span = (start: number, end: number, kind = "k") => ({ start, end, kind });

describe("heldByLonger", () => {
  it("finds the inner spans a longer outer span holds, not an equal or a partly overlapping one", () => {
    const [held, equal, partly, outside] = [span(3, 6), span(10, 14), span(20, 26), span(40, 42)];
    const outer = [span(0, 8), span(10, 14), span(22, 30)];
    expect(heldByLonger([outside, partly, equal, held], outer)).toEqual(new Set([held]));
  });

  it("sees a longer span of the same end started earlier behind an equal one", () => {
    const inner = span(5, 9);
    expect(heldByLonger([inner], [span(5, 9), span(2, 9)])).toEqual(new Set([inner]));
  });

  it("asks `holds` per group: another group's span may hold what the own group's cannot", () => {
    const inner = span(4, 8, "name");
    const holds = (outer: { kind: string }, d: { kind: string }) => outer.kind !== d.kind;
    expect(heldByLonger([inner], [span(0, 20, "name")], holds, (o) => o.kind)).toEqual(new Set());
    expect(heldByLonger([inner], [span(0, 20, "name"), span(2, 10, "email")], holds, (o) => o.kind)).toEqual(new Set([inner]));
  });
});
