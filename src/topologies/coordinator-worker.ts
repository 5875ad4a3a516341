import { z } from "zod";
import { buildTeamGraph, type TeamGraphOptions } from "./team-graph.js";
import { slotNames, type Topology } from "./topology.js";
import { parseConfig } from "../policy/options.js";

export const coordinatorWorkerOptionsSchema = z.strictObject({
  /** Number of workers (named worker_1..worker_n) or their names. */
  workers: z.union([z.number().int().min(1), z.array(z.string().min(1)).min(1)]),
  /** Name of the hub. */
  coordinator: z.string().min(1).default("coordinator"),
});
export type CoordinatorWorkerOptions = z.input<typeof coordinatorWorkerOptionsSchema>;

/** Star: the coordinator talks to every worker, workers only to the coordinator. */
export function coordinatorWorkerTopology(input: CoordinatorWorkerOptions): Topology {
  const { workers, coordinator } = parseConfig(coordinatorWorkerOptionsSchema, input, "coordinator-worker options");
  const names = slotNames(workers, "worker");
  return {
    pattern: "star",
    lead: coordinator,
    agents: [
      { name: coordinator, role: "coordinator", parent: null, members: names, neighbours: names },
      ...names.map((name) => ({ name, role: "worker", parent: coordinator, members: [], neighbours: [coordinator] })),
    ],
  };
}

/** A compiled coordinator-worker (star) team graph; see `buildTeamGraph` for the agents' behaviour. */
export function coordinatorWorker({ workers, coordinator, ...graph }: CoordinatorWorkerOptions & TeamGraphOptions) {
  // Each half is parsed strictly, so a misspelled key (`gaurd`) is an error, not an unguarded graph.
  return buildTeamGraph(coordinatorWorkerTopology({ workers, coordinator }), graph);
}
