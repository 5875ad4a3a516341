/**
 * Fifth review (createAgent middleware, protectTool / protectedToolNode, LangSmith client, CLI).
 * Every test here FAILS on the reviewed code: each pins one confirmed finding and asserts the
 * correct behaviour. Scratch repros: bench/_rv5_*.ts.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createAgent, dynamicSystemPromptMiddleware, humanInTheLoopMiddleware, toolStrategy } from "langchain";
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { Command, MemorySaver } from "@langchain/langgraph";
import { Client } from "langsmith";
import { RunnableLambda } from "@langchain/core/runnables";
import { createRecons } from "../../src/guard.js";
import { reconsMiddleware } from "../../src/langgraph/middleware.js";
import { withRecons } from "../../src/langgraph/with-recons.js";
import { protectTool, protectedToolNode } from "../../src/langgraph/tools.js";
import { reconsTracing } from "../../src/langsmith/index.js";
import { runCli } from "../../src/cli/main.js";
import { ScriptedChatModel } from "../helpers/scripted-chat-model.js";
import { LangSmithRecordingServer } from "../helpers/langsmith-server.js";

const SSN = "939-79-6410";

/** The model (`assistant`) and the named tools may see the SSN; the caller (`user`) may not. */
function guardFor(authorized: string[] = ["assistant", "tool:lookup", "tool:send"]) {
  return createRecons({ vault: { ssn: SSN }, secret: "review5-secret", policy: { fields: { ssn: { valueType: "format", kind: "ssn", authorized } } } });
}

/** A lookup tool whose result carries the SSN (the model may see it, the caller may not). */
const lookup = () => tool(async () => JSON.stringify({ ssn: SSN }), { name: "lookup", description: "look a patient up", schema: z.object({ q: z.string() }) });

const echoAll = (messages: { content: unknown }[]) => JSON.stringify(messages.map((message) => message.content));

