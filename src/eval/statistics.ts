/** Interval estimates and repeated-measures tests of the paper's tables (Wilson CIs, Cochran's Q). */
import gammainc from "@stdlib/math-base-special-gammainc";
import jStat from "jstat";

/** A proportion with its Wilson 95 % interval; rate and bounds are null without a denominator. */
export interface Proportion {
  count: number;
  total: number;
  rate: number | null;
  low: number | null;
  high: number | null;
}

const Z95 = jStat.normal.inv(0.975, 0, 1);

/** Wilson score interval (better than Wald near 0 and 1, where most of our rates sit). */
export function wilson(count: number, total: number, z = Z95): Proportion {
  if (total === 0) return { count, total, rate: null, low: null, high: null };
  const p = count / total;
  const denominator = 1 + (z * z) / total;
  const centre = (p + (z * z) / (2 * total)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / total + (z * z) / (4 * total * total))) / denominator;
  return { count, total, rate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export interface CochranQ {
  /** Conditions compared (columns). */
  conditions: string[];
  /** Complete blocks used (a block missing any condition is dropped). */
  blocks: number;
  q: number | null;
  df: number;
  p: number | null;
}

/**
 * Cochran's Q for k related binary samples: `outcomes` maps block -> condition -> 0/1.
 * Q and p are null when the test is undefined (fewer than two conditions or no variation within blocks).
 */
export function cochranQ(outcomes: ReadonlyMap<string, ReadonlyMap<string, boolean>>, conditions: readonly string[]): CochranQ {
  const k = conditions.length;
  const rows = [...outcomes.values()].filter((row) => conditions.every((c) => row.has(c)));
  const columnTotals = conditions.map((c) => rows.reduce((sum, row) => sum + Number(row.get(c)), 0));
  const rowTotals = rows.map((row) => conditions.reduce((sum, c) => sum + Number(row.get(c)), 0));
  const total = rowTotals.reduce((a, b) => a + b, 0);
  const denominator = k * total - rowTotals.reduce((sum, r) => sum + r * r, 0);
  // No conditions at all (CW-2 alone, left out of new-agent disclosure) is no test: 0 degrees of freedom, not -1.
  const result = { conditions: [...conditions], blocks: rows.length, df: Math.max(k - 1, 0) };
  if (k < 2 || denominator === 0) return { ...result, q: null, p: null };
  const q = ((k - 1) * (k * columnTotals.reduce((sum, c) => sum + c * c, 0) - total * total)) / denominator;
  return { ...result, q, p: chiSquareSurvival(q, k - 1) };
}

/** P(X >= x) for chi-square with `df` degrees of freedom, as the upper regularized gamma: `1 - cdf` would round p < 1e-16 to 0. */
export function chiSquareSurvival(x: number, df: number): number {
  return gammainc(x / 2, df / 2, true, true);
}
