import { z } from "zod";
import { buildTeamGraph, type TeamGraphOptions } from "./team-graph.js";
import { slotNames, type Topology } from "./topology.js";
import { parseConfig } from "../policy/options.js";

export const hierarchicalOptionsSchema = z.strictObject({
  /** Number of sub-coordinators (sub_1..sub_n). */
  subCoordinators: z.number().int().min(1),
  /** Workers under each sub-coordinator, numbered across the tree (sub_1: worker_1, worker_2; sub_2: worker_3, ...). */
  workersPerSub: z.number().int().min(1),
  /** Name of the root. */
  root: z.string().min(1).default("root"),
});
export type HierarchicalOptions = z.input<typeof hierarchicalOptionsSchema>;

/** Two levels: root <-> sub-coordinators <-> their own workers; no other edges. */
export function hierarchicalTopology(input: HierarchicalOptions): Topology {
  const { subCoordinators, workersPerSub, root } = parseConfig(hierarchicalOptionsSchema, input, "hierarchical options");
  const subs = slotNames(subCoordinators, "sub");
  const workers = slotNames(subCoordinators * workersPerSub, "worker");
  const teamOf = (index: number) => workers.slice(index * workersPerSub, (index + 1) * workersPerSub);
  return {
    pattern: "hierarchy",
    lead: root,
    agents: [
      { name: root, role: "root coordinator", parent: null, members: subs, neighbours: subs },
      ...subs.map((sub, index) => ({ name: sub, role: "sub-coordinator", parent: root, members: teamOf(index), neighbours: [root, ...teamOf(index)] })),
      ...workers.map((worker, index) => {
        const sub = subs[Math.floor(index / workersPerSub)];
        return { name: worker, role: "worker", parent: sub, members: [], neighbours: [sub] };
      }),
    ],
  };
}

/** A compiled hierarchical (root -> sub-coordinators -> workers) team graph; see `buildTeamGraph`. */
export function hierarchical({ subCoordinators, workersPerSub, root, ...graph }: HierarchicalOptions & TeamGraphOptions) {
  // Each half is parsed strictly, so a misspelled key (`gaurd`) is an error, not an unguarded graph.
  return buildTeamGraph(hierarchicalTopology({ subCoordinators, workersPerSub, root }), graph);
}
