import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AIMessage, HumanMessage, SystemMessage } from "@langchain/core/messages";
import { createAgent, createMiddleware } from "langchain";
import type { RunnableConfig } from "@langchain/core/runnables";
import { tool } from "@langchain/core/tools";
import { Annotation, Command, END, InMemoryStore, MemorySaver, MessagesAnnotation, Send, START, StateGraph } from "@langchain/langgraph";
import { createReactAgent, ToolNode } from "@langchain/langgraph/prebuilt";
import { protectTool } from "../../src/langgraph/tools.js";
import { withRecons } from "../../src/langgraph/with-recons.js";
import { reconsMiddleware } from "../../src/langgraph/middleware.js";
import { createRecons } from "../../src/guard.js";
import { ScriptedChatModel } from "../helpers/scripted-chat-model.js";
import { makeGuard, RECORD_TEXT, VAULT } from "./fixtures.js";
import { leakedFields } from "../helpers/leaks.js";

const text = (value: unknown) => JSON.stringify(value) ?? "";
/** `lookup` may see every field; `clerk` none. */
const authorized = { ssn: ["lookup"], patient_name: ["lookup"], email: ["lookup"] };
const State = Annotation.Root({ record: Annotation<string>(), out: Annotation<string>() });

describe("review 7: what a node or router reads from the caller's config", () => {
  it("a conditional edge's routing function gets the caller's context, configurable keys and store as its source node does", async () => {
    const guard = makeGuard(authorized);
    const routerSaw: Record<string, unknown> = {};
    const builder = new StateGraph(State)
      .addNode("lookup", async (_state, config) => {
        await config.store!.put(["p"], "k", { record: RECORD_TEXT });
        return { record: RECORD_TEXT };
      })
      .addNode("clerk", async () => ({ out: "x" }))
      .addConditionalEdges(
        "clerk",
        async (state, config) => {
          routerSaw.state = state.record;
          routerSaw.context = (config as { context?: unknown }).context;
          routerSaw.configurable = config.configurable?.patient;
          routerSaw.stored = (await (config as { store?: InMemoryStore }).store?.get(["p"], "k"))?.value;
          return END;
        },
        [END],
      )
      .addEdge(START, "lookup")
      .addEdge("lookup", "clerk");
    const graph = withRecons(builder, guard).compile({ checkpointer: new MemorySaver(), store: new InMemoryStore() });
    await graph.invoke({}, { configurable: { thread_id: "route", patient: `ssn ${VAULT.ssn}` }, context: { ssn: VAULT.ssn } } as never);
    expect(Object.keys(routerSaw).sort()).toEqual(["configurable", "context", "state", "stored"]);
    for (const [what, seen] of Object.entries(routerSaw)) expect({ what, leaked: leakedFields(guard, text(seen), "clerk") }).toEqual({ what, leaked: [] });
    // Its store view is the reader's: the stored record reads as surrogates, not as raw values.
    expect(text(routerSaw.stored)).not.toBe(text({ record: RECORD_TEXT }));
  });

  it("the caller's metadata and tags reach a node as it may see them; LangGraph's own metadata stays", async () => {
    const guard = makeGuard(authorized);
    const seen: Record<string, unknown> = {};
    const builder = new StateGraph(State)
      .addNode("clerk", async (_state, config: RunnableConfig) => {
        seen.metadata = config.metadata;
        seen.tags = config.tags;
        return { out: "x" };
      })
      .addNode("lookup", async (_state, config: RunnableConfig) => {
        seen.lookupMetadata = config.metadata?.patient_ssn;
        return { out: "y" };
      })
      .addEdge(START, "clerk")
      .addEdge("clerk", "lookup");
    const graph = withRecons(builder, guard).compile();
    await graph.invoke({}, { metadata: { patient_ssn: VAULT.ssn, ticket: "T-1" }, tags: [`patient:${VAULT.email}`, "triage"] });
    expect(leakedFields(guard, text(seen.metadata), "clerk")).toEqual([]);
    expect(leakedFields(guard, text(seen.tags), "clerk")).toEqual([]);
    const metadata = seen.metadata as Record<string, unknown>;
    expect(metadata).toMatchObject({ ticket: "T-1", langgraph_node: "clerk" });
    expect(seen.tags).toContain("triage");
    expect(seen.lookupMetadata).toBe(VAULT.ssn);
  });
});

/** Message, stack and cause of an error are own fields that are not enumerable; `errorText` shows them. */
const errorText = (value: unknown) =>
  JSON.stringify(value, (_key, item: unknown) => (item instanceof Error ? { ...Object.fromEntries(Object.getOwnPropertyNames(item).map((key) => [key, (item as unknown as Record<string, unknown>)[key]])) } : item)) ?? "";

