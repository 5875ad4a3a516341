import type { Channel } from "../event.js";
import { inferFieldType } from "../policy/infer.js";
import type { policySchema } from "../policy/options.js";
import type { Scenario, ScenarioAgent } from "../scenarios/agentleak.js";
import type { z } from "zod";
import { CELLS, cellTopology, type CellId } from "./cells.js";

/** One agent of a cell for a given scenario. */
export interface CellAgent {
  /** Node name (the recipient name in policies and traces). */
  name: string;
  /** Structural role in the template (coordinator, worker, peer, root coordinator, sub-coordinator). */
  slotRole: string;
  position: "original" | "introduced";
  /** The scenario agent this slot re-roles (A1, A2, A3), null for an introduced agent. */
  scenarioAgent: string | null;
  /** Role the agent is told it has: the scenario's role for originals, the slot role otherwise. */
  role: string;
}

/** The two agents every AgentLeak multi-agent scenario has (used when no scenario is given). */
const TWO_AGENTS: ScenarioAgent[] = [
  { id: "A1", role: "assistant", clearance: "restricted" },
  { id: "A2", role: "specialist", clearance: "restricted" },
];

/**
 * Scenario onto cell (paper section 3.4: re-roling without expanding authorization). The
 * scenario's agents, in order, fill the cell's original slots; slots left over, and every other
 * agent of the template, are introduced (pos_j) and authorized for nothing:
 *
 * | cell   | A1          | A2       | A3       | introduced (pos_j)                          |
 * |--------|-------------|----------|----------|---------------------------------------------|
 * | CW-2   | coordinator | worker_1 | (absent) | none                                        |
 * | CW-7   | coordinator | worker_1 | worker_2 | worker_3..worker_6 (+ worker_2 without A3)  |
 * | P2P-k  | peer_1      | peer_2   | peer_3   | peer_4..peer_k (+ peer_3 without A3)        |
 * | Hier-7 | root        | sub_1    | sub_2    | worker_1..worker_4 (+ sub_2 without A3)     |
 *
 * A1 (the scenario's assistant) takes the user's request and gives the answer; only original
 * agents are bound to the scenario's tools. CW-2 keeps only the first two agents, so it has no
 * pos_j recipient by construction. Without a scenario, the mapping of a two-agent scenario.
 */
export function cellAgents(cell: CellId, scenario?: Pick<Scenario, "agents">): CellAgent[] {
  const originals = CELLS[cell].originalSlots;
  const agents = scenario?.agents ?? TWO_AGENTS;
  return cellTopology(cell).agents.map((slot) => {
    const index = originals.indexOf(slot.name);
    const agent = index >= 0 ? agents[index] : undefined;
    return agent
      ? { name: slot.name, slotRole: slot.role, position: "original", scenarioAgent: agent.id, role: agent.role }
      : { name: slot.name, slotRole: slot.role, position: "introduced", scenarioAgent: null, role: slot.role };
  });
}

/** The final answer channel, where the user is an authorized recipient of allowed fields. */
const USER_CHANNEL: Channel = "C1";

/**
 * RECONS policy of a scenario in a cell: every vault value is a field (vault key, type from
 * `inferFieldType`); allowed fields are authorized for the original agents (and on C1 for
 * `user`), every other field for nobody; positions name every agent of the cell.
 */
export function scenarioPolicy(scenario: Scenario, cell: CellId): z.input<typeof policySchema> {
  const agents = cellAgents(cell, scenario);
  const originals = agents.filter((agent) => agent.position === "original").map((agent) => agent.name);
  const allowed = new Set(scenario.allowed);
  const fields = Object.fromEntries(
    scenario.vaultEntries.map((entry) => {
      const type = inferFieldType(entry.field, entry.value);
      const authorized = allowed.has(entry.field) ? originals : [];
      const channels = authorized.length > 0 ? { [USER_CHANNEL]: { authorized: [...authorized, "user"] } } : undefined;
      return [entry.key, { ...type, authorized, ...(channels ? { channels } : {}) }];
    }),
  );
  return { fields, positions: Object.fromEntries(agents.map((agent) => [agent.name, agent.position])) };
}
