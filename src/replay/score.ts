/**
 * Scores a replay against its traces with the independent meter (./meter.ts):
 * residual unauthorized values, authorized values kept, non-sensitive text kept.
 */
import { readFile } from "node:fs/promises";
import { diffArrays } from "diff";
import { z } from "zod";
import { createMeter, type Meter, type MeterHit } from "./meter.js";
import { renderTable } from "../cli/table.js";
import { allowedFields, formatIssues, givesField, type Trace } from "./traces.js";
import { parseJson } from "../json-text.js";
import { parseConfig } from "../policy/options.js";

/** Options of a scoring run. */
export const scoreOptionsSchema = z.strictObject({
  /** How many residual examples to keep for inspection (they quote the leaked text). */
  examples: z.number().int().min(0).default(20),
  /** Characters of context around a residual example. */
  context: z.number().int().min(0).default(40),
});
export type ScoreOptions = z.output<typeof scoreOptionsSchema>;

/** The issue's targets on the dev traces. */
export const TARGETS = { residual: 0.02, authorizedKept: 0.99, textKept: 0.97 } as const;

/** The part of a replay line the scorer reads. */
export const replayedLineSchema = z.object({
  trace_id: z.string(),
  index: z.number().int().min(0),
  position: z.enum(["original", "introduced"]),
  recipient: z.string(),
  sanitized: z.string(),
});
export type ReplayedLine = z.output<typeof replayedLineSchema>;

export interface Ratio {
  numerator: number;
  denominator: number;
  /** numerator / denominator, or null without a denominator. */
  rate: number | null;
}

export interface ResidualExample {
  trace_id: string;
  index: number;
  position: string;
  field: string;
  excerpt: string;
}

export interface ScoreReport {
  lines: number;
  /** (line, field) pairs with an unauthorized value in the original text that is still found after sanitizing. */
  residual: { overall: Ratio; introduced: Ratio; original: Ratio };
  /** The same by occurrence rather than by (line, field). */
  residualOccurrences: Ratio;
  /** Occurrences of authorized values (original recipient) left byte-for-byte in the output. */
  authorizedKept: Ratio;
  /** Characters outside every protected span left unchanged. */
  textKept: Ratio;
  /** Residual (line, field) pairs per field. */
  residualByField: Record<string, number>;
  examples: ResidualExample[];
  meetsTargets: { residual: boolean; authorizedKept: boolean; textKept: boolean };
}

class Counter {
  numerator = 0;
  denominator = 0;
  add(numerator: number, denominator: number): void {
    this.numerator += numerator;
    this.denominator += denominator;
  }
  ratio(): Ratio {
    return { numerator: this.numerator, denominator: this.denominator, rate: this.denominator === 0 ? null : this.numerator / this.denominator };
  }
}

/** Non-overlapping spans per field (several forms often match the same text). */
function mergedByField(hits: MeterHit[]): Map<string, Array<[number, number]>> {
  const byField = new Map<string, Array<[number, number]>>();
  for (const hit of [...hits].sort((a, b) => a.start - b.start || b.end - a.end)) {
    const spans = byField.get(hit.field) ?? [];
    const last = spans[spans.length - 1];
    if (last && hit.start < last[1]) last[1] = Math.max(last[1], hit.end);
    else spans.push([hit.start, hit.end]);
    byField.set(hit.field, spans);
  }
  return byField;
}

function countOccurrences(text: string, needle: string): number {
  let count = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) count++;
  return count;
}

const TOKEN = /\w+|\s+|[^\w\s]/g;

/** Characters of `original` outside `protectedSpans` that survive in `sanitized` (token-level diff). */
export function keptCharacters(original: string, sanitized: string, protectedSpans: Array<[number, number]>): { kept: number; total: number } {
  const isProtected = new Uint8Array(original.length);
  for (const [start, end] of protectedSpans) isProtected.fill(1, start, end);
  const total = isProtected.reduce((sum, flag) => sum + (flag ? 0 : 1), 0);
  if (original === sanitized) return { kept: total, total };
  const changes = diffArrays(original.match(TOKEN) ?? [], sanitized.match(TOKEN) ?? []);
  let kept = 0;
  let offset = 0;
  for (const change of changes) {
    if (change.added) continue;
    const length = change.value.reduce((sum, token) => sum + token.length, 0);
    if (!change.removed) for (let i = offset; i < offset + length; i++) kept += isProtected[i] ? 0 : 1;
    offset += length;
  }
  return { kept, total };
}

interface TraceContext {
  trace: Trace;
  meter: Meter;
  /** Authorized for the original recipients: the allowed set and the fields the user gave in the request. */
  authorized: Set<string>;
  originalHits: Map<number, MeterHit[]>;
}

function traceContext(trace: Trace): TraceContext {
  const meter = createMeter(trace.input.vault);
  const authorized = allowedFields(trace);
  for (const hit of meter.detect(trace.input.request)) if (givesField(trace, hit.field, hit.start, hit.end)) authorized.add(hit.field);
  return { trace, meter, authorized, originalHits: new Map() };
}

function isVaultField(field: string): boolean {
  return !field.startsWith("unregistered:");
}

