import { describe, expect, it } from "vitest";
import { HumanMessage } from "@langchain/core/messages";
import { cellAgents, cellGraph, coordinatorWorker, defaultGuard, hierarchical, peerToPeer, scenarioTools } from "../../src/topologies/index.js";
import { loadAgentLeak } from "../../src/scenarios/agentleak.js";
import type { Decision } from "../../src/event.js";
import { ScriptedAgentModel } from "../../src/agents/scripted-model.js";

const model = new ScriptedAgentModel({ seed: 1 });

async function wiring(graph: { getGraphAsync(): Promise<{ nodes: Record<string, unknown>; edges: Array<{ source: string; target: string }> }> }) {
  const drawn = await graph.getGraphAsync();
  const nodes = Object.keys(drawn.nodes).filter((node) => !node.startsWith("__")).sort();
  const edges = drawn.edges.map((edge) => `${edge.source}>${edge.target}`).sort();
  return { nodes, edges };
}

describe("topology templates", () => {
  it("coordinatorWorker is a star: the coordinator talks to every worker, workers only back", async () => {
    const { nodes, edges } = await wiring(coordinatorWorker({ workers: 3, model }));
    expect(nodes).toEqual(["coordinator", "worker_1", "worker_2", "worker_3"]);
    expect(edges).toContain("__start__>coordinator");
    for (const worker of ["worker_1", "worker_2", "worker_3"]) {
      expect(edges).toContain(`coordinator>${worker}`);
      expect(edges).toContain(`${worker}>coordinator`);
      expect(edges.filter((edge) => edge.startsWith(`${worker}>`) && edge.includes(">worker_"))).toEqual([]);
    }
  });

  it("peerToPeer is fully connected", async () => {
    const { nodes, edges } = await wiring(peerToPeer({ peers: ["ann", "bob", "cyd", "dee"], model }));
    expect(nodes).toEqual(["ann", "bob", "cyd", "dee"]);
    for (const from of nodes) for (const to of nodes) if (from !== to) expect(edges).toContain(`${from}>${to}`);
    expect(edges).toContain("__start__>ann");
  });

  it("hierarchical wires root <-> sub-coordinators <-> their own workers only", async () => {
    const { nodes, edges } = await wiring(hierarchical({ subCoordinators: 2, workersPerSub: 2, model }));
    expect(nodes).toEqual(["root", "sub_1", "sub_2", "worker_1", "worker_2", "worker_3", "worker_4"]);
    expect(edges).toEqual(
      expect.arrayContaining(["root>sub_1", "root>sub_2", "sub_1>worker_1", "sub_1>worker_2", "sub_2>worker_3", "sub_2>worker_4", "worker_3>sub_2"]),
    );
    expect(edges).not.toContain("root>worker_1");
    expect(edges).not.toContain("sub_1>worker_3");
    expect(edges).not.toContain("sub_1>sub_2");
  });

  it("runs a plain template end to end on the scripted model and answers the user", async () => {
    const graph = coordinatorWorker({ workers: 2, model, request: "Summarize the account of Jane Roe" });
    const state = await graph.invoke({ messages: [] });
    expect(state.final).toMatch(/response to your request/);
    expect(state.messages.some((message) => message.additional_kwargs.recipient === "worker_2")).toBe(true);
    expect(state.logs.length).toBeGreaterThan(0);
    expect(state.artifacts).toHaveLength(1);
  });

  it("hands `recons.onDecision` the decisions of every boundary: node inputs, tool results, memory, logs", async () => {
    const [scenario] = await loadAgentLeak(new URL("../../data/agentleak-sample.jsonl", import.meta.url).pathname);
    const decisions: Decision[] = [];
    const graph = cellGraph("CW-7", {
      guard: defaultGuard(scenario!, "CW-7", 0),
      model,
      tools: scenarioTools(scenario!, null),
      toolAgents: cellAgents("CW-7", scenario!).filter((agent) => agent.position === "original").map((agent) => agent.name),
      request: scenario!.task,
      horizon: 3,
      recons: { onDecision: (decision) => void decisions.push(decision) },
    });
    await graph.invoke({ messages: [new HumanMessage(scenario!.task)] });
    const channels = new Set(decisions.map((decision) => decision.channel));
    for (const channel of ["C2", "C4", "C5", "C6"]) expect(channels).toContain(channel);
    expect(decisions.some((decision) => decision.channel === "C4" && decision.action !== "allow")).toBe(true);
  });

  it("rejects bad sizes", () => {
    expect(() => coordinatorWorker({ workers: 0, model })).toThrow();
    expect(() => peerToPeer({ peers: 1, model })).toThrow();
  });
});
