/** The metrics' view of the corpus: measuring detector, ground-truth authorization and sanitizer detectors per record. */
import type { Detection } from "../detect/base.js";
import { isAuthorized, isReleasable } from "../policy/authorize.js";
import { inferFieldType } from "../policy/infer.js";
import { policySchema, type Policy } from "../policy/options.js";
import type { Scenario } from "../scenarios/agentleak.js";
import { cellAgents, scenarioPolicy } from "../topologies/mapping.js";
import { pairMember } from "../topologies/run.js";
import { guardFor } from "./baselines.js";
import { createMeasure, type Measure } from "./measure.js";
import type { ContextProvider, RecordContext } from "./metrics.js";
import type { CellName, EvalRecord } from "./record.js";

function memo<V>(cache: Map<string, V>, key: string, build: () => V): V {
  let value = cache.get(key);
  if (value === undefined) cache.set(key, (value = build()));
  return value;
}

/** Contexts for the records of a sweep over `scenarios` run with `seed`; everything is built once per scenario, pair and cell. */
export function corpusContext(scenarios: readonly Scenario[], seed: string): ContextProvider {
  const byId = new Map(scenarios.map((s) => [s.id, s]));
  const members = new Map<string, Scenario>();
  const measures = new Map<string, Measure>();
  const policies = new Map<string, Policy>();
  const introduced = new Map<string, string[]>();
  const detectors = new Map<string, (text: string) => Detection[]>();
  const contexts = new Map<string, RecordContext>();

  return (record: EvalRecord): RecordContext =>
    memo(contexts, [record.scenario_id, record.pair, record.cell].join("|"), () => {
      const scenario = byId.get(record.scenario_id);
      if (!scenario) throw new Error(`records.jsonl names scenario ${record.scenario_id}, which is not in the corpus`);
      const memberKey = `${record.scenario_id}|${record.pair}`;
      const member = memo(members, memberKey, () => pairMember(scenario, record.pair, seed));
      const cell = record.cell as CellName;
      const policy = memo(policies, `${memberKey}|${cell}`, () => policySchema.parse(scenarioPolicy(member, cell)));
      return {
        measure: memo(measures, memberKey, () => createMeasure(member.vault)),
        valueTypeOf: (field) => policy.fields[field]?.valueType ?? inferFieldType(field.replace(/#\d+$/, ""), member.vault[field] ?? "").valueType,
        authorized: (field, channel, recipient, position) =>
          recipient === null ? isReleasable(policy, field, channel) : isAuthorized(policy, field, channel, recipient, position ?? policy.positions[recipient] ?? "unknown"),
        introducedAgents: memo(introduced, `${record.scenario_id}|${cell}`, () => cellAgents(cell, scenario).filter((agent) => agent.position === "introduced").map((agent) => agent.name)),
        sanitizerDetect: (sanitizer, text) => {
          const detect = memo(detectors, `${memberKey}|${cell}|${sanitizer}`, () => {
            const guard = guardFor(sanitizer, member, cell, seed);
            return guard ? (t: string) => guard.detect(t) : () => [];
          });
          return detect(text);
        },
      };
    });
}
