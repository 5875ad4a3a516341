import { z } from "zod";
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { Annotation, END, START, StateGraph } from "@langchain/langgraph";
import type { ReconsGuard } from "../guard.js";
import { protectTool } from "../langgraph/tools.js";
import { withRecons, type WithReconsOptions } from "../langgraph/with-recons.js";
import { agentNode } from "./agent-node.js";
import { defaultModel } from "./model.js";
import type { RunAttack, TeamRun } from "./run-context.js";
import { RunScopedGuard } from "./run-scoped-guard.js";
import { buildScript } from "./script.js";
import { TEAM_KEYS, teamState, type TeamStateAnnotation } from "./team-state.js";
import type { Topology } from "./topology.js";
import { parseConfig } from "../policy/options.js";

export const teamGraphOptionsSchema = z.strictObject({
  /** Chat model of every agent (any BaseChatModel); default `defaultModel({ seed })`. */
  model: z.custom<BaseChatModel>((value) => value instanceof BaseChatModel, "a BaseChatModel").optional(),
  /** Role each agent is told it has, by agent name; default its structural role. */
  roles: z.record(z.string(), z.string().min(1)).default({}),
  /** Tools the agents can call; wrapped with `protectTool` when the graph is guarded. */
  tools: z.array(z.custom<StructuredToolInterface>((value) => typeof (value as StructuredToolInterface)?.invoke === "function", "a tool")).default([]),
  /** Agents bound to the tools; default every agent. */
  toolAgents: z.array(z.string().min(1)).optional(),
  /** RECONS guard; null leaves the graph unprotected. */
  guard: z.custom<ReconsGuard>((value) => typeof (value as ReconsGuard)?.sanitize === "function", "a ReconsGuard").nullable().default(null),
  /** Turns of the run (paper section 4.1: 1, 3, 5, 10, 20). */
  horizon: z.number().int().min(1).default(1),
  /** Seed of the archetype schedule and of the scripted model. */
  seed: z.union([z.string(), z.number()]).default(0),
  /** The user's request used when a run's input has no human message. */
  request: z.string().default(""),
  /** Adversary of the run (payload placement is the model's). */
  attack: z.custom<RunAttack>((value) => typeof value === "object" && value !== null && "level" in value, "a RunAttack").nullable().default(null),
  /** More `withRecons` options (audit, onDecision, writes, finalOutput); the channel keys are set here. */
  recons: z.custom<WithReconsOptions>((value) => typeof value === "object" && value !== null, "withRecons options").default({}),
});
export type TeamGraphOptions = z.input<typeof teamGraphOptionsSchema>;

/** Node input of every agent: the conversation, memory and step, never the log or artifact sinks. */
function agentInputState(state: TeamStateAnnotation) {
  const { messages, memory, step } = state.spec;
  return Annotation.Root({ messages, memory, step });
}

/**
 * Compile a team graph for a topology: one node per agent whose `ends` are its neighbours (so
 * `getGraphAsync()` draws the wiring), entered at the lead. With a guard, RECONS wraps every node
 * (`withRecons`), the memory/log/artifact/answer reducers (`reconsReducer`) and every tool
 * (`protectTool`). The guard is run-scoped: `runStore.run(run, ...)` can replace it per run, as it
 * replaces the model, tools, script and recorder, so one compiled graph serves many runs.
 */
export function buildTeamGraph(topology: Topology, input: TeamGraphOptions = {}) {
  const options = parseConfig(teamGraphOptionsSchema, input, "team graph options");
  const guard = options.guard === null ? null : options.guard instanceof RunScopedGuard ? options.guard : new RunScopedGuard(options.guard);
  // Tool and reducer decisions go where the nodes' do (`recons.onDecision`: a LangSmith ledger, say).
  const onDecision = options.recons.onDecision;
  const state = teamState(guard, onDecision);
  const inputState = agentInputState(state);
  const names = topology.agents.map((agent) => agent.name);
  const defaults: TeamRun = {
    model: options.model ?? defaultModel({ seed: options.seed }),
    tools: guard ? options.tools.map((tool) => protectTool(tool, guard, { onDecision })) : options.tools,
    toolAgents: new Set(options.toolAgents ?? names),
    roles: Object.fromEntries(topology.agents.map((agent) => [agent.name, options.roles[agent.name] ?? agent.role])),
    script: buildScript(topology, options.horizon, options.seed),
    request: options.request,
    attack: options.attack,
    guard: null,
    recorder: null,
  };
  // Node names are data here, so the builder is typed by string names.
  const builder = new StateGraph(state) as unknown as StateGraph<TeamStateAnnotation["spec"], TeamStateAnnotation["State"], TeamStateAnnotation["Update"], string>;
  for (const agent of topology.agents) {
    builder.addNode(agent.name, agentNode(agent.name, defaults), { input: inputState, ends: [...agent.neighbours, END] });
  }
  builder.addEdge(START, topology.lead);
  if (guard) {
    withRecons(builder, guard, {
      messageKeys: [TEAM_KEYS.messages],
      memoryKeys: [TEAM_KEYS.memory],
      logKeys: [TEAM_KEYS.logs],
      artifactKeys: [TEAM_KEYS.artifacts],
      ...options.recons,
    });
  }
  return builder.compile({ name: `${topology.pattern}-${topology.agents.length}` });
}

export type TeamGraph = ReturnType<typeof buildTeamGraph>;
