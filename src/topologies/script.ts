import { ARCHETYPE_IDS, type ArchetypeId } from "../agents/archetypes.js";
import { SeededRandom } from "../agents/seeded-random.js";
import type { AgentSlot, Topology } from "./topology.js";

/** One agent speaking in one step. */
export interface Act {
  agent: string;
  archetype: ArchetypeId;
  /** Agents addressed, or `user` for a closeout. */
  addressees: string[];
  /** Turn of the horizon this act belongs to (1 = the opening task). */
  turn: number;
  /** First act of this agent in the run: agents with tool access fetch their records here. */
  fetch: boolean;
}

/** The run as a list of steps; the acts of one step run in parallel (one LangGraph superstep). */
export interface Script {
  horizon: number;
  steps: Act[][];
}

/** Whoever asks gets an answer in kind; everything else is acknowledged with a report. */
function replyTo(archetype: ArchetypeId): ArchetypeId {
  return archetype === "confirmation_probe" ? "confirmation_probe" : "report";
}

function depthOf(agent: AgentSlot, byName: ReadonlyMap<string, AgentSlot>): number {
  let depth = 0;
  for (let parent = agent.parent; parent !== null; parent = byName.get(parent)?.parent ?? null) depth++;
  return depth;
}

/** Turn 1: the request travels down the delegation tree, reports travel back up to the lead. */
function openingSteps(topology: Topology): Array<Array<Omit<Act, "fetch">>> {
  const byName = new Map(topology.agents.map((agent) => [agent.name, agent]));
  const depths = new Map(topology.agents.map((agent) => [agent.name, depthOf(agent, byName)]));
  const deepest = Math.max(...depths.values());
  const steps: Array<Array<Omit<Act, "fetch">>> = [];
  for (let depth = 0; depth < deepest; depth++) {
    steps.push(
      topology.agents
        .filter((agent) => depths.get(agent.name) === depth && agent.members.length > 0)
        .map((agent) => ({ agent: agent.name, archetype: "delegation", addressees: agent.members, turn: 1 })),
    );
  }
  for (let depth = deepest; depth > 0; depth--) {
    steps.push(
      topology.agents
        .filter((agent) => depths.get(agent.name) === depth && agent.parent !== null)
        .map((agent) => ({ agent: agent.name, archetype: "report", addressees: [agent.parent!], turn: 1 })),
    );
  }
  return steps.filter((step) => step.length > 0);
}

/**
 * The deterministic schedule of a run at horizon T (paper sections 4.1 and 5.2): turn 1 is the
 * opening task; turns 2..T-1 are each one of the eight interaction archetypes drawn under the seed
 * (a closeout is an interim answer to the user; any other archetype is an exchange on a random
 * edge of the topology, answered by its addressee); turn T is the lead's closeout (at T = 1 the
 * opening ends with it).
 */
export function buildScript(topology: Topology, horizon: number, seed: string | number): Script {
  if (!Number.isInteger(horizon) || horizon < 1) throw new RangeError(`horizon must be a positive integer, got ${horizon}`);
  const rng = SeededRandom.from(seed, "script", topology.pattern, topology.agents.map((agent) => agent.name).join(","), horizon);
  const steps = openingSteps(topology);
  const closeout = (turn: number) => [{ agent: topology.lead, archetype: "closeout" as const, addressees: ["user"], turn }];
  const speakers = topology.agents.filter((agent) => agent.neighbours.length > 0);
  for (let turn = 2; turn < horizon; turn++) {
    const archetype = rng.pick(ARCHETYPE_IDS);
    if (archetype === "closeout" || speakers.length === 0) {
      steps.push(closeout(turn));
      continue;
    }
    const speaker = rng.pick(speakers);
    const addressee = rng.pick(speaker.neighbours);
    steps.push([{ agent: speaker.name, archetype, addressees: [addressee], turn }]);
    steps.push([{ agent: addressee, archetype: replyTo(archetype), addressees: [speaker.name], turn }]);
  }
  steps.push(closeout(horizon));
  const acted = new Set<string>();
  return {
    horizon,
    steps: steps.map((step) =>
      step.map((act) => {
        const fetch = !acted.has(act.agent);
        acted.add(act.agent);
        return { ...act, fetch };
      }),
    ),
  };
}

/** Agents that act in `step` (the targets of the previous step's `goto`). */
export function actorsOf(script: Script, step: number): string[] {
  return [...new Set((script.steps[step] ?? []).map((act) => act.agent))];
}
