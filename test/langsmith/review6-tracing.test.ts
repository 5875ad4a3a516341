import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "langsmith";
import { reconsTracing } from "../../src/langsmith/index.js";
import { loadAgentLeak } from "../../src/scenarios/agentleak.js";
import { defaultGuard, pairMember, runRecord } from "../../src/topologies/run.js";
import { LangSmithRecordingServer } from "../helpers/langsmith-server.js";

let server: LangSmithRecordingServer;
beforeAll(async () => {
  server = await new LangSmithRecordingServer("multipart").start();
});
afterAll(() => server.stop());

describe("RECONS's own counts in traces", () => {
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

describe("the client's own ids and times", () => {
  it("a run id whose digit group equals a short vault number, and times on a vault date, do not block the run; a vault UUID still does", async () => {
    const { createRecons } = await import("../../src/guard.js");
    const caseId = "7d2f8a10-4c3b-4e21-9f00-5a6b7c8d9e0f";
    const guard = createRecons({
      secret: "s",
      vault: { account_last4: "****9925", visit_date: "2025-03-23", case_uuid: caseId },
      policy: { fields: { account_last4: { authorized: ["teller"] }, visit_date: { authorized: ["teller"] }, case_uuid: { authorized: ["teller"] } } },
    });
    const tracing = reconsTracing(guard, { client: new Client({ apiUrl: server.url, apiKey: "dummy-key" }), projectName: "ids", protectDefaultClients: false });
    const id = "019ad3b4-9925-7bbb-8ccc-123456789012";
    const time = "2025-03-23T10:15:30.123Z";
    await tracing.client.createRun({ id, trace_id: id, dotted_order: `20250323T101530123000Z${id}`, name: "lookup", run_type: "chain", inputs: { question: "status?" }, start_time: time });
    await tracing.flush();
    expect(tracing.blocked).toEqual([]);
    expect(server.runList().find((run) => run.id === id)?.inputs).toEqual({ question: "status?" });
    // A UUID that is itself a vault value is refused, wherever it is.
    await expect(tracing.client.createFeedback(id, "note", { comment: `case ${caseId}`, score: 1 })).rejects.toThrow(/451/);
    expect(tracing.blocked.map((request) => request.fields)).toEqual([["case_uuid"]]);
  });
});

describe("the endpoint's own address", () => {
  it("a vault number equal to the endpoint's port does not block the batch; a query holding a vault value still does", async () => {
    const { createRecons } = await import("../../src/guard.js");
    const port = new URL(server.url).port;
    const guard = createRecons({ secret: "s", vault: { salary: `$${Number(port).toLocaleString("en-US")}`, ssn: "939-79-6410" }, policy: { fields: { salary: { authorized: ["hr"] }, ssn: { authorized: ["hr"] } } } });
    const tracing = reconsTracing(guard, { client: new Client({ apiUrl: server.url, apiKey: "dummy-key" }), projectName: "port", protectDefaultClients: false });
    const id = "019ad3b4-1111-7bbb-8ccc-123456789012";
    await tracing.client.createRun({ id, trace_id: id, dotted_order: `20250323T101530123000Z${id}`, name: "lookup", run_type: "chain", inputs: { question: "status?" }, start_time: Date.now() });
    await tracing.flush();
    expect(tracing.blocked).toEqual([]);
    await expect(tracing.client.readDataset({ datasetName: "939-79-6410" })).rejects.toThrow();
    expect(tracing.blocked.map((request) => request.fields)).toEqual([["ssn"]]);
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

describe("decisions of the caller's output", () => {
  it("an invoke's output decisions (taken after its root run ended) hang under its own trace, not the next one", async () => {
    const { AIMessage, HumanMessage } = await import("@langchain/core/messages");
    const { END, MessagesAnnotation, START, StateGraph } = await import("@langchain/langgraph");
    const { createRecons } = await import("../../src/guard.js");
    const { withRecons } = await import("../../src/langgraph/index.js");
    const vault = { iban: "DE89 3704 0044 0532 0130 00", customer: "Ada Lovelace" };
    const guard = createRecons({ secret: "ledger", vault, policy: { fields: { iban: { kind: "iban", authorized: ["payments"] }, customer: { kind: "name", authorized: ["advisor"] } } } });
    // Callbacks awaited in line (read when the tracer is made): the root run ends before invoke delivers to the caller.
    const background = process.env.LANGCHAIN_CALLBACKS_BACKGROUND;
    process.env.LANGCHAIN_CALLBACKS_BACKGROUND = "false";
    const tracing = reconsTracing(guard, { client: new Client({ apiUrl: server.url, apiKey: "dummy-key" }), projectName: "ledger", protectDefaultClients: false });
    const relay = (name: string) => (state: typeof MessagesAnnotation.State) => ({ messages: [new AIMessage({ content: `${name} read: ${String(state.messages.at(-1)!.content)}`, name })] });
    const builder = new StateGraph(MessagesAnnotation).addNode("intake", relay("intake")).addEdge(START, "intake");
    for (const name of ["advisor", "payments"]) builder.addNode(name, relay(name)).addEdge("intake", name).addEdge(name, END);
    const graph = withRecons(builder, guard, { onDecision: tracing.onDecision }).compile();
    for (const name of ["first", "second"]) {
      await graph.invoke({ messages: [new HumanMessage(`${vault.customer} (IBAN ${vault.iban}) trace ${name}`)] }, { callbacks: tracing.callbacks, runName: `trace-${name}` });
      await tracing.flush();
    }
    if (background === undefined) delete process.env.LANGCHAIN_CALLBACKS_BACKGROUND;
    else process.env.LANGCHAIN_CALLBACKS_BACKGROUND = background;
    const runs = server.runList();
    const roots = new Map(runs.filter((run) => !run.parent_run_id).map((run) => [run.trace_id, run.name]));
    const outputs = runs.filter((run) => run.extra?.metadata?.recons_resolution === "final-output");
    expect(outputs.length).toBeGreaterThan(0);
    const perTrace = new Map<unknown, number>();
    for (const run of outputs) perTrace.set(roots.get(run.trace_id), (perTrace.get(roots.get(run.trace_id)) ?? 0) + 1);
    // The same graph and input shape: each trace carries its own, equally many.
    expect(perTrace.get("trace-first")).toBeGreaterThan(0);
    expect(perTrace.get("trace-first")).toBe(perTrace.get("trace-second"));
  });
});

describe("a traced node that logs its config", () => {
  it("console.log / util.inspect of the config (its callbacks hold the tracer and its runs) shows no raw value", async () => {
    const { inspect } = await import("node:util");
    const { HumanMessage } = await import("@langchain/core/messages");
    const { MessagesAnnotation, START, StateGraph } = await import("@langchain/langgraph");
    const { createRecons } = await import("../../src/guard.js");
    const { withRecons } = await import("../../src/langgraph/index.js");
    const guard = createRecons({ secret: "logged", vault: { ssn: "939-79-6410" }, policy: { fields: { ssn: { kind: "ssn", authorized: ["intake"] } } } });
    const tracing = reconsTracing(guard, { client: new Client({ apiUrl: server.url, apiKey: "dummy-key" }), projectName: "logged", protectDefaultClients: false });
    let logged = "";
    const builder = new StateGraph(MessagesAnnotation)
      .addNode("clerk", async (_state, config) => {
        logged = inspect(config, { depth: 12 });
        return {};
      })
      .addEdge(START, "clerk");
    await withRecons(builder, guard).compile().invoke({ messages: [new HumanMessage("SSN 939-79-6410")] }, { callbacks: tracing.callbacks });
    await tracing.flush();
    expect(logged).toContain("callbacks");
    expect(logged).not.toContain("939-79-6410");
  });
});
