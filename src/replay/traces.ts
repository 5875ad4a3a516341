import { readFile } from "node:fs/promises";
import { gunzipSync } from "node:zlib";
import { z } from "zod";
import { vaultValueSchema, type VaultValue } from "../policy/options.js";
import { jsonSyntaxProblem } from "../json-text.js";
import { vaultMembers } from "../detect/vault/members.js";
import { isDictionaryWord } from "../detect/vault/words.js";

/** One message a real LLM produced in an AgentLeak execution. */
export const traceMessageSchema = z.object({
  /** AgentLeak channel: C1 final output, C2 inter-agent, C5 memory write (others are kept but not replayed). */
  channel: z.string().regex(/^C[1-7]$/, "expected a channel C1..C7"),
  source: z.string(),
  /** The message's own recipient (`user`, `worker`, `coordinator`, `memory`, ...). */
  target: z.string().min(1),
  /** The model's real text. */
  content: z.string(),
  /** AgentLeak's verbatim labels; incomplete ground truth, kept for reference only. */
  has_leak: z.boolean().optional(),
  leaked_fields: z.array(z.string()).optional(),
});
export type TraceMessage = z.output<typeof traceMessageSchema>;

/** One execution in the format of AgentLeak's `traces_dev.jsonl.gz`. */
export const traceSchema = z.object({
  trace_id: z.string().min(1),
  scenario_id: z.string().optional(),
  model: z.string().optional(),
  vertical: z.string().optional(),
  input: z.object({
    /** Flat field -> value; some values are Python-repr lists or dicts. */
    vault: z.record(z.string().min(1), vaultValueSchema.nullable()),
    /** The user's request: values in it count as given by the user. */
    request: z.string().default(""),
    allowed_set: z
      .object({
        fields: z.array(z.string()).default([]),
        forbidden_fields: z.array(z.string()).default([]),
      })
      .default({ fields: [], forbidden_fields: [] }),
  }),
  channel_messages: z.array(traceMessageSchema),
});
export type Trace = z.output<typeof traceSchema>;

/** A trace file line that is not valid JSON or not a trace; the message names the line and the field. */
export class TraceFormatError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    detail: string,
  ) {
    super(`${file}:${line}: ${detail}`);
    this.name = "TraceFormatError";
  }
}

/** Allowed fields of a trace; `<field>_real` (the realistic twin of a canary field) follows `<field>`. */
export function allowedFields(trace: Trace): Set<string> {
  const allowed = new Set(trace.input.allowed_set.fields);
  for (const field of Object.keys(trace.input.vault)) {
    const twin = /^(.+)_real$/.exec(field)?.[1];
    if (twin && allowed.has(twin)) allowed.add(field);
  }
  return allowed;
}

type Scalar = string | number | boolean;

/**
 * Whether the request's text at [start, end), where a value of `field` was found, gives that field:
 * not a word in its ordinary sense that is one member of a list (`provide follow-up` of the
 * medications `['provide', 'film', 'Mr']`): the user named neither the list nor its other members.
 */
export function givesField(trace: Trace, field: string, start: number, end: number): boolean {
  const value = trace.input.vault[field];
  if (value === null || value === undefined) return true;
  const written = trace.input.request.slice(start, end);
  return !(/^[a-z]+$/.test(written) && isDictionaryWord(written) && vaultMembers(normalizeVaultValue(value)).length > 1);
}

/**
 * A vault value as the guard takes it: Python-repr lists and dicts (`"['a', 'b']"`,
 * `"{'base': 1}"`, lists of dicts) become arrays / flat records of their literals.
 */
export function normalizeVaultValue(value: VaultValue): VaultValue {
  if (typeof value !== "string" || !/^\s*[[{]/.test(value)) return value;
  const literal = /'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|(-?\d+(?:\.\d+)?)|\b(True|False)\b/g;
  const keyed: Array<[string | null, Scalar]> = [];
  let pendingKey: string | null = null;
  for (const match of value.matchAll(literal)) {
    const scalar: Scalar = match[3] !== undefined ? Number(match[3]) : match[4] !== undefined ? match[4] === "True" : (match[1] ?? match[2])!;
    if (value.slice(match.index + match[0].length).trimStart().startsWith(":")) {
      pendingKey = String(scalar);
      continue;
    }
    keyed.push([pendingKey, scalar]);
    pendingKey = null;
  }
  if (keyed.length === 0) return value;
  const flatDict = value.trimStart().startsWith("{") && keyed.every(([key]) => key !== null);
  return flatDict ? Object.fromEntries(keyed) : keyed.map(([, scalar]) => scalar);
}

/** zod issues as `path: message; ...`, so errors name the bad field. */
export function formatIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`).join("; ");
}

const GZIP_MAGIC = [0x1f, 0x8b];

/** Read a `.jsonl` or `.jsonl.gz` trace file (gzip recognized by its magic bytes); blank lines are skipped. */
export async function readTraces(file: string): Promise<Trace[]> {
  const raw = await readFile(file);
  const bytes = raw[0] === GZIP_MAGIC[0] && raw[1] === GZIP_MAGIC[1] ? gunzipSync(raw) : raw;
  return parseTraces(bytes.toString("utf8"), file);
}

/** Parse JSON-lines text into validated traces. */
export function parseTraces(text: string, file = "<traces>"): Trace[] {
  const traces: Trace[] = [];
  text.split("\n").forEach((line, index) => {
    if (line.trim() === "") return;
    const lineNumber = index + 1;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (error) {
      throw new TraceFormatError(file, lineNumber, `invalid JSON (${jsonSyntaxProblem(error, line)})`);
    }
    const result = traceSchema.safeParse(json);
    if (!result.success) throw new TraceFormatError(file, lineNumber, formatIssues(result.error.issues));
    traces.push(result.data);
  });
  return traces;
}
