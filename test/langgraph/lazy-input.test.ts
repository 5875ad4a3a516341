import { describe, expect, it } from "vitest";
import { inspect } from "node:util";
import { AIMessage, HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { Annotation, END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { withRecons } from "../../src/langgraph/index.js";
import type { Decision } from "../../src/event.js";
import { lazyView } from "../../src/langgraph/lazy-view.js";
import { makeGuard, VAULT } from "./fixtures.js";

const SSN = VAULT.ssn;
const State = Annotation.Root({ ...MessagesAnnotation.spec, notes: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }) });
type Read = (state: { messages: BaseMessage[]; notes: string[] }) => void;

/** `writer` (authorized) writes a message and a note holding the SSN; `reader` (not authorized) reads the state with `read`, then routes on it. */
async function readAfterWrite(read: Read, route: Read = () => {}) {
  const decisions: Array<Decision & { node?: string; stage?: string }> = [];
  const builder = new StateGraph(State)
    .addNode("writer", async () => ({ messages: [new AIMessage(`SSN ${SSN} on file`)], notes: [`note ${SSN}`] }))
    .addNode("reader", async (state) => {
      read(state);
      return {};
    })
    .addNode("done", async () => ({}))
    .addEdge(START, "writer")
    .addEdge("writer", "reader")
    .addConditionalEdges(
      "reader",
      (state) => {
        route(state);
        return "done";
      },
      ["done"],
    )
    .addEdge("done", END);
  const graph = withRecons(builder, makeGuard({ ssn: ["writer"] }), { onDecision: (decision) => decisions.push(decision), finalOutput: false }).compile();
  await graph.invoke({ messages: [new HumanMessage(`hello, my SSN is ${SSN}`)] });
  return decisions.filter((decision) => decision.stage === "input" && decision.node === "reader");
}

describe("a node's state delivered as the node reads it", () => {
  it("a node that reads the last message has that message delivered, its decisions at its place in the state", async () => {
    let last = "";
    const decisions = await readAfterWrite((state) => {
      last = String(state.messages.at(-1)?.content);
    });
    expect(last).toMatch(/^SSN \S+ on file$/);
    expect(last).not.toContain(SSN);
    // The first message (the caller's) was never read, so never delivered to the reader.
    expect(decisions.map((decision) => decision.path)).toEqual(["$.messages[1].content"]);
  });

  it("a routing function's decisions name the key and the item it read", async () => {
    const decisions = await readAfterWrite(
      () => {},
      (state) => void [state.notes[0], state.messages[0].content],
    );
    expect(decisions.map((decision) => decision.path).sort()).toEqual(["$.messages[0].content", "$.notes[0]"]);
  });

  it("however a node reads its whole state (spread, JSON, structuredClone, entries, map, inspect), no raw value shows; every item is delivered", async () => {
    const reads: string[] = [];
    const decisions = await readAfterWrite((state) => {
      reads.push(inspect(state, { depth: 4 }), inspect(state.messages));
      reads.push(JSON.stringify(state), JSON.stringify({ ...state }), JSON.stringify(Object.entries(state)), JSON.stringify([...state.notes]));
      reads.push(state.messages.map((message) => String(message.content)).join("\n"), JSON.stringify(structuredClone(state.notes)));
      reads.push(inspect(state, { depth: 4 }));
    });
    const seen = reads.join("\n");
    expect(seen).toContain("on file");
    expect(seen).toContain("hello, my SSN is");
    expect(seen).not.toContain(SSN);
    expect(new Set(decisions.map((decision) => decision.path))).toEqual(new Set(["$.messages[0].content", "$.messages[1].content", "$.notes[0]"]));
  });

  it("a node may write into its view: items it sets are its own, the others still delivered", async () => {
    const reads: string[] = [];
    await readAfterWrite((state) => {
      state.notes[1] = "added by the reader";
      state.notes.push("pushed");
      reads.push(JSON.stringify(state.notes));
    });
    expect(reads[0]).not.toContain(SSN);
    expect(JSON.parse(reads[0])).toHaveLength(3);
    expect(JSON.parse(reads[0]).slice(1)).toEqual(["added by the reader", "pushed"]);
  });
});

describe("lazyView", () => {
  it("delivers each item once, when read; an object made from a view reads through it", () => {
    const delivered: string[] = [];
    const view = lazyView(["a", "b", "c"], (key) => {
      delivered.push(key);
      return `<${key}>`;
    });
    expect(view.length).toBe(3);
    expect(delivered).toEqual([]);
    expect(view[2]).toBe("<2>");
    expect(view[2]).toBe("<2>");
    expect(delivered).toEqual(["2"]);
    const child = Object.create(view) as string[];
    expect(child[0]).toBe("<0>");
    expect(view[0]).toBe("<0>");
    expect(delivered).toEqual(["2", "0"]);
    expect([...view]).toEqual(["<0>", "<1>", "<2>"]);
    expect(delivered).toEqual(["2", "0", "1"]);
  });

  it("views of the same keys stay apart (their accessors are shared)", () => {
    const first = lazyView({ note: "x" }, () => "first");
    const second = lazyView({ note: "y" }, () => "second");
    expect(second.note).toBe("second");
    expect(first.note).toBe("first");
    expect(Object.getPrototypeOf(lazyView(new (class Box { note = "z" })(), () => "boxed")).constructor.name).toBe("Box");
  });
});
