import { z } from "zod";
import { buildTeamGraph, type TeamGraphOptions } from "./team-graph.js";
import { slotNames, type Topology } from "./topology.js";
import { parseConfig } from "../policy/options.js";

export const peerToPeerOptionsSchema = z.strictObject({
  /** Number of peers (named peer_1..peer_n) or their names; the first one takes the user's request. */
  peers: z.union([z.number().int().min(2), z.array(z.string().min(1)).min(2)]),
});
export type PeerToPeerOptions = z.input<typeof peerToPeerOptionsSchema>;

/** Fully connected: every peer can message every other; the first peer convenes the opening round. */
export function peerToPeerTopology(input: PeerToPeerOptions): Topology {
  const names = slotNames(parseConfig(peerToPeerOptionsSchema, input, "peer-to-peer options").peers, "peer");
  const [lead, ...others] = names;
  return {
    pattern: "p2p",
    lead,
    agents: names.map((name) => ({
      name,
      role: "peer",
      parent: name === lead ? null : lead,
      members: name === lead ? others : [],
      neighbours: names.filter((other) => other !== name),
    })),
  };
}

/** A compiled peer-to-peer (fully connected) team graph; see `buildTeamGraph`. */
export function peerToPeer({ peers, ...graph }: PeerToPeerOptions & TeamGraphOptions) {
  // Each half is parsed strictly, so a misspelled key (`gaurd`) is an error, not an unguarded graph.
  return buildTeamGraph(peerToPeerTopology({ peers }), graph);
}
