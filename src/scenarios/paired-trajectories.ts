import { classifyValue, type ValueKind } from "../agents/value-kinds.js";
import type { Scenario, VaultEntry } from "./agentleak.js";
import { neighbourValue } from "./neighbour-value.js";

/** The protected attribute P tracked across a paired run (paper section 4.1). */
export interface TrackedAttribute extends VaultEntry {
  kind: ValueKind;
}

/**
 * Picks P: the first field of `forbidden_fields` (in listed order) that exists in the vault,
 * at its first occurrence; otherwise the first vault entry whose field is not allowed
 * (unlisted fields are forbidden by default). Undefined when every vault field is allowed:
 * such a scenario has no valid neighbouring pair.
 */
export function trackedAttribute(scenario: Scenario): TrackedAttribute | undefined {
  const allowed = new Set(scenario.allowed);
  const entry =
    scenario.forbidden.map((field) => scenario.vaultEntries.find((e) => e.field === field)).find((e) => e !== undefined) ??
    scenario.vaultEntries.find((e) => !allowed.has(e.field));
  return entry && { ...entry, kind: classifyValue(entry.field, entry.value) };
}

function replaceEverywhere(text: string, from: string, to: string): string {
  return text.split(from).join(to);
}

/**
 * The neighbouring pair (tau, tau'): tau is the scenario as given; tau' is the same scenario with
 * P's value replaced by a neighbouring value wherever it occurs (vault, records, task), so the two
 * runs differ only in P.
 */
export function pairedScenarios(scenario: Scenario, seed: string | number): [Scenario, Scenario] {
  const tracked = trackedAttribute(scenario);
  if (!tracked) throw new Error(`scenario ${scenario.id}: every vault field is allowed, no protected attribute to pair on`);
  const neighbour = neighbourValue(tracked.field, tracked.value, `${seed}:${scenario.id}`);
  const swap = (text: string) => replaceEverywhere(text, tracked.value, neighbour);
  const tauPrime: Scenario = {
    ...scenario,
    task: swap(scenario.task),
    vault: Object.fromEntries(Object.entries(scenario.vault).map(([key, value]) => [key, swap(value)])),
    vaultEntries: scenario.vaultEntries.map((entry) => ({ ...entry, value: swap(entry.value) })),
    records: scenario.records.map((record) => ({
      ...record,
      fields: Object.fromEntries(Object.entries(record.fields).map(([field, value]) => [field, swap(value)])),
    })),
    canaries: scenario.canaries.map(swap),
  };
  return [scenario, tauPrime];
}
