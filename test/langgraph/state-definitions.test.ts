/**
 * withRecons on each way LangGraph.js 1.7 defines state: `Annotation.Root`, zod v4 with the
 * LangGraph `registry`, and `StateSchema` (with `MessagesValue`, `MessagesDeltaValue` and a
 * `ReducedValue` whose reducer is a `reconsReducer`). Real graphs; each node records what it read.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AIMessage, HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { Annotation, END, MemorySaver, MessagesAnnotation, MessagesDeltaValue, MessagesValue, ReducedValue, START, StateGraph, StateSchema, messagesStateReducer } from "@langchain/langgraph";
import { registry } from "@langchain/langgraph/zod";
import { createRecons } from "../../src/guard.js";
import { ReconsSerializer, reconsReducer, withRecons } from "../../src/langgraph/index.js";

const SSN = "939-79-6410";
const guard = () => createRecons({ secret: "state-definitions", vault: { ssn: SSN }, policy: { fields: { ssn: { kind: "ssn", authorized: ["intake", "user"] } } } });
const appendNotes = (left: string[], right: string[] | string) => left.concat(right);

type Seen = Record<string, string>;
interface AnyState {
  messages: BaseMessage[];
  notes: string[];
}

/** intake (authorized) writes the SSN to the messages and to shared notes; billing (not) reads both. */
function build<G extends { addNode: (...args: never[]) => unknown }>(graph: G, seen: Seen): G {
  const builder = graph as unknown as StateGraph<never>;
  (builder as unknown as { addNode: (name: string, fn: (state: AnyState) => unknown) => unknown }).addNode("intake", (state) => {
    seen.intake = JSON.stringify([state.messages.map((m) => m.content), state.notes]);
    return { messages: [new AIMessage(`forwarding SSN ${SSN}`)], notes: [`SSN ${SSN}`] };
  });
  (builder as unknown as { addNode: (name: string, fn: (state: AnyState) => unknown) => unknown }).addNode("billing", (state) => {
    seen.billing = JSON.stringify([state.messages.map((m) => m.content), state.notes]);
    return {};
  });
  const edges = builder as unknown as { addEdge: (a: string, b: string) => unknown };
  edges.addEdge(START, "intake");
  edges.addEdge("intake", "billing");
  edges.addEdge("billing", END);
  return graph;
}

describe("withRecons on every way to define state", () => {
  const definitions: Array<[string, (g: ReturnType<typeof guard>) => unknown]> = [
    ["Annotation.Root", (g) => new StateGraph(Annotation.Root({ ...MessagesAnnotation.spec, notes: Annotation<string[], string[] | string>({ reducer: reconsReducer(appendNotes, g), default: () => [] }) }))],
    [
      "zod v4 with the LangGraph registry",
      (g) =>
        new StateGraph(
          z.object({
            messages: z.array(z.custom<BaseMessage>()).register(registry, { reducer: { schema: z.array(z.custom<BaseMessage>()), fn: messagesStateReducer as never }, default: () => [] }),
            notes: z.array(z.string()).register(registry, { reducer: { schema: z.array(z.string()), fn: reconsReducer(appendNotes, g) }, default: () => [] }),
          }),
        ),
    ],
    ["StateSchema with MessagesValue and a ReducedValue", (g) => new StateGraph(new StateSchema({ messages: MessagesValue, notes: new ReducedValue(z.array(z.string()).default(() => []), { reducer: reconsReducer(appendNotes, g) }) }))],
    ["StateSchema with MessagesDeltaValue", (g) => new StateGraph(new StateSchema({ messages: MessagesDeltaValue, notes: new ReducedValue(z.array(z.string()).default(() => []), { reducer: reconsReducer(appendNotes, g) }) }))],
  ];

  it.each(definitions)("%s: the unauthorized node gets neither the messages' nor the shared notes' SSN, the authorized one and the caller get it back; checkpoints hold none", async (_, define) => {
    const g = guard();
    const seen: Seen = {};
    const saver = new MemorySaver(new ReconsSerializer(g, { secret: "state-definitions" }));
    const app = (withRecons(build(define(g) as { addNode: (...args: never[]) => unknown }, seen), g, { memoryKeys: ["notes"] }) as unknown as StateGraph<never>).compile({ checkpointer: saver });
    const config = { configurable: { thread_id: "t" } };
    const out = (await app.invoke({ messages: [new HumanMessage(`patient SSN ${SSN}`)] } as never, config)) as AnyState;
    expect(seen.intake).toContain(SSN);
    expect(seen.billing).not.toContain(SSN);
    expect(seen.billing).not.toContain("6410");
    expect(JSON.parse(seen.billing)[0]).toHaveLength(2);
    expect(JSON.parse(seen.billing)[1]).toHaveLength(1);
    // The caller may see the SSN: the final state gives it back everywhere.
    expect(out.messages.map((m) => m.content)).toEqual([`patient SSN ${SSN}`, `forwarding SSN ${SSN}`]);
    expect(out.notes).toEqual([`SSN ${SSN}`]);
    // What the saver holds, as bytes: no form of the SSN.
    const checkpoints = Object.values(saver.storage).flatMap((namespaces) => Object.values(namespaces).flatMap((byId) => Object.values(byId).flatMap(([checkpoint, metadata]) => [checkpoint, metadata])));
    const writes = Object.values(saver.writes).flatMap((byTask) => Object.values(byTask).map(([, , value]) => value));
    const held = Buffer.concat([...checkpoints, ...writes].map((bytes) => Buffer.from(bytes))).toString("latin1");
    expect(held.length).toBeGreaterThan(0);
    expect(held).not.toMatch(/939.?79.?6410/);
    // Resumed from its checkpoint, the state is the same as the caller got.
    expect(((await app.getState(config)).values as AnyState).notes).toEqual([`SSN ${SSN}`]);
  });
});
