import { describe, expect, it } from "vitest";
import { z } from "zod";
import { HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { createReactAgent } from "@langchain/langgraph/prebuilt";
import { createSupervisor } from "@langchain/langgraph-supervisor";
import { createHandoffTool, createSwarm } from "@langchain/langgraph-swarm";
import { createRecons, type ReconsGuard } from "../../src/guard.js";
import { withRecons } from "../../src/langgraph/with-recons.js";
import { protectTool } from "../../src/langgraph/tools.js";
import { ScriptedChatModel, type ScriptStep } from "../helpers/scripted-chat-model.js";
import { leakedFields, receivedAll } from "../helpers/leaks.js";

const SECRET = "prebuilt-test-secret";
const SSN = "939-79-6410";
const NAME = "Dwayne Sanchez";
const SALARY = "205902";
const vault = { ssn: SSN, patient_name: NAME, salary: SALARY };
const request = `Patient ${NAME}, SSN ${SSN}, salary $205,902: please handle the case.`;

/** authorized[field] = recipients allowed the real value. */
function guardFor(authorized: Record<keyof typeof vault, string[]>): ReconsGuard {
  return createRecons({
    vault,
    secret: SECRET,
    policy: {
      fields: {
        ssn: { valueType: "format", kind: "ssn", authorized: authorized.ssn },
        patient_name: { valueType: "value", kind: "name", authorized: authorized.patient_name },
        salary: { valueType: "value", kind: "amount", authorized: authorized.salary },
      },
    },
  });
}

/** A reply repeating everything the model received: whatever it saw flows on to the next recipient. */
const echo: ScriptStep = (messages: BaseMessage[]) => ({ content: `Seen: ${messages.map((message) => message.text).join(" / ")}` });

function expectNoLeaks(guard: ReconsGuard, model: ScriptedChatModel, recipient: string) {
  expect(model.received.length, `${recipient} was called`).toBeGreaterThan(0);
  expect(leakedFields(guard, model.receivedText(), recipient), `${recipient} received`).toEqual([]);
}

describe("prebuilt graphs with withRecons", () => {
  it("createReactAgent (compiled): the model and the tool get what they are authorized for, the caller too", async () => {
    const guard = guardFor({ ssn: ["tools", "tool:verify_identity"], patient_name: ["agent", "tools", "tool:verify_identity", "user"], salary: [] });
    const toolArgs: unknown[] = [];
    const verify = tool(async (args) => (toolArgs.push(args), `verified ${args.name}`), {
      name: "verify_identity",
      description: "Verify a patient",
      schema: z.object({ name: z.string(), ssn: z.string() }),
    });
    // The model tries to pass the raw SSN on although it was never shown it.
    const model = new ScriptedChatModel("agent", [{ toolCalls: [{ name: "verify_identity", args: { name: NAME, ssn: SSN } }] }, echo]);
    const agent = withRecons(createReactAgent({ llm: model, tools: [protectTool(verify, guard, { caller: "agent" })] }), guard);

    const result = await agent.invoke({ messages: [new HumanMessage(request)] });

    expectNoLeaks(guard, model, "agent");
    expect(receivedAll(model.receivedText(), [NAME])).toBe(true);
    expect(toolArgs).toHaveLength(1);
    expect(leakedFields(guard, JSON.stringify(toolArgs), "tool:verify_identity", "C3")).toEqual([]);
    expect(JSON.stringify(toolArgs)).toContain(NAME);
    const output = JSON.stringify(result.messages.map((message: BaseMessage) => message.content));
    expect(leakedFields(guard, output, "user", "C1")).toEqual([]);
    expect(output).toContain(NAME);
  });

  it("supervisor with two agents: each agent and the supervisor receive only their authorized values", async () => {
    const guard = guardFor({
      ssn: ["billing_expert"],
      patient_name: ["supervisor", "research_expert", "billing_expert", "user"],
      salary: ["billing_expert"],
    });
    const research = new ScriptedChatModel("research", [echo]);
    const billing = new ScriptedChatModel("billing", [echo]);
    const supervisorModel = new ScriptedChatModel("supervisor", [
      { toolCalls: [{ name: "transfer_to_research_expert", args: {} }] },
      { toolCalls: [{ name: "transfer_to_billing_expert", args: {} }] },
      echo,
    ]);
    const workflow = createSupervisor({
      agents: [
        createReactAgent({ llm: research, tools: [], name: "research_expert" }),
        createReactAgent({ llm: billing, tools: [], name: "billing_expert" }),
      ],
      llm: supervisorModel,
    });
    const app = withRecons(workflow, guard).compile();

    const result = await app.invoke({ messages: [new HumanMessage(request)] });

    expectNoLeaks(guard, supervisorModel, "supervisor");
    expectNoLeaks(guard, research, "research_expert");
    expectNoLeaks(guard, billing, "billing_expert");
    expect(supervisorModel.received).toHaveLength(3);
    expect(receivedAll(research.receivedText(), [NAME])).toBe(true);
    expect(receivedAll(billing.receivedText(), [NAME])).toBe(true);
    const output = JSON.stringify(result.messages.map((message: BaseMessage) => message.content));
    expect(leakedFields(guard, output, "user", "C1")).toEqual([]);
    expect(output).toContain(NAME);
  });

  it("swarm with handoffs: neither agent receives a value it is not authorized for, both get the shared name", async () => {
    const guard = guardFor({ ssn: ["bob"], patient_name: ["alice", "bob", "user"], salary: [] });
    const aliceModel = new ScriptedChatModel("alice", [{ toolCalls: [{ name: "transfer_to_bob", args: {} }] }]);
    const bobModel = new ScriptedChatModel("bob", [echo]);
    const alice = createReactAgent({ llm: aliceModel, tools: [createHandoffTool({ agentName: "bob" })], name: "alice" });
    const bob = createReactAgent({ llm: bobModel, tools: [createHandoffTool({ agentName: "alice" })], name: "bob" });
    const app = withRecons(createSwarm({ agents: [alice, bob], defaultActiveAgent: "alice" }), guard).compile();

    const result = await app.invoke({ messages: [new HumanMessage(request)] });

    expectNoLeaks(guard, aliceModel, "alice");
    expectNoLeaks(guard, bobModel, "bob");
    expect(receivedAll(aliceModel.receivedText(), [NAME])).toBe(true);
    expect(receivedAll(bobModel.receivedText(), [NAME])).toBe(true);
    expect(result.activeAgent).toBe("bob");
    const output = JSON.stringify(result.messages.map((message: BaseMessage) => message.content));
    expect(leakedFields(guard, output, "user", "C1")).toEqual([]);
  });
});
