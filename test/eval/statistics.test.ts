import { describe, expect, it } from "vitest";
import { chiSquareSurvival, cochranQ, wilson } from "../../src/eval/statistics.js";

describe("wilson", () => {
  it("reproduces the paper's CW-2 interval [0.0, 0.8] % for 0 of 485", () => {
    const p = wilson(0, 485);
    expect(p.rate).toBe(0);
    expect(p.low).toBe(0);
    expect(p.high! * 100).toBeCloseTo(0.79, 2);
  });

  it("reproduces the paper's CW-7 interval [31.1, 39.6] % for 35.3 % of 485", () => {
    const p = wilson(171, 485);
    expect(p.low! * 100).toBeCloseTo(31.1, 1);
    expect(p.high! * 100).toBeCloseTo(39.6, 1);
  });

  it("has no rate without a denominator", () => {
    expect(wilson(0, 0)).toEqual({ count: 0, total: 0, rate: null, low: null, high: null });
  });
});

describe("cochranQ", () => {
  const table = (rows: number[][], conditions: string[]) =>
    new Map(rows.map((row, b) => [`b${b}`, new Map(conditions.map((c, i) => [c, row[i] === 1]))]));

  it("computes Q, df and the chi-square p-value of a hand-worked example", () => {
    const result = cochranQ(table([[1, 1, 0], [1, 0, 0], [1, 1, 1], [0, 1, 0]], ["a", "b", "c"]), ["a", "b", "c"]);
    expect(result.q).toBeCloseTo(16 / 6, 10);
    expect(result.df).toBe(2);
    expect(result.p).toBeCloseTo(Math.exp(-(16 / 6) / 2), 10);
    expect(result.blocks).toBe(4);
  });

  it("drops incomplete blocks and is undefined without variation", () => {
    const outcomes = table([[1, 1], [0, 0]], ["a", "b"]);
    outcomes.set("partial", new Map([["a", true]]));
    const result = cochranQ(outcomes, ["a", "b"]);
    expect(result.blocks).toBe(2);
    expect(result.q).toBeNull();
    expect(result.p).toBeNull();
  });

  it("is undefined with fewer than two conditions, with 0 degrees of freedom (one cell: new-agent disclosure compares none)", () => {
    for (const conditions of [[], ["a"]]) {
      expect(cochranQ(table([[1], [0]], ["a"]), conditions)).toMatchObject({ q: null, p: null, df: 0 });
    }
  });
});

describe("chiSquareSurvival", () => {
  it("keeps p-values far below 1e-16 (the paper's chi-square 191.8, df 4: p = 2e-40), which 1 - cdf rounds to 0", () => {
    expect(chiSquareSurvival(191.8, 4)).toBeCloseTo(2.1751e-40, 43);
    expect(chiSquareSurvival(94.2, 5) / 8.798e-19).toBeCloseTo(1, 3);
    expect(chiSquareSurvival(720, 3) / 9.6648e-156).toBeCloseTo(1, 3);
    expect(chiSquareSurvival(6.75, 3)).toBeCloseTo(0.0803, 4);
  });
});
