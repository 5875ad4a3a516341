import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "langsmith";
import { evaluate } from "langsmith/evaluation";
import type { Run } from "langsmith/schemas";
import { countOccurrences, reconsEvaluators, reconsTracing, vaultMeter, type ObservedDelivery } from "../../src/langsmith/index.js";
import { LangSmithRecordingServer } from "../helpers/langsmith-server.js";
import { INTRODUCED, leaksIn, makeGuard, observeStar, RECORD_TEXT, VAULT } from "../helpers/langsmith-graph.js";

function scores(events: ObservedDelivery[]): Record<string, number | boolean | null | undefined> {
  const run = { outputs: { recons_events: events } } as unknown as Run;
  return Object.fromEntries(reconsEvaluators(makeGuard()).map((evaluator) => evaluator({ run })).map((result) => [result.key, result.score]));
}

const delivery = (recipient: string, delivered: string): ObservedDelivery => ({
  channel: "C2",
  recipient,
  position: INTRODUCED.has(recipient) ? "introduced" : "original",
  original: RECORD_TEXT,
  delivered,
});

describe("RECONS evaluators", () => {
  it("score an unsanitized run as full leakage and full new-agent disclosure", () => {
    expect(scores([delivery("w1", RECORD_TEXT), delivery("w4", RECORD_TEXT)])).toEqual({
      recons_residual_leakage: 1,
      recons_correct_allow: 1,
      recons_new_agent_disclosure: 1,
    });
  });

  it("score blanket redaction as no leakage and no correct allow", () => {
    expect(scores([delivery("w1", "Patient [REDACTED], SSN [REDACTED]."), delivery("w4", "[REDACTED]")])).toEqual({
      recons_residual_leakage: 0,
      recons_correct_allow: 0,
      recons_new_agent_disclosure: 0,
    });
  });

  it("count occurrences by authorization: w1 may read the SSN and the name, w4 nothing", () => {
    const guard = makeGuard();
    const counts = countOccurrences(guard, vaultMeter(guard), [delivery("w1", `SSN ${VAULT.ssn}, ${VAULT.patient_name}`), delivery("w4", VAULT.email)]);
    expect(counts).toEqual({ shouldSanitize: 6, residual: 1, shouldAllow: 2, allowed: 2, introduced: 4, introducedResidual: 1 });
  });

  it("give no score without occurrences to measure", () => {
    expect(scores([delivery("w4", "")].map((event) => ({ ...event, original: "nothing protected" })))).toEqual({
      recons_residual_leakage: null,
      recons_correct_allow: null,
      recons_new_agent_disclosure: null,
    });
  });
});

describe("evaluate() against a LangSmith-compatible server", () => {
  let server: LangSmithRecordingServer;

  beforeAll(async () => {
    server = await new LangSmithRecordingServer().start();
  });
  afterAll(() => server.stop());

  it("runs the CW-7 sweep as an experiment: sanitized uploads, RECONS feedback", async () => {
    const guard = makeGuard();
    const tracing = reconsTracing(guard, { client: new Client({ apiUrl: server.url, apiKey: "dummy-key" }), protectDefaultClients: false });
    const dataset = await tracing.client.createDataset("cw7-sweep");
    await tracing.client.createExamples({ datasetId: dataset.id, inputs: [{ topology: "CW-7", seed: 1 }], outputs: [{}] });
    const results = await evaluate(async () => ({ recons_events: await observeStar(guard, { callbacks: tracing.callbacks }) }), {
      data: "cw7-sweep",
      evaluators: reconsEvaluators(guard),
      client: tracing.client,
      experimentPrefix: "recons-cw7",
      maxConcurrency: 1,
    });
    await tracing.flush();
    const rows = results.results.map((row) => Object.fromEntries(row.evaluationResults.results.map((result) => [result.key, result.score])));
    expect(rows).toHaveLength(1);
    expect(rows[0].recons_residual_leakage).toBe(0);
    expect(rows[0].recons_new_agent_disclosure).toBe(0);
    // 5 of 6: w2 may read the diagnosis, but it reaches w2 through the coordinator, which may not.
    expect(rows[0].recons_correct_allow).toBeCloseTo(5 / 6);
    expect(server.feedback.map((feedback) => feedback.key).sort()).toEqual(["recons_correct_allow", "recons_new_agent_disclosure", "recons_residual_leakage"]);
    expect(leaksIn(server)).toEqual([]);
    expect(tracing.blocked).toEqual([]);
    expect(server.unhandled).toEqual([]);
  });
});
