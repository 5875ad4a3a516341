/** The metrics' view of the corpus: measuring detector, ground-truth authorization and sanitizer detectors per record. */
import type { Detection } from "../detect/base.js";
import type { ValueType } from "../event.js";
import { isAuthorized, isReleasable } from "../policy/authorize.js";
import { fieldTypeOf } from "../policy/infer.js";
import { policySchema } from "../policy/options.js";
import type { Scenario } from "../scenarios/agentleak.js";
import { cellAgents, scenarioPolicy } from "../topologies/mapping.js";
import { pairMember } from "../topologies/run.js";
import { guardFor } from "./baselines.js";
import { createMeasure, type Measure } from "./measure.js";
import type { ContextProvider, RecordContext } from "./metrics.js";
import type { CellName, EvalRecord, PairMember } from "./record.js";

function memo<V>(cache: Map<string, V>, key: string, build: () => V): V {
  let value = cache.get(key);
  if (value === undefined) cache.set(key, (value = build()));
  return value;
}

/** Scenarios whose contexts are kept: records come scenario-major (lanes interleave a few), and a measure with its memo is megabytes. */
const RECENT_SCENARIOS = 4;

type ScenarioContexts = (pair: PairMember, cell: CellName) => RecordContext;

/** The contexts of one scenario's records; each pair member's measure is shared by its cells. */
function scenarioContexts(scenario: Scenario, seed: string): ScenarioContexts {
  const members = new Map<string, { member: Scenario; measure: Measure }>();
  const contexts = new Map<string, RecordContext>();
  return (pair, cell) =>
    memo(contexts, `${pair}|${cell}`, () => {
      const { member, measure } = memo(members, pair, () => {
        const member = pairMember(scenario, pair, seed);
        return { member, measure: createMeasure(member.vault) };
      });
      const policy = policySchema.parse(scenarioPolicy(member, cell));
      const detectors = new Map<string, (text: string) => Detection[]>();
      const valueTypes = new Map<string, ValueType>();
      return {
        measure,
        valueTypeOf: (field) =>
          memo(valueTypes, field, () => fieldTypeOf(field.replace(/#\d+$/, ""), String(member.vault[field] ?? ""), policy.fields[field]).valueType),
        authorized: (field, channel, recipient, position) =>
          recipient === null ? isReleasable(policy, field, channel) : isAuthorized(policy, field, channel, recipient, position ?? policy.positions[recipient] ?? "unknown"),
        introducedAgents: cellAgents(cell, scenario).filter((agent) => agent.position === "introduced").map((agent) => agent.name),
        sanitizerDetect: (sanitizer, text) => {
          const detect = memo(detectors, sanitizer, () => {
            const guard = guardFor(sanitizer, member, cell, seed);
            return guard ? (t: string) => guard.detect(t) : () => [];
          });
          return detect(text);
        },
      };
    });
}

/** Contexts for the records of a sweep over `scenarios` run with `seed`; built once per scenario, pair and cell while the scenario is recent. */
export function corpusContext(scenarios: readonly Scenario[], seed: string): ContextProvider {
  const byId = new Map(scenarios.map((s) => [s.id, s]));
  // Least recently used first.
  const recent = new Map<string, ScenarioContexts>();
  return (record: EvalRecord): RecordContext => {
    let contextsOf = recent.get(record.scenario_id);
    if (contextsOf) recent.delete(record.scenario_id);
    else {
      const scenario = byId.get(record.scenario_id);
      if (!scenario) throw new Error(`records.jsonl names scenario ${record.scenario_id}, which is not in the corpus`);
      contextsOf = scenarioContexts(scenario, seed);
      if (recent.size >= RECENT_SCENARIOS) recent.delete(recent.keys().next().value!);
    }
    recent.set(record.scenario_id, contextsOf);
    return contextsOf(record.pair, record.cell as CellName);
  };
}
