import { coordinatorWorkerTopology } from "./coordinator-worker.js";
import { hierarchicalTopology } from "./hierarchical.js";
import { peerToPeerTopology } from "./peer-to-peer.js";
import { buildTeamGraph, type TeamGraphOptions } from "./team-graph.js";
import type { Topology } from "./topology.js";

/** The paper's six topology cells (section 3.4). */
export const CELL_IDS = ["CW-2", "CW-7", "P2P-4", "P2P-7", "P2P-10", "Hier-7"] as const;
export type CellId = (typeof CELL_IDS)[number];

export interface CellPreset {
  topology: () => Topology;
  /**
   * Slots the scenario's own agents fill, in order (A1, A2, A3): they stay original (pos_i) with
   * their authorization. Every other slot is an introduced (pos_j) agent, authorized for nothing.
   */
  originalSlots: readonly string[];
  description: string;
}

/** The scale axis: P2P wiring with the scenario's agents as the first three peers. */
function peerCell(peers: number): CellPreset {
  return {
    topology: () => peerToPeerTopology({ peers }),
    originalSlots: ["peer_1", "peer_2", "peer_3"],
    description: `fully connected, ${peers} peers`,
  };
}

export const CELLS: Readonly<Record<CellId, CellPreset>> = {
  "CW-2": {
    topology: () => coordinatorWorkerTopology({ workers: 1 }),
    originalSlots: ["coordinator", "worker_1"],
    description: "reference cell: the scenario's first two agents as coordinator and worker; no introduced agent",
  },
  "CW-7": {
    topology: () => coordinatorWorkerTopology({ workers: 6 }),
    originalSlots: ["coordinator", "worker_1", "worker_2"],
    description: "star: 1 coordinator + 6 workers",
  },
  "P2P-4": peerCell(4),
  "P2P-7": peerCell(7),
  "P2P-10": peerCell(10),
  "Hier-7": {
    topology: () => hierarchicalTopology({ subCoordinators: 2, workersPerSub: 2 }),
    originalSlots: ["root", "sub_1", "sub_2"],
    description: "two levels: 1 root, 2 sub-coordinators, 4 workers",
  },
};

const topologies = new Map<CellId, Topology>();

export function isCellId(value: string): value is CellId {
  return (CELL_IDS as readonly string[]).includes(value);
}

/** The cell's topology (built once). */
export function cellTopology(cell: CellId): Topology {
  let topology = topologies.get(cell);
  if (!topology) topologies.set(cell, (topology = CELLS[cell].topology()));
  return topology;
}

/** A compiled graph of one cell. */
export function cellGraph(cell: CellId, options: TeamGraphOptions = {}) {
  return buildTeamGraph(cellTopology(cell), options);
}
