import { createRequire } from "node:module";
import { dirname } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Client } from "langsmith";
import { traceable } from "langsmith/traceable";
import { LangChainTracer } from "@langchain/core/tracers/tracer_langchain";
import { awaitAllCallbacks } from "@langchain/core/callbacks/promises";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { reconsTracing } from "../../src/langsmith/index.js";
import { LangSmithRecordingServer, type IngestMode, type RecordedRun } from "../helpers/langsmith-server.js";
import { buildStarGraph, COORDINATOR, deeplyNested, leaksIn, makeGuard, RECORD_TEXT, starInput, VAULT, WORKERS } from "../helpers/langsmith-graph.js";

/** Invoke the protected CW-7 graph with values in the run name, tags and deep metadata too. */
async function traceStar(server: LangSmithRecordingServer) {
  const guard = makeGuard();
  const tracing = reconsTracing(guard, { client: new Client({ apiUrl: server.url, apiKey: "dummy-key" }), projectName: "recons-test", protectDefaultClients: false });
  const graph = buildStarGraph({ guard, onDecision: tracing.onDecision, received: new Map() });
  await graph.invoke(starInput(), {
    callbacks: tracing.callbacks,
    runName: `case of ${VAULT.patient_name}`,
    tags: [`ssn:${VAULT.ssn}`],
    metadata: { record: deeplyNested(14, `${VAULT.email} ${VAULT.diagnosis}`) },
  });
  await tracing.flush();
  return tracing;
}

function nodeRun(runs: RecordedRun[], node: string): RecordedRun {
  const run = runs.find((candidate) => candidate.name === node && candidate.extra?.metadata?.langgraph_node === node);
  if (!run) throw new Error(`no run for node ${node}`);
  return run;
}

describe.each<IngestMode>(["multipart", "batch"])("LangSmith tracing through %s ingest", (mode) => {
  let server: LangSmithRecordingServer;

  beforeAll(async () => {
    server = await new LangSmithRecordingServer(mode).start();
  });
  afterAll(() => server.stop());

  it("sends no vault value in any form the core detects, and the runs arrive", async () => {
    const tracing = await traceStar(server);
    expect(server.requests.some((request) => request.path.startsWith(mode === "multipart" ? "/runs/multipart" : "/runs/batch"))).toBe(true);
    expect(leaksIn(server)).toEqual([]);
    expect(tracing.blocked).toEqual([]);
    expect(server.unhandled).toEqual([]);
    const runs = server.runList();
    for (const node of [COORDINATOR, ...WORKERS]) expect(nodeRun(runs, node).end_time).toBeDefined();
    const root = runs.find((run) => run.parent_run_id === undefined || run.parent_run_id === null);
    expect(root?.name).toMatch(/^case of /);
    expect(root?.name).not.toContain("Gonzalez");
    expect(JSON.stringify(root?.tags)).not.toContain(VAULT.ssn);
  });

  it("puts RECONS counts and tags on node runs and one child run per effective decision", () => {
    const runs = server.runList();
    const worker = nodeRun(runs, "w4");
    const counts = worker.extra?.metadata?.recons as { decisions: number; by_action: Record<string, number>; by_recipient: Record<string, number> };
    expect(counts.decisions).toBeGreaterThan(0);
    expect(Object.keys(counts.by_recipient)).toContain("w4");
    expect(worker.tags).toContain("recons");
    const children = runs.filter((run) => run.parent_run_id === worker.id && String(run.name).startsWith("recons:"));
    expect(children.length).toBe(counts.decisions - (counts.by_action.allow ?? 0));
    const fields = children.map((child) => child.extra?.metadata?.recons_field);
    expect(new Set(fields)).toEqual(new Set(["ssn", "patient_name", "email", "diagnosis"]));
    for (const child of children) {
      const metadata = child.extra!.metadata!;
      expect(child.name).toBe(`recons:${metadata.recons_action}`);
      expect(child.trace_id).toBe(worker.trace_id);
      expect(String(child.dotted_order).startsWith(`${worker.dotted_order}.`)).toBe(true);
      expect(metadata).toMatchObject({ recons_channel: "C2", recons_node: "w4" });
      for (const key of ["recons_kind", "recons_value_type", "recons_tier", "recons_confidence", "recons_fallback", "recons_path", "recons_resolution"]) expect(metadata).toHaveProperty(key);
    }
    // What w4 read was sanitized for w4 itself; what it wrote, for nobody in particular (field-level policy).
    const inputs = children.filter((child) => child.extra!.metadata!.recons_stage === "input");
    expect(inputs.length).toBeGreaterThan(0);
    for (const child of inputs) expect(child.extra!.metadata).toMatchObject({ recons_recipient: "w4", recons_position: "introduced", recons_resolution: "node-input" });
    // w1 may read the SSN: its input decision for the SSN is an allow, counted but not a child run.
    const w1 = nodeRun(runs, "w1");
    expect((w1.extra?.metadata?.recons as { by_action: Record<string, number> }).by_action.allow).toBeGreaterThan(0);
  });
});

