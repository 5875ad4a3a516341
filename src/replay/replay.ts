/**
 * Replay of real LLM text: every C1/C2/C5 message of a trace is sanitized twice, once for its
 * own recipient (position `original`, authorized for the allowed set) and once for a recipient
 * the topology introduced (position `introduced`, authorized for nothing).
 */
import { open } from "node:fs/promises";
import { z } from "zod";
import type { Channel, Decision, Position } from "../event.js";
import { createRecons, type ReconsGuard } from "../guard.js";
import type { FieldPolicy, ReconsOptionsInput, VaultValue } from "../policy/options.js";
import { inferFieldType } from "../policy/infer.js";
import { allowedFields, givesField, normalizeVaultValue, readTraces, type Trace } from "./traces.js";
import { parseConfig } from "../policy/options.js";
import { parseDate } from "../detect/vault/dates.js";
import { AGENTLEAK_AGE_REFERENCE } from "../scenarios/agentleak.js";

export const SANITIZERS = ["recons", "static", "blanket", "none"] as const;
export type SanitizerName = (typeof SANITIZERS)[number];

/** Options of a replay run. */
export const replayOptionsSchema = z.strictObject({
  /** `recons` = dynamic policy; `static` = field-level allowed set (the paper's ablation); `blanket` = redact every detected value; `none` = copy. */
  sanitizer: z.enum(SANITIZERS).default("recons"),
  /** Fixed key material so that FPE and pseudonyms are identical from run to run. */
  secret: z.string().min(1).default("recons-replay-deterministic-secret"),
});
export type ReplayOptions = z.output<typeof replayOptionsSchema>;

/** The recipient every message is also replayed for: a node the topology introduced. */
export const INTRODUCED_RECIPIENT = "introduced_agent";
/** AgentLeak channels that carry a message to a recipient (C1 final output, C2 inter-agent, C5 memory). */
export const REPLAYED_CHANNELS: readonly string[] = ["C1", "C2", "C5"];

/** One output line of the replay contract. */
export interface ReplayLine {
  trace_id: string;
  /** Index of the message in the trace's `channel_messages`. */
  index: number;
  channel: Channel;
  recipient: string;
  position: Exclude<Position, "unknown">;
  sanitized: string;
  decisions: Decision[];
}

type VaultEntries = Record<string, VaultValue>;

function guardVault(trace: Trace): VaultEntries {
  const vault: VaultEntries = {};
  for (const [field, value] of Object.entries(trace.input.vault)) if (value !== null) vault[field] = normalizeVaultValue(value);
  return vault;
}

/** The message targets of the trace plus `user`: the scenario's original recipients. */
export function originalRecipients(trace: Trace): string[] {
  return [...new Set(["user", ...trace.channel_messages.map((message) => message.target)])];
}

function fieldPolicies(trace: Trace, authorizedFields: Set<string>, recipients: string[], sanitizer: SanitizerName): Record<string, FieldPolicy> {
  const fields: Record<string, FieldPolicy> = {};
  for (const [field, value] of Object.entries(trace.input.vault)) {
    if (value === null) continue;
    const { kind, valueType } = inferFieldType(field, typeof value === "string" ? value : JSON.stringify(value));
    const authorized = sanitizer !== "blanket" && authorizedFields.has(field) ? recipients : [];
    fields[field] = { kind, valueType, authorized, ...(sanitizer === "blanket" ? { action: "redact" as const } : {}) };
  }
  // An allowed field the vault holds no value of is what the task writes (`appointment_time` of a follow-up to book): its readers are named.
  for (const field of sanitizer === "blanket" ? [] : trace.input.allowed_set.fields) {
    if (fields[field] === undefined) fields[field] = { ...inferFieldType(field, ""), authorized: recipients };
  }
  return fields;
}

/** The day a trace was recorded, from its id (`trace_20260129_...`), else the corpus's (`AGENTLEAK_AGE_REFERENCE`): the ages it writes are counted then. */
function traceDay(trace: Trace): string {
  const dated = /^trace_(\d{4})(\d{2})(\d{2})_/.exec(trace.trace_id);
  const day = dated ? `${dated[1]}-${dated[2]}-${dated[3]}` : "";
  return parseDate(day) ? day : AGENTLEAK_AGE_REFERENCE;
}

