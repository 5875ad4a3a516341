import type { Action, Channel, Position, ValueType } from "../event.js";
import type { FieldPolicy, Policy } from "./options.js";
import type { Reachability } from "./reachability.js";

/** What the decision layer knows about one detected value. */
export interface AuthorizationQuery {
  field: string | null;
  kind: string;
  valueType: ValueType;
  confidence: number;
  channel: Channel;
  /** null when the recipient could not be resolved. */
  recipient: string | null;
  position: Position;
}

export interface Verdict {
  action: Action;
  reason: string;
}

const NUMERIC_KINDS = new Set(["amount", "number", "salary", "balance", "score", "money"]);

/** The operation a protected value gets by its value type (paper 6.4.2), unless the field forces one. */
export function protectAction(valueType: ValueType, kind: string, fieldPolicy?: FieldPolicy): Exclude<Action, "allow"> {
  if (fieldPolicy?.action) return fieldPolicy.action;
  if (valueType === "format") return "fpe";
  if (valueType === "value") return NUMERIC_KINDS.has(kind) ? "mldp" : "pseudonymize";
  return "rewrite";
}

function authorizedList(fieldPolicy: FieldPolicy, channel: Channel): readonly string[] {
  return fieldPolicy.channels?.[channel]?.authorized ?? fieldPolicy.authorized;
}

/** Is `recipient` allowed the real value of `field` on `channel`? Introduced recipients must be named. */
export function isAuthorized(
  policy: Policy,
  field: string,
  channel: Channel,
  recipient: string,
  position: Position,
): boolean {
  const fieldPolicy = policy.fields[field];
  if (!fieldPolicy) return false;
  const list = authorizedList(fieldPolicy, channel);
  if (list.includes(recipient)) return true;
  return position !== "introduced" && list.includes("*") && !NAMED_ONLY_CHANNELS.has(channel);
}

/**
 * Channels whose recipients `*` does not cover, each named or nothing: a tool's arguments (C3), logs and traces (C6), artifacts
 * and checkpoints (C7) leave the agents for other systems (round 14 audit: `*` had handed LangSmith and a web search the SSN).
 */
const NAMED_ONLY_CHANNELS: ReadonlySet<Channel> = new Set(["C3", "C6", "C7"]);

/** Field-level release (the paper's allowed_set), used in static mode and for unresolved recipients. */
export function isReleasable(policy: Policy, field: string, channel: Channel): boolean {
  const fieldPolicy = policy.fields[field];
  if (!fieldPolicy) return false;
  return fieldPolicy.releasable ?? authorizedList(fieldPolicy, channel).length > 0;
}

/** A(field, valueType, channel, recipient, position) -> action, with the reason it was taken. */
export function authorize(policy: Policy, query: AuthorizationQuery, reachability?: Reachability): Verdict {
  const { field, kind, valueType, channel, recipient, position } = query;
  if (field === null) {
    if (query.confidence < policy.unregisteredMinConfidence) return { action: "allow", reason: `unregistered-${kind}-low-confidence` };
    const action = policy.unregistered[kind] ?? policy.unregistered["*"] ?? "redact";
    return { action, reason: `unregistered-${kind}` };
  }
  const fieldPolicy = policy.fields[field];
  const protect = protectAction(valueType, kind, fieldPolicy);
  if (!fieldPolicy) return { action: protect, reason: "no-policy-entry" };

  if (policy.mode === "static") {
    return isReleasable(policy, field, channel)
      ? { action: "allow", reason: "static-field-level-allow" }
      : { action: protect, reason: "static-field-level-protect" };
  }
  if (recipient === null) {
    return isReleasable(policy, field, channel)
      ? { action: "allow", reason: "recipient-unresolved-field-level-allow" }
      : { action: protect, reason: "recipient-unresolved-field-level-protect" };
  }
  if (!isAuthorized(policy, field, channel, recipient, position)) {
    return { action: protect, reason: position === "introduced" ? "introduced-recipient" : "recipient-unauthorized" };
  }
  if (query.confidence < policy.minConfidence) return { action: protect, reason: "low-confidence" };
  if (reachability) {
    for (const next of reachability.reachableFrom(recipient)) {
      const nextPosition = policy.positions[next] ?? "unknown";
      if (!isAuthorized(policy, field, channel, next, nextPosition)) {
        return { action: protect, reason: `reachable-unauthorized:${next}` };
      }
    }
  }
  return { action: "allow", reason: "recipient-authorized" };
}
