/**
 * `recons eval --remote <url>`: each record runs on a LangGraph API server (`langgraph dev`, a
 * LangGraph Platform deployment) as a stateless run of the `eval-record` graph, through
 * @langchain/langgraph-sdk. The scenario travels in the input, so the server needs no copy of the corpus.
 */
import { Client } from "@langchain/langgraph-sdk";
import { z } from "zod";
import type { Scenario } from "../scenarios/agentleak.js";
import type { Job, JobOutput, JobSettings } from "./job.js";
import { remoteRecordOutputSchema, type RemoteRecordInput } from "./record-graph.js";
import { parseJson } from "../json-text.js";

/** Graph id of the record graph in langgraph.json. */
export const EVAL_RECORD_GRAPH = "eval-record";

export const remoteUrlSchema = z.url({ protocol: /^https?$/, error: "expected the http(s) URL of a LangGraph API server" });

/** A run that failed on the server comes back as state with `__error__`. */
const failedRunSchema = z.object({ __error__: z.object({ error: z.string().optional(), message: z.string().optional() }).loose() });

/** AgentLeak JSON of the scenarios of a corpus JSONL, by scenario id (what `parseScenario` parses on the server). */
export function scenarioJsonById(corpusText: string, scenarios: readonly Scenario[]): Map<string, unknown> {
  const wanted = new Set(scenarios.map((s) => s.id));
  const byId = new Map<string, unknown>();
  for (const [index, line] of corpusText.split("\n").entries()) {
    if (line.trim() === "") continue;
    const json = parseJson(line, `corpus line ${index + 1}`);
    const id = z.object({ scenario_id: z.string() }).loose().safeParse(json).data?.scenario_id;
    if (id !== undefined && wanted.has(id)) byId.set(id, json);
  }
  return byId;
}

/** Runs one job on the server at `url` and returns what a worker process would have replied. */
export function remoteJobRunner(url: string, settings: JobSettings, scenarioJson: ReadonlyMap<string, unknown>): (job: Job) => Promise<JobOutput> {
  const client = new Client({ apiUrl: url, apiKey: null });
  return async (job) => {
    const input: RemoteRecordInput = { job, settings, scenario: scenarioJson.get(job.scenario_id) };
    const state: unknown = await client.runs.wait(null, EVAL_RECORD_GRAPH, { input });
    const failed = failedRunSchema.safeParse(state);
    if (failed.success) throw new Error(`${url}: ${failed.data.__error__.error ?? "run failed"}: ${failed.data.__error__.message ?? ""}`);
    const output = remoteRecordOutputSchema.safeParse(state);
    if (!output.success) throw new Error(`${url}: the ${EVAL_RECORD_GRAPH} graph returned no record (${output.error.issues[0]?.message})`);
    return output.data;
  };
}
