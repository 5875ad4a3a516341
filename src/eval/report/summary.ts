/** summary.json: every metric plus how the sweep was run and how to read it. */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Metrics } from "../metrics.js";
import { renderHtml } from "./html.js";
import { renderMarkdown } from "./markdown.js";

export interface RunInfo {
  corpus: string;
  model: string;
  seed: string;
  /** Wall time of the sweep that produced the newest records (resumed runs: this invocation only). */
  wallSeconds: number;
  /** False when the sweep was interrupted or records failed: the metrics cover the records that exist. */
  complete: boolean;
  /** Records this invocation could not produce. */
  failed: number;
}

/** Why a summary covers only part of its sweep, or "" when it covers all of it. */
export function partialReason(run: RunInfo): string {
  if (run.complete) return "";
  return run.failed > 0 ? `${run.failed} records failed: partial result` : "interrupted: partial result";
}

export interface Summary extends Metrics {
  run: RunInfo;
  notes: string[];
}

/** What every reader of the numbers must know; the last one is the required caveat. */
export const READING_NOTES: readonly string[] = [
  "Disclosure is measured on what each recipient actually received, with a measuring detector configured separately from every sanitizer: the vault-aware variant matcher and the built-in recognizers plus an independent generous meter.",
  "Ground-truth authorization is the scenario's dynamic release policy in each cell: the scenario's own agents keep their fields; agents the topology introduces are authorized for nothing.",
  "A same-detector residual hides detection misses: measured with the sanitizer's own detector, a value that detector cannot see is neither transformed nor counted. The measuring detector here is at least as strong as the sanitizer's, and the decomposition re-runs the sanitizer's detector on the unsanitized content to count those misses.",
];

export function buildSummary(metrics: Metrics, run: RunInfo): Summary {
  return { ...metrics, run, notes: [...READING_NOTES] };
}

/** Writes summary.json, report.md and report.html into `dir`. */
export async function writeReport(dir: string, summary: Summary): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "summary.json"), `${JSON.stringify(summary, null, 2)}\n`);
  await writeFile(join(dir, "report.md"), renderMarkdown(summary));
  await writeFile(join(dir, "report.html"), renderHtml(summary));
}
