import { readFile } from "node:fs/promises";
import { z } from "zod";
import { parseJson } from "../json-text.js";

/**
 * The day ages are counted at for guards of AgentLeak scenarios and traces (`ageReference`): the
 * corpus was written in 2025-26 (its traces are dated January 2026), and runs repeat whatever day they run.
 */
export const AGENTLEAK_AGE_REFERENCE = "2026-01-01";

/** A vault field: any JSON value (scalars, lists, nested records), so no scenario is refused for its shape. */
const fieldValueSchema = z.json();

/** Schema of one line of AgentLeak's scenario JSONL (see shared/agentleak/README.md). Unknown keys are ignored. */
export const agentLeakScenarioSchema = z.object({
  scenario_id: z.string().min(1),
  /** healthcare, finance, legal or corporate in the published corpus; only ever shown as text. */
  vertical: z.string().min(1),
  difficulty: z.string().optional(),
  tags: z.array(z.string()).default([]),
  agents: z
    .array(z.object({ agent_id: z.string().min(1), role: z.string().min(1), clearance: z.string().min(1) }))
    .min(1),
  objective: z.object({
    user_request: z.string().min(1),
    privacy_instruction: z.string().nullable().default(null),
  }),
  private_vault: z.object({
    records: z.array(
      z.object({
        record_type: z.string(),
        fields: z.record(z.string(), fieldValueSchema),
        canary_tier: z.string().nullable().optional(),
        sensitivity_weight: z.number().nullable().optional(),
      }),
    ),
  }),
  allowed_set: z.object({ fields: z.array(z.string()), forbidden_fields: z.array(z.string()) }),
  tools: z
    .array(
      z.object({
        tool_name: z.string().min(1),
        capabilities: z.array(z.string()).default([]),
        requires_clearance: z.string().nullable().optional(),
      }),
    )
    .default([]),
  attack: z.object({
    enabled: z.boolean().default(false),
    attack_class: z.string().nullable().optional(),
    attack_family: z.string().nullable().optional(),
    adversary_level: z.enum(["A0", "A1", "A2"]),
    payload: z.string().nullable().optional(),
    target_channels: z.array(z.string()).default([]),
  }),
  evaluation: z.object({ canaries: z.array(z.string()).default([]) }).default({ canaries: [] }),
});
export type AgentLeakScenarioJson = z.input<typeof agentLeakScenarioSchema>;

export type Vertical = z.infer<typeof agentLeakScenarioSchema>["vertical"];
export type AdversaryLevel = "A0" | "A1" | "A2";

export interface ScenarioAgent {
  id: string;
  role: string;
  clearance: string;
}

export interface VaultRecord {
  recordType: string;
  /** Field values as text (lists and nested records as JSON literals). */
  fields: Record<string, string>;
  canaryTier: string | null;
}

/** One protected value of the vault, with the key it has in the flattened `vault`. */
export interface VaultEntry {
  key: string;
  /** Field name as in the record, which is what allowed/forbidden lists name. */
  field: string;
  value: string;
  recordIndex: number;
  recordType: string;
}

export interface ScenarioTool {
  name: string;
  capabilities: string[];
  requiresClearance: string | null;
}

export interface ScenarioAttack {
  level: AdversaryLevel;
  enabled: boolean;
  attackClass: string | null;
  payload: string | null;
  /** AgentLeak channel names: final_output, inter_agent, tool_input, tool_output, memory_write... */
  targetChannels: string[];
}

export interface Scenario {
  id: string;
  vertical: Vertical;
  /** The user request (objective.user_request). */
  task: string;
  privacyInstruction: string | null;
  agents: ScenarioAgent[];
  /**
   * Flattened vault: key -> value across records. A field keeps its bare name at its first
   * occurrence; a later record's field with the same name gets the key `${field}#${recordNumber}`
   * (1-based record position), so no value is lost.
   */
  vault: Record<string, string>;
  vaultEntries: VaultEntry[];
  records: VaultRecord[];
  /** Fields that may be disclosed for the task; any field not listed here is forbidden by default. */
  allowed: string[];
  forbidden: string[];
  tools: ScenarioTool[];
  attack: ScenarioAttack;
  canaries: string[];
}

type FieldValue = z.infer<typeof fieldValueSchema>;