function guardOptions(trace: Trace, authorizedFields: Set<string>, options: ReplayOptions): ReconsOptionsInput {
  const recipients = originalRecipients(trace);
  const positions: Record<string, "original" | "introduced"> = { [INTRODUCED_RECIPIENT]: "introduced" };
  for (const recipient of recipients) positions[recipient] = "original";
  return {
    secret: options.secret,
    ageReference: traceDay(trace),
    vault: guardVault(trace),
    policy: {
      fields: fieldPolicies(trace, authorizedFields, recipients, options.sanitizer),
      positions,
      mode: options.sanitizer === "static" ? "static" : "dynamic",
      // Blanket redacts every detection, dates and unregistered hits included.
      ...(options.sanitizer === "blanket" ? { unregistered: { "*": "redact" as const } } : {}),
    },
  };
}

/**
 * Fields the user gave in the request: the user typed them, so the scenario's original
 * recipients (the user and the agents serving the request) may see them; an introduced agent
 * may not. Found with the guard's own detectors so replay and policy agree on what matched.
 */
export function userGivenFields(trace: Trace, probe: ReconsGuard): Set<string> {
  const { request } = trace.input;
  if (request.trim() === "") return new Set();
  const given = probe
    .detect(request)
    .filter((detection) => detection.field !== null && tellsValue(detection.kind, detection.role, request.slice(detection.start, detection.end)) && givesField(trace, detection.field, detection.start, detection.end));
  return new Set(given.map((detection) => detection.field!));
}

/** Roles of a detection that only hint at a value (a diagnosis's drug or specialist, a score's band, an age, a computed date or amount). */
const HINT_ROLES: ReadonlySet<string> = new Set(["indicator", "band", "age", "elapsed", "derived-date", "derived-amount", "acronym"]);

/**
 * Whether a request's detection gives the value itself: not a hint of it, nor one word of a phrase
 * (round 11 red team: `to see a nephrologist`, `the next chemo infusion` had given the whole diagnosis to the worker), nor
 * an address without its number.
 */
function tellsValue(kind: string, role: string | undefined, written: string): boolean {
  if (role !== undefined && HINT_ROLES.has(role)) return false;
  // An address by its street or town alone (round 12 re-judge: `Linden Avenue` had given the worker the whole address, ZIP and all).
  if (kind === "address" && !/\d/.test(written)) return false;
  return role !== "context-word" || /\s/.test(written.trim());
}

/** The guard the replay uses for one trace (undefined for `none`). */
export function traceGuard(trace: Trace, options: ReplayOptions): ReconsGuard | undefined {
  if (options.sanitizer === "none") return undefined;
  const allowed = allowedFields(trace);
  if (options.sanitizer !== "blanket") {
    const probe = createRecons(guardOptions(trace, new Set(), options));
    for (const field of userGivenFields(trace, probe)) allowed.add(field);
  }
  return createRecons(guardOptions(trace, allowed, options));
}

/** Replay one trace: two lines per C1/C2/C5 message, original recipient first. */
export function replayTrace(trace: Trace, input: Partial<ReplayOptions> = {}): ReplayLine[] {
  const options = parseConfig(replayOptionsSchema, input, "replay options");
  const guard = traceGuard(trace, options);
  const lines: ReplayLine[] = [];
  trace.channel_messages.forEach((message, index) => {
    if (!REPLAYED_CHANNELS.includes(message.channel)) return;
    const channel = message.channel as Channel;
    const targets: Array<[string, ReplayLine["position"]]> = [
      [message.target, "original"],
      [INTRODUCED_RECIPIENT, "introduced"],
    ];
    for (const [recipient, position] of targets) {
      const result = guard
        ? guard.sanitizeSync({ channel, content: message.content, sender: message.source, recipient, position })
        : { content: message.content, decisions: [] };
      lines.push({ trace_id: trace.trace_id, index, channel, recipient, position, sanitized: result.content, decisions: result.decisions });
    }
  });
  return lines;
}

export interface ReplaySummary {
  traces: number;
  messages: number;
  lines: number;
  /** Bytes of original message text replayed (UTF-8). */
  bytes: number;
  seconds: number;
}

/** Replay a trace file into a JSON-lines file. */
export async function replayFile(tracesPath: string, outPath: string, input: Partial<ReplayOptions> = {}): Promise<ReplaySummary> {
  const options = parseConfig(replayOptionsSchema, input, "replay options");
  const traces = await readTraces(tracesPath);
  const out = await open(outPath, "w");
  const summary: ReplaySummary = { traces: traces.length, messages: 0, lines: 0, bytes: 0, seconds: 0 };
  const started = process.hrtime.bigint();
  try {
    for (const trace of traces) {
      const lines = replayTrace(trace, options);
      for (const line of lines.filter((l) => l.position === "original")) {
        summary.messages++;
        summary.bytes += Buffer.byteLength(trace.channel_messages[line.index]!.content);
      }
      summary.lines += lines.length;
      await out.write(lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
    }
  } finally {
    await out.close();
  }
  summary.seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return summary;
}
