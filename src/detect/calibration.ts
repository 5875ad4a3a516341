import { z } from "zod";
import { parseConfig } from "../policy/options.js";

export const calibrationOptionsSchema = z.strictObject({
  /** Lowest threshold tried (section 4.5). */
  from: z.number().min(0).max(1).default(0.35),
  /** Highest threshold tried. */
  to: z.number().min(0).max(1).default(0.95),
  /** Sweep step. */
  step: z.number().positive().default(0.01),
  /** A threshold is eligible only when its false-positive rate is strictly below this. */
  maxFpr: z.number().min(0).max(1).default(0.05),
});

export type CalibrationOptions = z.input<typeof calibrationOptionsSchema>;

/** One labelled semantic-middle instance with its judge score. */
export interface ScoredLabel {
  score: number;
  /** 1 = the text discloses the value. */
  label: 0 | 1;
}

/** Metrics at one threshold; an instance counts as disclosed when score >= threshold. */
export interface ThresholdRow {
  threshold: number;
  tp: number;
  fp: number;
  tn: number;
  fn: number;
  precision: number;
  recall: number;
  fpr: number;
  f1: number;
}

export interface CalibrationResult {
  rows: ThresholdRow[];
  /** Max F1 subject to FPR < maxFpr; null when no threshold satisfies the constraint. */
  chosen: ThresholdRow | null;
  /** Every eligible threshold reaching the max F1 (the paper reports such an interval). */
  tiedThresholds: number[];
}

/**
 * Sweep the judge threshold and pick max F1 s.t. FPR < maxFpr (section 4.5). Ties are common (no
 * calibration score between two steps): the middle of the tied thresholds is chosen, away from the
 * edges where an unseen score would flip the classification.
 */
export function calibrateThreshold(instances: ScoredLabel[], input: CalibrationOptions = {}): CalibrationResult {
  const options = parseConfig(calibrationOptionsSchema, input, "calibration options");
  if (instances.length === 0) throw new Error("calibration needs at least one labelled instance");
  for (const { score } of instances) {
    if (!(score >= 0 && score <= 1)) throw new Error(`calibration score out of [0, 1]: ${score}`);
  }
  // Integer steps: accumulating 0.01 in floating point would drift off the grid.
  const steps = Math.round((options.to - options.from) / options.step);
  const rows = Array.from({ length: steps + 1 }, (_, i) => rowAt(instances, round(options.from + i * options.step)));
  const eligible = rows.filter((row) => row.fpr < options.maxFpr);
  if (eligible.length === 0) return { rows, chosen: null, tiedThresholds: [] };
  const best = Math.max(...eligible.map((row) => row.f1));
  const tied = eligible.filter((row) => row.f1 === best);
  return { rows, chosen: tied[Math.floor((tied.length - 1) / 2)], tiedThresholds: tied.map((row) => row.threshold) };
}

function rowAt(instances: ScoredLabel[], threshold: number): ThresholdRow {
  let tp = 0;
  let fp = 0;
  let tn = 0;
  let fn = 0;
  for (const { score, label } of instances) {
    const predicted = score >= threshold;
    if (predicted && label === 1) tp++;
    else if (predicted) fp++;
    else if (label === 1) fn++;
    else tn++;
  }
  const precision = ratio(tp, tp + fp);
  const recall = ratio(tp, tp + fn);
  return { threshold, tp, fp, tn, fn, precision, recall, fpr: ratio(fp, fp + tn), f1: ratio(2 * precision * recall, precision + recall) };
}

function ratio(numerator: number, denominator: number): number {
  return denominator === 0 ? 0 : numerator / denominator;
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** The sweep as a fixed-width text table, the chosen row marked. */
export function formatCalibration(result: CalibrationResult): string {
  const header = "zeta   precision  recall   FPR      F1       TP  FP  TN  FN";
  const lines = result.rows.map((row) => {
    const mark = row === result.chosen ? "  <- chosen" : "";
    const cells = [row.precision, row.recall, row.fpr, row.f1].map((v) => v.toFixed(4).padEnd(8)).join(" ");
    const counts = [row.tp, row.fp, row.tn, row.fn].map((n) => String(n).padStart(3)).join(" ");
    return `${row.threshold.toFixed(2)}   ${cells} ${counts}${mark}`;
  });
  return [header, ...lines].join("\n");
}
