import { z } from "zod";
import { ARCHETYPE_IDS } from "./archetypes.js";

/**
 * What one agent turn is: who speaks, to whom, in which archetype, and (for adversarial runs)
 * the attack. A caller states it in the system prompt (agentSystemPrompt, readable by a real
 * LLM too) and/or in the `agentTurn` call option of ScriptedAgentModel; the option wins.
 */
export const agentTurnSchema = z.object({
  /** Agent name as used in addressing, e.g. "A2" or "worker_1". */
  agent: z.string().min(1).default("agent"),
  role: z.string().min(1).default("assistant"),
  /** Agents (or "user") this turn speaks to. */
  addressees: z.array(z.string()).default([]),
  /** Interaction archetype; inferred from the conversation when absent. */
  archetype: z.enum(ARCHETYPE_IDS as [string, ...string[]]).optional(),
  /** True when this agent is the internal (A2) adversary's foothold. */
  compromised: z.boolean().default(false),
  attack: z
    .object({
      level: z.enum(["A0", "A1", "A2"]),
      payload: z.string().nullable(),
      /** AgentLeak channel names: inter_agent, memory_write, tool_input, tool_output, final_output. */
      targetChannels: z.array(z.string()).default([]),
    })
    .optional(),
});
export type AgentTurn = z.infer<typeof agentTurnSchema>;
export type AgentTurnInput = z.input<typeof agentTurnSchema>;

const DIRECTIVE_KEYS = {
  agent: "Agent",
  role: "Role",
  addressees: "Addressees",
  archetype: "Turn",
  compromised: "Compromised",
  attackLevel: "Attack-Level",
  attackPayload: "Attack-Payload",
  attackChannels: "Attack-Channels",
} as const;
const DIRECTIVE_LINE = new RegExp(`^(${Object.values(DIRECTIVE_KEYS).join("|")}):[ \\t]*(.*)$`, "gm");

/** Renders a system prompt stating the turn, in a line format parseAgentTurn reads back. */
export function agentSystemPrompt(turn: AgentTurnInput, instructions = ""): string {
  const t = agentTurnSchema.parse(turn);
  const lines = [
    `You are ${t.agent}, the ${t.role} of a multi-agent team.${instructions ? ` ${instructions}` : ""}`,
    `${DIRECTIVE_KEYS.agent}: ${t.agent}`,
    `${DIRECTIVE_KEYS.role}: ${t.role}`,
    `${DIRECTIVE_KEYS.addressees}: ${t.addressees.join(", ")}`,
  ];
  if (t.archetype) lines.push(`${DIRECTIVE_KEYS.archetype}: ${t.archetype}`);
  if (t.compromised) lines.push(`${DIRECTIVE_KEYS.compromised}: yes`);
  if (t.attack) {
    lines.push(`${DIRECTIVE_KEYS.attackLevel}: ${t.attack.level}`);
    if (t.attack.payload) lines.push(`${DIRECTIVE_KEYS.attackPayload}: ${t.attack.payload.replace(/\s+/g, " ")}`);
    lines.push(`${DIRECTIVE_KEYS.attackChannels}: ${t.attack.targetChannels.join(", ")}`);
  }
  return lines.join("\n");
}

/** Reads the directive lines of a system prompt; keys not present are left out. */
export function parseAgentTurn(text: string): AgentTurnInput {
  const found = new Map<string, string>();
  for (const match of text.matchAll(DIRECTIVE_LINE)) found.set(match[1], match[2].trim());
  const list = (value: string | undefined) => (value ? value.split(",").map((s) => s.trim()).filter(Boolean) : undefined);
  const level = found.get(DIRECTIVE_KEYS.attackLevel);
  const archetype = found.get(DIRECTIVE_KEYS.archetype);
  const turn: AgentTurnInput = {};
  if (found.has(DIRECTIVE_KEYS.agent)) turn.agent = found.get(DIRECTIVE_KEYS.agent);
  if (found.has(DIRECTIVE_KEYS.role)) turn.role = found.get(DIRECTIVE_KEYS.role);
  if (found.has(DIRECTIVE_KEYS.addressees)) turn.addressees = list(found.get(DIRECTIVE_KEYS.addressees)) ?? [];
  if (archetype) turn.archetype = archetype;
  if (found.has(DIRECTIVE_KEYS.compromised)) turn.compromised = /^(yes|true)$/i.test(found.get(DIRECTIVE_KEYS.compromised) ?? "");
  if (level === "A0" || level === "A1" || level === "A2") {
    turn.attack = {
      level,
      payload: found.get(DIRECTIVE_KEYS.attackPayload) ?? null,
      targetChannels: list(found.get(DIRECTIVE_KEYS.attackChannels)) ?? [],
    };
  }
  return turn;
}

/** Removes directive lines, so what remains of a system prompt is ordinary context. */
export function stripDirectives(text: string): string {
  return text.replace(DIRECTIVE_LINE, "").trim();
}