describe("LangSmith tracing safety nets", () => {
  let server: LangSmithRecordingServer;

  beforeAll(async () => {
    server = await new LangSmithRecordingServer().start();
  });
  afterAll(() => server.stop());
  afterEach(() => {
    server.requests.length = 0;
    server.runs.clear();
  });

  it("the scan finds the values when tracing is not protected (control)", async () => {
    const client = new Client({ apiUrl: server.url, apiKey: "dummy-key" });
    const graph = buildStarGraph({ guard: makeGuard(), received: new Map() });
    await graph.invoke(starInput(), { callbacks: [new LangChainTracer({ client, projectName: "control" })] });
    await awaitAllCallbacks();
    await client.awaitPendingTraceBatches();
    expect(leaksIn(server)).toEqual(["diagnosis", "email", "patient_name", "ssn"]);
  });

  it("protects traceable runs: inputs past depth 10, outputs, errors, name and tags", async () => {
    const tracing = reconsTracing(makeGuard(), { client: new Client({ apiUrl: server.url, apiKey: "dummy-key" }), protectDefaultClients: false });
    const lookup = traceable(
      async (_request: Record<string, unknown>) => {
        throw new Error(`lookup failed for ${VAULT.ssn}`);
      },
      { name: `lookup ${VAULT.patient_name}`, tags: [VAULT.email], metadata: { note: deeplyNested(12, VAULT.diagnosis) }, client: tracing.client, project_name: "traceable", tracingEnabled: true },
    );
    await expect(lookup(deeplyNested(16, RECORD_TEXT))).rejects.toThrow(VAULT.ssn);
    const summarize = traceable(async (text: string) => ({ summary: deeplyNested(11, text) }), { name: "summarize", client: tracing.client, project_name: "traceable", tracingEnabled: true });
    await summarize(RECORD_TEXT);
    await tracing.flush();
    expect(server.runList().length).toBe(2);
    expect(leaksIn(server)).toEqual([]);
    const failed = server.runList().find((run) => run.error !== undefined);
    expect(failed?.error).toContain("lookup failed for");
    // Sanitized, not dropped: the leaf 16 levels down is still there, transformed.
    expect(JSON.stringify(failed?.inputs)).toMatch(/"leaf":"Patient [^"]+, SSN \d{3}-\d{2}-\d{4}/);
  });

  it("a streamed model run sends no token text (the client strips new_token events; a token alone cannot be judged)", async () => {
    const tracing = reconsTracing(makeGuard(), { client: new Client({ apiUrl: server.url, apiKey: "dummy-key" }), projectName: "tokens", protectDefaultClients: false });
    const model = new FakeListChatModel({ responses: [`On file: ${RECORD_TEXT}`] });
    for await (const _chunk of await model.stream("Summarize the record.", { callbacks: tracing.callbacks })) void _chunk;
    await tracing.flush();
    const [run] = server.runList().filter((candidate) => candidate.run_type === "llm");
    const tokens = (run.events as Array<{ name: string; kwargs?: unknown }>).filter((event) => event.name === "new_token");
    expect(tokens.length).toBeGreaterThan(100);
    expect(tokens.filter((event) => event.kwargs !== undefined)).toEqual([]);
    expect(JSON.stringify(run.outputs)).toMatch(/On file: Patient [^"]+, SSN \d{3}-\d{2}-\d{4}/);
    expect(leaksIn(server)).toEqual([]);
  });

  it("refuses a request body that still holds a value (byte-level backstop)", async () => {
    const tracing = reconsTracing(makeGuard(), { client: new Client({ apiUrl: server.url, apiKey: "dummy-key" }), protectDefaultClients: false });
    const feedback = tracing.client.createFeedback("0190a3f1-0000-7000-8000-000000000001", "note", { comment: `the SSN is ${VAULT.ssn}`, score: 1 });
    await expect(feedback).rejects.toThrow(/451/);
    await tracing.flush();
    expect(tracing.blocked.map((request) => request.fields)).toEqual([["ssn"]]);
    expect(leaksIn(server)).toEqual([]);
  });

  it("records a refused query string by its endpoint only: `blocked` is read and logged, it must not hold the value", async () => {
    const tracing = reconsTracing(makeGuard(), { client: new Client({ apiUrl: server.url, apiKey: "dummy-key" }), protectDefaultClients: false });
    await expect(tracing.client.readDataset({ datasetName: VAULT.ssn })).rejects.toThrow();
    expect(tracing.blocked).toHaveLength(1);
    expect(tracing.blocked[0]).toMatchObject({ fields: ["ssn"] });
    expect(tracing.blocked[0]!.url).toMatch(/\/datasets$/);
    expect(JSON.stringify(tracing.blocked)).not.toContain(VAULT.ssn);
  });

  it("LangChain's tracer resolves the top-level langsmith copy (not langgraph-cli's nested 0.9)", () => {
    const require = createRequire(import.meta.url);
    const ours = require.resolve("langsmith/package.json");
    const fromCore = createRequire(require.resolve("@langchain/core/package.json")).resolve("langsmith/package.json");
    expect(fromCore).toBe(ours);
    expect((require(ours) as { version: string }).version).toMatch(/^0\.12\./);
    const tracing = reconsTracing(makeGuard(), { protectDefaultClients: false, client: new Client({ apiUrl: server.url }) });
    expect(tracing.tracer.client).toBeInstanceOf(Client);
    expect(dirname(ours)).not.toContain("langgraph-cli");
  });

  it("rejects a client that is not the top-level langsmith Client", () => {
    expect(() => reconsTracing(makeGuard(), { client: {} as Client })).toThrow(/top-level langsmith/);
  });
});
