import { z } from "zod";
import { CHANNELS } from "../event.js";
import { type ReconsGuard, assertGuard } from "../guard.js";
import type { DecisionListener } from "./audit.js";
import { deliverSync } from "./delivery.js";
import { parseConfig } from "../policy/options.js";

export const reconsReducerOptionsSchema = z.strictObject({
  /** Channel of the state key: C5 shared memory by default, C2 for a messages list, C7 for artifacts. */
  channel: z.enum(CHANNELS).default("C5"),
  /** Name shown as the writing boundary in decisions. */
  name: z.string().min(1).default("memory"),
  /** Receives every decision taken on a write. */
  onDecision: z.custom<DecisionListener>((listener) => typeof listener === "function").optional(),
});
export type ReconsReducerOptions = z.input<typeof reconsReducerOptionsSchema>;

const reconsReducers = new WeakSet<object>();

/** Whether a channel's reducer came from `reconsReducer` (its writes are protected when they land). */
export function isReconsReducer(reducer: unknown): boolean {
  return typeof reducer === "function" && reconsReducers.has(reducer);
}

/**
 * Wrap a state channel reducer so every write is protected before it lands: a shared-state
 * write has no single recipient, so the field-level policy decides, with reversible operations
 * so authorized readers get the real value back when their node input is restored.
 */
export function reconsReducer<Value, Update>(
  reducer: (left: Value, right: Update) => Value,
  guard: ReconsGuard,
  options: ReconsReducerOptions = {},
): (left: Value, right: Update) => Value {
  assertGuard(guard, "reconsReducer(reducer, guard)");
  const { channel, name, onDecision } = parseConfig(reconsReducerOptionsSchema, options, "reconsReducer options");
  const listener: DecisionListener = onDecision ?? (() => undefined);
  const protectedReducer = (left: Value, right: Update): Value => {
    const event = { channel, node: name, stage: "reducer", resolution: "memory-write", reversible: true } as const;
    return reducer(left, deliverSync(guard, right, event, listener));
  };
  reconsReducers.add(protectedReducer);
  return protectedReducer;
}
