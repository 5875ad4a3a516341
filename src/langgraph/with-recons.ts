import { z } from "zod";
import type { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import { CallbackManager } from "@langchain/core/callbacks/manager";
import { Runnable, type RunnableConfig } from "@langchain/core/runnables";
import type { BaseStore } from "@langchain/langgraph-checkpoint";
import { IterableReadableStream } from "@langchain/core/utils/stream";
import { Command, isCommand, isGraphBubbleUp, isParentCommand, Overwrite, Send, type ParentCommand } from "@langchain/langgraph";
import { CHANNELS, type Channel, type Resolution } from "../event.js";
import { type ReconsGuard, assertGuard, sanitizeIsSync } from "../guard.js";
import { ignoreDecisions, type DecisionListener, type ReconsAudit } from "./audit.js";
import { deliver, deliverMaybeSync, deliverSync, deliveryEvent, whenAll, whenDone, type DeliveryBoundary, type MaybePromise } from "./delivery.js";
import { lazyView } from "./lazy-view.js";
import { callerKeysOf, isContent, isNestedRun, isRecordOrArray, isResumeScratchpad, markedInside, SCRATCHPAD_KEY, setTaskInput } from "./node-config.js";
import { endOwnStateRead, letAgentSeedFromOwnState, takeOwnStateRead } from "./agent-state-read.js";
import { sanitizeError } from "./errors.js";
import { deliveringCallbacks } from "./callbacks.js";
import { isReconsReducer } from "./reducer.js";
import { StoreViews } from "./store.js";
import { reconsMiddlewareGuard } from "./middleware.js";
import { coalesceProtocolDeltas, coalesceRunStreams, coalesceTokens, encodedStreamToken, encodeStreamEvent, eventToken, ModelCallTracker, streamToken } from "./token-streams.js";
import { addresseeOf, containsMessage } from "./messages.js";
import { deliveryToReaders, nodePathOf, RecipientNames, successorsOf, type Delivery } from "./recipients.js";
import { parseConfig } from "../policy/options.js";
import { childPath } from "../content.js";
import { environmentTracer } from "../langsmith/tracing.js";

export const withReconsOptionsSchema = z.strictObject({
  /** State keys holding inter-agent messages (C2). Messages may name an addressee in `additional_kwargs.recipient`. */
  messageKeys: z.array(z.string().min(1)).default(["messages"]),
  /** State keys that are shared memory (C5). */
  memoryKeys: z.array(z.string().min(1)).default([]),
  /** State keys that are artifacts (C7): files, reports, documents. */
  artifactKeys: z.array(z.string().min(1)).default([]),
  /** State keys that are logs (C6). */
  logKeys: z.array(z.string().min(1)).default([]),
  /** Channel of every other state key: by default a value passed along an edge is an inter-agent message. */
  otherKeysChannel: z.enum(CHANNELS).default("C2"),
  /**
   * Protection of node writes whose reader is not named (no `Command.goto`, `Send`, addressee):
   * `field-level` applies the field-level policy (the paper's rule for writes); `reachability`
   * protects for every node that can run next, from `getGraphAsync()` edges.
   */
  writes: z.enum(["field-level", "reachability"]).default("field-level"),
  /** Sanitize what `invoke`/`stream`/`getState` return to the caller: C1 for recipient `user`. */
  finalOutput: z.boolean().default(true),
  /** Recipient name of the caller in the policy. */
  user: z.string().min(1).default("user"),
  /**
   * Recipient name in the policy of the callback handlers a caller passes to `invoke`, `stream`,
   * `streamEvents` or `streamLog` (loggers, monitors): log sinks (C6) that get every event's payload
   * delivered to them. `reconsTracing`'s tracer is not one: its client sanitizes what it sends.
   */
  callbackRecipient: z.string().min(1).default("log"),
  /** Receives every decision (with its node, stage and resolution path). */
  onDecision: z.custom<DecisionListener>((listener) => typeof listener === "function").optional(),
  /** Audit log that records every decision. */
  audit: z.custom<ReconsAudit>((audit) => typeof (audit as ReconsAudit)?.record === "function").optional(),
});
export type WithReconsOptions = z.input<typeof withReconsOptionsSchema>;
type ParsedOptions = z.output<typeof withReconsOptionsSchema>;

type Edge = { source: string; target: string };
type Handler = (input: unknown, config: RunnableConfig) => Promise<unknown>;

/** The parts of a compiled graph RECONS touches (structural, so prebuilt graphs fit too). */
interface CompiledGraphLike {
  channels?: Record<string, unknown>;
  nodes: Record<string, { bound: Runnable; subgraphs?: unknown[] }>;
  builder?: BuilderLike;
  getGraphAsync(): Promise<{ edges: Edge[] }>;
  stream(input: unknown, options?: RunnableConfig & { encoding?: string; streamMode?: string | string[] }): Promise<AsyncIterable<unknown>>;
  getState(config: RunnableConfig, options?: unknown): Promise<unknown>;
  invoke(input: unknown, options?: RunnableConfig): Promise<unknown>;
  getStateHistory(config: RunnableConfig, options?: unknown): AsyncIterableIterator<unknown>;
  streamEvents(input: unknown, options: RunnableConfig & { version: "v1" | "v2"; encoding?: string }, streamOptions?: unknown): IterableReadableStream<unknown>;
  streamLog?(input: unknown, options?: RunnableConfig, streamOptions?: unknown): AsyncGenerator<unknown>;
  withConfig?(config: RunnableConfig): unknown;
  bulkUpdateState?(config: RunnableConfig, supersteps: Array<{ updates: Array<{ values?: unknown; asNode?: string }> }>): Promise<RunnableConfig>;
}

/** The parts of an uncompiled graph (StateGraph builder) RECONS touches. */
interface BuilderLike {
  channels?: Record<string, unknown>;
  nodes: Record<string, { runnable: Runnable; subgraphs?: unknown[] }>;
  branches: Record<string, Record<string, { path: Runnable }>>;
  compile(...args: unknown[]): unknown;
}

/** What of the caller's a node's config carries (see `callerConfigFor`); `context` undefined where there is none. */
interface CallerContent {
  store: BaseStore | undefined;
  context: unknown;
  configurableKeys: string[];
  metadataKeys: string[];
  hasTags: boolean;
}

/** Where a wrapped node finds its graph's edges (known once the graph is compiled). */
interface GraphHandle {
  graph?: CompiledGraphLike;
  edges?: Promise<Edge[]>;
}

const PROTECTED = Symbol.for("langgraph-recons.protected");
const GRAPH_END = "__end__";
const START_NODE = "__start__";

/** A node body replaced by RECONS; it runs the original runnable with the caller's config untouched. */
class ProtectedRunnable extends Runnable {
  lc_namespace = ["langgraph_recons"];
  readonly [PROTECTED] = true;

  constructor(
    private readonly handler: Handler,
    name: string,
  ) {
    super();
    this.name = name;
  }

  /** The handler's own promise, not one more around it. */
  override invoke(input: unknown, options?: RunnableConfig): Promise<unknown> {
    return this.handler(input, options ?? {});
  }
}

function isProtected(runnable: unknown): boolean {
  return typeof runnable === "object" && runnable !== null && PROTECTED in runnable;
}

function isBuilder(graph: object): graph is BuilderLike {
  return typeof (graph as BuilderLike).compile === "function" && typeof (graph as BuilderLike).nodes === "object";
}

function isCompiledGraph(graph: unknown): graph is CompiledGraphLike {
  return typeof (graph as CompiledGraphLike)?.getGraphAsync === "function" && typeof (graph as CompiledGraphLike).nodes === "object";
}

/** LangChain's `createAgent` result: it runs everything through its compiled `graph`. */
function isAgent(value: object): value is { graph: CompiledGraphLike } {
  const graph = (value as { graph?: unknown }).graph;
  return isCompiledGraph(graph) && typeof (value as { invoke?: unknown }).invoke === "function";
}

/** A prebuilt `ToolNode` (by shape: its `tools` list): its tools, wrapped with `protectTool`, restore what they may see. */
function isToolNode(runnable: unknown): boolean {
  return Array.isArray((runnable as { tools?: unknown } | null)?.tools);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * Add RECONS to a LangGraph graph. An uncompiled `StateGraph` gets its node runnables and branch
 * paths replaced in place (compile it afterwards as usual); a compiled graph (`createReactAgent`
 * and friends) gets its nodes' `bound` runnables and its `stream`/`getState` replaced in place.
 * Subgraphs are protected too. Returns the same graph object.
 */
export function withRecons<G extends object>(graph: G, guard: ReconsGuard, options: WithReconsOptions = {}): G {
  if (graph === null || typeof graph !== "object") throw new TypeError("withRecons(graph, guard): graph must be a StateGraph, a compiled graph or a createAgent agent");
  assertGuard(guard, "withRecons(graph, guard)");
  // Protected in place: a second guard would have covered the caller's output while the nodes kept the first (round 14 walkthrough).
  const earlier = protectedBy.get(graph);
  if (earlier === guard) return graph;
  if (earlier !== undefined) {
    throw new TypeError(
      "withRecons(graph, guard): this graph is already protected by another guard. withRecons changes a graph in place: build one graph per guard (a function that returns a new StateGraph), or keep one guard for the graph and add each request's values with guard.vault.add",
    );
  }
  const interceptor = new GraphInterceptor(guard, parseConfig(withReconsOptionsSchema, options, "withRecons options"));
  if (isBuilder(graph)) interceptor.protectBuilder(graph);
  else if (isCompiledGraph(graph) && graph.builder !== undefined) interceptor.protectCompiled(graph, true);
  else if (isAgent(graph)) {
    // A `createAgent` agent: `reconsMiddleware` guards its model and tools; its streams, interrupts and state reach the caller here.
    // Without it (or with another guard's) the model got the raw values while the caller's output looked protected (round 14 walkthrough).
    if (reconsMiddlewareGuard((graph as { options?: { middleware?: unknown } }).options?.middleware) !== guard) {
      throw new TypeError("withRecons(agent, guard): a createAgent agent's model and tools are protected by reconsMiddleware(guard) in its middleware, with the same guard; add it to createAgent({ middleware: [reconsMiddleware(guard), ...] })");
    }
    if (interceptor.protectsCaller) {
      interceptor.protectCallerOutput(graph.graph);
      letAgentSeedFromOwnState(graph);
    }
  } else if (isCompiledGraph(graph)) {
    // Tasks hand values to each other inside one node, where no wrapper sees them: refused, not half protected.
    throw new TypeError("withRecons covers StateGraph graphs, built or compiled; a functional-API entrypoint (or a bare Pregel) passes values between its tasks where RECONS cannot see them");
  } else throw new TypeError("withRecons expects a StateGraph or a compiled graph");
  protectedBy.set(graph, guard);
  return graph;
}

/** Graphs (builders, the graphs they compile, compiled graphs, agents) by the guard that protects them in place. */
const protectedBy = new WeakMap<object, ReconsGuard>();

class GraphInterceptor {
  private readonly names: RecipientNames;
  private readonly listener: DecisionListener;
  private readonly channels = new Map<string, Channel>();
  /** Updates of parent commands already rewritten by an inner node (they bubble through several). */
  private readonly rewrittenUpdates = new WeakSet<object>();
  /** Send args already sanitized for their addressee, so its node input does not transform them twice. */
  private readonly deliveredArgs = new WeakSet<object>();
  private readonly reducerKeys = new Set<string>();
  private readonly storeViews: StoreViews;
  /** Nodes (by name) whose insides restore what they may see: `Send` args to them are reversible too. */
  private readonly restoringNodes = new Set<string>();

  constructor(
    private readonly guard: ReconsGuard,
    private readonly options: ParsedOptions,
  ) {
    this.names = new RecipientNames(guard.policy);
    const { audit, onDecision } = options;
    this.listener =
      audit || onDecision
        ? (decision) => {
            audit?.record(decision);
            onDecision?.(decision);
          }
        : ignoreDecisions;
    this.storeViews = new StoreViews(guard, this.listener);
    const keyChannels: Array<[string[], Channel]> = [
      [options.messageKeys, "C2"],
      [options.memoryKeys, "C5"],
      [options.artifactKeys, "C7"],
      [options.logKeys, "C6"],
    ];
    for (const [keys, channel] of keyChannels) for (const key of keys) this.channels.set(key, channel);
  }

  protectBuilder(builder: BuilderLike): void {
    const handle: GraphHandle = {};
    this.refuseCallerNamedNode(Object.keys(builder.nodes));
    this.addReducerKeys(builder.channels);
    for (const [name, spec] of Object.entries(builder.nodes)) {
      if (isProtected(spec.runnable)) continue;
      spec.runnable = this.wrapNode(spec.runnable, name, handle, this.restoresInside(name, spec.runnable, spec.subgraphs));
    }
    this.protectBranches(builder);
    const compile = builder.compile.bind(builder);
    builder.compile = (...args: unknown[]) => {
      const compiled = compile(...args);
      if (isCompiledGraph(compiled)) {
        handle.graph = compiled;
        protectedBy.set(compiled, this.guard);
        this.protectCompiled(compiled, true);
      }
      return compiled;
    };
  }

  /** Protect a compiled graph's nodes (no-op for nodes already wrapped) and, for the caller, its outputs. */
  protectCompiled(compiled: CompiledGraphLike, toCaller: boolean): void {
    const handle: GraphHandle = { graph: compiled };
    this.refuseCallerNamedNode(Object.keys(compiled.nodes));
    this.addReducerKeys(compiled.builder?.channels ?? compiled.channels);
    for (const [name, node] of Object.entries(compiled.nodes)) {
      if (name === START_NODE || isProtected(node.bound)) continue;
      node.bound = this.wrapNode(node.bound, name, handle, this.restoresInside(name, node.bound, node.subgraphs));
    }
    if (compiled.builder) this.protectBranches(compiled.builder);
    if (toCaller) this.protectStateUpdates(compiled);
    if (toCaller) this.protectCallerCallbacks(compiled);
    if (toCaller && this.options.finalOutput) this.protectCallerOutput(compiled);
  }

  /**
   * `updateState` / `bulkUpdateState` write the caller's values into shared state as some node: a
   * write by the caller, protected with the field-level policy like a node's (an `Overwrite` too,
   * which skips the key's reducer).
   */
  private protectStateUpdates(compiled: CompiledGraphLike): void {
    const bulkUpdateState = compiled.bulkUpdateState?.bind(compiled);
    if (!bulkUpdateState) return;
    const writer = [this.options.user];
    compiled.bulkUpdateState = async (config, supersteps) =>
      bulkUpdateState(
        config,
        await Promise.all(
          supersteps.map(async (superstep) => ({
            ...superstep,
            updates: await Promise.all(
              superstep.updates.map(async (update) => ({
                ...update,
                // A Command (update plus Send args) is the caller's write as a node's Command would be: kept a Command.
                values: isCommand(update.values) ? await this.protectCommand(update.values, writer, {}) : await this.protectUpdate(update.values, writer, [], "field-level-fallback"),
              })),
            ),
          })),
        ),
      );
  }

  /** A node named as the caller would receive what the policy grants the caller (round 14 walkthrough: a node `user`). */
  private refuseCallerNamedNode(names: readonly string[]): void {
    if (!names.includes(this.options.user)) return;
    throw new TypeError(`withRecons(graph, guard): a node is named "${this.options.user}", the caller's recipient name; rename the node or name the caller otherwise (withRecons(graph, guard, { user: "caller" }))`);
  }

  /** Keys whose channel reducer is a `reconsReducer`: their writes are protected as they land, not twice. */
  private addReducerKeys(channels: Record<string, unknown> | undefined): void {
    for (const [key, channel] of Object.entries(channels ?? {})) {
      if (isReconsReducer((channel as { operator?: unknown } | undefined)?.operator)) this.reducerKeys.add(key);
    }
  }

  /** Whether the node's subgraphs (protected here) or its tools (`protectTool` in a tool node) restore what they may see. */
  private restoresInside(name: string, runnable: unknown, subgraphs: unknown[] | undefined): boolean {
    const restores = this.protectSubgraphs(subgraphs) || isToolNode(runnable);
    if (restores) this.restoringNodes.add(name);
    return restores;
  }

  /** Inner nodes of subgraphs are recipients too; returns whether there were any. */
  private protectSubgraphs(subgraphs: unknown[] | undefined): boolean {
    const compiled = (subgraphs ?? []).filter(isCompiledGraph);
    for (const subgraph of compiled) this.protectCompiled(subgraph, false);
    return compiled.length > 0;
  }

  /** Conditional edge functions can return `Send(node, args)`: args are sanitized for `node`. */
  private protectBranches(builder: BuilderLike): void {
    for (const [source, branches] of Object.entries(builder.branches)) {
      for (const branch of Object.values(branches)) {
        if (isProtected(branch.path)) continue;
        const path = branch.path;
        branch.path = new ProtectedRunnable(async (input, config) => {
          // The routing function (an LLM classifier, say) reads the state as its source node does.
          const reader = this.names.nameOf(nodePathOf(config, source));
          // Lazily only where the guard's own sync path decides alone: a wrapped `sanitize` is called, not bypassed.
          const delivered = sanitizeIsSync(this.guard) && isRecord(input) ? this.lazyInput(input, reader) : await this.deliverInput(input, reader, false);
          let route: unknown;
          try {
            const callerConfig = this.callerConfigFor(config, reader);
            route = await path.invoke(delivered, callerConfig instanceof Promise ? await callerConfig : callerConfig);
          } catch (error) {
            // A routing function's own error goes on to the caller and the checkpoint, like a node's.
            throw isGraphBubbleUp(error) ? error : await this.errorToUser(error);
          }
          const targets = Array.isArray(route) ? route : [route];
          // Only Send args carry content; node names pass as they are.
          if (!targets.some((target) => target instanceof Send)) return route;
          const writerPath = nodePathOf(config, source);
          const protectedTargets = await Promise.all(targets.map((target) => this.protectTarget(target, writerPath.slice(0, -1), writerPath)));
          return Array.isArray(route) ? protectedTargets : protectedTargets[0];
        }, `${source}:recons-branch`);
      }
    }
  }

  private wrapNode(runnable: Runnable, name: string, handle: GraphHandle, restoresInside: boolean): Runnable {
    return new ProtectedRunnable(async (input, config) => {
      const path = nodePathOf(config, name);
      const reader = this.names.nameOf(path);
      // Awaited only where something was: most deliveries and configs are ready at once.
      const delivering = this.nodeInput(input, reader, restoresInside);
      const delivered = delivering instanceof Promise ? await delivering : delivering;
      const configuring = this.configFor(config, reader, delivered);
      const nodeConfig = configuring instanceof Promise ? await configuring : configuring;
      let output: unknown;
      try {
        output = await runnable.invoke(delivered, markedInside(nodeConfig));
      } catch (error) {
        // Interrupts and other bubble-ups pass untouched but a handoff's update is rewritten; a
        // node's own error goes on to the caller, checkpoints and logs: sanitized for the caller here.
        if (isParentCommand(error)) await this.protectParentCommand(error, path);
        else if (!isGraphBubbleUp(error)) throw await this.errorToUser(error);
        throw error;
      }
      return this.protectOutput(output, path, handle);
    }, name);
  }

  /**
   * What the node's config hands it from the caller, delivered to it like its input (see
   * `callerConfigFor`), with `Command({ resume })` values that `interrupt()` returns and, for
   * `getCurrentTaskInput()` (how prebuilt tools read injected state), its delivered input.
   */
  private configFor(config: RunnableConfig, reader: string, delivered: unknown): MaybePromise<RunnableConfig> {
    const callerConfig = this.callerConfigFor(config, reader);
    const scratchpad = (config.configurable ?? {})[SCRATCHPAD_KEY];
    if (callerConfig instanceof Promise || isResumeScratchpad(scratchpad)) return this.configWithDeliveries(callerConfig, scratchpad, reader, delivered);
    setTaskInput(scratchpad, delivered);
    return callerConfig;
  }

  /** `configFor` where the caller's keys or resume values are delivered first. */
  private async configWithDeliveries(callerConfig: MaybePromise<RunnableConfig>, scratchpad: unknown, reader: string, delivered: unknown): Promise<RunnableConfig> {
    const nodeConfig = await callerConfig;
    setTaskInput(scratchpad, delivered);
    await this.deliverResumeValues(scratchpad, reader);
    return nodeConfig;
  }

  /**
   * The config as `reader` may see it: runtime `context`, the caller's own `configurable` and
   * `metadata` keys and its `tags` delivered like the reader's input, and its own view of the store.
   */
  private callerConfigFor(config: RunnableConfig, reader: string): MaybePromise<RunnableConfig> {
    // The reader's own view of the graph's store (`compile({ store })`): it writes and reads as `reader`.
    const store = this.storeViews.viewFor((config as { store?: unknown }).store, reader);
    const context = (config as { context?: unknown }).context ?? undefined;
    const configurableKeys = callerKeysOf(config.configurable);
    const metadataKeys = callerKeysOf(config.metadata);
    const hasTags = config.tags !== undefined && config.tags.length > 0;
    // Most calls carry nothing of the caller's: the config as it is, no copy (and no promise).
    if (!store && context === undefined && configurableKeys.length === 0 && metadataKeys.length === 0 && !hasTags) return config;
    return this.readerConfig(config, reader, { store, context, configurableKeys, metadataKeys, hasTags });
  }

  /** The config copied with the caller's content delivered to `reader` and the reader's store view. */
  private async readerConfig(config: RunnableConfig, reader: string, { store, context, configurableKeys, metadataKeys, hasTags }: CallerContent): Promise<RunnableConfig> {
    const readerConfig: RunnableConfig & { context?: unknown; store?: BaseStore } = { ...config };
    if (store) readerConfig.store = store;
    if (context !== undefined) readerConfig.context = await this.deliverInput(context, reader, false);
    if (configurableKeys.length > 0) readerConfig.configurable = await this.deliverCallerKeys(config.configurable!, configurableKeys, reader);
    if (metadataKeys.length > 0) readerConfig.metadata = await this.deliverCallerKeys(config.metadata!, metadataKeys, reader);
    if (hasTags) readerConfig.tags = (await this.deliverInput(config.tags, reader, false)) as string[];
    return readerConfig;
  }

  /** `record` with its caller keys (`callerKeysOf`) delivered to `reader`; LangGraph's keys (addresses, steps, the scratchpad) as they are. */
  private async deliverCallerKeys(record: Record<string, unknown>, callerKeys: string[], reader: string): Promise<Record<string, unknown>> {
    const own = Object.fromEntries(callerKeys.map((key) => [key, record[key]]));
    return { ...record, ...((await this.deliverInput(own, reader, false)) as Record<string, unknown>) };
  }

  /** `interrupt()` returns the caller's resume values from the task's scratchpad: they are delivered to the node in place. */
  private async deliverResumeValues(scratchpad: unknown, reader: string): Promise<void> {
    if (!isResumeScratchpad(scratchpad)) return;
    const { resume } = scratchpad;
    for (let index = 0; index < resume.length; index++) resume[index] = await this.deliverInput(resume[index], reader, false);
    if (scratchpad.nullResume === undefined) return;
    const delivered = await this.deliverInput(scratchpad.nullResume, reader, false);
    const consume = scratchpad.consumeNullResume;
    scratchpad.nullResume = delivered;
    // LangGraph's consume returns the raw value it closed over: the node gets the delivered one.
    scratchpad.consumeNullResume = () => (consume() === undefined ? undefined : delivered);
  }

  private channelOf(key: string): Channel {
    return this.channels.get(key) ?? this.options.otherKeysChannel;
  }

  /**
   * Sanitize a record key by key, one guard call per channel; `deliveryFor` picks the recipient
   * for each channel's share. A non-record value is one share on the messages or default channel.
   * Done at once where the guard's sync path decides (`deliverMaybeSync`).
   */
  private deliverByChannel<T>(
    value: T,
    base: DeliveryBoundary,
    deliveryFor: (channel: Channel, content: unknown) => Delivery,
  ): MaybePromise<T> {
    if (!isRecord(value) || isCommand(value)) {
      return this.deliverShare(value, containsMessage(value) ? "C2" : this.options.otherKeysChannel, base, deliveryFor);
    }
    const keys = Object.keys(value);
    const channels = keys.map((key) => this.channelOf(key));
    // One channel (a messages-only state): the value is its own share, delivered whole.
    if (channels.length > 0 && channels.every((channel) => channel === channels[0])) return this.deliverShare(value, channels[0], base, deliveryFor);
    const shares = new Map<Channel, Record<string, unknown>>();
    keys.forEach((key, index) => shares.set(channels[index], { ...shares.get(channels[index]), [key]: value[key] }));
    const delivered = [...shares].map(([channel, share]) => this.deliverShare(share, channel, base, deliveryFor));
    return whenAll(delivered, (deliveredShares) => {
      const merged = Object.assign({}, ...deliveredShares) as Record<string, unknown>;
      // Same keys, same order, same prototype as the node produced or read.
      const result = Object.create(Object.getPrototypeOf(value)) as Record<string, unknown>;
      for (const key of keys) result[key] = merged[key];
      return result as T;
    });
  }

  private deliverShare<T>(share: T, channel: Channel, base: DeliveryBoundary, deliveryFor: (channel: Channel, content: unknown) => Delivery): MaybePromise<T> {
    return deliverMaybeSync(this.guard, share, deliveryEvent(base, channel, deliveryFor(channel, share)), this.listener);
  }

  /**
   * What a node reads: its state delivered as it reads it where the guard's sync path decides alone
   * (an agent reads the last message, not the whole history at each step), else delivered whole.
   * Where a subgraph's nodes or a tool node's tools restore what they may see, the container receives reversible surrogates.
   */
  private nodeInput(input: unknown, reader: string, restoresInside: boolean): MaybePromise<unknown> {
    const lazily = !restoresInside && sanitizeIsSync(this.guard) && isRecord(input) && !this.deliveredArgs.has(input) && !isCommand(input);
    return lazily ? this.lazyInput(input, reader) : this.deliverInput(input, reader, restoresInside);
  }

  /** Node input: the state (or Send args) the node reads is a delivery to it. */
  private deliverInput(input: unknown, reader: string, reversible: boolean): MaybePromise<unknown> {
    if (isRecord(input) && this.deliveredArgs.has(input)) return input;
    return this.deliverByChannel(input, { node: reader, stage: "input", reversible }, () => ({
      recipient: reader,
      resolution: "node-input",
    }));
  }

  /**
   * The state as `reader` may see it, each key (and each item of a list) delivered when it is read:
   * a routing function usually reads a flag or the last message, not the whole history. Sync path
   * only, used where it decides exactly as the async one (no LLM tiers): the sync path judges each
   * string on its own, so an item delivered alone reads as it would in the whole list.
   */
  private lazyInput(input: Record<string, unknown>, reader: string): Record<string, unknown> {
    const keys = Object.keys(input);
    return lazyView(input, (key) => this.deliverKeyNow(input[key], key, childPath("$", key, keys.indexOf(key)), reader));
  }

  /** One key of the state (at `at`) as `reader` may see it, on the sync path; a list item by item, as they are read. */
  private deliverKeyNow(value: unknown, key: string, at: string, reader: string): unknown {
    const event = deliveryEvent({ node: reader, stage: "input", reversible: false }, this.channelOf(key), { recipient: reader, resolution: "node-input" });
    if (!Array.isArray(value)) return deliverSync(this.guard, value, event, this.listener, at);
    return lazyView(value, (index) => deliverSync(this.guard, value[Number(index)], event, this.listener, `${at}[${index}]`));
  }

  /** Readers of a write nobody is named for: none (field-level) or, with reachability, the next nodes. */
  private defaultReaders(path: string[], handle: GraphHandle): MaybePromise<string[]> {
    if (this.options.writes !== "reachability" || !handle.graph) return [];
    return this.reachableReaders(path, handle.graph, handle);
  }

  private async reachableReaders(path: string[], graph: CompiledGraphLike, handle: GraphHandle): Promise<string[]> {
    handle.edges ??= graph.getGraphAsync().then((drawn) => drawn.edges);
    const next = successorsOf(await handle.edges, path[path.length - 1]);
    return next.map((node) => this.names.nameOf([...path.slice(0, -1), node]));
  }

  private protectOutput(output: unknown, path: string[], handle: GraphHandle): MaybePromise<unknown> {
    if (isCommand(output)) return this.protectCommand(output, path, handle);
    if (Array.isArray(output)) return this.protectOutputs(output, path, handle);
    if (!isRecord(output)) return output;
    return whenDone(this.defaultReaders(path, handle), (readers) => this.protectUpdate(output, path, readers, "reachability"));
  }

  /** A node's list of updates and commands. */
  private async protectOutputs(outputs: unknown[], path: string[], handle: GraphHandle): Promise<unknown[]> {
    const readers = await this.defaultReaders(path, handle);
    return Promise.all(outputs.map((item) => (isCommand(item) ? this.protectCommand(item, path, handle) : this.protectUpdate(item, path, readers, "reachability"))));
  }

  private async protectCommand(command: Command, path: string[], handle: GraphHandle): Promise<Command> {
    const toParent = command.graph === Command.PARENT;
    const targetPrefix = toParent ? path.slice(0, -2) : path.slice(0, -1);
    const goto = await Promise.all(gotoTargets(command).map((target) => this.protectTarget(target, targetPrefix, path)));
    const named = this.namedTargets(command, targetPrefix);
    const readers = named.length > 0 || toParent ? named : await this.defaultReaders(path, handle);
    const resolution: Resolution = toParent ? "parent-command" : named.length > 0 ? "command-goto" : "reachability";
    const update = command.update === undefined ? undefined : await this.protectUpdate(command.update, path, readers, resolution);
    return new Command({ update, goto, graph: command.graph, resume: command.resume } as ConstructorParameters<typeof Command>[0]);
  }

  /** A handoff tool throws `Command({ graph: PARENT })` through the subgraph: rewrite it, then it is rethrown. */
  private async protectParentCommand(error: ParentCommand, path: string[]): Promise<void> {
    const command = error.command;
    if (command.update !== undefined && isRecordOrArray(command.update) && this.rewrittenUpdates.has(command.update)) return;
    // Still PARENT: thrown by this node, goto names siblings of the subgraph's node; else already re-targeted.
    const targetPrefix = command.graph === Command.PARENT ? path.slice(0, -2) : path.slice(0, -1);
    command.goto = await Promise.all(gotoTargets(command).map((target) => this.protectTarget(target, targetPrefix, path)));
    if (command.update === undefined) return;
    const update = await this.protectUpdate(command.update, path, this.namedTargets(command, targetPrefix), "parent-command");
    if (isRecordOrArray(update)) this.rewrittenUpdates.add(update);
    command.update = update as typeof command.update;
  }

  private namedTargets(command: Command, prefix: string[]): string[] {
    return gotoTargets(command)
      .filter((target): target is string => typeof target === "string" && target !== GRAPH_END)
      .map((target) => this.names.nameOf([...prefix, target]));
  }

  /** A Send's args are sanitized for its node at write time. */
  private async protectTarget<T>(target: T, prefix: string[], writerPath: string[]): Promise<T> {
    if (!(target instanceof Send)) return target;
    const recipient = this.names.nameOf([...prefix, target.node]);
    const writer = this.names.nameOf(writerPath);
    const args: unknown = await this.deliverByChannel(
      target.args,
      { node: writer, stage: "write", reversible: this.restoringNodes.has(target.node) },
      () => ({ recipient, resolution: "send" }),
    );
    if (isRecord(args)) this.deliveredArgs.add(args);
    const send = new Send(target.node, args);
    send.timeout = target.timeout;
    return send as T;
  }

  /**
   * A state update lands in shared state: reversible operations, for its named readers (or the
   * field-level policy); messages that name an addressee are sanitized for that addressee.
   */
  private protectUpdate(update: unknown, path: string[], readers: string[], resolution: Resolution): MaybePromise<unknown> {
    if (Array.isArray(update)) {
      // Command updates may be [key, value] tuples; a key may come back (each tuple is applied in turn).
      return Promise.all(
        (update as Array<[string, unknown]>).map(async ([key, value]) => {
          const protectedTuple = (await this.protectUpdate({ [key]: value }, path, readers, resolution)) as Record<string, unknown>;
          return [key, protectedTuple[key]];
        }),
      );
    }
    if (!isRecord(update)) return update;
    const base = { node: this.names.nameOf(path), stage: "write", reversible: true } as const;
    const settled = new Map<string, unknown>();
    const share: Record<string, unknown> = { ...update };
    for (const key of this.reducerKeys) {
      // Overwrite skips the reducer, so it is protected here.
      if (key in share && !Overwrite.isInstance(share[key])) {
        settled.set(key, share[key]);
        delete share[key];
      }
    }
    const addressed = this.options.messageKeys.filter((key) => {
      const value = update[key];
      return (Array.isArray(value) ? value : [value]).some((item) => addresseeOf(item));
    });
    // Messages that name their addressee take the async path; the rest is delivered at once where the guard allows.
    if (addressed.length > 0) return this.protectAddressed(update, share, settled, addressed, { base, path, readers, resolution });
    return whenDone(this.deliverRest(share, base, readers, resolution), (rest) => mergeUpdate(update, settled, rest));
  }

  /** `protectUpdate` where some messages name their addressee: each is delivered to it, the others to the readers. */
  private async protectAddressed(
    update: Record<string, unknown>,
    share: Record<string, unknown>,
    settled: Map<string, unknown>,
    addressed: string[],
    { base, path, readers, resolution }: { base: DeliveryBoundary; path: string[]; readers: string[]; resolution: Resolution },
  ): Promise<unknown> {
    for (const key of addressed) {
      const value = update[key];
      const items = Array.isArray(value) ? value : [value];
      const channel = this.channelOf(key);
      // A message that names its addressee is delivered to it; the others go to the readers.
      const delivered = await Promise.all(
        items.map((item) => {
          const addressee = addresseeOf(item);
          const delivery = addressee
            ? { recipient: this.names.nameOf([...path.slice(0, -1), addressee]), resolution: "addressee" as const }
            : this.writeDelivery(channel, item, readers, resolution);
          return deliver(this.guard, item, deliveryEvent(base, channel, delivery), this.listener);
        }),
      );
      settled.set(key, Array.isArray(value) ? delivered : delivered[0]);
      delete share[key];
    }
    return mergeUpdate(update, settled, await this.deliverRest(share, base, readers, resolution));
  }

  /** The keys of a write not settled otherwise, delivered to its readers by channel. */
  private deliverRest(share: Record<string, unknown>, base: DeliveryBoundary, readers: string[], resolution: Resolution): MaybePromise<Record<string, unknown>> {
    return this.deliverByChannel(share, base, (channel, content) => this.writeDelivery(channel, content, readers, resolution));
  }

  /** Logs and artifacts are read by whoever reads the log store or the artifact, not by the goto node. */
  private writeDelivery(channel: Channel, content: unknown, readers: string[], resolution: Resolution): Delivery {
    return channel === "C6" || channel === "C7"
      ? { recipient: channel === "C6" ? "log" : "artifact", resolution: "explicit" }
      : deliveryToReaders(this.guard, readers, content, channel, resolution);
  }

  get protectsCaller(): boolean {
    return this.options.finalOutput;
  }

  /** The caller's callback handlers are log sinks: every run of the graph hands them delivered events (`deliveringCallbacks`). */
  private protectCallerCallbacks(compiled: CompiledGraphLike): void {
    const delivery = { guard: this.guard, listener: this.listener, recipient: this.options.callbackRecipient, own: (handler: object) => handler instanceof ModelCallTracker };
    // A nested run's callbacks are its parent run's: wrapped where that run began, with the parent's own stream handlers beside them.
    const withDelivering = <O extends RunnableConfig | undefined>(options: O): O => {
      if (isNestedRun(options)) return options;
      // The tracer LangChain would add from the environment, on a protected client, in its place.
      const tracer = environmentTracer(this.guard, options?.callbacks);
      const given = tracer ? withHandler(options, tracer).callbacks : options?.callbacks;
      const callbacks = deliveringCallbacks(given, delivery);
      return callbacks === options?.callbacks ? options : ({ ...options, callbacks } as O);
    };
    const { invoke, stream, streamEvents, streamLog, withConfig } = compiled;
    if (withConfig) {
      const interceptor = this;
      compiled.withConfig = function (this: CompiledGraphLike, config) {
        // Handlers bound here join every run's callbacks inside the graph, past the methods below.
        const configured = withConfig.call(this, withDelivering(config));
        // A new graph on the same nodes: its caller gets the same protection.
        if (isCompiledGraph(configured)) interceptor.protectCompiled(configured, true);
        return configured;
      };
    }
    // `this` kept: `invoke` runs on the object it is called on (the caller's-output layer passes its own).
    compiled.invoke = function (this: CompiledGraphLike, input, options) {
      return invoke.call(this, input, withDelivering(options));
    };
    compiled.stream = function (this: CompiledGraphLike, input, options) {
      return stream.call(this, input, withDelivering(options));
    };
    compiled.streamEvents = function (this: CompiledGraphLike, input, options, streamOptions) {
      return streamEvents.call(this, input, withDelivering(options), streamOptions);
    };
    if (streamLog) {
      compiled.streamLog = function (this: CompiledGraphLike, input, options, streamOptions) {
        return streamLog.call(this, input, withDelivering(options), streamOptions);
      };
    }
  }

  /** Final output and streamed chunks to the caller are C1 for `user`. */
  protectCallerOutput(compiled: CompiledGraphLike): void {
    const stream = compiled.stream.bind(compiled);
    const invoke = compiled.invoke;
    // `invoke` reads every "values" chunk and returns the last: only that one reaches the caller.
    const unwrapped = Object.create(compiled, { stream: { value: stream } }) as CompiledGraphLike;
    compiled.invoke = async (input, options) => {
      endOwnStateRead();
      if (isNestedRun(options)) return invoke.call(compiled, input, options);
      let output: unknown;
      try {
        output = await invoke.call(unwrapped, input, options);
      } catch (error) {
        throw await this.errorToUser(error);
      }
      return this.deliverToUser(output);
    };
    const getState = compiled.getState.bind(compiled);
    compiled.stream = async (input, options) => {
      endOwnStateRead();
      if (isNestedRun(options)) return stream(input, options);
      const tracker = new ModelCallTracker();
      // Only `messages` streams model tokens: other runs keep their callbacks as they were.
      const modes = options?.streamMode;
      const tokens = modes === "messages" || (Array.isArray(modes) && modes.includes("messages"));
      const chunks = await stream(input, tokens ? withHandler(options, tracker) : options);
      const tokenOf = options?.encoding === "text/event-stream" ? encodedStreamToken(tracker) : streamToken(tracker);
      return IterableReadableStream.fromAsyncGenerator(this.toUser(coalesceProtocolDeltas(coalesceTokens(chunks, tokenOf, tracker))));
    };
    compiled.getState = async (config, options) => (takeOwnStateRead() ? getState(config, options) : this.deliverToUser(await getState(config, options)));
    const getStateHistory = compiled.getStateHistory.bind(compiled);
    compiled.getStateHistory = (config, options) => this.toUser(getStateHistory(config, options));
    // Callback events carry every node's raw input and output: the caller gets them sanitized too.
    const streamEvents = compiled.streamEvents.bind(compiled);
    compiled.streamEvents = (input, options, streamOptions) => {
      endOwnStateRead();
      // Version 3 runs on this graph's own `stream`, protected above (its protocol deltas held there too).
      if ((options.version as string) === "v3") return streamEvents(input, options, streamOptions);
      const tracker = new ModelCallTracker();
      // Encoded after sanitizing: the held-back model chunks are merged as objects.
      const { encoding, ...objectOptions } = options;
      const events = this.toUser(coalesceRunStreams(coalesceTokens(streamEvents(input, withHandler(objectOptions, tracker), streamOptions), eventToken(tracker), tracker)));
      return IterableReadableStream.fromAsyncGenerator(encoding === "text/event-stream" ? encodeEach(events) : events);
    };
    // Run-log patches carry every run's input and output too; a model's token ops are left out (a value split over tokens is in none whole), its final output follows.
    const streamLog = compiled.streamLog?.bind(compiled);
    if (streamLog) compiled.streamLog = (input, options, streamOptions) => this.toUser(withoutTokenOps(streamLog(input, options, streamOptions)));
  }

  private async *toUser(items: AsyncIterable<unknown>): AsyncGenerator<unknown> {
    try {
      for await (const item of items) yield await this.deliverToUser(item);
    } catch (error) {
      throw await this.errorToUser(error);
    }
  }

  /** An error reaching the caller, sanitized for `user` (the same object where it allows). */
  private errorToUser(error: unknown): Promise<unknown> {
    return sanitizeError(error, (content) => this.deliverToUser(content));
  }

  private async deliverToUser(chunk: unknown): Promise<unknown> {
    const event = {
      node: this.options.user,
      stage: "output",
      channel: "C1",
      recipient: this.options.user,
      resolution: "final-output",
      reversible: false,
    } as const;
    if (chunk instanceof Uint8Array) {
      // Server-sent-event encoding: sanitize the text of each event.
      const text = await deliver(this.guard, new TextDecoder().decode(chunk), event, this.listener);
      return new TextEncoder().encode(text);
    }
    return keepAddresses(chunk, await deliverMaybeSync(this.guard, chunk, event, this.listener));
  }
}

/** Keys of a snapshot or checkpoint chunk that hold its address: the thread the caller named, checkpoint ids. */
const ADDRESS_KEYS = ["config", "parentConfig", "parent_config"] as const;
/** Snapshots sit at most this deep in what the caller reads (a debug chunk's payload in a [namespace, mode, chunk] tuple). */
const ADDRESS_DEPTH = 4;

/**
 * `delivered` with the checkpoint addresses of `original` put back: a thread id the caller chose
 * (`patient-<email>`) is its own, and resuming from `snapshot.config` must reach the same thread.
 */
function keepAddresses(original: unknown, delivered: unknown, depth = 0): unknown {
  if (depth > ADDRESS_DEPTH || !isRecordOrArray(original) || !isRecordOrArray(delivered) || original === delivered) return delivered;
  if (Array.isArray(original)) {
    if (!Array.isArray(delivered)) return delivered;
    return delivered.map((item, index) => keepAddresses(original[index], item, depth + 1));
  }
  // Snapshots and chunks are plain objects; messages and other instances hold no address.
  if (!isContent(delivered)) return delivered;
  const source = original as Record<string, unknown>;
  const target = delivered as Record<string, unknown>;
  for (const key of Object.keys(target)) {
    const addressed = (ADDRESS_KEYS as readonly string[]).includes(key) && isRecordOrArray(source[key]) && "configurable" in (source[key] as object);
    target[key] = addressed ? source[key] : keepAddresses(source[key], target[key], depth + 1);
  }
  return target;
}

/** A child run's streamed pieces in a run-log patch (`/logs/<run>/streamed_output_str/-`): token by token for a model. */
const CHILD_STREAM_OP = /^\/logs\/.+\/streamed_output(?:_str)?\/-$/;

async function* withoutTokenOps(patches: AsyncIterable<unknown>): AsyncGenerator<unknown> {
  for await (const patch of patches) {
    const ops = (patch as { ops?: unknown }).ops;
    const kept = Array.isArray(ops) ? ops.filter((op: { path?: unknown }) => !(typeof op?.path === "string" && CHILD_STREAM_OP.test(op.path))) : ops;
    if (kept === ops || (kept as unknown[]).length === (ops as unknown[]).length) yield patch;
    else if ((kept as unknown[]).length > 0) yield Object.assign(Object.create(Object.getPrototypeOf(patch) as object) as object, patch, { ops: kept });
  }
}

async function* encodeEach(events: AsyncIterable<unknown>): AsyncGenerator<Uint8Array> {
  for await (const event of events) yield encodeStreamEvent(event);
}

/** `options` with `handler` added to its callbacks (a list, a manager or none), for this run and every run inside it. */
function withHandler<O extends RunnableConfig>(options: O | undefined, handler: BaseCallbackHandler): O {
  const callbacks = options?.callbacks;
  if (callbacks instanceof CallbackManager) {
    const manager = callbacks.copy();
    manager.addHandler(handler, true);
    return { ...options, callbacks: manager } as O;
  }
  return { ...options, callbacks: [...(callbacks ?? []), handler] } as O;
}

/** The protected update: every key of `update` in its order, from `settled` or else from `rest`. */
function mergeUpdate(update: Record<string, unknown>, settled: Map<string, unknown>, rest: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(update).map((key) => [key, settled.has(key) ? settled.get(key) : rest[key]]));
}

/** `Command.goto` is normalized to an array by the constructor, but typed as one target or many. */
function gotoTargets(command: Command): Array<string | Send> {
  const goto = command.goto as string | Send | Array<string | Send> | undefined;
  if (goto === undefined) return [];
  return Array.isArray(goto) ? goto : [goto];
}