describe("review 5: reconsMiddleware (createAgent)", () => {
  it("sanitizes the structured response (responseFormat) for the caller, not only messages", async () => {
    const guard = guardFor();
    const model = new ScriptedChatModel("assistant", [
      { toolCalls: [{ name: "lookup", args: { q: "x" } }] },
      (messages) => ({ toolCalls: [{ name: "Report", args: { summary: `found ${echoAll(messages)}` } }] }),
    ]);
    const responseFormat = toolStrategy({ type: "object", title: "Report", properties: { summary: { type: "string" } }, required: ["summary"] } as never);
    const agent = createAgent({ model, tools: [lookup()], responseFormat, middleware: [reconsMiddleware(guard, { model: "assistant" })] });
    const result = (await agent.invoke({ messages: [new HumanMessage("find the patient")] })) as { structuredResponse?: unknown };
    expect(JSON.stringify(result.structuredResponse)).toContain("found");
    expect(JSON.stringify(result.structuredResponse)).not.toContain(SSN);
  });

  it("sanitizes extra state keys (stateSchema) of the final state for the caller", async () => {
    const guard = guardFor();
    const save = tool(
      async (_args, config: { toolCall?: { id?: string } }) =>
        new Command({ update: { notes: `ssn ${SSN}`, messages: [new ToolMessage({ content: "saved", tool_call_id: config.toolCall?.id ?? "x" })] } }),
      { name: "lookup", description: "save a note", schema: z.object({ q: z.string() }) },
    );
    const model = new ScriptedChatModel("assistant", [{ toolCalls: [{ name: "lookup", args: { q: "x" } }] }, { content: "done" }]);
    // Keys the middleware's hooks do not see reach the caller through the agent's graph: withRecons(agent) guards that boundary.
    const agent = withRecons(createAgent({ model, tools: [save], stateSchema: z.object({ notes: z.string().default("") }) as never, middleware: [reconsMiddleware(guard, { model: "assistant" })] }), guard);
    const result = (await agent.invoke({ messages: [new HumanMessage("save it")] })) as Record<string, unknown>;
    expect(String(result.notes)).toContain("ssn");
    expect(String(result.notes)).not.toContain(SSN);
  });

  it("agent.stream (updates) hands the caller no value the caller may not see", async () => {
    const guard = guardFor();
    const model = new ScriptedChatModel("assistant", [{ toolCalls: [{ name: "lookup", args: { q: "x" } }] }, (messages) => ({ content: `answer ${echoAll(messages)}` })]);
    const agent = withRecons(createAgent({ model, tools: [lookup()], middleware: [reconsMiddleware(guard, { model: "assistant" })] }), guard);
    let streamed = "";
    for await (const chunk of await agent.stream({ messages: [new HumanMessage("find the patient")] }, { streamMode: "updates" })) streamed += JSON.stringify(chunk);
    expect(streamed).toContain("answer");
    expect(streamed).not.toContain(SSN);
  });

  it("an error thrown by the model (quoting its prompt) reaches the caller sanitized for the caller", async () => {
    const guard = guardFor();
    const model = new ScriptedChatModel("assistant", [
      { toolCalls: [{ name: "lookup", args: { q: "x" } }] },
      (messages) => {
        throw new Error(`400 bad request: ${echoAll(messages)}`);
      },
    ]);
    const agent = createAgent({ model, tools: [lookup()], middleware: [reconsMiddleware(guard, { model: "assistant" })] });
    const outcome = await agent.invoke({ messages: [new HumanMessage("find the patient")] }).then(
      () => "no error",
      (error: Error) => `${error.message}\n${error.stack}`,
    );
    expect(outcome).toContain("400 bad request");
    expect(outcome).not.toContain(SSN);
  });

  it("with humanInTheLoopMiddleware, the interrupt shown to the caller holds no value the caller may not see", async () => {
    const guard = guardFor();
    const send = tool(async () => "sent", { name: "send", description: "send", schema: z.object({ to: z.string() }) });
    const model = new ScriptedChatModel("assistant", [
      { toolCalls: [{ name: "lookup", args: { q: "x" } }] },
      (messages) => ({ toolCalls: [{ name: "send", args: { to: `ssn ${(JSON.parse(String(messages.at(-1)!.content)) as { ssn: string }).ssn}` } }] }),
      { content: "done" },
    ]);
    const agent = withRecons(
      createAgent({
        model,
        tools: [lookup(), send],
        checkpointer: new MemorySaver(),
        middleware: [reconsMiddleware(guard, { model: "assistant" }), humanInTheLoopMiddleware({ interruptOn: { send: true } })],
      }),
      guard,
    );
    const result = (await agent.invoke({ messages: [new HumanMessage("find and send")] }, { configurable: { thread_id: "rv5-hitl" } })) as Record<string, unknown>;
    expect(result.__interrupt__).toBeDefined();
    expect(JSON.stringify(result)).not.toContain(SSN);
  });

  it("a tool gets no value it may not see through its runtime state (only its args are sanitized)", async () => {
    const guard = guardFor(["assistant"]);
    let seen = "";
    const peek = tool(
      async (_args, runtime: { state?: unknown }) => {
        seen = JSON.stringify(runtime?.state ?? null);
        return "ok";
      },
      { name: "peek", description: "peek", schema: z.object({ q: z.string() }) },
    );
    const model = new ScriptedChatModel("assistant", [{ toolCalls: [{ name: "peek", args: { q: "x" } }] }, { content: "done" }]);
    const agent = createAgent({ model, tools: [peek], middleware: [reconsMiddleware(guard, { model: "assistant" })] });
    await agent.invoke({ messages: [new HumanMessage(`my ssn is ${SSN}`)] });
    expect(seen).toContain("my ssn is");
    expect(seen).not.toContain(SSN);
  });
  it("what a middleware listed after it puts into the model request (a dynamic system prompt) is sanitized too", async () => {
    const guard = guardFor([]);
    const model = new ScriptedChatModel("assistant", [{ content: "done" }]);
    const agent = createAgent({
      model,
      tools: [],
      middleware: [reconsMiddleware(guard, { model: "assistant" }), dynamicSystemPromptMiddleware(() => `Patient SSN on file: ${SSN}`)] as never,
    });
    await (agent as unknown as { invoke: (input: unknown) => Promise<unknown> }).invoke({ messages: [new HumanMessage("hi")] });
    const seen = JSON.stringify(model.received.flat().map((message) => message.content));
    expect(seen).toContain("Patient SSN on file");
    expect(seen).not.toContain(SSN);
  });
});

