import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createAgent } from "langchain";
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { createRecons } from "../../src/guard.js";
import { reconsMiddleware } from "../../src/langgraph/middleware.js";
import { ScriptedChatModel } from "../helpers/scripted-chat-model.js";
import { leakedFields } from "../helpers/leaks.js";

const SECRET = "middleware-test-secret";
const SSN = "939-79-6410";
const NAME = "Dwayne Sanchez";
const INSURANCE_ID = "INS-7734-2209";
const vault = { ssn: SSN, patient_name: NAME };
const policy = {
  fields: {
    ssn: { valueType: "format", kind: "ssn", authorized: ["tool:verify_identity"] },
    patient_name: { valueType: "value", kind: "name", authorized: ["assistant", "tool:verify_identity", "user"] },
    insurance_id: { valueType: "format", kind: "id", authorized: ["user"] },
  },
};

function setup() {
  const guard = createRecons({ policy, vault, secret: SECRET });
  const toolArgs: unknown[] = [];
  const verify = tool(
    async (args) => {
      toolArgs.push(args);
      return JSON.stringify({ verified: true, insurance_id: INSURANCE_ID, holder: args.name });
    },
    { name: "verify_identity", description: "Verify a patient", schema: z.object({ name: z.string(), ssn: z.string() }) },
  );
  // The model leaks on purpose: its tool call carries the SSN and its answer repeats everything it saw.
  const model = new ScriptedChatModel("assistant", [
    { content: `Verifying ${NAME}`, toolCalls: [{ name: "verify_identity", args: { name: NAME, ssn: SSN } }] },
    (messages) => ({ content: `Summary: ${messages.map((message) => JSON.stringify(message.content)).join(" | ")}` }),
  ]);
  const agent = createAgent({ model, tools: [verify], middleware: [reconsMiddleware(guard, { model: "assistant" })] });
  return { guard, model, agent, toolArgs };
}

describe("reconsMiddleware", () => {
  it("protects every message of the history, tool_calls args, array content and tool results for the model", async () => {
    const { guard, model, agent, toolArgs } = setup();
    const result = await agent.invoke({
      messages: [
        new HumanMessage(`Earlier note: patient ${NAME}, SSN ${SSN}.`),
        new AIMessage({ content: "", tool_calls: [{ name: "verify_identity", args: { name: NAME, ssn: SSN }, id: "old-1", type: "tool_call" }] }),
        new ToolMessage({ content: `verified ${SSN}`, tool_call_id: "old-1", name: "verify_identity" }),
        new HumanMessage({ content: [{ type: "text", text: `Please verify ${NAME}, SSN ${SSN}.` }] }),
      ],
    });

    expect(model.received).toHaveLength(2);
    for (const [index, call] of model.received.entries()) {
      for (const message of call) {
        const text = JSON.stringify({ content: message.content, tool_calls: (message as AIMessage).tool_calls });
        expect(leakedFields(guard, text, "assistant"), `call ${index}, ${message.type} message`).toEqual([]);
      }
    }
    const firstCall = model.received[0];
    // Earlier turns too (piiMiddleware only scans the last message).
    expect(String(firstCall[0].content)).toContain(NAME);
    expect(String(firstCall[0].content)).not.toContain(SSN);
    expect(JSON.stringify((firstCall[1] as AIMessage).tool_calls)).not.toContain(SSN);
    // Array content stays an array of blocks.
    expect(Array.isArray(firstCall[3].content)).toBe(true);
    expect(JSON.stringify(firstCall[3].content)).toContain(NAME);

    // The tool is authorized for the SSN: it receives the real value even though the model never saw it.
    expect(toolArgs).toEqual([{ name: NAME, ssn: SSN }]);
    // The tool's result reached the model protected, and its new protected value joined the vault.
    expect(guard.vault.entries().some((entry) => entry.field === "insurance_id" && entry.value === INSURANCE_ID)).toBe(true);
    expect(JSON.stringify(model.received[1])).not.toContain(INSURANCE_ID);

    const final = JSON.stringify(result.messages.map((message) => [message.content, (message as AIMessage).tool_calls]));
    expect(leakedFields(guard, final, "user", "C1")).toEqual([]);
    expect(final).toContain(NAME);
    expect(final).not.toContain(SSN);
  });

  it("sanitizes tool_calls args for an unauthorized tool", async () => {
    const guard = createRecons({ policy: { fields: { ...policy.fields, ssn: { valueType: "format", kind: "ssn", authorized: [] } } }, vault, secret: SECRET });
    const toolArgs: unknown[] = [];
    const lookup = tool(async (args) => (toolArgs.push(args), "ok"), {
      name: "verify_identity",
      description: "Verify a patient",
      schema: z.object({ name: z.string(), ssn: z.string() }),
    });
    const model = new ScriptedChatModel("assistant", [
      { toolCalls: [{ name: "verify_identity", args: { name: NAME, ssn: SSN } }] },
      { content: "done" },
    ]);
    await createAgent({ model, tools: [lookup], middleware: [reconsMiddleware(guard, { model: "assistant" })] }).invoke({
      messages: [new HumanMessage("verify please")],
    });
    expect(toolArgs).toHaveLength(1);
    expect(leakedFields(guard, JSON.stringify(toolArgs), "tool:verify_identity", "C3")).toEqual([]);
    expect(JSON.stringify(toolArgs)).toContain(NAME);
  });

  it("a tool's own error quoting its arguments reaches neither the model nor the caller with them", async () => {
    const guard = createRecons({ policy, vault, secret: SECRET });
    const lookup = tool(
      async (args) => {
        throw new Error(`no record for ${args.name}, SSN ${args.ssn}`);
      },
      { name: "verify_identity", description: "Verify a patient", schema: z.object({ name: z.string(), ssn: z.string() }) },
    );
    const model = new ScriptedChatModel("assistant", [{ toolCalls: [{ name: "verify_identity", args: { name: NAME, ssn: SSN } }] }, { content: "done" }]);
    const agent = createAgent({ model, tools: [lookup], middleware: [reconsMiddleware(guard, { model: "assistant" })] });
    const outcome = await agent.invoke({ messages: [new HumanMessage("verify please")] }).then(
      (result) => JSON.stringify(result.messages.map((message) => message.content)),
      (error: Error) => `${error.message}\n${error.stack}`,
    );
    expect(outcome).toContain("no record for");
    expect(outcome).not.toContain(SSN);
    expect(JSON.stringify(model.received)).not.toContain(SSN);
  });
});

describe("withRecons on a createAgent agent (round 14 walkthrough: without the middleware its model got the raw SSN)", () => {
  it("asks for reconsMiddleware with the same guard, and protects the agent that has it", async () => {
    const { withRecons } = await import("../../src/langgraph/with-recons.js");
    const guard = createRecons({ secret: SECRET, vault, policy });
    const agent = (middleware: ReturnType<typeof reconsMiddleware>[]) => createAgent({ model: new ScriptedChatModel("assistant", [{ content: "done" }]), tools: [], middleware });
    const bare = agent([]);
    expect(() => withRecons(bare, guard)).toThrow(/reconsMiddleware\(guard\) in its middleware, with the same guard/);
    // Refused again, not taken for protected by the refused call.
    expect(() => withRecons(bare, guard)).toThrow(/reconsMiddleware/);
    expect(() => withRecons(agent([reconsMiddleware(createRecons({ secret: SECRET, vault, policy }))]), guard)).toThrow(/with the same guard/);
    const protectedAgent = agent([reconsMiddleware(guard)]);
    expect(withRecons(protectedAgent, guard)).toBe(protectedAgent);
  });
});
