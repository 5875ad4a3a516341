/** One unit of the sweep: a (scenario, cell, level, pair member, sanitizer) execution at a horizon, run in-process. */
import { Client } from "langsmith";
import { reconsTracing, type ReconsTracing } from "../langsmith/tracing.js";
import type { Scenario } from "../scenarios/agentleak.js";
import { pairMember, runRecord, type TraceEvent } from "../topologies/run.js";
import { guardFor } from "./baselines.js";
import { measureRecord, type ContextProvider, type MeasuredRecord } from "./metrics.js";
import type { EvalRecord, RecordKey } from "./record.js";

export const MODELS = ["scripted", "openai"] as const;
export type ModelName = (typeof MODELS)[number];

export type Job = RecordKey;

export interface JobSettings {
  seed: string;
  model: ModelName;
  /** Trace every run to the LangSmith endpoint of the environment, sanitized (`reconsTracing`). */
  langsmith: boolean;
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

/** One LangSmith client per process (LANGSMITH_ENDPOINT, LANGSMITH_API_KEY, LANGSMITH_PROJECT). */
let langsmithClient: Client | undefined;

/**
 * Tracing for one run, sanitized by RECONS for the pair member and cell whatever sanitizer the
 * run measures (an unprotected run's trace must not leak either). Runs in a process are
 * sequential, so the shared client switches to the run's guard.
 */
function tracingFor(job: Job, member: Scenario, settings: JobSettings): ReconsTracing {
  const guard = cachedGuard({ ...job, sanitizer: "recons" }, member, settings.seed)!;
  langsmithClient ??= new Client();
  return reconsTracing(guard, { client: langsmithClient, projectName: process.env.LANGSMITH_PROJECT ?? "recons-eval" });
}

/** Runs one record with this process's guard for the pair member, cell and sanitizer (reused across levels). */
export async function executeJob(job: Job, scenario: Scenario, settings: JobSettings): Promise<FreshRecord> {
  const member = pairMember(scenario, job.pair, settings.seed);
  const guard = cachedGuard(job, member, settings.seed);
  const tracing = settings.langsmith ? tracingFor(job, member, settings) : null;
  const result = await runRecord({
    scenario,
    cell: job.cell,
    level: job.level,
    pair: job.pair,
    guard,
    model: settings.model,
    seed: settings.seed,
    horizon: job.horizon,
    // Metadata names the record in its trace; untraced, no one reads it, and every node would be delivered it (a guard call per node).
    ...(tracing ? { callbacks: tracing.callbacks, metadata: { scenario_id: job.scenario_id, cell: job.cell, level: job.level, pair: job.pair, sanitizer: job.sanitizer } } : {}),
  });
  // Sent before the next run switches the client to its own guard.
  await tracing?.flush();
  return { ...job, tracked: result.tracked, events: result.events };
}

/** A finished job: its records.jsonl line and the record already measured (measuring runs where the record was run). */
export interface JobOutput {
  line: string;
  measured: MeasuredRecord;
}

export async function runAndMeasure(job: Job, scenario: Scenario, settings: JobSettings, contextOf: ContextProvider): Promise<JobOutput> {
  const fresh = await executeJob(job, scenario, settings);
  const record: EvalRecord = { ...fresh, events: fresh.events.map((event) => ({ ...event, decisions: event.decisions.map((decision) => ({ ...decision })) })) };
  return { line: JSON.stringify(fresh), measured: measureRecord(record, contextOf(record)) };
}
