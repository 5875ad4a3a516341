/** One agent of a topology template (a graph node). */
export interface AgentSlot {
  /** Node name, also the recipient name in RECONS policies. */
  name: string;
  /** Structural role in the template: coordinator, worker, peer, root, sub-coordinator. */
  role: string;
  /** Agent it reports to in the opening round (null for the lead). */
  parent: string | null;
  /** Agents it delegates to in the opening round. */
  members: string[];
  /** Agents it may message at all: the template's wiring. */
  neighbours: string[];
}

/** A coordination pattern with its agents (paper section 3.4: T = (S, k)). */
export interface Topology {
  pattern: "star" | "p2p" | "hierarchy";
  agents: AgentSlot[];
  /** The agent that receives the user's request and gives the final answer. */
  lead: string;
}

/** Directed message edges [from, to] of a topology. */
export function topologyEdges(topology: Topology): Array<[string, string]> {
  return topology.agents.flatMap((agent) => agent.neighbours.map((to): [string, string] => [agent.name, to]));
}

/** Numbered names `prefix_1..prefix_n`, or the names given. */
export function slotNames(count: number | readonly string[], prefix: string): string[] {
  if (typeof count !== "number") return [...count];
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`${prefix} count must be a positive integer, got ${count}`);
  return Array.from({ length: count }, (_, index) => `${prefix}_${index + 1}`);
}
