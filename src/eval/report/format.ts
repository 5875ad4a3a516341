/** Number formats shared by report.md and report.html, so both show the same digits. */
import type { Proportion } from "../statistics.js";

export function percent(rate: number | null, digits = 1): string {
  return rate === null ? "n/a" : `${(rate * 100).toFixed(digits)}%`;
}

/** `35.3% [31.1, 39.6] (n=485)` */
export function proportionText(p: Proportion): string {
  if (p.rate === null) return "n/a (n=0)";
  return `${percent(p.rate)} [${((p.low ?? 0) * 100).toFixed(1)}, ${((p.high ?? 0) * 100).toFixed(1)}] (${p.count}/${p.total})`;
}

export function decimal(value: number | null, digits = 3): string {
  return value === null ? "n/a" : value.toFixed(digits);
}

/** Small p-values in exponent form; one below the smallest double prints as a bound. */
export function pValue(p: number | null): string {
  if (p === null) return "n/a";
  return p === 0 ? "< 1e-300" : p < 0.001 ? p.toExponential(1) : p.toFixed(3);
}