describe("review 5: protectTool / protectedToolNode", () => {
  const callWith = (args: Record<string, unknown>) => ({
    messages: [new AIMessage({ content: "", tool_calls: [{ name: "lookup", args, id: "c1", type: "tool_call" as const }] })],
  });

  it("a tool's error quoting its (authorized) args becomes a ToolMessage sanitized for the caller", async () => {
    const guard = guardFor(["tool:lookup"]);
    const failing = tool(
      async (args) => {
        throw new Error(`no record for ${args.q}`);
      },
      { name: "lookup", description: "look up", schema: z.object({ q: z.string() }) },
    );
    const result = await protectedToolNode([failing], guard, { caller: "agent" }).invoke(callWith({ q: SSN }));
    const text = JSON.stringify(result);
    expect(text).toContain("no record for");
    expect(text).not.toContain(SSN);
  });

  it("a schema validation error of the wrapped tool does not hand the caller the raw arguments", async () => {
    const guard = guardFor(["tool:lookup"]);
    const strict = tool(async () => "ok", { name: "lookup", description: "look up", schema: z.object({ q: z.string(), n: z.number() }) });
    const error = (await protectTool(strict, guard, { caller: "agent" }).invoke({ q: SSN, n: "not a number" } as never).then(
      () => undefined,
      (caught: unknown) => caught,
    )) as Error & Record<string, unknown>;
    expect(error).toBeInstanceOf(Error);
    const everything = JSON.stringify({ ...error, message: error.message, stack: error.stack });
    expect(everything).toContain("did not match expected schema");
    expect(everything).not.toContain(SSN);
  });
  it("registers protected fields of a ToolMessage whose content is an array of text blocks holding JSON", async () => {
    const INSURANCE_ID = "INS-7734-2209";
    const guard = createRecons({
      vault: { ssn: SSN },
      secret: "review5-secret",
      policy: { fields: { ssn: { valueType: "format", kind: "ssn", authorized: [] }, insurance_id: { valueType: "format", kind: "id", authorized: ["user"] } } },
    });
    const blocks = tool(
      async (_args, config: { toolCall?: { id?: string } }) =>
        new ToolMessage({ content: [{ type: "text", text: JSON.stringify({ insurance_id: INSURANCE_ID }) }], tool_call_id: config.toolCall?.id ?? "x" }),
      { name: "lookup", description: "look up", schema: z.object({ q: z.string() }) },
    );
    const result = await protectedToolNode([blocks], guard, { caller: "agent" }).invoke(callWith({ q: "x" }));
    expect(guard.vault.entries().some((entry) => entry.field === "insurance_id" && entry.value === INSURANCE_ID)).toBe(true);
    expect(JSON.stringify(result)).not.toContain(INSURANCE_ID);
  });
});

describe("review 5: protectTool entry points", () => {
  it("the wrapped tool's public call() is protected like invoke()", async () => {
    const guard = guardFor([]);
    const received: unknown[] = [];
    const echo = tool(
      async (args) => {
        received.push(args);
        return `echo ${args.q}`;
      },
      { name: "lookup", description: "echo", schema: z.object({ q: z.string() }) },
    );
    const wrapped = protectTool(echo, guard, { caller: "agent" }) as unknown as { call: (args: unknown) => Promise<unknown> };
    const output = await wrapped.call({ q: SSN });
    expect(JSON.stringify(received)).not.toContain(SSN);
    expect(JSON.stringify(output)).not.toContain(SSN);
  });
});

