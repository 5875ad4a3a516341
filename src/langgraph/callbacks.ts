import { CallbackManager } from "@langchain/core/callbacks/manager";
import { ConsoleCallbackHandler } from "@langchain/core/tracers/console";
import { getEnvironmentVariable } from "@langchain/core/utils/env";
import type { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import type { Callbacks } from "@langchain/core/callbacks/manager";
import type { ReconsGuard } from "../guard.js";
import type { DecisionListener } from "./audit.js";
import { deliver, deliverSync, type DeliveryEvent } from "./delivery.js";
import { sanitizeError } from "./errors.js";

/** A handler as callers pass them: a handler instance, or an object of `handle*` methods. */
type Handler = Exclude<Callbacks, CallbackManager | undefined>[number];

/**
 * Where the callback manager passes each method its run ids (as they are, so a handler still links
 * events): starts and tokens after two leading arguments, the rest after one; a custom event has
 * no parent id (its tags follow).
 */
function runIdPositions(method: string): readonly number[] {
  if (method === "handleCustomEvent") return [2];
  if (method.endsWith("Start") || method === "handleLLMNewToken") return [2, 3];
  return [1, 2];
}

/**
 * Pieces of a stream: a value split over pieces is whole in none of them, so sanitizing each lets
 * it through. Not forwarded: the call's end event carries its whole output, sanitized.
 */
const STREAM_PIECES = new Set(["handleLLMNewToken", "handleChatModelStreamEvent", "handleToolEvent"]);

export interface CallbackDelivery {
  guard: ReconsGuard;
  listener: DecisionListener;
  /** The handlers' recipient name in the policy. */
  recipient: string;
  /** RECONS's own handlers of the run, which get raw events. */
  own(handler: Handler): boolean;
}

/**
 * LangChain's own stream handlers, found by the names LangChain itself finds them by: they feed
 * `streamEvents` and `streamLog`, whose output is delivered to the caller.
 */
const STREAM_HANDLER_NAMES = new Set(["event_stream_tracer", "log_stream_tracer"]);

function passesRaw(handler: Handler, delivery: CallbackDelivery): boolean {
  return delivery.own(handler) || selfProtectingHandlers.has(handler) || STREAM_HANDLER_NAMES.has((handler as { name?: string }).name ?? "");
}

/** Handlers already wrapped: a run inside a run hands its callbacks on, and they are wrapped once. */
const delivering = new WeakSet<object>();

/** Handlers that protect what they send themselves (`reconsTracing`'s tracer): they get raw events. */
export const selfProtectingHandlers = new WeakSet<object>();

/**
 * The caller's callbacks (a list of handlers or a manager) with every handler a log sink: each
 * event's payload (node inputs and outputs, prompts, messages, tool input and output, errors,
 * metadata and tags) is delivered to `recipient` on C6 before the handler gets it.
 */
export function deliveringCallbacks(given: Callbacks | undefined, delivery: CallbackDelivery): Callbacks | undefined {
  const callbacks = withVerboseConsole(given);
  if (callbacks === undefined) return undefined;
  const wrap = <H extends Handler>(handler: H): H => (passesRaw(handler, delivery) ? handler : deliveringHandler(handler, delivery));
  if (Array.isArray(callbacks)) return callbacks.map(wrap);
  if (!(callbacks instanceof CallbackManager)) return callbacks;
  const manager = callbacks.copy();
  const wrapped = new Map(manager.handlers.map((handler) => [handler, wrap(handler)]));
  manager.handlers = manager.handlers.map((handler) => wrapped.get(handler)!);
  manager.inheritableHandlers = manager.inheritableHandlers.map((handler) => wrapped.get(handler) ?? wrap(handler));
  return manager;
}

/**
 * With LANGCHAIN_VERBOSE=true LangChain adds a console handler of its own to every run, one that
 * prints raw events, unless a handler's `name` equals `ConsoleCallbackHandler.prototype.name`. That
 * is `undefined` in @langchain/core 1.4 (the name is an instance field), so a handler without a
 * name stops it, and one named `console_callback_handler` would once that is fixed: the run gets
 * both, a console handler (wrapped below, so it prints delivered events) and a nameless no-op.
 */
function withVerboseConsole(callbacks: Callbacks | undefined): Callbacks | undefined {
  if (getEnvironmentVariable("LANGCHAIN_VERBOSE") !== "true") return callbacks;
  const handlers = callbacks instanceof CallbackManager ? callbacks.handlers : (callbacks ?? []);
  const names = handlers.map((handler) => (handler as { name?: string }).name);
  const added: Handler[] = [];
  const consoleHandler = new ConsoleCallbackHandler();
  if (!names.includes(consoleHandler.name)) added.push(consoleHandler);
  if (!names.includes(ConsoleCallbackHandler.prototype.name)) added.push(NAMELESS_NO_OP);
  if (added.length === 0) return callbacks;
  if (!(callbacks instanceof CallbackManager)) return [...handlers, ...added];
  const manager = callbacks.copy();
  for (const handler of added) manager.addHandler(handler as BaseCallbackHandler, true);
  return manager;
}

/** A handler of no events whose `name` is undefined (see `withVerboseConsole`). */
const NAMELESS_NO_OP = { name: undefined } as unknown as Handler;

function deliveringHandler<H extends Handler>(handler: H, delivery: CallbackDelivery): H {
  if (delivering.has(handler)) return handler;
  const event: DeliveryEvent = { channel: "C6", node: delivery.recipient, stage: "callback", recipient: delivery.recipient, resolution: "callback", reversible: false };
  const deliverNow = (arg: unknown) => deliverSync(delivery.guard, arg, event, delivery.listener);
  const deliverOne = (arg: unknown) => deliver(delivery.guard, arg, event, delivery.listener);
  const deliverArgument = (arg: unknown) => (arg instanceof Error ? sanitizeError(arg, deliverOne, true) : deliverOne(arg));
  // Methods and getters run on the handler itself, not the view: a class with #private fields works as written.
  const view = new Proxy(handler, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (typeof key !== "string" || typeof value !== "function") return value;
      const method = value as (...args: unknown[]) => unknown;
      // A copy of the handler is a log sink too.
      if (key === "copy") return () => deliveringHandler(method.call(target) as BaseCallbackHandler, delivery);
      // The callback manager has a tracer make its run first, in line, from the raw arguments.
      if (key.startsWith("_createRunFor")) return (...args: unknown[]) => method.apply(target, deliveredArguments(key, args, deliverNow));
      if (!key.startsWith("handle")) return method.bind(target);
      if (STREAM_PIECES.has(key)) return () => undefined;
      return async (...args: unknown[]) => method.apply(target, await Promise.all(deliveredArguments(key, args, deliverArgument)));
    },
  });
  delivering.add(view);
  return view;
}

/** A callback's arguments with every one but its run ids passed through `deliverArgument` (the guard's sync path for a tracer's run made in line). */
function deliveredArguments(method: string, args: unknown[], deliverArgument: (arg: unknown) => unknown): unknown[] {
  const ids = runIdPositions(method);
  return args.map((arg, index) => (ids.includes(index) || arg === undefined ? arg : deliverArgument(arg)));
}
