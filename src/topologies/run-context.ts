import { AsyncLocalStorage } from "node:async_hooks";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { StructuredToolInterface } from "@langchain/core/tools";
import type { AdversaryLevel } from "../scenarios/agentleak.js";
import type { ReconsGuard } from "../guard.js";
import type { Script } from "./script.js";
import type { TraceRecorder } from "./trace.js";

/** The attack a run is under (paper section 3.6). */
export interface RunAttack {
  level: AdversaryLevel;
  payload: string | null;
  /** AgentLeak channel names: final_output, inter_agent, memory_write, tool_input, tool_output. */
  targetChannels: string[];
  /** The internal (A2) adversary's foothold, if any. */
  compromised: string | null;
}

/** Everything one execution of a team graph needs beyond its wiring. */
export interface TeamRun {
  model: BaseChatModel;
  /** Tools agents may call (already wrapped with `protectTool` when the run is guarded). */
  tools: StructuredToolInterface[];
  /** Agents bound to the tools; the others never call one. */
  toolAgents: ReadonlySet<string>;
  /** Role each agent is told it has. */
  roles: Readonly<Record<string, string>>;
  script: Script;
  /** The user's request when the input holds none (Studio runs started with an empty input). */
  request: string;
  attack: RunAttack | null;
  /** Guard of this run for a graph built with a run-scoped guard. */
  guard: ReconsGuard | null;
  recorder: TraceRecorder | null;
}

/**
 * The run a graph is executing. A graph is compiled once per cell; each run supplies its own
 * scenario tools, model, guard and recorder here, and reducers and guards (which get no config)
 * find them too.
 */
export const runStore = new AsyncLocalStorage<TeamRun>();

/** The current run, or the graph's own defaults outside `runStore.run` (Studio, plain invoke). */
export function currentRun(defaults: TeamRun): TeamRun {
  return runStore.getStore() ?? defaults;
}
