import { describe, expect, it } from "vitest";
import { AIMessage, AIMessageChunk, HumanMessage, isBaseMessageChunk } from "@langchain/core/messages";
import { StringOutputParser } from "@langchain/core/output_parsers";
import { ChatPromptTemplate } from "@langchain/core/prompts";
import { RunnableLambda } from "@langchain/core/runnables";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { withRecons } from "../../src/langgraph/index.js";
import { detectedFields, makeGuard, RECORD_TEXT, VAULT, type Authorizations } from "./fixtures.js";

/** Only the model-calling nodes may see the record; the caller (`user`) may see nothing of it. */
const AUTHORIZED: Authorizations = { ssn: ["doctor", "billing"], patient_name: ["doctor", "billing"], diagnosis: ["doctor", "billing"], email: ["doctor", "billing"] };

/** A node that answers with `text`, streamed by LangChain's fake chat model one character at a time. */
function modelNode(text: string) {
  const model = new FakeListChatModel({ responses: [text], sleep: 1 });
  return async (state: typeof MessagesAnnotation.State) => ({ messages: [await model.invoke(state.messages)] });
}

function doctorGraph(authorized: Authorizations = AUTHORIZED) {
  const builder = new StateGraph(MessagesAnnotation).addNode("doctor", modelNode(`Summary: ${RECORD_TEXT}`)).addEdge(START, "doctor");
  return withRecons(builder, makeGuard(authorized)).compile();
}

/** Two model calls streaming at the same time: their tokens interleave in the caller's stream. */
function parallelGraph() {
  const builder = new StateGraph(MessagesAnnotation)
    .addNode("doctor", modelNode(`Doctor: ${RECORD_TEXT}`))
    .addNode("billing", modelNode(`Billing SSN ${VAULT.ssn} for ${VAULT.patient_name}, ${VAULT.email}.`))
    .addEdge(START, "doctor")
    .addEdge(START, "billing");
  return withRecons(builder, makeGuard(AUTHORIZED)).compile();
}

const input = () => ({ messages: [new HumanMessage("Summarize the record.")] });

/** What the caller read, per message id: the concatenated text of every streamed chunk. */
function textById(chunks: AIMessageChunk[]): Map<string, string> {
  const texts = new Map<string, string>();
  for (const chunk of chunks) texts.set(chunk.id ?? "", (texts.get(chunk.id ?? "") ?? "") + String(chunk.content));
  return texts;
}

function expectNothingLeaked(texts: Iterable<string>): void {
  for (const text of texts) {
    for (const value of Object.values(VAULT)) expect(text).not.toContain(value);
    expect(detectedFields({}, text)).toEqual(new Set());
  }
}

