/**
 * What RECONS reads and marks in a node's RunnableConfig: the mark of a protected node (and whether
 * a graph run is nested in one), the caller's own content keys, and the task scratchpad LangGraph
 * keeps there (resume values, the task input `getCurrentTaskInput()` reads).
 */
import type { RunnableConfig } from "@langchain/core/runnables";
import { AsyncLocalStorageProviderSingleton } from "@langchain/core/singletons";

export function isRecordOrArray(value: unknown): value is object {
  return value !== null && typeof value === "object";
}

/**
 * Marks the config of a protected node, and so of everything it runs (LangChain hands configs down
 * and `getConfig()` reads the ambient one). The mark is an object only this module holds: a caller
 * (a client of the API server sends JSON) cannot forge it in `configurable` to switch its own output
 * protection off. Not an `AsyncLocalStorage`: on Node 20 each one taxes every promise in the process.
 */
const INSIDE_PROTECTED_NODE = "__recons_inside_protected_node";
const insideMark = Object.freeze({ recons: "inside a protected node" });

export function markedInside(config: RunnableConfig): RunnableConfig {
  return { ...config, configurable: { ...config.configurable, [INSIDE_PROTECTED_NODE]: insideMark } };
}

export function isMarkedInside(config: RunnableConfig | undefined): boolean {
  return config?.configurable?.[INSIDE_PROTECTED_NODE] === insideMark;
}

/** LangGraph's own configurable and metadata keys (addresses and the like): not the caller's content. */
const LANGGRAPH_KEYS = new Set(["thread_id", "checkpoint_ns", "checkpoint_id", "checkpoint_map", "run_id", "assistant_id", "graph_id"]);

/** The caller's own content keys of a config record (`configurable`, `metadata`). */
export function callerKeysOf(record: Record<string, unknown> | undefined): string[] {
  const keys: string[] = [];
  for (const key in record) if (!isLangGraphKey(key) && isCallerContent(record[key])) keys.push(key);
  return keys;
}

/**
 * A caller's value RECONS delivers: content (`isContent`), a `Map` or `Set`, or an instance holding only data (a `Profile`
 * with a name and an SSN: round 14 audit, it reached nodes raw); not a client, a saver or a callback, which hold functions
 * or other instances.
 */
function isCallerContent(value: unknown, depth = 0): boolean {
  if (isContent(value) || value instanceof Map || value instanceof Set) return true;
  if (!isRecordOrArray(value) || depth > INSTANCE_DEPTH) return false;
  const fields = Object.values(value);
  return fields.length > 0 && fields.every((field) => field === null || ["undefined", "boolean", "string", "number", "bigint"].includes(typeof field) || isCallerContent(field, depth + 1));
}
const INSTANCE_DEPTH = 2;

/** LangGraph's own keys; `ls_*` are the LangSmith run labels it sets (`ls_integration`). */
function isLangGraphKey(key: string): boolean {
  return key.startsWith("__") || LANGGRAPH_KEYS.has(key) || key.startsWith("langgraph_") || key.startsWith("ls_");
}
/** Where LangGraph keeps a task's own state in its config: resume values, counters, the task input `getCurrentTaskInput()` reads. */
export const SCRATCHPAD_KEY = "__pregel_scratchpad";

export interface ResumeScratchpad {
  resume: unknown[];
  nullResume?: unknown;
  consumeNullResume: () => unknown;
}

/** The scratchpad is this task's own: its raw input is replaced by what the node was delivered. */
export function setTaskInput(scratchpad: unknown, delivered: unknown): void {
  if (isRecordOrArray(scratchpad) && "currentTaskInput" in scratchpad) (scratchpad as { currentTaskInput: unknown }).currentTaskInput = delivered;
}

export function isResumeScratchpad(value: unknown): value is ResumeScratchpad {
  if (!isRecordOrArray(value)) return false;
  const scratchpad = value as Partial<ResumeScratchpad>;
  return Array.isArray(scratchpad.resume) && typeof scratchpad.consumeNullResume === "function" && (scratchpad.resume.length > 0 || scratchpad.nullResume !== undefined);
}

/** Strings, numbers and plain data: what a caller's configurable key can carry as content (not clients, callbacks, savers). */
export function isContent(value: unknown): boolean {
  if (typeof value === "string" || typeof value === "number") return true;
  if (!isRecordOrArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return Array.isArray(value) || proto === Object.prototype || proto === null;
}

/**
 * A graph run inside a protected node (a subgraph) leaves its output to that node's wrapper. Run
 * anywhere else, even from inside another LangGraph node, its caller is outside RECONS: `user`.
 */
export function isNestedRun(options: RunnableConfig | undefined): boolean {
  // What `getConfig()` reads, without its throw outside a run (every top-level run asks).
  const ambient = AsyncLocalStorageProviderSingleton.getRunnableConfig() as RunnableConfig | undefined;
  const configs = [options, ambient];
  return (
    configs.some(isMarkedInside) &&
    configs.some((config) => {
      const namespace = config?.configurable?.checkpoint_ns;
      return typeof namespace === "string" && namespace.length > 0;
    })
  );
}
