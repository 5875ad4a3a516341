import { keyedTag, type DerivedKeys } from "../../crypto/keys.js";
import type { Action } from "../../event.js";
import type { ReconsOptions } from "../../policy/options.js";
import type { Operator } from "../base.js";
import { createFf1Operator } from "./ff1.js";
import { createFf3Operator } from "./ff3.js";
import { createMldpOperator } from "./mldp.js";
import { createPseudonymOperator } from "./pseudonym.js";
import { createRedactOperator } from "./redact.js";

export type OperatorOptions = Pick<ReconsOptions, "fpe" | "mldp">;

/** The built-in operators by action (rewrite is the rewriter plug-in's; allow needs none). */
export function createOperators(keys: DerivedKeys, options: OperatorOptions): Map<Action, Operator> {
  const fpe = options.fpe === "ff3-1" ? createFf3Operator(keys.fpe) : createFf1Operator(keys.fpe);
  const operators: Operator[] = [fpe, createPseudonymOperator(keys.pseudonym), createMldpOperator(options.mldp, keys.mldp), createRedactOperator()];
  return new Map(operators.map((operator) => [operator.action, operator]));
}

/** Operators by key material: guards of one deployment (one per session) share warm cipher caches. */
const shared = new Map<string, Map<Action, Operator>>();
const SHARED_LIMIT = 32;

/** `createOperators`, reusing the instances of an earlier guard with the same keys and options. */
export function sharedOperators(keys: DerivedKeys, options: OperatorOptions): Map<Action, Operator> {
  // A keyed tag identifies the keys without keeping them as a map key.
  const id = `${keyedTag(keys.hmac, "operators", 32)}\u0000${options.fpe}\u0000${JSON.stringify(options.mldp)}`;
  let operators = shared.get(id);
  if (!operators) {
    if (shared.size >= SHARED_LIMIT) shared.delete(shared.keys().next().value!);
    operators = createOperators(keys, options);
    shared.set(id, operators);
  }
  return new Map(operators);
}

const REVERSIBLE: ReadonlySet<Action> = new Set(["fpe", "pseudonymize"]);

/** Whether an action's built-in operator has `reverse` (pseudonyms only for names in the bundled lists). */
export function isReversible(action: Action): boolean {
  return REVERSIBLE.has(action);
}
