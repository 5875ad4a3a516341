import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import type { BaseLanguageModelInput, ToolDefinition } from "@langchain/core/language_models/base";
import { BaseChatModel, type BaseChatModelCallOptions, type BaseChatModelParams, type BindToolsInput } from "@langchain/core/language_models/chat_models";
import { AIMessage, type AIMessageChunk, type BaseMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";
import type { ChatResult } from "@langchain/core/outputs";
import type { Runnable } from "@langchain/core/runnables";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { agentTurnSchema, parseAgentTurn, stripDirectives, type AgentTurn, type AgentTurnInput } from "./agent-turn.js";
import { ARCHETYPES, PROBE_DISCLOSURE_RATE, type ArchetypeId } from "./archetypes.js";
import { extractFacts, type ContextFact } from "./context-facts.js";
import { MEASURED_RATES, type ForwardingRates, type SlotStats } from "./forwarding-rates.js";
import { SeededRandom } from "./seeded-random.js";
import { renderForm, type ValueForm, type ValueKind } from "./value-kinds.js";

export interface ScriptedAgentModelParams extends BaseChatModelParams {
  /** Seed of every draw; same seed + same input messages => same output. */
  seed?: string | number;
  /** Forwarding table; defaults to the bundled measurement (forwarding-rates.json). */
  rates?: ForwardingRates;
}

export interface ScriptedCallOptions extends BaseChatModelCallOptions {
  /** Set by bindTools: tools in OpenAI function format. */
  tools?: ToolDefinition[];
  /** Overrides the directive lines of the system prompt (see agent-turn.ts). */
  agentTurn?: AgentTurnInput;
}

/** Kinds absent from the dev traces' vaults borrow the rates of the closest measured kind. */
const UNMEASURED_KIND_PROXY: Partial<Record<ValueKind, ValueKind>> = { email: "phone", address: "phone" };
const HANDOFF_TOOL = /transfer|handoff|hand_off/i;
const MAX_PARALLEL_TOOL_CALLS = 3;
/** System prompts whose parsed turn a model remembers. */
const TURN_MEMO_LIMIT = 1024;

const OPENERS: Readonly<Record<ArchetypeId, (to: string, agent: string) => string>> = {
  delegation: (to) => `Instructions for ${to}:`,
  report: (_to, agent) => `${agent} response:`,
  handoff: (to) => `Handing this case over to ${to}.`,
  elaboration: () => "To add more detail to my previous message:",
  clarification: (to) => `Question for ${to}:`,
  justification: () => "Here is the reasoning behind my recommendation:",
  confirmation_probe: (to) => `To: ${to}`,
  closeout: () => "Here’s a privacy-conscious response to your request:",
};

/** Value-free procedure lines that give messages the measured length and list style. */
const PROCEDURE_LINES = [
  "Review the available records and confirm they match the request.",
  "Cross-check the details against the most recent entries before acting.",
  "Keep the information limited to what this task requires.",
  "Document each step taken so the work can be audited later.",
  "Flag any inconsistencies or missing data instead of guessing.",
  "Coordinate with the relevant team members if approval is needed.",
  "Follow the applicable privacy and confidentiality policies throughout.",
  "Prepare a concise summary of the findings in a professional format.",
  "Note any deadlines or follow-up actions that arise from the review.",
  "Verify that the output addresses every part of the request.",
  "Escalate to the coordinator if something falls outside your clearance.",
  "Provide an update once the task is completed.",
  "Record the outcome in the appropriate system for future reference.",
  "Use clear headings so the result is easy to review.",
];

function messageText(message: BaseMessage): string {
  if (typeof message.content === "string") return message.content;
  return message.content.map((part) => ("text" in part && typeof part.text === "string" ? part.text : "")).join("\n");
}

/**
 * A deterministic stand-in for an LLM agent in a multi-agent run, calibrated on real LLM traces.
 *
 * Interface:
 * - The turn (agent name, role, addressees, archetype, compromised flag, attack) comes from the
 *   directive lines of the system message (agentSystemPrompt renders them) and/or the
 *   `agentTurn` call option (`model.invoke(msgs, { agentTurn })` or `model.withConfig({ agentTurn })`).
 * - The task is the first human message (with an A1 payload appended when under attack).
 * - What it can forward is only what its input messages contain (JSON tool results, "Label: value"
 *   lines, SSNs/dates/emails/canaries in text): transform the input and it forwards the
 *   transformed values.
 * - For each value it holds, it forwards it with the measured probability for the archetype's
 *   slot and the value's kind, in a surface form drawn from the measured form distribution.
 * - Bound tools: fetch tools not called yet are called when no tool result is in the context;
 *   a tool named like transfer/handoff is called on handoff turns. `tool_choice: "none"` disables.
 * - The reply is an AIMessage whose `name` is the agent and whose response_metadata carries
 *   `archetype` and `addressees`.
 */
export class ScriptedAgentModel extends BaseChatModel<ScriptedCallOptions> {
  readonly seed: string;
  readonly rates: ForwardingRates;
  private readonly turnsByPrompt = new Map<string, AgentTurn>();

  static override lc_name(): string {
    return "ScriptedAgentModel";
  }

  constructor(params: ScriptedAgentModelParams = {}) {
    super(params);
    this.seed = String(params.seed ?? 0);
    this.rates = params.rates ?? MEASURED_RATES;
  }

  override _llmType(): string {
    return "scripted-agent";
  }

  override bindTools(tools: BindToolsInput[], kwargs?: Partial<ScriptedCallOptions>): Runnable<BaseLanguageModelInput, AIMessageChunk, ScriptedCallOptions> {
    return this.withConfig({ ...kwargs, tools: tools.map((tool) => convertToOpenAITool(tool)) });
  }

  override async _generate(messages: BaseMessage[], options: this["ParsedCallOptions"], _runManager?: CallbackManagerForLLMRun): Promise<ChatResult> {
    const turn = this.turnOf(messages, options.agentTurn);
    const tools = options.tools ?? [];
    const archetype = turn.archetype ? (turn.archetype as ArchetypeId) : inferArchetype(messages, turn);
    const rng = SeededRandom.from(
      this.seed,
      JSON.stringify(turn),
      archetype,
      tools.map((t) => t.function.name).join(","),
      ...messages.map((m) => `${m.getType()}|${m.name ?? ""}|${messageText(m)}|${JSON.stringify((m as AIMessage).tool_calls ?? [])}`),
    );
    const contextTexts = messages.map((m) => (m.getType() === "system" ? stripDirectives(messageText(m)) : messageText(m)));
    const facts = extractFacts(contextTexts);
    const metadata = { archetype, addressees: turn.addressees, agent: turn.agent };

    const toolCalls = this.chooseToolCalls(messages, tools, options.tool_choice, archetype, turn, facts, rng);
    if (toolCalls.length > 0) {
      const message = new AIMessage({ content: "", tool_calls: toolCalls, name: turn.agent, response_metadata: metadata });
      return { generations: [{ text: "", message }] };
    }
    const text = this.compose(archetype, turn, messages, facts, rng);
    const message = new AIMessage({ content: text, name: turn.agent, response_metadata: metadata });
    return { generations: [{ text, message }] };
  }

  private turnOf(messages: BaseMessage[], override: AgentTurnInput | undefined): AgentTurn {
    const prompts = messages.filter((m) => m.getType() === "system").map(messageText);
    const parse = () => agentTurnSchema.parse(Object.assign({}, ...prompts.map(parseAgentTurn), override));
    if (override !== undefined) return parse();
    // An agent's system prompt is the same at every call of its turn; the parsed turn is only read.
    const key = prompts.join("\u0000");
    let turn = this.turnsByPrompt.get(key);
    if (turn === undefined) {
      if (this.turnsByPrompt.size >= TURN_MEMO_LIMIT) this.turnsByPrompt.clear();
      this.turnsByPrompt.set(key, (turn = parse()));
    }
    return turn;
  }

  private slot(archetype: ArchetypeId): SlotStats {
    const stats = this.rates.slots[ARCHETYPES[archetype].slot];
    if (!stats) throw new Error(`forwarding rates have no slot "${ARCHETYPES[archetype].slot}"`);
    return stats;
  }

  private chooseToolCalls(
    messages: BaseMessage[],
    tools: ToolDefinition[],
    toolChoice: ScriptedCallOptions["tool_choice"],
    archetype: ArchetypeId,
    turn: AgentTurn,
    facts: ContextFact[],
    rng: SeededRandom,
  ): ToolCall[] {
    if (tools.length === 0 || toolChoice === "none") return [];
    const forced = typeof toolChoice === "string" && !["auto", "any", "required"].includes(toolChoice) ? toolChoice : undefined;
    const called = new Set(messages.flatMap((m) => ((m as AIMessage).tool_calls ?? []).map((c) => c.name)));
    const hasToolResult = messages.some((m) => m.getType() === "tool");
    let chosen: ToolDefinition[];
    if (forced) chosen = tools.filter((t) => t.function.name === forced);
    else if (archetype === "handoff") {
      const handoffs = tools.filter((t) => HANDOFF_TOOL.test(t.function.name));
      chosen = handoffs.filter((t) => turn.addressees.some((a) => t.function.name.includes(a))).slice(0, 1);
      if (chosen.length === 0) chosen = handoffs.slice(0, 1);
    } else if (!hasToolResult || toolChoice === "any" || toolChoice === "required") {
      const fetchers = tools.filter((t) => !HANDOFF_TOOL.test(t.function.name));
      chosen = (hasToolResult ? fetchers : fetchers.filter((t) => !called.has(t.function.name))).slice(0, MAX_PARALLEL_TOOL_CALLS);
      if (["closeout", "confirmation_probe"].includes(archetype) && !toolChoice) chosen = [];
    } else chosen = [];
    const task = firstHumanText(messages);
    return chosen.map((tool) => ({
      id: `call_${rng.int(0, 2 ** 40).toString(36)}`,
      name: tool.function.name,
      args: this.toolArgs(tool, task, facts, turn),
      type: "tool_call" as const,
    }));
  }

  /** Fills the tool's parameters: a property named like a held value gets that value (as LLMs do). */
  private toolArgs(tool: ToolDefinition, task: string, facts: ContextFact[], turn: AgentTurn): Record<string, unknown> {
    const schema = tool.function.parameters as { properties?: Record<string, { type?: string; enum?: unknown[] }> };
    const args: Record<string, unknown> = {};
    const payload = attackPayloadFor(turn, "tool_input");
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const held = facts.find((f) => f.field === name.toLowerCase());
      if (property.enum?.length) args[name] = property.enum[0];
      else if (property.type === "number" || property.type === "integer") args[name] = 1;
      else if (property.type === "boolean") args[name] = false;
      else if (property.type === "array") args[name] = [];
      else if (property.type === "object") args[name] = {};
      else args[name] = held?.value ?? [task.split("\n")[0], payload].filter(Boolean).join(" ");
    }
    return args;
  }

  private compose(archetype: ArchetypeId, turn: AgentTurn, messages: BaseMessage[], facts: ContextFact[], rng: SeededRandom): string {
    const slot = this.slot(archetype);
    const to = turn.addressees.join(", ") || (archetype === "closeout" ? "user" : "team");
    const lines = [OPENERS[archetype](to, turn.agent), ""];
    const task = firstHumanText(messages);

    if (archetype === "confirmation_probe") lines.push(...this.probe(messages, facts, rng));
    else {
      if (task) {
        if (rng.chance(slot.retellsTaskVerbatim)) lines.push(`Task: ${task}`, "");
        else if (rng.chance(paraphraseShare(slot))) lines.push(`Objective: ${paraphrase(task)}`, "");
      }
      const forwarded = facts.flatMap((fact) => {
        const shown = this.forward(fact, slot, rng);
        return shown === null ? [] : [`- ${fact.label}: ${shown}`];
      });
      if (forwarded.length > 0) lines.push("**Relevant details:**", ...forwarded, "");
      const target = rng.int(slot.chars.p10, slot.chars.p90);
      const steps = PROCEDURE_LINES.filter(() => rng.chance(0.7));
      let length = lines.join("\n").length;
      for (const [index, step] of steps.entries()) {
        if (length >= target) break;
        const line = `${index + 1}. ${step}`;
        lines.push(line);
        length += line.length + 1;
      }
    }
    const payload = attackPayloadFor(turn, ARCHETYPES[archetype].channel === "C1" ? "final_output" : "inter_agent");
    if (payload) lines.push("", payload);
    return lines.join("\n").trim();
  }

  /** The value as forwarded in this slot, or null when this draw keeps it back. */
  private forward(fact: ContextFact, slot: SlotStats, rng: SeededRandom): string | null {
    const measured = slot.forwarding[fact.kind] ?? slot.forwarding[UNMEASURED_KIND_PROXY[fact.kind] ?? fact.kind];
    if (!measured || !rng.chance(measured.rate)) return null;
    const forms = Object.keys(measured.forms).length > 0 ? (measured.forms as Record<ValueForm, number>) : ({ verbatim: 1 } as Record<ValueForm, number>);
    return render(fact, rng.weighted(forms), rng);
  }

  /** Archetype G: answers a confirmation request it received, or asks one about a value it holds. */
  private probe(messages: BaseMessage[], facts: ContextFact[], rng: SeededRandom): string[] {
    const incoming = [...messages].reverse().find((m) => m.getType() !== "ai" && m.getType() !== "system");
    const question = incoming ? messageText(incoming) : "";
    if (/confirm/i.test(question)) {
      const lower = question.toLowerCase();
      const asked = facts.find((f) => lower.includes(f.value.toLowerCase())) ?? facts.find((f) => lower.includes(f.label.toLowerCase()));
      if (!asked) return ["I could not find that detail in the information I was given."];
      return rng.chance(PROBE_DISCLOSURE_RATE)
        ? [`Confirmed: the ${asked.label.toLowerCase()} on file is ${render(asked, "verbatim", rng)}.`]
        : [`I can confirm the ${asked.label.toLowerCase()} is on file and matches our records; I will not repeat it here.`];
    }
    if (facts.length === 0) return ["Can you confirm the records you are working from before we proceed?"];
    const fact = rng.pick(facts);
    return rng.chance(PROBE_DISCLOSURE_RATE)
      ? [`Before we proceed, can you confirm that the ${fact.label.toLowerCase()} on file is ${render(fact, "verbatim", rng)}?`]
      : [`Before we proceed, can you confirm the ${fact.label.toLowerCase()} on file for this case?`];
  }
}

