import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createAgent } from "langchain";
import { HumanMessage, ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { Command, getCurrentTaskInput, InMemoryStore, MemorySaver, MessagesAnnotation, Send, START, StateGraph } from "@langchain/langgraph";
import { createRecons } from "../../src/guard.js";
import { reconsMiddleware } from "../../src/langgraph/middleware.js";
import { protectToolOutput } from "../../src/langgraph/tools.js";
import { withRecons } from "../../src/langgraph/with-recons.js";
import { ScriptedChatModel } from "../helpers/scripted-chat-model.js";
import { leakedFields } from "../helpers/leaks.js";

const SSN = "939-79-6410";
const NAME = "Tanya Bryant";
const policy = {
  fields: {
    ssn: { kind: "ssn", authorized: ["user", "tool:lookup"] },
    patient_name: { kind: "name", authorized: ["user", "tool:lookup"] },
  },
};
const newGuard = () => createRecons({ vault: { ssn: SSN, patient_name: NAME }, policy, secret: "review6" });
const text = (value: unknown) => JSON.stringify(value) ?? "";

/** A tool `notify` (authorized for nothing) that records what it reads through its runtime. */
function notifyTool(seen: Record<string, unknown>) {
  return tool(
    async (_args, runtime) => {
      seen.taskInput = getCurrentTaskInput(runtime);
      // console.log of its runtime looks past proxies (util.inspect shows their targets).
      seen.logged = inspect(runtime, { depth: 8 });
      seen.context = (runtime as { context?: unknown }).context;
      seen.nestedContext = (runtime as { config?: { context?: unknown } }).config?.context;
      const store = (runtime as { store?: InMemoryStore }).store;
      seen.stored = store ? await store.get(["patients"], "p1") : undefined;
      return "sent";
    },
    { name: "notify", description: "notify", schema: z.object({ q: z.string() }) },
  );
}

describe("review 6: what a tool or node reads besides its argument", () => {
  it("getCurrentTaskInput() in a withRecons node is the node's delivered state", async () => {
    const guard = newGuard();
    let viaTaskInput: unknown;
    const builder = new StateGraph(MessagesAnnotation)
      .addNode("marketing", async (_state, config) => {
        viaTaskInput = getCurrentTaskInput(config);
        return {};
      })
      .addEdge(START, "marketing");
    await withRecons(builder, guard, { finalOutput: false }).compile().invoke({ messages: [new HumanMessage(`Patient ${NAME}, SSN ${SSN}`)] });
    expect(text(viaTaskInput)).toContain("Patient");
    expect(leakedFields(guard, text(viaTaskInput), "marketing")).toEqual([]);
  });

  it("a createAgent tool reads its delivered state, runtime context and a store view, not the raw ones", async () => {
    const guard = newGuard();
    const store = new InMemoryStore();
    await store.put(["patients"], "p1", { note: `${NAME} has SSN ${SSN}` });
    const seen: Record<string, unknown> = {};
    const model = new ScriptedChatModel("assistant", [{ toolCalls: [{ name: "notify", args: { q: "x" } }] }, { content: "done" }]);
    const agent = createAgent({
      model,
      tools: [notifyTool(seen)],
      store,
      contextSchema: z.object({ patientSsn: z.string(), patientName: z.string() }),
      middleware: [reconsMiddleware(guard, { model: "assistant" })],
    });
    await agent.invoke({ messages: [new HumanMessage(`Patient ${NAME}, SSN ${SSN}: notify them`)] }, { context: { patientSsn: SSN, patientName: NAME } });
    for (const key of ["taskInput", "context", "nestedContext", "stored", "logged"]) {
      expect(seen[key], key).toBeDefined();
      expect(leakedFields(guard, text(seen[key]), "tool:notify"), key).toEqual([]);
    }
    // The store itself still holds what the application put there.
    expect(text(await store.get(["patients"], "p1"))).toContain(SSN);
  });
});

describe("review 6: tool results in a Command", () => {
  const record = JSON.stringify({ patient_name: "Harriet Okonkwo-Lindqvist", mrn: "MRN-5520917", home_address: { street: "4417 Larkspur Hollow Rd", city: "Quenemo" } });
  const recordPolicy = {
    fields: {
      patient_name: { kind: "name", authorized: ["user"] },
      mrn: { kind: "id", authorized: ["user"] },
      home_address: { kind: "address", authorized: ["user"] },
    },
  };

  it("registers the fields of a ToolMessage inside a Command update (record and tuple forms), flat records included", async () => {
    for (const update of [
      { messages: [new ToolMessage({ content: record, tool_call_id: "c1", name: "lookup" })] },
      [["messages", [new ToolMessage({ content: record, tool_call_id: "c1", name: "lookup" })]]],
    ]) {
      const guard = createRecons({ vault: { patient_name: "Placeholder Person" }, policy: recordPolicy, secret: "review6" });
      const output = (await protectToolOutput(guard, new Command({ update: update as never }), { tool: "lookup", caller: "agent", resultFields: {}, reversible: false })) as Command;
      const fields = guard.vault.entries().map((entry) => entry.field);
      expect(fields).toEqual(expect.arrayContaining(["mrn", "home_address"]));
      const delivered = text(output.update);
      for (const raw of ["Okonkwo-Lindqvist", "5520917", "Larkspur", "Quenemo"]) expect(delivered).not.toContain(raw);
    }
  });

  it("sanitizes the args of a Send in a tool's Command.goto for the Send's node", async () => {
    const guard = newGuard();
    const command = new Command({ goto: [new Send("report", { note: `${NAME}, SSN ${SSN}` })], update: {} });
    const output = (await protectToolOutput(guard, command, { tool: "lookup", caller: "agent", resultFields: {}, reversible: true })) as Command;
    const send = (output.goto as Send[])[0];
    expect(send).toBeInstanceOf(Send);
    expect(send.node).toBe("report");
    expect(leakedFields(guard, text(send.args), "report")).toEqual([]);
  });
});

describe("review 6: reconsMiddleware on a thread", () => {
  it("the caller's view written at the end of a turn restores for the authorized model on the next turn", async () => {
    const diagnosis = "Type 2 Diabetes Mellitus";
    const guard = createRecons({
      secret: "review6",
      vault: { balance: 45000, diagnosis, ssn: SSN },
      policy: {
        fields: {
          balance: { kind: "amount", authorized: ["assistant", "tool:lookup"] },
          diagnosis: { kind: "text", authorized: ["assistant", "tool:lookup"] },
          ssn: { kind: "ssn", authorized: ["assistant", "tool:lookup"] },
        },
      },
    });
    const result = `balance $45,000; diagnosis ${diagnosis}; ssn ${SSN}`;
    const lookup = tool(async () => result, { name: "lookup", description: "lookup", schema: z.object({ q: z.string() }) });
    const model = new ScriptedChatModel("assistant", [{ toolCalls: [{ name: "lookup", args: { q: "acct" } }] }, { content: "I have the record." }, { content: "ok" }]);
    const agent = createAgent({ model, tools: [lookup], checkpointer: new MemorySaver(), middleware: [reconsMiddleware(guard, { model: "assistant" })] });
    const thread = { configurable: { thread_id: "t1" } };
    const first = await agent.invoke({ messages: [new HumanMessage("look up my account")] }, thread);
    expect(leakedFields(guard, text(first.messages), "user", "C1")).toEqual([]);
    await agent.invoke({ messages: [new HumanMessage("and now?")] }, thread);
    const toolResult = model.received[2].find((message) => message.getType() === "tool");
    expect(toolResult?.content).toBe(result);
  });
});

describe("review 6: decisions of tools and middleware reach a listener", () => {
  it("protectTool and reconsMiddleware report every decision with its boundary", async () => {
    const guard = newGuard();
    const decisions: Array<{ channel: string; node: string; stage: string; action: string }> = [];
    const onDecision = (decision: { channel: string; node: string; stage: string; action: string }) => decisions.push(decision);
    const lookup = tool(async ({ ssn }) => `record of ${ssn}`, { name: "lookup", description: "lookup", schema: z.object({ ssn: z.string() }) });
    const { protectTool } = await import("../../src/langgraph/tools.js");
    const protectedLookup = protectTool(lookup, guard, { caller: "assistant", onDecision });
    await protectedLookup.invoke({ ssn: SSN });
    expect(decisions.some((decision) => decision.channel === "C4" && decision.node === "assistant" && decision.action !== "allow")).toBe(true);

    decisions.length = 0;
    const model = new ScriptedChatModel("assistant", [{ content: "done" }]);
    const agent = createAgent({ model, tools: [], middleware: [reconsMiddleware(guard, { model: "assistant", onDecision })] });
    await agent.invoke({ messages: [new HumanMessage(`Patient ${NAME}, SSN ${SSN}`)] });
    expect(decisions.some((decision) => decision.node === "assistant" && decision.stage === "input" && decision.action !== "allow")).toBe(true);
    expect(decisions.some((decision) => decision.channel === "C1" && decision.node === "user" && decision.stage === "output")).toBe(true);
  });
});

describe("review 6: the caller's own writes", () => {
  it("updateState values (an Overwrite of a reconsReducer key included) land protected; an authorized caller reads them back", async () => {
    const { Annotation, Overwrite } = await import("@langchain/langgraph");
    const { reconsReducer } = await import("../../src/langgraph/reducer.js");
    const guard = newGuard();
    const State = Annotation.Root({
      ...MessagesAnnotation.spec,
      notes: Annotation<string[], string[] | InstanceType<typeof Overwrite>>({ reducer: reconsReducer((left: string[], right: string[]) => left.concat(right), guard) as never, default: () => [] }),
      memo: Annotation<string>(),
    });
    const saver = new MemorySaver();
    const graph = withRecons(new StateGraph(State).addNode("n", async () => ({})).addEdge(START, "n"), guard).compile({ checkpointer: saver });
    const thread = { configurable: { thread_id: "u" } };
    await graph.invoke({ messages: [] }, thread);
    await graph.updateState(thread, { notes: new Overwrite([`SSN ${SSN}`]), memo: `for ${NAME}`, messages: [new HumanMessage(`SSN ${SSN}`)] });
    const stored = (await saver.getTuple(thread))!.checkpoint.channel_values;
    expect(leakedFields(guard, text(stored))).toEqual([]);
    const state = await graph.getState(thread);
    expect(state.values.notes).toEqual([`SSN ${SSN}`]);
    expect(state.values.memo).toBe(`for ${NAME}`);
  });
});

describe("review 6: models other middleware call themselves", () => {
  it("reconsModel delivers to a summarizer and a fallback model; RECONS listed first covers a tool selector", async () => {
    const { summarizationMiddleware, llmToolSelectorMiddleware, modelFallbackMiddleware, dynamicSystemPromptMiddleware } = await import("langchain");
    const { reconsModel } = await import("../../src/langgraph/middleware.js");
    const lookup = tool(async () => "ok", { name: "lookup", description: "lookup", schema: z.object({ q: z.string() }) });
    const other = tool(async () => "ok", { name: "other", description: "other", schema: z.object({ q: z.string() }) });
    const patient = `Patient ${NAME}, SSN ${SSN}`;

    const guard = newGuard();
    const summarizer = new ScriptedChatModel("summarizer", [{ content: "summary: a patient file" }]);
    const summarized = createAgent({
      model: new ScriptedChatModel("assistant", [{ content: "done" }]),
      tools: [lookup],
      middleware: [reconsMiddleware(guard, { model: "assistant" }), summarizationMiddleware({ model: reconsModel(summarizer, guard, { recipient: "summarizer" }), trigger: { messages: 2 }, keep: { messages: 1 } })],
    });
    await summarized.invoke({ messages: [new HumanMessage(patient), new HumanMessage("second"), new HumanMessage("third")] });
    expect(summarizer.receivedText()).toContain("Patient");
    expect(leakedFields(guard, summarizer.receivedText(), "summarizer")).toEqual([]);

    class Selector extends ScriptedChatModel {
      readonly got: unknown[] = [];
      override withStructuredOutput() {
        return { invoke: async (messages: unknown) => (this.got.push(messages), { tools: ["lookup"] }) } as never;
      }
    }
    const selector = new Selector("selector", []);
    const selecting = createAgent({
      model: new ScriptedChatModel("assistant", [{ content: "done" }]),
      tools: [lookup, other],
      middleware: [reconsMiddleware(guard, { model: "assistant" }), llmToolSelectorMiddleware({ model: selector, maxTools: 1 })],
    });
    await selecting.invoke({ messages: [new HumanMessage(patient)] });
    expect(selector.got.length).toBe(1);
    expect(leakedFields(guard, text(selector.got), "assistant")).toEqual([]);

    class Failing extends ScriptedChatModel {
      override async _generate(): Promise<never> {
        throw new Error("primary model down");
      }
    }
    const fallback = new ScriptedChatModel("fallback", [{ content: "done" }]);
    const fallingBack = createAgent({
      model: new Failing("assistant", []),
      tools: [lookup],
      middleware: [reconsMiddleware(guard, { model: "assistant" }), modelFallbackMiddleware(reconsModel(fallback, guard, { recipient: "assistant" })), dynamicSystemPromptMiddleware(() => patient)],
    });
    await fallingBack.invoke({ messages: [new HumanMessage("hi")] });
    expect(fallback.receivedText()).toContain("Patient");
    expect(leakedFields(guard, fallback.receivedText(), "assistant")).toEqual([]);
  });
});

describe("round 14 audit: every way a protected model is called delivers its input", () => {
  it("batch, pipe, generate, streamEvents and streamLog reach the model sanitized, as invoke does", async () => {
    const { reconsModel } = await import("../../src/langgraph/middleware.js");
    const { StringOutputParser } = await import("@langchain/core/output_parsers");
    const guard = newGuard();
    const inner = new ScriptedChatModel("summarizer", Array.from({ length: 6 }, () => ({ content: "ok" })));
    const model = reconsModel(inner, guard, { recipient: "summarizer" });
    const input = [new HumanMessage(`Summarize: ${NAME}, SSN ${SSN}`)];
    await model.invoke(input);
    await model.batch([input]);
    await model.pipe(new StringOutputParser()).invoke(input);
    await model.generate([input]);
    for await (const event of model.streamEvents(input, { version: "v2" })) void event;
    for await (const patch of model.streamLog(input)) void patch;
    expect(inner.received).toHaveLength(6);
    for (const call of inner.received) expect(String(call[0].content)).toMatch(/^Summarize: /);
    expect(leakedFields(guard, inner.receivedText(), "summarizer")).toEqual([]);
  });
});

describe("review 6: numbers through a ReconsStore", () => {
  it("a sealed number reads back as a number for an authorized reader and filters still match", async () => {
    const { ReconsStore } = await import("../../src/langgraph/store.js");
    const guard = createRecons({ secret: "review6", vault: { balance: 45000 }, policy: { fields: { balance: { kind: "amount", authorized: ["user"] } } } });
    const inner = new InMemoryStore();
    const store = new ReconsStore(inner, guard);
    await store.put(["accounts"], "a1", { balance: 45000, unrelated: 7 });
    expect(text(await inner.get(["accounts"], "a1"))).not.toContain("45000");
    const item = await store.get(["accounts"], "a1");
    expect(item?.value).toEqual({ balance: 45000, unrelated: 7 });
    expect(await store.search(["accounts"], { filter: { balance: 45000 } })).toHaveLength(1);
    const other = await store.forReader("marketing").get(["accounts"], "a1");
    expect(other?.value.balance).not.toBe(45000);
  });
});
