/**
 * The sanitizers compared in the evaluation (paper 6.5.3 and the 6.6.4 ablations), each built
 * for one pair member's scenario in one cell. All of them share the scenario's secret so FPE and
 * pseudonyms are reproducible from run to run.
 */
import type { Action } from "../event.js";
import { createRecons, type ReconsGuard } from "../guard.js";
import type { Operator } from "../transform/base.js";
import { createRedactOperator } from "../transform/operators/redact.js";
import { policySchema, type FieldPolicy, type Policy } from "../policy/options.js";
import { AGENTLEAK_AGE_REFERENCE, type Scenario } from "../scenarios/agentleak.js";
import { scenarioPolicy } from "../topologies/mapping.js";
import type { CellName, SanitizerName } from "./record.js";

const TRANSFORMING_ACTIONS: readonly Exclude<Action, "allow" | "redact">[] = ["fpe", "pseudonymize", "mldp", "rewrite"];

/** Redaction registered under every transforming action: same decisions, no transformation menu. */
function redactionInsteadOfMenu(): Operator[] {
  const redact = createRedactOperator();
  return TRANSFORMING_ACTIONS.map((action) => ({ action, name: `redact-as-${action}`, apply: redact.apply }));
}

function secretOf(scenario: Scenario, seed: string | number): string {
  return `recons-eval:${seed}:${scenario.id}`;
}

/** Every field redacted for everyone: the recipient plays no part. */
function blanketPolicy(policy: Policy): Policy {
  const fields: Record<string, FieldPolicy> = Object.fromEntries(
    Object.entries(policy.fields).map(([field, fieldPolicy]) => [field, { ...fieldPolicy, authorized: [], channels: undefined, releasable: false, action: "redact" as const }]),
  );
  return { ...policy, fields, unregistered: { "*": "redact" } };
}

/**
 * The guard of `sanitizer` for one pair member (`scenario` already carries that member's vault)
 * in `cell`; null for `none`.
 * - blanket: the RECONS detector (vault + recognizers), every detection redacted whoever receives it.
 * - dlp: Presidio-like: built-in fixed-type recognizers only (no vault), every hit redacted, recipient-blind.
 * - static: the scenario's field-level allowed set, recipient ignored (policy mode `static`).
 * - recons: the dynamic recipient-conditioned policy with the transformation menu.
 * - recons-redact-only: the same decisions, redaction in place of FPE, pseudonyms, mLDP and rewriting.
 */
export function guardFor(sanitizer: SanitizerName, scenario: Scenario, cell: CellName, seed: string | number): ReconsGuard | null {
  if (sanitizer === "none") return null;
  const secret = secretOf(scenario, seed);
  const ageReference = AGENTLEAK_AGE_REFERENCE;
  if (sanitizer === "dlp") {
    return createRecons({ secret, ageReference, vault: {}, policy: { fields: {}, unregistered: { "*": "redact" }, unregisteredMinConfidence: 0 } });
  }
  const policy = policySchema.parse(scenarioPolicy(scenario, cell));
  const vault = scenario.vault;
  switch (sanitizer) {
    case "blanket":
      return createRecons({ secret, ageReference, vault, policy: blanketPolicy(policy) });
    case "static":
      return createRecons({ secret, ageReference, vault, policy: { ...policy, mode: "static" } });
    case "recons":
      return createRecons({ secret, ageReference, vault, policy });
    case "recons-redact-only":
      return createRecons({ secret, ageReference, vault, policy, operators: redactionInsteadOfMenu() });
  }
}
