import { Annotation, MessagesAnnotation } from "@langchain/langgraph";
import type { ArchetypeId } from "../agents/archetypes.js";
import type { Channel } from "../event.js";
import type { ReconsGuard } from "../guard.js";
import type { DecisionListener } from "../langgraph/audit.js";
import { reconsReducer } from "../langgraph/reducer.js";
import { runStore } from "./run-context.js";
import { decisionsUnder } from "./trace.js";

/** A shared-memory entry (C5): what an agent cached for the others. */
export interface MemoryEntry {
  step: number;
  agent: string;
  text: string;
}

/** An execution-log event (C6); also emitted on the `custom` stream through `config.writer`. */
export interface LogEntry {
  step: number;
  turn: number;
  agent: string;
  archetype: ArchetypeId;
  text: string;
}

/** A document an agent produced (C7). */
export interface Artifact {
  step: number;
  turn: number;
  agent: string;
  name: string;
  text: string;
}

/** State keys per channel, as `withRecons` is told about them. */
export const TEAM_KEYS = { messages: "messages", memory: "memory", logs: "logs", artifacts: "artifacts" } as const;

function append<T>(left: T[], right: T | T[]): T[] {
  return left.concat(right);
}

/**
 * Appends, and records each entry that lands as a delivery to the sink (`log`, `artifact`):
 * under RECONS it runs inside a `reconsReducer`, so `right` is what the sink received.
 */
function landing<T extends LogEntry | Artifact>(channel: "C6" | "C7", sink: "log" | "artifact") {
  return (left: T[], right: T | T[]): T[] => {
    const entries = Array.isArray(right) ? right : [right];
    const recorder = runStore.getStore()?.recorder;
    if (recorder) {
      const decisions = recorder.take(channel, {}, (content) => content === right)?.decisions ?? [];
      for (const [index, entry] of entries.entries()) {
        const archetype = "archetype" in entry ? entry.archetype : undefined;
        const path = Array.isArray(right) ? `$[${index}]` : "$";
        recorder.record({ t: entry.step, channel, sender: entry.agent, recipient: sink, content: entry.text, archetype, turn: entry.turn }, decisionsUnder(decisions, path), entry.agent);
      }
    }
    return left.concat(entries);
  };
}

/**
 * The team's shared state: C2 `messages` (each names its addressee), C5 `memory`, C6 `logs`,
 * C7 `artifacts`, the C1 `final` answer, and the script `step`. Parallel agents write in the
 * same superstep, so every key has a reducer; under RECONS the memory, log, artifact and answer
 * reducers are `reconsReducer`s.
 */
export function teamState(guard: ReconsGuard | null, onDecision?: DecisionListener) {
  // Writes with no single reader are protected as they land (field-level, reversible seals).
  const landed = <V, U>(reducer: (left: V, right: U) => V, channel: Channel, name: string) =>
    guard ? reconsReducer(reducer, guard, { channel, name, onDecision }) : reducer;
  return Annotation.Root({
    ...MessagesAnnotation.spec,
    memory: Annotation<MemoryEntry[], MemoryEntry | MemoryEntry[]>({ reducer: landed(append<MemoryEntry>, "C5", "memory"), default: () => [] }),
    logs: Annotation<LogEntry[], LogEntry | LogEntry[]>({ reducer: landed(landing<LogEntry>("C6", "log"), "C6", "log"), default: () => [] }),
    artifacts: Annotation<Artifact[], Artifact | Artifact[]>({ reducer: landed(landing<Artifact>("C7", "artifact"), "C7", "artifact"), default: () => [] }),
    final: Annotation<string>({ reducer: landed((_left: string, right: string) => right, "C1", "final"), default: () => "" }),
    step: Annotation<number>({ reducer: (left: number, right: number) => Math.max(left, right), default: () => 0 }),
  });
}

export type TeamStateAnnotation = ReturnType<typeof teamState>;
export type TeamState = TeamStateAnnotation["State"];
export type TeamUpdate = TeamStateAnnotation["Update"];
