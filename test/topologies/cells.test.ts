import { describe, expect, it } from "vitest";
import { policySchema } from "../../src/policy/options.js";
import { loadAgentLeak } from "../../src/scenarios/agentleak.js";
import { buildScript, CELL_IDS, cellAgents, cellTopology, scenarioPolicy, type CellId } from "../../src/topologies/index.js";

const scenarios = await loadAgentLeak("data/agentleak-sample.jsonl");
const threeAgents = scenarios.find((s) => s.agents.length === 3)!;
const twoAgents = scenarios.find((s) => s.agents.length === 2)!;

const SIZES: Record<CellId, number> = { "CW-2": 2, "CW-7": 7, "P2P-4": 4, "P2P-7": 7, "P2P-10": 10, "Hier-7": 7 };

describe("cell presets and the scenario mapping", () => {
  it.each(CELL_IDS)("%s has the paper's agent count", (cell) => {
    expect(cellTopology(cell).agents).toHaveLength(SIZES[cell]);
  });

  it("CW-7 is 1 coordinator + 6 workers; Hier-7 is 1 root, 2 sub-coordinators, 4 workers", () => {
    const roles = (cell: CellId) => cellTopology(cell).agents.map((agent) => agent.role);
    expect(roles("CW-7").filter((role) => role === "worker")).toHaveLength(6);
    expect(roles("Hier-7")).toEqual(["root coordinator", "sub-coordinator", "sub-coordinator", "worker", "worker", "worker", "worker"]);
  });

  it("CW-2 has no introduced agent; every richer cell has some", () => {
    for (const scenario of [twoAgents, threeAgents]) {
      expect(cellAgents("CW-2", scenario).every((agent) => agent.position === "original")).toBe(true);
      for (const cell of CELL_IDS.filter((c) => c !== "CW-2")) {
        expect(cellAgents(cell, scenario).some((agent) => agent.position === "introduced")).toBe(true);
      }
    }
  });

  it("the scenario's agents keep their slots and roles; the rest is introduced", () => {
    const agents = cellAgents("Hier-7", threeAgents);
    expect(agents.filter((a) => a.position === "original").map((a) => [a.name, a.scenarioAgent, a.role])).toEqual([
      ["root", "A1", threeAgents.agents[0].role],
      ["sub_1", "A2", threeAgents.agents[1].role],
      ["sub_2", "A3", threeAgents.agents[2].role],
    ]);
    expect(cellAgents("Hier-7", twoAgents).find((a) => a.name === "sub_2")?.position).toBe("introduced");
    expect(cellAgents("P2P-10", threeAgents).filter((a) => a.position === "introduced")).toHaveLength(7);
    expect(cellAgents("CW-2", threeAgents).map((a) => a.scenarioAgent)).toEqual(["A1", "A2"]);
  });

  it("the policy authorizes allowed fields for original agents (and the user on C1) only", () => {
    const policy = policySchema.parse(scenarioPolicy(threeAgents, "CW-7"));
    const allowed = Object.keys(threeAgents.vault).find((key) => threeAgents.allowed.includes(key))!;
    const forbidden = Object.keys(threeAgents.vault).find((key) => !threeAgents.allowed.includes(key))!;
    expect(policy.fields[allowed].authorized).toEqual(["coordinator", "worker_1", "worker_2"]);
    expect(policy.fields[allowed].channels?.C1?.authorized).toContain("user");
    expect(policy.fields[forbidden].authorized).toEqual([]);
    expect(policy.positions).toMatchObject({ coordinator: "original", worker_2: "original", worker_3: "introduced" });
    expect(Object.keys(policy.fields).sort()).toEqual(Object.keys(threeAgents.vault).sort());
  });

  it("scripts every turn of the horizon, the later ones as archetypes, ending with the lead's closeout", () => {
    for (const horizon of [1, 3, 5, 10, 20]) {
      const script = buildScript(cellTopology("P2P-7"), horizon, "s");
      const acts = script.steps.flat();
      expect(new Set(acts.map((act) => act.turn))).toEqual(new Set(Array.from({ length: horizon }, (_, i) => i + 1)));
      expect(script.steps[script.steps.length - 1]).toEqual([expect.objectContaining({ agent: "peer_1", archetype: "closeout", turn: horizon })]);
      expect(buildScript(cellTopology("P2P-7"), horizon, "s")).toEqual(script);
    }
    const long = buildScript(cellTopology("CW-7"), 20, "s").steps.flat();
    expect(new Set(long.filter((act) => act.turn > 1).map((act) => act.archetype)).size).toBeGreaterThan(4);
    // Messages only travel along the wiring.
    const topology = cellTopology("Hier-7");
    for (const act of buildScript(topology, 20, "x").steps.flat()) {
      const neighbours = topology.agents.find((agent) => agent.name === act.agent)!.neighbours;
      for (const to of act.addressees) if (to !== "user") expect(neighbours).toContain(to);
    }
  });
});
