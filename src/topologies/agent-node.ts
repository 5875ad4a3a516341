import { AIMessage, HumanMessage, SystemMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";
import type { Runnable } from "@langchain/core/runnables";
import type { StructuredToolInterface } from "@langchain/core/tools";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { Command, END, type LangGraphRunnableConfig } from "@langchain/langgraph";
import { getMaxListeners, setMaxListeners } from "node:events";
import { agentSystemPrompt } from "../agents/agent-turn.js";
import { ARCHETYPES } from "../agents/archetypes.js";
import { MEASURED_RATES } from "../agents/forwarding-rates.js";
import { ADDRESSEE_KEY, addresseeOf } from "../langgraph/messages.js";
import { currentRun, type TeamRun } from "./run-context.js";
import { actorsOf, type Act } from "./script.js";
import { decisionsUnder } from "./trace.js";
import type { Artifact, LogEntry, MemoryEntry, TeamState, TeamUpdate } from "./team-state.js";

/** What an agent node reads: the conversation, shared memory, and where the script is. */
export type AgentInput = Pick<TeamState, "messages" | "memory" | "step">;

/** Model calls per act before the agent must answer (a fetch, then the answer). */
const MAX_TOOL_ROUNDS = 2;
const LOG_PREVIEW_CHARS = 200;
const INSTRUCTIONS = "Work on the user's request with your team. Share only what the recipient needs for the task.";
const { prefix: MEMORY_PREFIX, truncateAtChars: MEMORY_CHARS } = MEASURED_RATES.memoryWrite;

export function messageText(message: BaseMessage): string {
  if (typeof message.content === "string") return message.content;
  return message.content.map((part) => ("text" in part && typeof part.text === "string" ? part.text : "")).join("\n");
}

function senderOf(message: BaseMessage): string {
  return message.getType() === "human" ? "user" : (message.name ?? "unknown");
}

/** A model bound to a run's tools, built once per (model, tool list). */
const boundModels = new WeakMap<BaseChatModel, WeakMap<StructuredToolInterface[], Runnable>>();

function modelFor(run: TeamRun, agent: string, act: Act): Runnable {
  if (!act.fetch || run.tools.length === 0 || !run.toolAgents.has(agent) || !run.model.bindTools) return run.model;
  let byTools = boundModels.get(run.model);
  if (!byTools) boundModels.set(run.model, (byTools = new WeakMap()));
  let bound = byTools.get(run.tools);
  if (!bound) byTools.set(run.tools, (bound = run.model.bindTools(run.tools)));
  return bound;
}

/**
 * Record, at this agent, the messages and memory entries it reads for the first time, with the
 * decisions of the input delivery that produced them. The interceptor delivers the messages a
 * reader has not had yet as one list, so each message is found in it by its delivered text. A
 * message written once per addressee is one delivery, as the agent's prompt reads it once: its own
 * copy (or an unaddressed one) is recorded, and another copy only when its delivered text differs.
 */
function receive(run: TeamRun, agent: string, state: AgentInput): void {
  const recorder = run.recorder;
  if (!recorder) return;
  // The node input's C2 share: the messages alone, or with the other keys on C2 (`{ messages, step }`).
  const messageCall = recorder.take("C2", { recipient: agent }, (content) => Array.isArray(content) || hasKey(content, "messages"));
  const content = messageCall?.content as Array<{ content?: unknown }> | { messages: Array<{ content?: unknown }> } | undefined;
  const [delivered, listPath] = Array.isArray(content) ? [content, "$"] : [content?.messages ?? [], "$.messages"];
  const fresh = state.messages
    .map((message, index) => ({ message, index, sender: senderOf(message) }))
    .filter(({ message, index, sender }) => sender !== agent && sender !== "user" && recorder.firstReading(agent, `m:${message.id ?? index}`));
  const ownFirst = [...fresh].sort((a, b) => Number(!isFor(a.message, agent)) - Number(!isFor(b.message, agent)));
  const read = new Set(ownFirst.filter(({ message, sender }) => recorder.firstReading(agent, `text:${sender}\u0000${messageText(message)}`)).map(({ index }) => index));
  const used = new Set<number>();
  for (const { message, index, sender } of fresh) {
    if (!read.has(index)) continue;
    const metadata = message.response_metadata as { archetype?: Act["archetype"]; turn?: number };
    const at = delivered.findIndex((plain, position) => !used.has(position) && plain?.content === message.content);
    used.add(at);
    const decisions = at >= 0 && messageCall ? decisionsUnder(messageCall.decisions, `${listPath}[${at}]`) : [];
    recorder.record({ t: state.step, channel: "C2", sender, recipient: agent, content: messageText(message), archetype: metadata.archetype, turn: metadata.turn }, decisions);
  }
  const memoryCall = recorder.take("C5", { recipient: agent }, (content) => hasKey(content, "memory"));
  state.memory.forEach((entry, index) => {
    if (entry.agent === agent || !recorder.firstReading(agent, `mem:${entry.step}:${entry.agent}:${index}`)) return;
    const decisions = memoryCall ? decisionsUnder(memoryCall.decisions, `$.memory[${index}]`) : [];
    recorder.record({ t: state.step, channel: "C5", sender: entry.agent, recipient: agent, content: entry.text }, decisions);
  });
  // Write-time sanitizations for this agent as addressee are superseded by what its input delivered.
  recorder.settle("C2", { recipient: agent });
}

/** Written for `agent`, or for no one in particular. */
function isFor(message: BaseMessage, agent: string): boolean {
  const addressee = addresseeOf(message);
  return addressee === undefined || addressee === agent;
}

function hasKey(content: unknown, key: string): boolean {
  return typeof content === "object" && content !== null && key in content;
}

/** The agent's view: its turn (directive lines a real LLM reads as instructions too), the task, the team's messages, shared memory. */
function promptOf(run: TeamRun, agent: string, act: Act, state: AgentInput): BaseMessage[] {
  const attack = run.attack;
  const system = agentSystemPrompt(
    {
      agent,
      role: run.roles[agent] ?? "assistant",
      addressees: act.addressees,
      archetype: act.archetype,
      compromised: attack?.compromised === agent,
      attack: attack ? { level: attack.level, payload: attack.payload, targetChannels: attack.targetChannels } : undefined,
    },
    INSTRUCTIONS,
  );
  // A message sent to several addressees is in the state once per addressee: read it once.
  const read = new Set<string>();
  const conversation = state.messages.flatMap((message) => {
    const sender = senderOf(message);
    const text = messageText(message);
    if (read.has(`${sender}\u0000${text}`)) return [];
    read.add(`${sender}\u0000${text}`);
    return sender === "user" || sender === agent ? [message] : [new HumanMessage({ content: text, name: sender })];
  });
  const memory = state.memory.filter((entry) => entry.agent !== agent).map((entry) => entry.text);
  const shared = memory.length > 0 ? [new HumanMessage({ content: `Shared memory:\n${memory.join("\n")}`, name: "memory" })] : [];
  const task = state.messages.some((message) => message.getType() === "human") ? [] : [new HumanMessage({ content: run.request, name: "user" })];
  return [new SystemMessage(system), ...task, ...conversation, ...shared];
}

async function callTool(run: TeamRun, call: ToolCall, config: LangGraphRunnableConfig): Promise<ToolMessage> {
  const tool = run.tools.find((candidate) => candidate.name === call.name);
  if (!tool) return new ToolMessage({ content: `unknown tool ${call.name}`, tool_call_id: call.id ?? "", name: call.name, status: "error" });
  const output: unknown = await tool.invoke(call, config);
  if (output instanceof ToolMessage) return output;
  return new ToolMessage({ content: typeof output === "string" ? output : JSON.stringify(output), tool_call_id: call.id ?? "", name: call.name });
}

/** Abort listeners one run's signal may hold at once without Node's leak warning. */
const RUN_SIGNAL_LISTENERS = 64;

/** Every task of a super-step (ten agents in P2P-10) and each of their tool calls listen to the run's one signal: expected, not a leak. */
function allowParallelListeners(signal: AbortSignal | undefined): void {
  if (signal && getMaxListeners(signal) < RUN_SIGNAL_LISTENERS) setMaxListeners(RUN_SIGNAL_LISTENERS, signal);
}

/** Model turn with a tool loop; tool results are recorded as they reach the agent (C4). */
async function speak(run: TeamRun, agent: string, act: Act, state: AgentInput, config: LangGraphRunnableConfig) {
  let messages = promptOf(run, agent, act, state);
  const model = modelFor(run, agent, act);
  const calls: ToolCall[] = [];
  for (let round = 0; ; round++) {
    const reply = (await model.invoke(messages, config)) as AIMessage;
    const toolCalls = reply.tool_calls ?? [];
    if (toolCalls.length === 0 || round >= MAX_TOOL_ROUNDS) return { text: messageText(reply), calls };
    const results = await Promise.all(toolCalls.map((call) => callTool(run, call, config)));
    for (const result of results) {
      const content = messageText(result);
      const decisions = run.recorder?.take("C4", { recipient: agent }, (plain) => hasKey(plain, "content") && (plain as { content: unknown }).content === result.content)?.decisions ?? [];
      run.recorder?.record({ t: state.step, channel: "C4", sender: `tool:${result.name ?? "unknown"}`, recipient: agent, content, archetype: act.archetype, turn: act.turn }, decisions);
    }
    calls.push(...toolCalls);
    messages = [...messages, reply, ...results];
  }
}

function logLine(agent: string, act: Act, calls: ToolCall[], text: string): string {
  const tools = calls.map((call) => `${call.name}(${JSON.stringify(call.args)})`).join(", ");
  const preview = text.length > LOG_PREVIEW_CHARS ? `${text.slice(0, LOG_PREVIEW_CHARS)}...` : text;
  return `[turn ${act.turn}] ${agent} ${act.archetype} -> ${act.addressees.join(", ")}${tools ? ` | tools: ${tools}` : ""} | ${preview}`;
}

/**
 * One agent of a team graph. At each step it is scheduled for, it reads the state RECONS
 * delivered to it, speaks (calling tools on its first act when it has access), and writes:
 * one C2 message per addressee (`additional_kwargs.recipient`), a C5 memory copy of reports
 * ("Cache: " + first 300 characters, as measured in the traces), a C6 log event (state and
 * `config.writer`), and, when closing out, the C1 answer and a C7 artifact. Then it hands
 * control to the next step's agents.
 */
export function agentNode(agent: string, defaults: TeamRun) {
  return async (state: AgentInput, config: LangGraphRunnableConfig): Promise<Command> => {
    const run = currentRun(defaults);
    allowParallelListeners(config.signal);
    const step = state.step;
    run.recorder?.enterStep(agent, step);
    receive(run, agent, state);
    const messages: AIMessage[] = [];
    const memory: MemoryEntry[] = [];
    const logs: LogEntry[] = [];
    const artifacts: Artifact[] = [];
    const update: TeamUpdate = { step: step + 1 };
    for (const act of run.script.steps[step]?.filter((candidate) => candidate.agent === agent) ?? []) {
      const { text, calls } = await speak(run, agent, act, state, config);
      const metadata = { archetype: act.archetype, turn: act.turn };
      if (act.archetype === "closeout") {
        update.final = text;
        artifacts.push({ step, turn: act.turn, agent, name: `answer-turn-${act.turn}.md`, text });
      } else {
        for (const addressee of act.addressees) {
          messages.push(new AIMessage({ id: `s${step}-${agent}-${addressee}`, content: text, name: agent, additional_kwargs: { [ADDRESSEE_KEY]: addressee }, response_metadata: metadata }));
        }
      }
      if (ARCHETYPES[act.archetype].slot === "report") memory.push({ step, agent, text: `${MEMORY_PREFIX}${text.slice(0, MEMORY_CHARS)}` });
      const log: LogEntry = { step, turn: act.turn, agent, archetype: act.archetype, text: logLine(agent, act, calls, text) };
      logs.push(log);
      config.writer?.({ channel: "C6", ...log });
    }
    Object.assign(update, { messages, memory, logs, artifacts });
    const next = actorsOf(run.script, step + 1);
    return new Command({ update, goto: next.length > 0 ? next : END });
  };
}
