import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "langsmith";
import { reconsTracing } from "../../src/langsmith/index.js";
import { loadAgentLeak } from "../../src/scenarios/agentleak.js";
import { defaultGuard, pairMember, runRecord } from "../../src/topologies/run.js";
import { LangSmithRecordingServer } from "../helpers/langsmith-server.js";

describe("RECONS's own counts in traces", () => {
  let server: LangSmithRecordingServer;
  beforeAll(async () => {
    server = await new LangSmithRecordingServer("multipart").start();
  });
  afterAll(() => server.stop());

  it("a count equal to a small vault number (fraud scores 0, 11, 16) does not block the trace", async () => {
    const scenario = (await loadAgentLeak("data/agentleak-sample.jsonl")).find((candidate) => candidate.id === "agentleak_fin_00264")!;
    const member = pairMember(scenario, "tau", "1");
    const guard = defaultGuard(member, "CW-7", "1");
    const tracing = reconsTracing(guard, { client: new Client({ apiUrl: server.url, apiKey: "dummy-key" }), projectName: "counts", protectDefaultClients: false });
    await runRecord({ scenario, cell: "CW-7", level: "A0", pair: "tau", guard, seed: "1", horizon: 1, callbacks: tracing.callbacks });
    await tracing.flush();
    expect(tracing.blocked).toEqual([]);
    const runs = server.runList();
    // Every run whose payload RECONS changed says how much, in numbers that are its own.
    const changed = runs.filter((run) => run.extra?.metadata?.recons_trace !== undefined);
    expect(changed.length).toBeGreaterThan(0);
    for (const run of changed) {
      for (const count of Object.values(run.extra!.metadata!.recons_trace as Record<string, number>)) expect(Number.isInteger(count) && count > 0).toBe(true);
    }
  });
});

describe("bytes in a traced run", () => {
  it("a Buffer or Uint8Array in a run's inputs is sanitized as the text it holds", async () => {
    const { createRecons } = await import("../../src/guard.js");
    const { sanitizeRun } = await import("../../src/langsmith/index.js");
    const guard = createRecons({ secret: "s", vault: { ssn: "939-79-6410", patient_name: "Tanya Bryant" }, policy: { fields: { ssn: { authorized: ["intake"] }, patient_name: { authorized: ["intake"] } } } });
    const raw = "Patient Tanya Bryant, SSN 939-79-6410";
    for (const bytes of [Buffer.from(raw), new Uint8Array(Buffer.from(raw))]) {
      const sent = JSON.stringify(sanitizeRun({ guard, recipient: "langsmith", channel: "C6" }, { id: "r1", inputs: { document: bytes } }));
      expect(sent).toContain("Patient");
      // Neither as text nor as the byte values JSON would list.
      expect(sent).not.toMatch(/Bryant|939-79-6410/);
      expect(sent).not.toContain(String([...Buffer.from("939")]));
    }
  });
});