/** Score replay lines against their traces. Lines whose trace or message is unknown throw. */
export function scoreReplay(traces: Trace[], lines: ReplayedLine[], input: Partial<ScoreOptions> = {}): ScoreReport {
  const options = parseConfig(scoreOptionsSchema, input, "replay-score options");
  const contexts = new Map(traces.map((trace) => [trace.trace_id, traceContext(trace)] as const));
  const residual = { introduced: new Counter(), original: new Counter() };
  const occurrences = new Counter();
  const authorizedKept = new Counter();
  const textKept = new Counter();
  const residualByField: Record<string, number> = {};
  const examples: ResidualExample[] = [];

  for (const line of lines) {
    const context = contexts.get(line.trace_id);
    const message = context?.trace.channel_messages[line.index];
    if (!context || !message) throw new Error(`replayed line ${line.trace_id}#${line.index} has no matching trace message`);
    let hits = context.originalHits.get(line.index);
    if (!hits) context.originalHits.set(line.index, (hits = context.meter.detect(message.content)));
    const original = mergedByField(hits);
    const after = mergedByField(context.meter.detect(line.sanitized));
    const authorized = line.position === "original" ? context.authorized : new Set<string>();

    for (const [field, spans] of original) {
      if (!isVaultField(field)) continue;
      if (authorized.has(field)) {
        for (const text of new Set(spans.map(([s, e]) => message.content.slice(s, e)))) {
          const count = countOccurrences(message.content, text);
          authorizedKept.add(Math.min(count, countOccurrences(line.sanitized, text)), count);
        }
        continue;
      }
      const left = after.get(field) ?? [];
      residual[line.position].add(left.length > 0 ? 1 : 0, 1);
      occurrences.add(Math.min(left.length, spans.length), spans.length);
      if (left.length === 0) continue;
      residualByField[field] = (residualByField[field] ?? 0) + 1;
      if (examples.length < options.examples) {
        const [start, end] = left[0]!;
        const excerpt = line.sanitized.slice(Math.max(0, start - options.context), end + options.context);
        examples.push({ trace_id: line.trace_id, index: line.index, position: line.position, field, excerpt });
      }
    }
    const { kept, total } = keptCharacters(message.content, line.sanitized, [...original.values()].flat());
    textKept.add(kept, total);
  }

  const overall = new Counter();
  overall.add(residual.introduced.numerator + residual.original.numerator, residual.introduced.denominator + residual.original.denominator);
  const report: ScoreReport = {
    lines: lines.length,
    residual: { overall: overall.ratio(), introduced: residual.introduced.ratio(), original: residual.original.ratio() },
    residualOccurrences: occurrences.ratio(),
    authorizedKept: authorizedKept.ratio(),
    textKept: textKept.ratio(),
    residualByField,
    examples,
    meetsTargets: { residual: false, authorizedKept: false, textKept: false },
  };
  report.meetsTargets = {
    residual: (report.residual.overall.rate ?? 0) <= TARGETS.residual,
    authorizedKept: (report.authorizedKept.rate ?? 1) >= TARGETS.authorizedKept,
    textKept: (report.textKept.rate ?? 1) >= TARGETS.textKept,
  };
  return report;
}

/** Read a replay output file; a bad line throws naming its line number and field. */
export async function readReplayed(file: string): Promise<ReplayedLine[]> {
  const text = await readFile(file, "utf8");
  const lines: ReplayedLine[] = [];
  text.split("\n").forEach((raw, index) => {
    if (raw.trim() === "") return;
    const json = parseJson(raw, `${file}:${index + 1}`);
    const parsed = replayedLineSchema.safeParse(json);
    if (!parsed.success) throw new Error(`${file}:${index + 1}: ${formatIssues(parsed.error.issues)}`);
    lines.push(parsed.data);
  });
  return lines;
}

function percent(ratio: Ratio): string {
  return ratio.rate === null ? "n/a" : `${(ratio.rate * 100).toFixed(2)} %`;
}

/** The report as an aligned text table. */
export function formatScoreTable(report: ScoreReport): string {
  const rows: Array<[string, Ratio, string, boolean | null]> = [
    ["residual unauthorized (line, field)", report.residual.overall, `<= ${TARGETS.residual * 100} %`, report.meetsTargets.residual],
    ["  to introduced recipient", report.residual.introduced, "", null],
    ["  to original recipient, non-allowed", report.residual.original, "", null],
    ["residual unauthorized (occurrences)", report.residualOccurrences, "", null],
    ["authorized values kept", report.authorizedKept, `>= ${TARGETS.authorizedKept * 100} %`, report.meetsTargets.authorizedKept],
    ["non-sensitive text kept (chars)", report.textKept, `>= ${TARGETS.textKept * 100} %`, report.meetsTargets.textKept],
  ];
  const header = ["metric", "rate", "count", "target", "met"];
  const body = rows.map(([name, ratio, target, met]) => [
    name,
    percent(ratio),
    `${ratio.numerator}/${ratio.denominator}`,
    target,
    // Nothing measured (0/0) meets no target and misses none.
    met === null ? "" : ratio.rate === null ? "n/a" : met ? "yes" : "NO",
  ]);
  return renderTable(header, body);
}
