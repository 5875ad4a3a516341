/**
 * One line of `<dir>/records.jsonl`: a (scenario, cell, level, pair member, sanitizer, horizon)
 * execution with the normalized trace of paper section 4.1 (what every recipient received).
 */
import { z } from "zod";
import { CHANNELS } from "../event.js";
import { parseJson } from "../json-text.js";

export const SANITIZER_NAMES = ["none", "blanket", "dlp", "static", "recons", "recons-redact-only"] as const;
export type SanitizerName = (typeof SANITIZER_NAMES)[number];

export const CELL_NAMES = ["CW-2", "CW-7", "P2P-4", "P2P-7", "P2P-10", "Hier-7"] as const;
export type CellName = (typeof CELL_NAMES)[number];

export const LEVELS = ["A0", "A1", "A2"] as const;
export type Level = (typeof LEVELS)[number];

export const PAIR_MEMBERS = ["tau", "tau_prime"] as const;
export type PairMember = (typeof PAIR_MEMBERS)[number];

/** The guard's decisions are kept as recorded; the metrics read only these keys. */
const decisionSchema = z
  .object({
    field: z.string().nullable(),
    action: z.string(),
    reason: z.string(),
    resolution: z.string().optional(),
  })
  .loose();

export const traceEventSchema = z.object({
  t: z.number(),
  channel: z.enum(CHANNELS),
  sender: z.string().nullable().optional(),
  recipient: z.string().nullable().optional(),
  position: z.enum(["original", "introduced"]).nullable(),
  /** Exactly what the recipient received (after the sanitizer). */
  content: z.unknown(),
  /** What it would have received at this delivery without the sanitizer; absent when equal to `content`. */
  raw: z.unknown().optional(),
  decisions: z.array(decisionSchema).default([]),
  archetype: z.string().nullable().optional(),
  turn: z.number().nullable().optional(),
});
export type RecordedEvent = z.output<typeof traceEventSchema>;

export const evalRecordSchema = z.object({
  scenario_id: z.string().min(1),
  cell: z.enum(CELL_NAMES),
  level: z.enum(LEVELS),
  pair: z.enum(PAIR_MEMBERS),
  sanitizer: z.enum(SANITIZER_NAMES),
  /** The protected attribute P of the pair (its value in this pair member). */
  tracked: z.object({ field: z.string(), value: z.string() }),
  horizon: z.number().int().positive(),
  events: z.array(traceEventSchema),
});
export type EvalRecord = z.output<typeof evalRecordSchema>;

/** What identifies a record for resuming a sweep. */
export type RecordKey = Pick<EvalRecord, "scenario_id" | "cell" | "level" | "pair" | "sanitizer" | "horizon">;

export function recordKey(key: RecordKey): string {
  return [key.scenario_id, key.cell, key.level, key.pair, key.sanitizer, key.horizon].join("|");
}

/** Parse records.jsonl text; a torn last line (killed writer) is dropped, any other bad line throws naming it. */
export function parseRecords(text: string, source = "records.jsonl"): EvalRecord[] {
  const lines = text.split("\n");
  const complete = text.endsWith("\n") ? lines : lines.slice(0, -1);
  return complete.flatMap((line, index) => {
    if (line.trim() === "") return [];
    const decoded = parseJson(line, `${source}:${index + 1}`);
    const parsed = evalRecordSchema.safeParse(decoded);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`${source}:${index + 1}: ${issue?.path.join(".") || "(root)"}: ${issue?.message}`);
    }
    return [parsed.data];
  });
}