describe("review 7: errors as values", () => {
  it("an Error object a node writes to state reaches the next node and the caller with its message sanitized", async () => {
    const guard = makeGuard(authorized);
    const ErrorState = Annotation.Root({ failure: Annotation<unknown>(), out: Annotation<string>() });
    let clerkSaw: unknown;
    const builder = new StateGraph(ErrorState)
      .addNode("lookup", async () => ({ failure: new TypeError(`cannot file ${RECORD_TEXT}`, { cause: new Error(`ssn ${VAULT.ssn}`) }) }))
      .addNode("clerk", async (state) => {
        clerkSaw = state.failure;
        return { out: "filed" };
      })
      .addEdge(START, "lookup")
      .addEdge("lookup", "clerk")
      .addEdge("clerk", END);
    const output = await withRecons(builder, guard).compile().invoke({});
    expect(clerkSaw).toBeInstanceOf(TypeError);
    expect((clerkSaw as Error).message).toMatch(/^cannot file Patient /);
    expect(leakedFields(guard, errorText(clerkSaw), "clerk")).toEqual([]);
    expect(leakedFields(guard, errorText((clerkSaw as Error).cause), "clerk")).toEqual([]);
    expect(leakedFields(guard, errorText(output.failure), "user")).toEqual([]);
  });

  it("a tool's thrown error reaches the caller's `tools` stream sanitized", async () => {
    const guard = makeGuard({ ssn: ["doctor", "tools"], patient_name: ["doctor", "tools"], email: ["doctor", "tools"] });
    const lookup = tool(
      async ({ id }) => {
        throw new Error(`record ${RECORD_TEXT} is locked (id ${id})`);
      },
      { name: "lookup", description: "look a record up", schema: z.object({ id: z.string() }) },
    );
    const builder = new StateGraph(MessagesAnnotation)
      .addNode("doctor", () => ({ messages: [new AIMessage({ content: "", tool_calls: [{ id: "c1", name: "lookup", args: { id: VAULT.ssn } }] })] }))
      .addNode("tools", new ToolNode([lookup]))
      .addEdge(START, "doctor")
      .addEdge("doctor", "tools");
    const chunks: unknown[] = [];
    for await (const chunk of await withRecons(builder, guard).compile().stream({ messages: [new HumanMessage("go")] }, { streamMode: ["tools"] } as never)) chunks.push(chunk);
    expect(errorText(chunks)).toMatch(/is locked/);
    expect(leakedFields(guard, errorText(chunks), "user")).toEqual([]);
  });

  it("a thrown error's own fields that are not enumerable reach the caller sanitized", async () => {
    const guard = makeGuard(authorized);
    const builder = new StateGraph(State)
      .addNode("checker", async () => {
        const error = new Error("lookup failed");
        Object.defineProperty(error, "response", { value: { data: RECORD_TEXT }, enumerable: false });
        throw error;
      })
      .addEdge(START, "checker")
      .addEdge("checker", END);
    const thrown = await withRecons(builder, guard).compile().invoke({}).catch((error: unknown) => error);
    expect((thrown as { response?: { data?: string } }).response?.data).toMatch(/^Patient /);
    expect(leakedFields(guard, errorText((thrown as { response?: unknown }).response), "user")).toEqual([]);
  });
});

describe("review 7: the caller's run log", () => {
  it("streamLog patches reach the caller sanitized, without a model's token-by-token ops", async () => {
    const { FakeListChatModel } = await import("@langchain/core/utils/testing");
    const guard = makeGuard(authorized);
    const LogState = Annotation.Root({ record: Annotation<string>(), summary: Annotation<string>() });
    const builder = new StateGraph(LogState)
      .addNode("lookup", async (_state, config: RunnableConfig) => ({ record: String((await new FakeListChatModel({ responses: [RECORD_TEXT] }).invoke("fetch", config)).content) }))
      .addNode("clerk", async (state) => ({ summary: `clerk saw: ${state.record}` }))
      .addEdge(START, "lookup")
      .addEdge("lookup", "clerk")
      .addEdge("clerk", END);
    const graph = withRecons(builder, guard).compile() as unknown as { streamLog(input: unknown): AsyncGenerator<{ ops: Array<{ path: string }> }> };
    const patches: Array<{ ops: Array<{ path: string }> }> = [];
    for await (const patch of graph.streamLog({})) patches.push(patch);
    const paths = patches.flatMap((patch) => patch.ops.map((op) => op.path));
    expect(paths.some((path) => path.endsWith("/final_output"))).toBe(true);
    expect(paths.some((path) => /^\/logs\/.+\/streamed_output_str\/-$/.test(path))).toBe(false);
    expect(leakedFields(guard, text(patches), "user")).toEqual([]);
  });
});

describe("review 7: the caller's state updates", () => {
  it("updateState with a Command (update and Send) is applied as LangGraph applies it, protected", async () => {
    const guard = makeGuard(authorized);
    const saw: unknown[] = [];
    const builder = new StateGraph(State)
      .addNode("lookup", async () => ({ record: "nothing" }), { ends: ["clerk"] })
      .addNode("clerk", async (state) => {
        saw.push(state);
        return { out: "clerk done" };
      })
      .addEdge(START, "lookup")
      .addEdge("lookup", END);
    const checkpointer = new MemorySaver();
    const graph = withRecons(builder, guard).compile({ checkpointer });
    const config = { configurable: { thread_id: "update-command" } };
    await graph.invoke({}, config);
    await graph.updateState(config, new Command({ update: { record: RECORD_TEXT }, goto: new Send("clerk", { record: RECORD_TEXT }) }), "lookup");
    expect((await graph.getState(config)).next).toEqual(["clerk"]);
    const stored = (await checkpointer.getTuple(config))?.checkpoint.channel_values.record;
    expect(stored).toMatch(/^Patient /);
    expect(leakedFields(guard, text(stored))).toEqual([]);
    await graph.invoke(null, config);
    expect(saw).toHaveLength(1);
    expect(text(saw[0])).toMatch(/Patient /);
    expect(leakedFields(guard, text(saw[0]), "clerk")).toEqual([]);
  });
});

