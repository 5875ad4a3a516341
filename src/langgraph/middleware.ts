import { z } from "zod";
import { createMiddleware } from "langchain";
import { isBaseMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { IterableReadableStream } from "@langchain/core/utils/stream";
import type { Channel } from "../event.js";
import { type ReconsGuard, assertGuard } from "../guard.js";
import { isGraphBubbleUp } from "@langchain/langgraph";
import type { BaseStore } from "@langchain/langgraph-checkpoint";
import { StoreViews } from "./store.js";
import { SCRATCHPAD_KEY } from "./node-config.js";
import type { DecisionListener } from "./audit.js";
import { sanitizeError } from "./errors.js";
import { protectToolOptionsSchema, protectToolOutput, sanitizeMessageAware } from "./tools.js";
import { parseConfig } from "../policy/options.js";

export const reconsMiddlewareOptionsSchema = protectToolOptionsSchema
  .pick({ resultFields: true, reversibleResults: true, onDecision: true })
  .extend({
    /** Middleware name; its hooks become graph nodes `<name>.after_agent` etc. */
    name: z.string().min(1).default("recons"),
    /** Recipient name of the agent's model in the policy (every model call is a delivery to it). */
    model: z.string().min(1).default("model"),
    /** Recipient of the final state the agent returns (C1). */
    user: z.string().min(1).default("user"),
  });
export type ReconsMiddlewareOptions = z.input<typeof reconsMiddlewareOptionsSchema>;

/**
 * LangChain v1 `createAgent` middleware that conditions every delivery on its recipient:
 * - model calls (wrapModelCall): every message of the history and the system message, including
 *   `tool_calls[].args`, array content and tool results, is restored/sanitized for the model;
 * - tool calls (wrapToolCall): args for `tool:<name>` (C3); results for the model (C4), with the
 *   protected values a tool returns added to the vault;
 * - the final state (afterAgent): every message, the structured response and every other state
 *   key for the user (C1); errors of the model and of tools for the user too.
 * List it first: middleware after it (a tool selector, a dynamic prompt) see the request delivered
 * to the model, and what they add is delivered at the call (the model is wrapped). Models another
 * middleware calls itself (a summarizer, fallbacks) are not the request's: wrap them with `reconsModel`.
 * Streams, interrupts and `getState` reach the caller outside any middleware hook: pass the agent
 * to `withRecons` as well to protect them.
 */
export function reconsMiddleware(guard: ReconsGuard, options: ReconsMiddlewareOptions = {}) {
  assertGuard(guard, "reconsMiddleware(guard)");
  const parsed = parseConfig(reconsMiddlewareOptionsSchema, options, "reconsMiddleware options");
  const listener = parsed.onDecision;

  /** What `recipient` may see of one message: its real values where authorized, the rest protected. */
  const deliver = async (messages: BaseMessage[], recipient: string, channelOf: (message: BaseMessage) => Channel, resolution: "node-input" | "final-output", reversible = false) =>
    Promise.all(
      // The guard judges every string on its real values (surrogates restored first), so one call covers both.
      messages.map((message) => sanitizeMessageAware(guard, { channel: channelOf(message), recipient, resolution, listener }, message, { reversible })),
    );
  const toCaller = <T>(content: T, reversible = false): Promise<T> => sanitizeMessageAware(guard, { channel: "C1", recipient: parsed.user, resolution: "final-output", listener }, content, { reversible });

  /** One view of the agent's store per tool: a tool reads and writes it as `tool:<name>`. */
  const storeViews = new StoreViews(guard, listener);

  const middleware = createMiddleware({
    name: parsed.name,
    wrapModelCall: async (request, handler) => {
      const [messages, [systemMessage]] = await Promise.all([
        deliver(request.messages, parsed.model, modelChannel, "node-input"),
        deliver([request.systemMessage], parsed.model, () => "C2", "node-input"),
      ]);
      // The model is wrapped too: what a middleware listed after this one adds (a dynamic system prompt) is delivered at the call
      // itself; the messages delivered above pass as they are.
      const delivered = new WeakSet<object>([...messages, systemMessage].filter((message): message is BaseMessage => message !== undefined));
      const model = sanitizingModel(request.model, modelDelivery(guard, parsed.model, listener, delivered));
      try {
        return await handler({ ...request, model, messages, systemMessage: systemMessage as typeof request.systemMessage });
      } catch (error) {
        // A model's error (an HTTP 400 body quoting the prompt) goes on to the agent's caller.
        throw isGraphBubbleUp(error) ? error : await sanitizeError(error, toCaller);
      }
    },
    wrapToolCall: async (request, handler) => {
      const recipient = `tool:${request.toolCall.name}`;
      const frame = { channel: "C3", recipient, resolution: "tool-call", sender: parsed.model, listener } as const;
      // The tool reads its args and, through its runtime, the agent's state: both are deliveries to it.
      const context = (request.runtime as { context?: unknown } | undefined)?.context;
      const [args, state, toolContext] = await Promise.all([
        sanitizeMessageAware(guard, frame, request.toolCall.args),
        sanitizeMessageAware(guard, frame, request.state),
        // The caller's runtime context reaches the tool as `runtime.context`: a delivery to it as well.
        context === undefined || context === null ? context : sanitizeMessageAware(guard, frame, context),
      ]);
      const store = storeViews.viewFor((request.runtime as { store?: unknown } | undefined)?.store, recipient);
      let result: Awaited<ReturnType<typeof handler>>;
      try {
        result = await handler({ ...request, state, tool: withRuntime(request.tool, { state, context: toolContext, store }), toolCall: { ...request.toolCall, args } });
      } catch (error) {
        // A tool's own error may quote what it was given: it goes on to the agent's caller (or back to the model, which restores what it may see).
        throw isGraphBubbleUp(error) ? error : await sanitizeError(error, toCaller);
      }
      return (await protectToolOutput(guard, result, {
        tool: request.toolCall.name,
        caller: parsed.model,
        resultFields: parsed.resultFields,
        reversible: parsed.reversibleResults,
        onDecision: listener,
      })) as typeof result;
    },
    afterAgent: async (state) => {
      // Same ids: the messages reducer replaces each message with the caller's view of it. That view stays in the
      // thread's state, which the model reads again on the next turn: reversible operations, so what the model may see comes back.
      const update: Record<string, unknown> = { messages: await deliver(state.messages, parsed.user, () => "C1", "final-output", true) };
      // The structured response and any key a state schema adds reach the caller too.
      for (const [key, value] of Object.entries(state)) {
        if (key === "messages" || value === undefined) continue;
        const delivered = await toCaller(value, true);
        if (delivered !== value) update[key] = delivered;
      }
      return update;
    },
  });
  guardOfMiddleware.set(middleware, guard);
  return middleware;
}

/** Middleware `reconsMiddleware` made, by its guard. */
const guardOfMiddleware = new WeakMap<object, ReconsGuard>();

/** The guard of a `reconsMiddleware` among `middleware` (a `createAgent` agent's list), if one is there. */
export function reconsMiddlewareGuard(middleware: unknown): ReconsGuard | undefined {
  if (!Array.isArray(middleware)) return undefined;
  for (const each of middleware) {
    const guard = typeof each === "object" && each !== null ? guardOfMiddleware.get(each) : undefined;
    if (guard) return guard;
  }
  return undefined;
}

/** What a tool of the agent reads through its runtime, delivered to it. */
interface ToolRuntimeView {
  state: unknown;
  context: unknown;
  store: BaseStore | undefined;
}

/**
 * The tool as the agent's ToolNode runs it, but reading its deliveries as its runtime (`state`,
 * `getCurrentTaskInput()`, `context`, `store`) instead of the graph's raw task input, context and store.
 */
function withRuntime<T>(tool: T, view: ToolRuntimeView): T {
  if (typeof tool !== "object" || tool === null || typeof (tool as { invoke?: unknown }).invoke !== "function") return tool;
  const original = tool as unknown as { invoke(input: unknown, config?: Record<string, unknown>): Promise<unknown> };
  const wrapped = Object.create(original) as typeof original;
  const invoke = (input: unknown, config: Record<string, unknown> = {}) => {
    const configurable = config.configurable as Record<string, unknown> | undefined;
    const scratchpad = configurable?.[SCRATCHPAD_KEY];
    const own: Record<string, unknown> = { state: view.state, context: view.context };
    if (view.store) own.store = view.store;
    if (typeof scratchpad === "object" && scratchpad !== null) {
      // Tools of one ToolNode share the task's scratchpad (its interrupt counters too): only the input read differs per tool.
      own.configurable = { ...configurable, [SCRATCHPAD_KEY]: withTaskInput(scratchpad, view.state) };
    }
    // ToolNode also hands the tool its whole config as `runtime.config`: the same deliveries there.
    const nested = config.config as Record<string, unknown> | undefined;
    return original.invoke(input, { ...config, ...own, ...(nested ? { config: { ...nested, ...own } } : {}) });
  };
  Object.defineProperty(wrapped, "invoke", { value: invoke, enumerable: false });
  return wrapped as unknown as T;
}

/**
 * The task's scratchpad as one tool reads it: its own `currentTaskInput`, every other key read and
 * written on the shared scratchpad (its interrupt counters). The proxy's target holds only that
 * input, so whatever looks past the traps (`util.inspect`, so `console.log`) never sees the raw one.
 */
function withTaskInput(scratchpad: object, input: unknown): object {
  const shell = { currentTaskInput: input };
  const own = (key: string | symbol) => key === "currentTaskInput";
  return new Proxy(shell, {
    get: (_shell, key) => (own(key) ? input : Reflect.get(scratchpad, key)),
    set: (_shell, key, value) => (own(key) ? Reflect.set(shell, key, value) : Reflect.set(scratchpad, key, value)),
    has: (_shell, key) => own(key) || Reflect.has(scratchpad, key),
    ownKeys: () => [...new Set([...Reflect.ownKeys(scratchpad), "currentTaskInput"])],
    getOwnPropertyDescriptor: (_shell, key) => {
      if (own(key)) return Reflect.getOwnPropertyDescriptor(shell, key);
      const descriptor = Reflect.getOwnPropertyDescriptor(scratchpad, key);
      // Reported as configurable: the shell does not hold it (a proxy invariant).
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}

function modelChannel(message: BaseMessage): Channel {
  return ToolMessage.isInstance(message) ? "C4" : "C2";
}

/** What a model call's input becomes for `recipient`: each message (or the prompt) delivered to it; `delivered` ones pass as they are. */
function modelDelivery(guard: ReconsGuard, recipient: string, listener: DecisionListener | undefined, delivered = new WeakSet<object>()) {
  const toModel = (message: unknown) =>
    typeof message === "object" && message !== null && delivered.has(message)
      ? message
      : sanitizeMessageAware(guard, { channel: isBaseMessage(message) ? modelChannel(message) : "C2", recipient, resolution: "node-input", listener }, message);
  return async (input: unknown) => (Array.isArray(input) ? Promise.all(input.map(toModel)) : toModel(input));
}

export const reconsModelOptionsSchema = z.strictObject({
  /** Recipient name of this model in the policy (a summarizer, a tool selector, a fallback of the agent's model). */
  recipient: z.string().min(1).default("model"),
  /** Receives every decision taken on what the model is sent. */
  onDecision: z.custom<DecisionListener>((listener) => typeof listener === "function").optional(),
});
export type ReconsModelOptions = z.input<typeof reconsModelOptionsSchema>;

/**
 * A chat model whose every call (`invoke`, `stream`, and the models `bindTools`, `withConfig`,
 * `withStructuredOutput` derive from it) delivers its input to `recipient` first. For the models
 * other middleware call themselves, outside the agent's model request: `summarizationMiddleware`'s
 * summarizer, `llmToolSelectorMiddleware`'s selector, `modelFallbackMiddleware`'s fallbacks.
 */
export function reconsModel<M>(model: M, guard: ReconsGuard, options: ReconsModelOptions = {}): M {
  assertGuard(guard, "reconsModel(model, guard)");
  const parsed = parseConfig(reconsModelOptionsSchema, options, "reconsModel options");
  return sanitizingModel(model, modelDelivery(guard, parsed.recipient, parsed.onDecision));
}

/**
 * Runnable methods that call the model through its own `invoke`, `stream` or `generate`: run on the proxy, so those deliver
 * (round 14 audit: `batch`, `pipe(parser)` sent the raw input, run on the model itself).
 */
const THROUGH_MODEL_CALLS = new Set(["batch", "pipe", "generatePrompt", "predict", "predictMessages", "call", "withFallbacks", "withListeners"]);

/** Methods of a chat model that return another model to call (bound tools, config, structured output). */
const MODEL_BUILDERS = new Set(["bindTools", "bind", "withConfig", "withStructuredOutput", "withRetry"]);

/**
 * `model` whose `invoke`, `stream` and `generate` deliver their input through `deliver` first, and whose derived
 * models (bindTools, withConfig, ...) do the same. Methods run on the model itself (private fields), but those that call it.
 */
function sanitizingModel<M>(model: M, deliver: (input: unknown) => Promise<unknown>): M {
  if (typeof model !== "object" || model === null) return model;
  return new Proxy(model as object, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      const method = value as (...args: unknown[]) => unknown;
      if (property === "invoke" || property === "stream") return async (input: unknown, ...rest: unknown[]) => method.call(target, await deliver(input), ...rest);
      if (property === "generate") return async (lists: unknown, ...rest: unknown[]) => method.call(target, Array.isArray(lists) ? await Promise.all(lists.map(deliver)) : await deliver(lists), ...rest);
      // Their streams are returned at once, before the input is delivered: the model's events follow it.
      if (property === "streamEvents" || property === "streamLog") {
        return (input: unknown, ...rest: unknown[]) =>
          IterableReadableStream.fromAsyncGenerator(
            (async function* () {
              yield* (await method.call(target, await deliver(input), ...rest)) as AsyncIterable<unknown>;
            })(),
          );
      }
      if (typeof property === "string" && THROUGH_MODEL_CALLS.has(property)) return method.bind(receiver);
      if (typeof property === "string" && MODEL_BUILDERS.has(property)) return (...args: unknown[]) => sanitizingModel(method.apply(target, args), deliver);
      return method.bind(target);
    },
  }) as M;
}
