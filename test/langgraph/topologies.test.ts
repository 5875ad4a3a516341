import { describe, expect, it } from "vitest";
import { AIMessage, HumanMessage, type BaseMessage } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import { Annotation, Command, END, MessagesAnnotation, Send, START, StateGraph } from "@langchain/langgraph";
import { ReconsAudit, withRecons } from "../../src/langgraph/index.js";
import { nodePathOf } from "../../src/langgraph/recipients.js";
import { expectProtected, makeGuard, RECORD_TEXT, Recorder, stringsIn, VAULT, type Authorizations } from "./fixtures.js";

const State = Annotation.Root({
  ...MessagesAnnotation.spec,
  notes: Annotation<string>({ reducer: (_left, right) => right, default: () => "" }),
  task: Annotation<string>({ reducer: (_left, right) => right, default: () => "" }),
});
type GraphState = typeof State.State;

const AUTHORIZED: Authorizations = {
  ssn: ["billing", "team/billing"],
  patient_name: ["doctor", "billing", "team", "user"],
  email: ["scheduler"],
  diagnosis: ["doctor"],
};

function lastText(state: Partial<GraphState>): string {
  const messages = state.messages ?? [];
  const last = messages[messages.length - 1] as BaseMessage | undefined;
  return typeof last?.content === "string" ? last.content : (state.task ?? "");
}

/** A node that records what it received, then passes on what it read. */
function agent(recorder: Recorder, name: string) {
  return (state: GraphState, config: RunnableConfig) => {
    recorder.record(nodePathOf(config, name).join("/"), state);
    return { messages: [new AIMessage({ content: `${name} read: ${lastText(state)}`, name })], notes: `${name}: ${lastText(state)}` };
  };
}

const input = () => ({ messages: [new HumanMessage(RECORD_TEXT)] });

interface Compilable {
  compile(): { invoke(state: { messages: HumanMessage[] }): Promise<unknown> };
}

async function run(builder: Compilable, guardAuth = AUTHORIZED) {
  const audit = new ReconsAudit();
  const guard = makeGuard(guardAuth);
  const graph = withRecons(builder, guard, { audit }).compile();
  const output = await graph.invoke(input());
  return { audit, output };
}

