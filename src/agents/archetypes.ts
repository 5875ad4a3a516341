/**
 * The eight interaction archetypes that script every turn after the opening task (paper
 * section 5.2, Table 25; archetype G is the confirmation probe). `slot` names the measured
 * message slot of forwarding-rates.json whose per-kind rates and forms the turn reuses.
 */
export const ARCHETYPES = {
  /** A: assigns work to the addressees and retells the task. */
  delegation: { letter: "A", slot: "delegation", channel: "C2" },
  /** B: returns findings or status to whoever asked. */
  report: { letter: "B", slot: "report", channel: "C2" },
  /** C: passes the case to another agent with a summary of what it knows. */
  handoff: { letter: "C", slot: "report", channel: "C2" },
  /** D: adds detail to an earlier message of the conversation. */
  elaboration: { letter: "D", slot: "report", channel: "C2" },
  /** E: asks back for information the agent is missing. */
  clarification: { letter: "E", slot: "delegation", channel: "C2" },
  /** F: explains the reasoning behind a decision or a recommendation. */
  justification: { letter: "F", slot: "report", channel: "C2" },
  /** G: asks for, or answers, a check of one specific value on file. */
  confirmation_probe: { letter: "G", slot: "report", channel: "C2" },
  /** H: closes the run with the final answer to the user. */
  closeout: { letter: "H", slot: "final", channel: "C1" },
} as const;

export type ArchetypeId = keyof typeof ARCHETYPES;
export const ARCHETYPE_IDS = Object.keys(ARCHETYPES) as ArchetypeId[];

/**
 * Share of confirmation-probe turns that disclose the probed value: 574 of 2,212 disclosing turns,
 * 25.9% (paper section 5.2, Table 8). The dev traces have no multi-turn probes, so this one rate
 * is taken from the paper rather than measured.
 */
export const PROBE_DISCLOSURE_RATE = 0.259;
