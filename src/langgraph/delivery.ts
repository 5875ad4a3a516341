import type { Channel, ObservableEvent, SanitizeResult } from "../event.js";
import { sanitizeIsSync, type ReconsGuard } from "../guard.js";
import { isKeyPath, mapStrings } from "../content.js";
import { errorSummary } from "../error-summary.js";
import { ignoreDecisions, type DecisionListener, type GraphStage } from "./audit.js";
import { fromPlain, toPlain } from "./messages.js";
import type { Delivery } from "./recipients.js";

/** What replaces every string of a value the interceptor could not sanitize (fail closed). */
export const FAILURE_PLACEHOLDER = "[REDACTED:recons-error]";

/** One state value crossing a graph boundary. */
export interface DeliveryEvent extends Delivery {
  channel: Channel;
  /** Node whose boundary this is (reader for inputs, writer for writes). */
  node: string;
  stage: GraphStage;
  /** Reversible operations only: the value lands in shared state that other readers restore. */
  reversible: boolean;
}

/** Where a delivery happens, before its channel and recipient are known. */
export type DeliveryBoundary = Pick<DeliveryEvent, "node" | "stage" | "reversible">;

/** Built field by field: spreads of varied sources make each event a new hidden class (slow reads downstream). */
export function deliveryEvent(boundary: DeliveryBoundary, channel: Channel, delivery: Delivery): DeliveryEvent {
  return {
    node: boundary.node,
    stage: boundary.stage,
    reversible: boundary.reversible,
    channel,
    recipient: delivery.recipient,
    position: delivery.position,
    resolution: delivery.resolution,
  };
}

function guardEvent(value: unknown, event: DeliveryEvent): ObservableEvent {
  // No restore first: the guard judges each string on its real values, so authorized readers get them back.
  return {
    channel: event.channel,
    content: toPlain(value),
    recipient: event.recipient,
    position: event.position,
    resolution: event.resolution,
    sender: event.stage === "write" ? event.node : undefined,
  };
}

/** `at`: where the value sits in what the node reads (`$.messages[3]` for one item of a list delivered alone); decisions' paths start there. */
function finish<T>(value: T, result: SanitizeResult, event: DeliveryEvent, listener: DecisionListener, at = "$"): T {
  if (listener !== ignoreDecisions) {
    for (const decision of result.decisions) listener({ ...decision, path: at === "$" || decision.path === undefined ? decision.path : at + decision.path.slice(1), node: event.node, stage: event.stage });
  }
  return fromPlain(value, result.content);
}

/**
 * Keys kept where everything fails: the state's own (top level) and the fields LangChain's messages and content parts are
 * made of. Any other key may be a value (round 14 audit: `{ Gonzalez: { HIV: true } }` reached a reader whole but for its strings).
 */
const TOP_LEVEL_KEY = /^\$\[key#\d+\]#key$/;
const MESSAGE_FIELDS: ReadonlySet<string> = new Set([
  "lc", "type", "id", "kwargs", "content", "name", "role", "tool_calls", "tool_call_id", "tool_call_chunks", "invalid_tool_calls", "args", "additional_kwargs",
  "response_metadata", "usage_metadata", "status", "artifact", "text", "image_url", "url", "source_type", "mime_type", "data", "messages", "lc_serializable",
]);

function redactString(text: string, path: string): string {
  return isKeyPath(path) && (TOP_LEVEL_KEY.test(path) || MESSAGE_FIELDS.has(text)) ? text : FAILURE_PLACEHOLDER;
}

/** Every string of `value` replaced by the failure placeholder; messages, ids and state keys kept. A value that cannot be walked (a throwing getter) becomes the placeholder whole. */
export function redactAll<T>(value: T): T {
  try {
    return fromPlain(value, mapStrings(toPlain(value), redactString));
  } catch {
    try {
      return mapStrings(value, redactString);
    } catch {
      return FAILURE_PLACEHOLDER as T;
    }
  }
}

/** Record the failure and return the fully redacted value. */
function failClosed<T>(guard: ReconsGuard, value: T, event: DeliveryEvent, error: unknown, listener: DecisionListener, at = "$"): T {
  const message = errorSummary(error, guard.vault);
  listener({
    field: null,
    kind: "unknown",
    valueType: "contextual",
    tier: 0,
    confidence: 1,
    source: "langgraph",
    channel: event.channel,
    recipient: event.recipient ?? null,
    position: event.position ?? "unknown",
    resolution: event.resolution,
    action: "redact",
    fallback: "recons-error",
    reason: `recons-error: ${message}`.slice(0, 200),
    path: at,
    span: [0, 0],
    node: event.node,
    stage: event.stage,
    error: message,
  });
  return redactAll(value);
}

/** Sanitize `value` for one delivery (async guard path: judge and rewriter when configured). */
export async function deliver<T>(guard: ReconsGuard, value: T, event: DeliveryEvent, listener: DecisionListener): Promise<T> {
  try {
    const result = await guard.sanitize(guardEvent(value, event), { reversible: event.reversible });
    return finish(value, result, event, listener);
  } catch (error) {
    return failClosed(guard, value, event, error, listener);
  }
}

/** The same on the guard's sync path, for reducers and lazy views (`at`: see `finish`). */
export function deliverSync<T>(guard: ReconsGuard, value: T, event: DeliveryEvent, listener: DecisionListener, at = "$"): T {
  try {
    const result = guard.sanitizeSync(guardEvent(value, event), { reversible: event.reversible });
    return finish(value, result, event, listener, at);
  } catch (error) {
    return failClosed(guard, value, event, error, listener, at);
  }
}

export type MaybePromise<T> = T | Promise<T>;

/** `deliver`, on the guard's sync path where `sanitize` would take it anyway (no LLM tiers): no promise per delivery. */
export function deliverMaybeSync<T>(guard: ReconsGuard, value: T, event: DeliveryEvent, listener: DecisionListener): MaybePromise<T> {
  return sanitizeIsSync(guard) ? deliverSync(guard, value, event, listener) : deliver(guard, value, event, listener);
}

/** `then` of the value, at once when it is no promise. */
export function whenDone<T, R>(value: MaybePromise<T>, then: (value: T) => MaybePromise<R>): MaybePromise<R> {
  return value instanceof Promise ? value.then(then) : then(value);
}

/** `then` of the values, at once when none of them is a promise. */
export function whenAll<T, R>(values: Array<MaybePromise<T>>, then: (values: T[]) => R): MaybePromise<R> {
  return values.some((value) => value instanceof Promise) ? Promise.all(values).then(then) : then(values as T[]);
}