describe("withRecons on graph topologies", () => {
  it("linear chain: each node gets only its fields, authorized nodes the real values", async () => {
    const recorder = new Recorder();
    const builder = new StateGraph(State)
      .addNode("intake", agent(recorder, "intake"))
      .addNode("doctor", agent(recorder, "doctor"))
      .addNode("billing", agent(recorder, "billing"))
      .addEdge(START, "intake")
      .addEdge("intake", "doctor")
      .addEdge("doctor", "billing")
      .addEdge("billing", END);
    const { audit, output } = await run(builder);
    expectProtected(recorder, AUTHORIZED, { doctor: ["patient_name", "diagnosis"], billing: ["patient_name", "ssn"] });
    expect(recorder.nodes()).toEqual(new Set(["intake", "doctor", "billing"]));
    expect(audit.decisions.some((d) => d.resolution === "node-input" && d.recipient === "intake" && d.action !== "allow")).toBe(true);
    // The caller is `user`: final output is C1 and only patient_name is released to it.
    const userText = stringsIn(output).join("\n");
    expect(userText).toContain(VAULT.patient_name);
    expect(userText).not.toContain(VAULT.ssn);
    expect(audit.decisions.some((d) => d.stage === "output" && d.channel === "C1" && d.resolution === "final-output")).toBe(true);
  });

  it("star: coordinator fans out to workers that join in a summarizer", async () => {
    const recorder = new Recorder();
    const builder = new StateGraph(State)
      .addNode("coordinator", agent(recorder, "coordinator"))
      .addNode("doctor", agent(recorder, "doctor"))
      .addNode("billing", agent(recorder, "billing"))
      .addNode("scheduler", agent(recorder, "scheduler"))
      .addNode("summarizer", agent(recorder, "summarizer"))
      .addEdge(START, "coordinator")
      .addEdge("coordinator", "doctor")
      .addEdge("coordinator", "billing")
      .addEdge("coordinator", "scheduler")
      .addEdge(["doctor", "billing", "scheduler"], "summarizer")
      .addEdge("summarizer", END);
    await run(builder);
    expectProtected(recorder, AUTHORIZED, { doctor: ["diagnosis"], billing: ["ssn"], scheduler: ["email"] });
  });

  it("fully connected peers with conditional routing between every pair", async () => {
    const recorder = new Recorder();
    const peers = ["doctor", "billing", "scheduler", "intake"] as const;
    const schedule = ["doctor", "intake", "billing", "scheduler", "doctor", "billing", "intake", "scheduler"];
    let builder = new StateGraph(State) as StateGraph<typeof State.spec, GraphState, Partial<GraphState>, string>;
    for (const peer of peers) builder = builder.addNode(peer, agent(recorder, peer));
    const route = (state: GraphState) => schedule[state.messages.length - 1] ?? END;
    builder.addEdge(START, "doctor");
    for (const peer of peers) builder.addConditionalEdges(peer, route, [...peers, END]);
    await run(builder);
    expect(recorder.received.length).toBe(schedule.length);
    expectProtected(recorder, AUTHORIZED, { doctor: ["diagnosis", "patient_name"], billing: ["ssn"], scheduler: ["email"] });
  });

  it("two-level hierarchy: supervisor, leads, workers", async () => {
    const recorder = new Recorder();
    const builder = new StateGraph(State)
      .addNode("supervisor", agent(recorder, "supervisor"))
      .addNode("clinical_lead", agent(recorder, "clinical_lead"))
      .addNode("admin_lead", agent(recorder, "admin_lead"))
      .addNode("doctor", agent(recorder, "doctor"))
      .addNode("billing", agent(recorder, "billing"))
      .addNode("scheduler", agent(recorder, "scheduler"))
      .addEdge(START, "supervisor")
      .addEdge("supervisor", "clinical_lead")
      .addEdge("supervisor", "admin_lead")
      .addEdge("clinical_lead", "doctor")
      .addEdge("admin_lead", "billing")
      .addEdge("admin_lead", "scheduler");
    await run(builder);
    expectProtected(recorder, AUTHORIZED, { doctor: ["diagnosis"], billing: ["ssn"], scheduler: ["email"] });
  });

  it("conditional routing by content", async () => {
    const recorder = new Recorder();
    const builder = new StateGraph(State)
      .addNode("triage", agent(recorder, "triage"))
      .addNode("doctor", agent(recorder, "doctor"))
      .addNode("billing", agent(recorder, "billing"))
      .addEdge(START, "triage")
      .addConditionalEdges("triage", (state: GraphState) => (state.messages.length > 2 ? END : "doctor"), ["doctor", END])
      .addEdge("doctor", "billing")
      .addEdge("billing", "triage");
    await run(builder);
    expectProtected(recorder, AUTHORIZED, { doctor: ["diagnosis"], billing: ["ssn"] });
    expect(recorder.received.filter((entry) => entry.node === "triage").length).toBe(2);
  });

  it("Send fan-out: args are sanitized for each addressee", async () => {
    const recorder = new Recorder();
    const audit = new ReconsAudit();
    const builder = new StateGraph(State)
      .addNode("dispatcher", agent(recorder, "dispatcher"))
      .addNode("doctor", agent(recorder, "doctor"))
      .addNode("billing", agent(recorder, "billing"))
      .addNode("scheduler", agent(recorder, "scheduler"))
      .addEdge(START, "dispatcher")
      .addConditionalEdges("dispatcher", () =>
        ["doctor", "billing", "scheduler"].map((node) => new Send(node, { task: RECORD_TEXT, messages: [] })),
      );
    const graph = withRecons(builder, makeGuard(AUTHORIZED), { audit }).compile();
    await graph.invoke(input());
    expectProtected(recorder, AUTHORIZED, { doctor: ["diagnosis", "patient_name"], billing: ["ssn"], scheduler: ["email"] });
    const sends = audit.decisions.filter((d) => d.resolution === "send");
    expect(new Set(sends.map((d) => d.recipient))).toEqual(new Set(["doctor", "billing", "scheduler"]));
    expect(sends.every((d) => d.node === "dispatcher" && d.stage === "write")).toBe(true);
  });

  it("Command handoffs: the update is sanitized for the goto node", async () => {
    const recorder = new Recorder();
    const audit = new ReconsAudit();
    const handoff = (name: string, next: string) => (state: GraphState, config: RunnableConfig) => {
      recorder.record(nodePathOf(config, name).join("/"), state);
      return new Command({ goto: next, update: { notes: `${name} hands off: ${RECORD_TEXT}` } });
    };
    const builder = new StateGraph(State)
      .addNode("intake", handoff("intake", "doctor"), { ends: ["doctor"] })
      .addNode("doctor", handoff("doctor", "billing"), { ends: ["billing"] })
      .addNode("billing", agent(recorder, "billing"))
      .addEdge(START, "intake");
    const graph = withRecons(builder, makeGuard(AUTHORIZED), { audit }).compile();
    await graph.invoke(input());
    expectProtected(recorder, AUTHORIZED, { doctor: ["diagnosis"], billing: ["ssn"] });
    const gotos = audit.decisions.filter((d) => d.resolution === "command-goto");
    expect(gotos.some((d) => d.recipient === "doctor" && d.field === "ssn" && d.action === "fpe")).toBe(true);
    expect(gotos.some((d) => d.recipient === "billing" && d.field === "ssn" && d.action === "allow")).toBe(true);
  });

  it("subgraph: inner nodes are recipients under parent/child names, unnamed ones inherit the parent's", async () => {
    const recorder = new Recorder();
    const team = new StateGraph(State)
      .addNode("doctor", agent(recorder, "doctor"))
      .addNode("billing", agent(recorder, "billing"))
      .addNode("notetaker", agent(recorder, "notetaker"))
      .addEdge(START, "doctor")
      .addEdge("doctor", "billing")
      .addEdge("billing", "notetaker")
      .compile();
    const builder = new StateGraph(State)
      .addNode("intake", agent(recorder, "intake"))
      .addNode("team", team)
      .addNode("archive", agent(recorder, "archive"))
      .addEdge(START, "intake")
      .addEdge("intake", "team")
      .addEdge("team", "archive");
    const policy: Authorizations = { ssn: ["team/billing"], patient_name: ["team", "user"], diagnosis: ["team", "team/doctor"] };
    await run(builder, policy);
    expect(recorder.nodes()).toEqual(new Set(["intake", "team/doctor", "team/billing", "team/notetaker", "archive"]));
    // team/notetaker is named nowhere: it is part of the `team` agent.
    const effective: Authorizations = {
      ssn: ["team/billing"],
      patient_name: ["team/notetaker"],
      diagnosis: ["team/doctor", "team/notetaker"],
    };
    expectProtected(recorder, effective, {
      "team/doctor": ["diagnosis"],
      "team/billing": ["ssn"],
      "team/notetaker": ["patient_name", "diagnosis"],
    });
  });
});
