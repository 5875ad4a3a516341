import { describe, expect, it, vi } from "vitest";
import { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import { CallbackManager } from "@langchain/core/callbacks/manager";
import { HumanMessage } from "@langchain/core/messages";
import { MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { createRecons } from "../../src/guard.js";
import { ReconsAudit, withRecons } from "../../src/langgraph/index.js";
import { ScriptedChatModel } from "../helpers/scripted-chat-model.js";

const SSN = "939-79-6410";
const NAME = "Tanya Bryant";
const REQUEST = `Patient ${NAME}, SSN ${SSN}: check the record`;

function newGuard(logAuthorized = false) {
  const authorized = logAuthorized ? ["intake", "user", "log"] : ["intake", "user"];
  return createRecons({ secret: "callbacks", vault: { ssn: SSN, patient_name: NAME }, policy: { fields: { ssn: { kind: "ssn", authorized }, patient_name: { kind: "name", authorized } } } });
}

/** Records every event a handler gets, as text, with its run ids. */
class LogHandler extends BaseCallbackHandler {
  name = "test-log";
  readonly events: Array<{ method: string; text: string; runId?: string; parentRunId?: string; error?: Error }> = [];

  // As the callback manager calls it (its typings list runType before tags).
  override handleChainStart(_chain: unknown, inputs: unknown, runId: string, parentRunId?: string, tags?: string[], metadata?: unknown, _runType?: string, runName?: string) {
    this.events.push({ method: `chain-start ${runName}`, text: JSON.stringify([inputs, tags, metadata]), runId, parentRunId });
  }
  override handleChainEnd(outputs: unknown, runId: string, parentRunId?: string) {
    this.events.push({ method: "chain-end", text: JSON.stringify(outputs), runId, parentRunId });
  }
  override handleChainError(error: Error, runId: string, parentRunId?: string) {
    this.events.push({ method: "chain-error", text: `${error.message} ${error.stack}`, runId, parentRunId, error });
  }
  override handleChatModelStart(_llm: unknown, messages: unknown, runId: string, parentRunId?: string) {
    this.events.push({ method: "model-start", text: JSON.stringify(messages), runId, parentRunId });
  }
  override handleLLMEnd(output: unknown, runId: string, parentRunId?: string) {
    this.events.push({ method: "model-end", text: JSON.stringify(output), runId, parentRunId });
  }
  override handleLLMNewToken(token: string, _index: unknown, runId: string) {
    this.events.push({ method: "token", text: token, runId });
  }
}

/** intake (authorized) reads the request, asks a model and writes its answer; clerk (not authorized) reads everything. */
function graph(guard = newGuard(), audit?: ReconsAudit) {
  const model = new ScriptedChatModel("intake", [(messages) => ({ content: `Noted: ${String(messages.at(-1)?.content)}` })]);
  const builder = new StateGraph(MessagesAnnotation)
    .addNode("intake", async (state) => ({ messages: [await model.invoke(state.messages)] }))
    .addNode("clerk", async () => ({ messages: [] }))
    .addEdge(START, "intake")
    .addEdge("intake", "clerk");
  return withRecons(builder, guard, { audit }).compile();
}

function expectNoRawValue(handler: LogHandler) {
  const text = handler.events.map((event) => event.text).join("\n");
  expect(text).not.toContain(SSN);
  expect(text).not.toContain(NAME);
}

describe("callback handlers the caller passes are log sinks", () => {
  it("every event a handler gets (node inputs and outputs, model messages, its output) is delivered to `log`, run ids kept", async () => {
    const handler = new LogHandler();
    const audit = new ReconsAudit();
    const output = await graph(newGuard(), audit).invoke({ messages: [new HumanMessage(REQUEST)] }, { callbacks: [handler] });
    // The caller is authorized: it still gets the real values.
    expect(JSON.stringify(output)).toContain(SSN);
    expect(handler.events.map((event) => event.method)).toEqual(expect.arrayContaining(["chain-start intake", "chain-start clerk", "model-start", "model-end", "chain-end"]));
    expectNoRawValue(handler);
    expect(handler.events.find((event) => event.method === "model-start")!.text).toContain("Patient");
    // Run ids pass as they are: every parent a handler is told of is a run it saw start.
    const runs = new Set(handler.events.map((event) => event.runId));
    for (const event of handler.events) if (event.parentRunId) expect(runs.has(event.parentRunId)).toBe(true);
    const logged = audit.decisions.filter((decision) => decision.stage === "callback");
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.every((decision) => decision.recipient === "log" && decision.channel === "C6" && decision.resolution === "callback")).toBe(true);
  });

  it("a handler written as an object of methods, a CallbackManager, stream and streamEvents get delivered events too", async () => {
    const seen: string[] = [];
    const methods = { handleChainStart: (_chain: unknown, inputs: unknown) => void seen.push(JSON.stringify(inputs)) };
    await graph().invoke({ messages: [new HumanMessage(REQUEST)] }, { callbacks: [methods] });
    const inManager = new LogHandler();
    await graph().invoke({ messages: [new HumanMessage(REQUEST)] }, { callbacks: new CallbackManager(undefined, { handlers: [inManager], inheritableHandlers: [inManager] }) });
    const streamed = new LogHandler();
    for await (const _chunk of await graph().stream({ messages: [new HumanMessage(REQUEST)] }, { callbacks: [streamed], streamMode: "messages" })) void _chunk;
    const events = new LogHandler();
    for await (const _event of graph().streamEvents({ messages: [new HumanMessage(REQUEST)] }, { version: "v2", callbacks: [events] })) void _event;
    const bound = new LogHandler();
    await graph().withConfig({ callbacks: [bound] }).invoke({ messages: [new HumanMessage(REQUEST)] });
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.join("\n")).not.toContain(SSN);
    for (const handler of [inManager, streamed, events, bound]) {
      expect(handler.events.length).toBeGreaterThan(2);
      expectNoRawValue(handler);
    }
    // Pieces of a stream are not forwarded (a value split over tokens is whole in none); the model's end event is.
    expect(streamed.events.some((event) => event.method === "token")).toBe(false);
    expect(streamed.events.some((event) => event.method === "model-end")).toBe(true);
  });

  it("a node's error reaches a handler sanitized as a copy: the error the caller catches is its own", async () => {
    const handler = new LogHandler();
    const builder = new StateGraph(MessagesAnnotation)
      .addNode("intake", async () => {
        throw new Error(`no chart for ${NAME} (SSN ${SSN})`);
      })
      .addEdge(START, "intake");
    const caught = await withRecons(builder, newGuard())
      .compile()
      .invoke({ messages: [new HumanMessage("go")] }, { callbacks: [handler] })
      .catch((error: Error) => error);
    const logged = handler.events.filter((event) => event.method === "chain-error");
    expect(logged.length).toBeGreaterThan(0);
    for (const event of logged) expect(event.error).toBeInstanceOf(Error);
    expectNoRawValue(handler);
    // The caller may see the SSN and gets it.
    expect((caught as Error).message).toContain(SSN);
  });

  it("a handler class with #private fields works as written (its methods run on the handler, not the view)", async () => {
    class PrivateLog extends BaseCallbackHandler {
      name = "private-log";
      readonly #inputs: string[] = [];
      override handleChainStart(_chain: unknown, inputs: unknown) {
        this.#inputs.push(JSON.stringify(inputs));
      }
      get inputs(): readonly string[] {
        return this.#inputs;
      }
    }
    const handler = new PrivateLog();
    await graph().invoke({ messages: [new HumanMessage(REQUEST)] }, { callbacks: [handler] });
    expect(handler.inputs.length).toBeGreaterThan(2);
    expect(handler.inputs.join("\n")).toContain("Patient");
    expect(handler.inputs.join("\n")).not.toContain(SSN);
  });

  it("where the policy authorizes `log`, handlers get the real values", async () => {
    const handler = new LogHandler();
    await graph(newGuard(true)).invoke({ messages: [new HumanMessage(REQUEST)] }, { callbacks: [handler] });
    expect(handler.events.map((event) => event.text).join("\n")).toContain(SSN);
  });
});

describe("LANGCHAIN_VERBOSE", () => {
  it("the console handler LangChain would add prints delivered events, not raw ones", async () => {
    const printed: string[] = [];
    const log = vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void printed.push(args.map(String).join(" ")));
    const verbose = process.env.LANGCHAIN_VERBOSE;
    process.env.LANGCHAIN_VERBOSE = "true";
    try {
      await graph().invoke({ messages: [new HumanMessage(REQUEST)] });
    } finally {
      process.env.LANGCHAIN_VERBOSE = verbose;
      if (verbose === undefined) delete process.env.LANGCHAIN_VERBOSE;
      log.mockRestore();
    }
    const text = printed.join("\n");
    expect(text).toContain("[chain/start]");
    expect(text).toContain("Patient");
    expect(text).not.toContain(SSN);
    expect(text).not.toContain(NAME);
  });
});
