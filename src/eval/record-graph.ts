/**
 * The sweep's unit of work as a LangGraph graph (`eval-record` in langgraph.json), so a LangGraph
 * API server (`langgraph dev`, a Platform deployment) runs records for `recons eval --remote`:
 * one node takes a job, its settings and the scenario's AgentLeak JSON, runs exactly what a worker
 * process runs (`runAndMeasure`) and returns the records.jsonl line with the record measured.
 */
import { readFileSync } from "node:fs";
import { AsyncLocalStorageProviderSingleton } from "@langchain/core/singletons";
import { Annotation, StateGraph } from "@langchain/langgraph";
import { z } from "zod";
import { parseAgentLeakJsonl, parseScenario, type Scenario } from "../scenarios/agentleak.js";
import { corpusContext } from "./context.js";
import { MODELS, runAndMeasure, type JobOutput } from "./job.js";
import type { MeasuredRecord } from "./metrics.js";
import { CELL_NAMES, LEVELS, PAIR_MEMBERS, SANITIZER_NAMES } from "./record.js";

const SAMPLE = new URL("../../data/agentleak-sample.jsonl", import.meta.url);

export const remoteRecordInputSchema = z.object({
  job: z.object({
    scenario_id: z.string().min(1),
    cell: z.enum(CELL_NAMES),
    level: z.enum(LEVELS),
    pair: z.enum(PAIR_MEMBERS),
    sanitizer: z.enum(SANITIZER_NAMES),
    horizon: z.number().int().positive(),
  }),
  settings: z.object({ seed: z.string().min(1), model: z.enum(MODELS), langsmith: z.boolean() }),
  /** The scenario as one AgentLeak JSONL object; absent: the scenario of that id in the bundled sample (data/agentleak-sample.jsonl). */
  scenario: z.unknown().optional(),
});
export type RemoteRecordInput = z.input<typeof remoteRecordInputSchema>;

/** What the graph returns, checked on the runner's side before the line is written. */
export const remoteRecordOutputSchema = z.object({
  line: z.string().min(1),
  measured: z.custom<MeasuredRecord>((value) => typeof value === "object" && value !== null && "record" in value, "expected a measured record"),
});

function scenarioOf(input: z.output<typeof remoteRecordInputSchema>): Scenario {
  if (input.scenario !== undefined) return parseScenario(input.scenario);
  const found = parseAgentLeakJsonl(readFileSync(SAMPLE, "utf8"), SAMPLE.pathname).find((s) => s.id === input.job.scenario_id);
  if (!found) throw new Error(`scenario ${input.job.scenario_id} is neither in the input nor in the bundled sample`);
  return found;
}

/** job.ts keeps one process's guards and LangSmith client for the run in progress: runs of this server process go one at a time, as in a worker. */
let queue: Promise<unknown> = Promise.resolve();

function oneAtATime<T>(run: () => Promise<T>): Promise<T> {
  const result = queue.then(run);
  queue = result.catch(() => undefined);
  return result;
}

async function runRemoteRecord(input: unknown): Promise<JobOutput> {
  const parsed = remoteRecordInputSchema.parse(input);
  const scenario = scenarioOf(parsed);
  if (scenario.id !== parsed.job.scenario_id) throw new Error(`the input scenario is ${scenario.id}, the job's is ${parsed.job.scenario_id}`);
  // Outside this node's run context: a graph invoked inside a node inherits the server's config (checkpointer, callbacks) and would run differently from a worker.
  const outsideRunContext = <T>(run: () => Promise<T>) => AsyncLocalStorageProviderSingleton.getInstance().run(undefined, run);
  return oneAtATime(() => outsideRunContext(() => runAndMeasure(parsed.job, scenario, parsed.settings, corpusContext([scenario], parsed.settings.seed))));
}

const RecordState = Annotation.Root({
  job: Annotation<RemoteRecordInput["job"]>,
  settings: Annotation<RemoteRecordInput["settings"]>,
  scenario: Annotation<unknown>,
  line: Annotation<string>,
  measured: Annotation<MeasuredRecord>,
});

export function evalRecordGraph() {
  return new StateGraph(RecordState)
    .addNode("record", ({ job, settings, scenario }) => runRemoteRecord({ job, settings, scenario }))
    .addEdge("__start__", "record")
    .addEdge("record", "__end__")
    .compile();
}