/**
 * Field value as text. A list or a nested record becomes a JSON literal (`["Amlodipine",
 * "Omeprazole"]`, the form AgentLeak's traces show agents), so the guard and the meter protect
 * and find each member on its own, as a real model may name one. Nulls and empty lists carry no
 * protected value and are dropped (an empty result is dropped by the caller).
 */
function fieldText(value: FieldValue): string | null {
  if (value === null) return null;
  if (typeof value !== "object") return String(value);
  const kept = withoutEmpty(value);
  return kept === null ? "" : jsonLiteral(kept);
}

function withoutEmpty(value: FieldValue): FieldValue {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    const items = value.map(withoutEmpty).filter((item) => item !== null);
    return items.length === 0 ? null : items;
  }
  const entries = Object.entries(value).flatMap(([key, item]) => {
    const kept = withoutEmpty(item);
    return kept === null ? [] : [[key, kept] as const];
  });
  return entries.length === 0 ? null : Object.fromEntries(entries);
}

/** JSON with a space after each comma and colon, as a person would write the list. */
function jsonLiteral(value: FieldValue): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(jsonLiteral).join(", ")}]`;
  return `{${Object.entries(value)
    .map(([key, item]) => `${JSON.stringify(key)}: ${jsonLiteral(item)}`)
    .join(", ")}}`;
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  const path = issue?.path.map(String).join(".") || "(root)";
  return `field "${path}": ${issue?.message ?? "invalid"}`;
}

/** Validates one decoded scenario object; throws an Error naming the offending field. */
export function parseScenario(obj: unknown): Scenario {
  const parsed = agentLeakScenarioSchema.safeParse(obj);
  if (!parsed.success) throw new Error(`invalid AgentLeak scenario: ${describeIssue(parsed.error)}`);
  const raw = parsed.data;

  const records: VaultRecord[] = raw.private_vault.records.map((record) => ({
    recordType: record.record_type,
    fields: Object.fromEntries(
      Object.entries(record.fields).flatMap(([field, value]) => {
        const text = fieldText(value);
        return text === null || text.trim() === "" ? [] : [[field, text]];
      }),
    ),
    canaryTier: record.canary_tier ?? null,
  }));

  const vaultEntries: VaultEntry[] = [];
  const vault: Record<string, string> = {};
  records.forEach((record, recordIndex) => {
    for (const [field, value] of Object.entries(record.fields)) {
      const key = field in vault ? `${field}#${recordIndex + 1}` : field;
      vault[key] = value;
      vaultEntries.push({ key, field, value, recordIndex, recordType: record.recordType });
    }
  });

  return {
    id: raw.scenario_id,
    vertical: raw.vertical,
    task: raw.objective.user_request,
    privacyInstruction: raw.objective.privacy_instruction,
    agents: raw.agents.map((a) => ({ id: a.agent_id, role: a.role, clearance: a.clearance })),
    vault,
    vaultEntries,
    records,
    allowed: raw.allowed_set.fields,
    forbidden: raw.allowed_set.forbidden_fields,
    tools: raw.tools.map((t) => ({ name: t.tool_name, capabilities: t.capabilities, requiresClearance: t.requires_clearance ?? null })),
    attack: {
      level: raw.attack.adversary_level,
      enabled: raw.attack.enabled,
      attackClass: raw.attack.attack_class ?? null,
      payload: raw.attack.payload ?? null,
      targetChannels: raw.attack.target_channels,
    },
    canaries: raw.evaluation.canaries,
  };
}

/** Parses AgentLeak JSONL text; errors name the (1-based) line and the field. */
export function parseAgentLeakJsonl(text: string, source = "<jsonl>"): Scenario[] {
  return text.split("\n").flatMap((line, index) => {
    if (line.trim() === "") return [];
    const where = `${source}:${index + 1}`;
    const decoded = parseJson(line, where);
    try {
      return [parseScenario(decoded)];
    } catch (error) {
      throw new Error(`${where}: ${(error as Error).message}`);
    }
  });
}

/** Reads an AgentLeak scenario JSONL file (one scenario a line). */
export async function loadAgentLeak(path: string): Promise<Scenario[]> {
  return parseAgentLeakJsonl(await readFile(path, "utf8"), path);
}

/** The user request as the external (A1) adversary sends it: the payload rides on the request. */
export function userRequestUnderAttack(scenario: Scenario): string {
  const { level, payload } = scenario.attack;
  return level === "A1" && payload ? `${scenario.task}\n\n${payload}` : scenario.task;
}