describe("review 7: createAgent under withRecons", () => {
  it("from the second turn on, the authorized model still reads the real values and state keeps them (the agent seeds its middleware state from its own state, not the caller's view)", async () => {
    const guard = createRecons({
      secret: "review7",
      vault: { ssn: "939-79-6410", salary: "205902" },
      policy: { fields: { ssn: { kind: "ssn", authorized: ["model"] }, salary: { kind: "amount", authorized: ["model"] } } },
    });
    const record = "SSN 939-79-6410, salary $205,902";
    const recordPrompt = createMiddleware({
      name: "recordPrompt",
      stateSchema: z.object({ patient_record: z.string().default("") }),
      wrapModelCall: async (request, handler) => handler({ ...request, systemMessage: new SystemMessage(`Record: ${(request.state as { patient_record: string }).patient_record}`) }),
    });
    const model = new ScriptedChatModel("model", [{ content: "one" }, { content: "two" }]);
    const checkpointer = new MemorySaver();
    const agent = withRecons(createAgent({ model, tools: [], middleware: [reconsMiddleware(guard), recordPrompt], checkpointer }), guard);
    const config = { configurable: { thread_id: "agent-turns" } };
    const first = await agent.invoke({ messages: [new HumanMessage("hi")], patient_record: record } as never, config);
    await agent.invoke({ messages: [new HumanMessage("and again?")] } as never, config);
    expect(model.received.map((messages) => String(messages[0].content))).toEqual([`Record: ${record}`, `Record: ${record}`]);
    expect((await checkpointer.getTuple(config))?.checkpoint.channel_values.patient_record).toBe(record);
    // The caller still gets its own view.
    expect(leakedFields(guard, text(first), "user")).toEqual([]);
    expect(leakedFields(guard, text(await agent.getState(config)), "user")).toEqual([]);
  });
});

describe("review 7: tools behind a prebuilt ToolNode", () => {
  it.each(["v1", "v2"] as const)("an authorized protectTool gets the real amount whatever the tool node may see (createReactAgent %s)", async (version) => {
    const guard = createRecons({
      secret: "review7",
      vault: { ssn: "939-79-6410", salary: "205902" },
      policy: { fields: { ssn: { kind: "ssn", authorized: ["agent", "tool:pay"] }, salary: { kind: "amount", authorized: ["agent", "tool:pay"] } } },
    });
    const received: unknown[] = [];
    const pay = tool(
      async (args) => {
        received.push(args);
        return "paid";
      },
      { name: "pay", description: "pay", schema: z.object({ ssn: z.string(), amount: z.string() }) },
    );
    const model = new ScriptedChatModel("agent", [{ toolCalls: [{ name: "pay", args: { ssn: "939-79-6410", amount: "$205,902" } }] }, { content: "done" }]);
    const agent = withRecons(createReactAgent({ llm: model, tools: [protectTool(pay, guard, { caller: "agent" })], version }), guard);
    await agent.invoke({ messages: [new HumanMessage("Pay $205,902 to SSN 939-79-6410")] });
    expect(received).toEqual([{ ssn: "939-79-6410", amount: "$205,902" }]);
  });
});

describe("round 14 audit: the caller's configurable values of other shapes", () => {
  it("an instance holding only data and a Map reach a node sanitized, the instance still of its class; a client passes as it is", async () => {
    class Profile {
      constructor(
        readonly name: string,
        readonly ssn: string,
      ) {}
      label(): string {
        return `${this.name} (${this.ssn})`;
      }
    }
    class Client {
      readonly fetch = () => "connected";
    }
    const client = new Client();
    let seen: RunnableConfig | undefined;
    const builder = new StateGraph(State)
      .addNode("outsider", (_state: typeof State.State, config: RunnableConfig) => {
        seen = config;
        return {};
      })
      .addEdge(START, "outsider");
    await withRecons(builder, makeGuard({ ssn: ["billing"] }), { finalOutput: false })
      .compile()
      .invoke({ record: "x" }, { configurable: { profile: new Profile("Maria", VAULT.ssn), lookup: new Map([["ssn", VAULT.ssn]]), client } });
    const { profile, lookup } = seen!.configurable as { profile: Profile; lookup: Map<string, string> };
    expect(profile).toBeInstanceOf(Profile);
    expect(profile.label()).not.toContain(VAULT.ssn);
    expect([...lookup.values()].join()).not.toContain(VAULT.ssn);
    expect(seen!.configurable!.client).toBe(client);
  });
});
