/** One unit of the sweep: a (scenario, cell, level, pair member, sanitizer) execution at a horizon, run in-process. */
import type { Scenario } from "../scenarios/agentleak.js";
import { pairMember, runRecord, type TraceEvent } from "../topologies/run.js";
import { guardFor } from "./baselines.js";
import type { EvalRecord, RecordKey } from "./record.js";

export const MODELS = ["scripted", "openai"] as const;
export type ModelName = (typeof MODELS)[number];

export type Job = RecordKey;

export interface JobSettings {
  seed: string;
  model: ModelName;
}

/** A freshly run record: its events are the runner's trace events (records read back are `EvalRecord`s). */
export type FreshRecord = Omit<EvalRecord, "events"> & { events: TraceEvent[] };

/** Guards of the scenario being run (jobs come scenario-major, so older scenarios' guards are dropped). */
const guards = { scenario: "", byKey: new Map<string, ReturnType<typeof guardFor>>() };

function cachedGuard(job: Job, member: Scenario, seed: string): ReturnType<typeof guardFor> {
  if (guards.scenario !== job.scenario_id) guards.byKey.clear();
  guards.scenario = job.scenario_id;
  const key = [job.pair, job.cell, job.sanitizer].join("|");
  if (!guards.byKey.has(key)) guards.byKey.set(key, guardFor(job.sanitizer, member, job.cell, seed));
  return guards.byKey.get(key)!;
}

/** Runs one record with this process's guard for the pair member, cell and sanitizer (reused across levels). */
export async function executeJob(job: Job, scenario: Scenario, settings: JobSettings): Promise<FreshRecord> {
  const member = pairMember(scenario, job.pair, settings.seed);
  const guard = cachedGuard(job, member, settings.seed);
  const result = await runRecord({
    scenario,
    cell: job.cell,
    level: job.level,
    pair: job.pair,
    guard,
    model: settings.model,
    seed: settings.seed,
    horizon: job.horizon,
  });
  return { ...job, tracked: result.tracked, events: result.events };
}
