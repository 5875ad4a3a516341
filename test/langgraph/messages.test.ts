import { describe, expect, it } from "vitest";
import { AIMessage, AIMessageChunk, HumanMessage, RemoveMessage, ToolMessage } from "@langchain/core/messages";
import { Overwrite } from "@langchain/langgraph";
import { mapStrings } from "../../src/content.js";
import { addresseeOf, containsMessage, fromPlain, toPlain } from "../../src/langgraph/messages.js";

const upper = (value: unknown) => fromPlain(value, mapStrings(toPlain(value), (text) => text.replaceAll("bob", "BOB")));

describe("message-aware plain form", () => {
  it("rebuilds messages of the same class and id with every content field transformed", () => {
    const ai = new AIMessage({
      id: "a1",
      name: "agent",
      content: [{ type: "text", text: "call bob" }],
      tool_calls: [{ id: "c1", name: "lookup", args: { who: "bob" } }],
      additional_kwargs: { note: "bob" },
    });
    const tool = new ToolMessage({ id: "t1", content: "bob found", tool_call_id: "c1", artifact: { raw: "bob" } });
    const [aiOut, toolOut] = upper([ai, tool]) as [AIMessage, ToolMessage];
    expect(aiOut).toBeInstanceOf(AIMessage);
    expect(aiOut.id).toBe("a1");
    expect(aiOut.content).toEqual([{ type: "text", text: "call BOB" }]);
    expect(aiOut.tool_calls?.[0]).toMatchObject({ id: "c1", name: "lookup", args: { who: "BOB" } });
    expect(aiOut.additional_kwargs).toEqual({ note: "BOB" });
    expect(toolOut).toBeInstanceOf(ToolMessage);
    expect(toolOut.tool_call_id).toBe("c1");
    expect(toolOut.content).toBe("BOB found");
    expect(toolOut.artifact).toEqual({ raw: "BOB" });
  });

  it("serializes the rebuilt message with its sanitized fields only (lc_kwargs too)", () => {
    const human = new HumanMessage({ id: "h1", content: "ask bob", additional_kwargs: { from: "bob" } });
    const out = upper(human) as HumanMessage;
    expect(out).toBeInstanceOf(HumanMessage);
    expect(JSON.stringify(out)).toContain("ask BOB");
    expect(JSON.stringify(out)).not.toContain("bob");
    expect(human.content).toBe("ask bob");
  });

  it("hands readers with the same view of a message the same copy", () => {
    const human = new HumanMessage({ id: "h2", content: "ask bob" });
    expect(upper(human)).toBe(upper(human));
  });

  it("sees a message whose content changed in place after a delivery: no copy of the old content, no filled field left raw", () => {
    const human = new HumanMessage({ id: "h4", content: "ask bob" });
    const first = upper(human) as HumanMessage;
    human.content = "tell bob";
    const second = upper(human) as HumanMessage;
    expect(second).not.toBe(first);
    expect(second.content).toBe("tell BOB");
    // An empty field left out of the walk, then filled in place.
    (human.additional_kwargs as Record<string, unknown>).note = "bob";
    expect((upper(human) as HumanMessage).additional_kwargs).toEqual({ note: "BOB" });
  });

  it("refuses sanitized parts that renamed or dropped a content field (fail closed upstream)", () => {
    const human = new HumanMessage({ id: "h3", content: "ask bob" });
    expect(() => fromPlain(human, { text: "ask BOB" })).toThrow(/unknown field/);
    const ai = new AIMessage({ id: "a3", content: "x", name: "bob" });
    expect(() => fromPlain(ai, { content: "y" })).toThrow(/lost its name/);
  });

  it("transforms streamed tool-call chunks too", () => {
    const chunk = new AIMessageChunk({ id: "k1", content: "", tool_call_chunks: [{ id: "c1", name: "lookup", args: '{"who":"bob"}', index: 0 }] });
    const out = upper(chunk) as AIMessageChunk;
    expect(out.tool_call_chunks?.[0].args).toBe('{"who":"BOB"}');
    expect(JSON.stringify(out.tool_calls)).not.toContain("bob");
  });

  it("leaves RemoveMessage untouched and keeps Overwrite wrappers", () => {
    const remove = new RemoveMessage({ id: "gone" });
    const overwrite = new Overwrite([new HumanMessage({ id: "h", content: "bob" }), remove]);
    const out = upper({ messages: overwrite }) as { messages: Overwrite<HumanMessage[]> };
    expect(out.messages).toBeInstanceOf(Overwrite);
    expect(out.messages.value[0].content).toBe("BOB");
    expect(out.messages.value[1]).toBe(remove);
  });

  it("finds messages and addressees", () => {
    expect(containsMessage({ a: [{ b: new HumanMessage("x") }] })).toBe(true);
    expect(containsMessage({ a: ["x"] })).toBe(false);
    expect(addresseeOf(new AIMessage({ content: "x", additional_kwargs: { recipient: "billing" } }))).toBe("billing");
    expect(addresseeOf(new AIMessage("x"))).toBeUndefined();
  });
});