describe("token streaming to the caller", () => {
  it("stream mode messages: a value split over tokens reaches the caller as one sanitized chunk", async () => {
    const chunks: AIMessageChunk[] = [];
    for await (const [message] of await doctorGraph().stream(input(), { streamMode: "messages" })) if (isBaseMessageChunk(message)) chunks.push(message as AIMessageChunk);
    expect(chunks).toHaveLength(1);
    const [text] = textById(chunks).values();
    expect(text).toMatch(/^Summary: Patient .+, SSN \d{3}-\d{2}-\d{4}, email .+@.+, diagnosed with .+\.$/);
    expectNothingLeaked([text]);
  });

  it("several modes and subgraph namespaces: the chunk keeps its place in the item", async () => {
    const items: unknown[] = [];
    for await (const item of await doctorGraph().stream(input(), { streamMode: ["messages", "updates"], subgraphs: true })) items.push(item);
    const messages = items.filter((item) => Array.isArray(item) && item[1] === "messages") as Array<[string[], string, [AIMessageChunk, Record<string, unknown>]]>;
    expect(messages).toHaveLength(1);
    const [namespace, , [chunk, metadata]] = messages[0];
    expect(namespace).toEqual([]);
    expect(metadata.langgraph_node).toBe("doctor");
    expectNothingLeaked([String(chunk.content)]);
  });

  it("two model calls streaming at once are held apart and each released whole", async () => {
    const chunks: AIMessageChunk[] = [];
    for await (const [message] of await parallelGraph().stream(input(), { streamMode: "messages" })) if (isBaseMessageChunk(message)) chunks.push(message as AIMessageChunk);
    const texts = textById(chunks);
    expect([...texts.values()].map((text) => text.split(":")[0].split(" ")[0]).sort()).toEqual(["Billing", "Doctor"]);
    expect(chunks).toHaveLength(2);
    expectNothingLeaked(texts.values());
  });

  it("a graph made by withConfig streams to its caller as protected as the graph it came from", async () => {
    const configured = doctorGraph().withConfig({ recursionLimit: 50 });
    const texts: string[] = [];
    for await (const [message] of await configured.stream(input(), { streamMode: "messages" })) texts.push(String(message.content));
    expect(texts).toHaveLength(1);
    expectNothingLeaked(texts);
    expectNothingLeaked([JSON.stringify((await configured.invoke(input())).messages.map((message) => message.content))]);
  });

  it("an authorized caller gets the real values, still one chunk per model call", async () => {
    const chunks: AIMessageChunk[] = [];
    const graph = doctorGraph({ ...AUTHORIZED, ssn: ["doctor", "user"] });
    for await (const [message] of await graph.stream(input(), { streamMode: "messages" })) if (isBaseMessageChunk(message)) chunks.push(message as AIMessageChunk);
    expect(chunks).toHaveLength(1);
    expect(String(chunks[0].content)).toContain(VAULT.ssn);
    expect(String(chunks[0].content)).not.toContain(VAULT.patient_name);
  });

  it("streamEvents: model chunk events and the graph's messages chunks (as the LangGraph server asks) are merged per call", async () => {
    const modelTexts: string[] = [];
    const graphTexts: string[] = [];
    for await (const event of doctorGraph().streamEvents(input(), { version: "v2", streamMode: ["messages", "values"] })) {
      if (event.event === "on_chat_model_stream") modelTexts.push(String(event.data.chunk.content));
      const chunk: unknown = event.data?.chunk;
      // The graph's own stream chunks are [mode, payload] here (no subgraphs).
      if (event.event === "on_chain_stream" && Array.isArray(chunk) && chunk[0] === "messages") graphTexts.push(String(chunk[1][0].content));
    }
    expect(modelTexts).toHaveLength(1);
    expect(graphTexts).toHaveLength(1);
    expect(modelTexts[0]).toMatch(/^Summary: Patient /);
    expectNothingLeaked([...modelTexts, ...graphTexts]);
  });

  it("streamEvents: a nested chain's pieces (a parser's, a generator's) are held until its run ends and released as one (round 14 audit)", async () => {
    const spelled = RunnableLambda.from(async function* (text: string) {
      for (const character of text) yield character;
    });
    const doctor = async (state: typeof MessagesAnnotation.State) => {
      const chain = ChatPromptTemplate.fromMessages([["human", "{question}"]])
        .pipe(new FakeListChatModel({ responses: [`Billing SSN ${VAULT.ssn} for ${VAULT.patient_name}`] }))
        .pipe(new StringOutputParser());
      let answer = "";
      for await (const piece of await chain.stream({ question: String(state.messages.at(-1)!.content) })) answer += piece;
      for await (const piece of await spelled.stream(`Again: ${VAULT.ssn}`)) answer += piece;
      return { messages: [new AIMessage(answer)] };
    };
    const graph = withRecons(new StateGraph(MessagesAnnotation).addNode("doctor", doctor).addEdge(START, "doctor"), makeGuard(AUTHORIZED)).compile();
    const pieces = new Map<string, string[]>();
    for await (const event of graph.streamEvents(input(), { version: "v2" })) {
      if (event.event !== "on_parser_stream" && !(event.event === "on_chain_stream" && typeof event.data.chunk === "string")) continue;
      pieces.set(event.event, [...(pieces.get(event.event) ?? []), event.data.chunk as string]);
    }
    expect(pieces.get("on_parser_stream")).toHaveLength(1);
    expect(pieces.get("on_parser_stream")![0]).toMatch(/^Billing SSN \d{3}-\d{2}-\d{4} for /);
    expect(pieces.get("on_chain_stream")).toHaveLength(1);
    expect(pieces.get("on_chain_stream")![0]).toMatch(/^Again: /);
    expectNothingLeaked([...pieces.values()].flat());
  });

  it("encoded streams (text/event-stream) hold the tokens back too", async () => {
    const decoder = new TextDecoder();
    let events = "";
    for await (const bytes of await doctorGraph().stream(input(), { streamMode: "messages", encoding: "text/event-stream" })) events += decoder.decode(bytes as Uint8Array);
    const messages = events.split("\n\n").filter((event) => event.startsWith("event: messages"));
    expect(messages).toHaveLength(1);
    const [fields] = JSON.parse(messages[0].slice(messages[0].indexOf("data: ") + 6)) as [{ content: string; type: string }];
    expect(fields.type).toBe("ai");
    expect(fields.content).toMatch(/^Summary: Patient /);
    expectNothingLeaked([fields.content]);

    let encodedEvents = "";
    for await (const bytes of doctorGraph().streamEvents(input(), { version: "v2", encoding: "text/event-stream" })) encodedEvents += decoder.decode(bytes as unknown as Uint8Array);
    const modelEvents = encodedEvents
      .split("\n\n")
      .filter((event) => event.startsWith("event: data"))
      .map((event) => JSON.parse(event.slice(event.indexOf("data: ") + 6)) as { event: string; data: { chunk?: { kwargs: { content: string } } } })
      .filter((event) => event.event === "on_chat_model_stream");
    expect(modelEvents).toHaveLength(1);
    expectNothingLeaked([modelEvents[0].data.chunk!.kwargs.content]);
  });
});