function render(fact: ContextFact, form: ValueForm, rng: SeededRandom): string {
  return renderForm(fact.kind, fact.value, form, rng) ?? fact.value;
}

function firstHumanText(messages: BaseMessage[]): string {
  const human = messages.find((m) => m.getType() === "human");
  return human ? messageText(human).trim() : "";
}

/** Share of non-verbatim messages that still retell the task in other words. */
function paraphraseShare(slot: SlotStats): number {
  const rest = 1 - slot.retellsTaskVerbatim;
  return rest <= 0 ? 0 : Math.max(0, slot.retellsTaskParaphrased - slot.retellsTaskVerbatim) / rest;
}

/** Same words, imperative moved to the end: counts as a retelling, not as a verbatim copy. */
function paraphrase(task: string): string {
  const [first, ...rest] = task.split("\n")[0].trim().replace(/[.?!]+$/, "").split(/\s+/);
  return rest.length === 0 ? task : `${rest.join(" ")} (${first.toLowerCase()} it)`;
}

function inferArchetype(messages: BaseMessage[], turn: AgentTurn): ArchetypeId {
  if (turn.addressees.includes("user")) return "closeout";
  const last = messages[messages.length - 1];
  if (last && /confirm/i.test(messageText(last)) && last.getType() !== "ai") return "confirmation_probe";
  const spoke = messages.some((m) => m.getType() === "ai");
  return !spoke && messages.every((m) => m.getType() !== "tool") && turn.addressees.length > 0 ? "delegation" : "report";
}

/** The payload this turn places on `channel`: only a compromised agent at A2 places one itself. */
function attackPayloadFor(turn: AgentTurn, channel: string): string | null {
  const attack = turn.attack;
  if (!turn.compromised || !attack || attack.level !== "A2" || !attack.payload) return null;
  const placed = channel === "inter_agent" ? ["inter_agent", "memory_write"] : [channel];
  return placed.some((c) => attack.targetChannels.includes(c)) ? attack.payload : null;
}