describe("review 5: LangSmith client", () => {
  it("the protected client sends no vault value in a request URL (query string)", async () => {
    const server = await new LangSmithRecordingServer("multipart").start();
    try {
      const guard = guardFor(["user"]);
      const client = new Client({ apiUrl: server.url, apiKey: "dummy-key" });
      reconsTracing(guard, { client, projectName: "rv5", protectDefaultClients: false });
      await client.hasDataset({ datasetName: `patient ${SSN}` }).catch(() => undefined);
      const urls = server.requests.map((request) => decodeURIComponent(request.path.replace(/\+/g, " ")));
      expect(urls.filter((url) => url.includes(SSN))).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});

describe("review 5: decisions and trace project names", () => {
  it("a decision's path does not name an object key that is itself a protected value", () => {
    const MRN = "MRN4471093";
    const guard = createRecons({ vault: { ssn: SSN, mrn: MRN }, secret: "review5-secret", policy: { fields: { ssn: { valueType: "format", kind: "ssn", authorized: [] }, mrn: { kind: "id", authorized: [] } } } });
    const result = guard.sanitizeSync({ channel: "C2", recipient: "worker", content: { [MRN]: `ssn ${SSN}` } });
    expect(JSON.stringify(result.content)).not.toContain(MRN);
    expect(result.decisions.length).toBeGreaterThan(0);
    expect(JSON.stringify(result.decisions)).not.toContain(MRN);
  });

  it("a project name holding a protected value is refused up front or sanitized, not a silently dropped trace batch", async () => {
    const server = await new LangSmithRecordingServer("batch").start();
    try {
      const guard = guardFor(["user"]);
      const client = new Client({ apiUrl: server.url, apiKey: "dummy-key" });
      let tracing: ReturnType<typeof reconsTracing> | undefined;
      try {
        tracing = reconsTracing(guard, { client, projectName: `patient ${SSN}`, protectDefaultClients: false });
      } catch (error) {
        // Refusing the option with an error that names it is correct too.
        expect(String((error as Error).message)).toContain("projectName");
        expect(String((error as Error).message)).not.toContain(SSN);
        return;
      }
      await RunnableLambda.from(async (text: string) => `ok ${text}`)
        .withConfig({ runName: "step" })
        .invoke("hello", { callbacks: tracing.callbacks })
        .catch(() => undefined);
      await tracing.flush().catch(() => undefined);
      expect(tracing.blocked).toEqual([]);
      expect(server.runList().map((run) => run.name)).toContain("step");
      expect(server.receivedText()).not.toContain(SSN);
    } finally {
      await server.stop();
    }
  });
});

describe("review 5: CLI", () => {
  const SAMPLE = new URL("../../data/agentleak-sample.jsonl", import.meta.url).pathname;
  const TRACES = new URL("../fixtures/traces.jsonl", import.meta.url).pathname;
  const dir = () => mkdtempSync(join(tmpdir(), "recons-rv5-"));
  async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
    let out = "";
    let err = "";
    const code = await runCli(["node", "recons", ...args], { writeOut: (text) => (out += text), writeErr: (text) => (err += text) });
    return { code, out, err };
  }

  it("a corpus line that is not valid JSON is reported by line without echoing the vault value next to the error", async () => {
    const line = readFileSync(SAMPLE, "utf8").split("\n")[0]!;
    expect(line).toContain('"phone": "555-0174"');
    const corpus = join(dir(), "corpus.jsonl");
    writeFileSync(corpus, `${line.replace('"phone": "555-0174"', "\"phone\": '555-0174'")}\n`);
    const result = await run("eval", "--corpus", corpus, "--out", join(dir(), "out"), "--quiet", "--concurrency", "1");
    expect(result.code).not.toBe(0);
    expect(result.err).toContain("corpus.jsonl:1");
    expect(result.err).not.toContain("555-0174");
  });

  it("a trace line that is not valid JSON is reported by line without echoing the vault value", async () => {
    const line = readFileSync(TRACES, "utf8").split("\n")[0]!;
    expect(line).toContain('"ssn_real": "121-83-2523"');
    const traces = join(dir(), "traces.jsonl");
    writeFileSync(traces, `${line.replace('"ssn_real": "121-83-2523"', "\"ssn_real\": '121832523'")}\n`);
    const result = await run("replay", "--traces", traces, "--out", join(dir(), "replayed.jsonl"));
    expect(result.code).not.toBe(0);
    expect(result.err).toContain("traces.jsonl:1");
    expect(result.err).not.toContain("121832523");
  });

  it("calibrate names the file and line of a labels line that is not valid JSON, without echoing its value", async () => {
    const labels = join(dir(), "labels.jsonl");
    const good = JSON.stringify({ text: "a note", field: "ssn", value: "985-71-8578", kind: "ssn", label: 1, score: 0.9 });
    writeFileSync(labels, `${good}\n{"text": "a note", "field": "ssn", "value": '985718578', "kind": "ssn", "label": 1}\n`);
    const result = await run("calibrate", "--labels", labels);
    expect(result.code).not.toBe(0);
    expect(result.err).toContain("labels.jsonl:2");
    expect(result.err).not.toContain("985718578");
  });

  it("replay refuses --out naming the --traces file instead of overwriting its input", async () => {
    const traces = join(dir(), "traces.jsonl");
    const original = readFileSync(TRACES, "utf8");
    writeFileSync(traces, original);
    const result = await run("replay", "--traces", traces, "--out", traces);
    expect(readFileSync(traces, "utf8")).toBe(original);
    expect(result.code).not.toBe(0);
    expect(result.err).toContain("--out");
  });

  it("resuming an eval whose records.jsonl has a damaged line in the middle loses none of the records after it", async () => {
    const out = dir();
    const common = ["--corpus", SAMPLE, "--out", out, "--quiet", "--concurrency", "1", "--limit", "1", "--levels", "A0", "--horizons", "1", "--sanitizer", "none"];
    expect((await run("eval", ...common, "--cells", "CW-2,CW-7")).code).toBe(0);
    const path = join(out, "records.jsonl");
    const lines = readFileSync(path, "utf8").split("\n").filter((line) => line !== "");
    expect(lines).toHaveLength(4);
    // Line 2 damaged (cut short); lines 3 and 4 (the CW-7 records) intact.
    writeFileSync(path, [lines[0], lines[1]!.slice(0, 200), lines[2], lines[3]].join("\n") + "\n");
    const result = await run("eval", ...common, "--cells", "CW-2");
    const after = readFileSync(path, "utf8");
    // Either the damaged line is reported (naming it) and nothing is touched, or it is repaired; the CW-7 records stay.
    expect(after).toContain(lines[2]!);
    expect(after).toContain(lines[3]!);
    if (result.code !== 0) expect(result.err).toContain("records.jsonl:2");
  });
});
