import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { createRecons, type ReconsGuard } from "../../src/guard.js";
import { protectedToolNode, protectTool } from "../../src/langgraph/tools.js";
import { leakedFields } from "../helpers/leaks.js";

const SECRET = "tools-test-secret";
const vault = { ssn: "939-79-6410", patient_name: "Dwayne Sanchez" };
const INSURANCE_ID = "INS-7734-2209";
const policy = {
  fields: {
    ssn: { valueType: "format", kind: "ssn", authorized: ["intake"] },
    patient_name: { valueType: "value", kind: "name", authorized: ["intake", "tool:lookup_patient", "triage"] },
    insurance_id: { valueType: "format", kind: "id", authorized: ["billing"] },
    member_number: { valueType: "format", kind: "id", authorized: ["billing"] },
  },
};
const newGuard = () => createRecons({ policy, vault, secret: SECRET });

/** A tool that records its arguments and returns a structured record holding new protected values. */
function lookupTool(received: unknown[]) {
  return tool(
    async (args) => {
      received.push(args);
      return { patient_name: args.patient, insurance_id: INSURANCE_ID, plan: "gold", member: "MB-55120-88" };
    },
    {
      name: "lookup_patient",
      description: "Look a patient up",
      schema: z.object({ patient: z.string(), ssn: z.string() }),
    },
  );
}

const call = { name: "lookup_patient", args: { patient: "Dwayne Sanchez", ssn: "939-79-6410" }, id: "call-1", type: "tool_call" as const };

describe("protectTool", () => {
  it("refuses what is no tool when wrapping it, not at its first call (round 14 walkthrough)", () => {
    const guard = createRecons({ secret: "s", policy: { fields: {} } });
    for (const notATool of [{}, null, { name: "x" }, { invoke: () => "x" }]) expect(() => protectTool(notATool as never, guard)).toThrow(/tool must be a LangChain tool/);
  });

  it("registers the real value behind a surrogate the tool echoes back, and nothing for `unknown`, `N/A`, booleans or placeholders", async () => {
    const guard = newGuard();
    const echo = tool(async (args) => ({ ssn: args.ssn, insurance_id: "unknown", member_number: ["N/A", "MB-1"], patient_name: "[REDACTED:name]", verified: true }), {
      name: "echo_record",
      description: "Echo a record",
      schema: z.object({ ssn: z.string() }),
    });
    const before = guard.vault.entries().length;
    // An unauthorized tool gets the SSN's surrogate, and echoes it back under `ssn`.
    await protectTool(echo, guard, { resultFields: { verified: "ssn" } }).invoke({ ...call, name: "echo_record", args: { ssn: "939-79-6410" } }, { metadata: { langgraph_node: "triage" } });
    const added = guard.vault.entries().slice(before).map((entry) => `${entry.field}=${entry.value}`);
    expect(added).toEqual(["member_number=MB-1"]);
    // The surrogate stays a surrogate to an unauthorized reader, and ordinary words stay words.
    expect(guard.sanitizeSync({ channel: "C2", content: "Status unknown, N/A.", recipient: "triage" }).content).toBe("Status unknown, N/A.");
  });


  it("sanitizes args for tool:<name>, adds returned protected values to the vault, sanitizes the result for the caller", async () => {
    const guard = newGuard();
    const received: unknown[] = [];
    const protectedLookup = protectTool(lookupTool(received), guard, { resultFields: { member: "member_number" } });
    expect(protectedLookup.name).toBe("lookup_patient");

    const result = await protectedLookup.invoke(call, { metadata: { langgraph_node: "triage" } });

    const args = JSON.stringify(received);
    expect(leakedFields(guard, args, "tool:lookup_patient", "C3")).toEqual([]);
    expect(args).toContain("Dwayne Sanchez");
    expect(args).not.toContain("939-79-6410");

    const fields = guard.vault.entries().map((entry) => `${entry.field}=${entry.value}`);
    expect(fields).toContain(`insurance_id=${INSURANCE_ID}`);
    expect(fields).toContain("member_number=MB-55120-88");

    expect(ToolMessage.isInstance(result)).toBe(true);
    const message = result as ToolMessage;
    expect(message.tool_call_id).toBe("call-1");
    const content = String(message.content);
    expect(leakedFields(guard, content, "triage", "C4")).toEqual([]);
    expect(content).not.toContain(INSURANCE_ID);
    expect(content).not.toContain("MB-55120-88");
    expect(content).toContain("Dwayne Sanchez");
    expect(content).toContain("gold");
  });

  it("restores the caller's view on demand: an authorized reader gets the real returned value back", async () => {
    const guard = newGuard();
    const result = (await protectTool(lookupTool([]), guard, { caller: "triage" }).invoke(call)) as ToolMessage;
    expect(String(result.content)).not.toContain(INSURANCE_ID);
    expect(guard.restore(String(result.content), "billing", "C4")).toContain(INSURANCE_ID);
  });

  it("called with plain args (not a tool call) returns the sanitized raw output", async () => {
    const guard = newGuard();
    const output = await protectTool(lookupTool([]), guard, { caller: "nurse" }).invoke(call.args);
    const text = JSON.stringify(output);
    expect(leakedFields(guard, text, "nurse", "C4")).toEqual([]);
    expect(text).toContain("gold");
  });

  it("withholds a result it cannot protect instead of passing it raw (fail closed)", async () => {
    const guard = newGuard();
    const failing: ReconsGuard = Object.assign(Object.create(guard) as ReconsGuard, {
      sanitize: async (event: Parameters<ReconsGuard["sanitize"]>[0]) => {
        if (event.channel === "C4") throw new Error("sanitizer down");
        return guard.sanitize(event);
      },
    });
    const result = (await protectTool(lookupTool([]), failing, { caller: "triage" }).invoke(call)) as ToolMessage;
    expect(result.status).toBe("error");
    expect(String(result.content)).toBe("[REDACTED:tool-result-unprotectable]");
  });
});

describe("protectedToolNode", () => {
  it("protects the tools of a ToolNode inside a graph; the running node is the default caller", async () => {
    const guard = newGuard();
    const received: unknown[] = [];
    const graph = new StateGraph(MessagesAnnotation)
      .addNode("tools", protectedToolNode([lookupTool(received)], guard))
      .addEdge(START, "tools")
      .addEdge("tools", END)
      .compile();
    const state = await graph.invoke({
      messages: [new HumanMessage("look up Dwayne Sanchez"), new AIMessage({ content: "", tool_calls: [call] })],
    });
    expect(JSON.stringify(received)).not.toContain("939-79-6410");
    const toolMessage = state.messages.at(-1) as ToolMessage;
    expect(ToolMessage.isInstance(toolMessage)).toBe(true);
    // The node `tools` is named in no policy: it gets nothing protected, not even the patient name.
    expect(leakedFields(guard, String(toolMessage.content), "tools", "C4")).toEqual([]);
    expect(String(toolMessage.content)).not.toContain("Dwayne Sanchez");
    expect(guard.vault.entries().some((entry) => entry.field === "insurance_id")).toBe(true);
  });
});
