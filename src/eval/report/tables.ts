/**
 * The report's tables as data: report.md and report.html both render these, so they always show
 * the same numbers. Each numeric cell carries a key naming where in summary.json it comes from.
 */
import { CHANNEL_NAMES, type Channel } from "../../event.js";
import { RESIDUAL_CAUSES, type Metrics, type ResidualCause } from "../metrics.js";
import { decimal, percent, proportionText, pValue } from "./format.js";

export interface TableCell {
  text: string;
  /** Path of the number in summary.json (for checks); absent for labels. */
  key?: string;
}

export interface Table {
  id: string;
  title: string;
  note?: string;
  headers: string[];
  rows: TableCell[][];
}

const label = (text: string): TableCell => ({ text });

export const CAUSE_LABELS: Record<ResidualCause, string> = {
  detectionMiss: "detection miss",
  recipientUnresolvable: "recipient-unresolvable (field-level fallback)",
  postTransformPositive: "post-transformation detector-positive",
  policyAllowed: "allowed by the sanitizer's policy",
  other: "other (execution diverged)",
};

const METRIC_LABELS = { surface: "surface leakage", newAgent: "new-agent disclosure", propagation: "unauthorized propagation" } as const;

export function gradientTable(m: Metrics): Table {
  return {
    id: "gradient",
    title: "Topology gradient: scenario-level disclosure of P per cell and level (Wilson 95 % CI)",
    note: "Unit: scenario (either pair member). New-agent disclosure = P reached a recipient the topology introduced (pos_j).",
    headers: ["sanitizer", "cell", "level", "surface leakage", "new-agent disclosure", "unauthorized propagation"],
    rows: m.gradient.map((r, i) => [
      label(r.sanitizer),
      label(r.cell),
      label(r.level),
      { text: proportionText(r.surface), key: `gradient.${i}.surface` },
      { text: proportionText(r.newAgent), key: `gradient.${i}.newAgent` },
      { text: proportionText(r.propagation), key: `gradient.${i}.propagation` },
    ]),
  };
}

export function cochranTable(m: Metrics): Table {
  return {
    id: "cochran",
    title: "Cochran's Q: topology and adversary-level effects",
    note: "Across cells the blocks are scenario x level (CW-2 excluded for new-agent disclosure, constant 0 by construction); across levels, scenario x cell. p: the chi-square upper tail (@stdlib gammainc, exact below 1e-16).",
    headers: ["sanitizer", "metric", "factor", "blocks", "Q", "df", "p"],
    rows: m.cochran.map((r, i) => [
      label(r.sanitizer),
      label(METRIC_LABELS[r.metric]),
      label(r.factor),
      { text: String(r.blocks), key: `cochran.${i}.blocks` },
      { text: decimal(r.q, 1), key: `cochran.${i}.q` },
      label(String(r.df)),
      { text: pValue(r.p), key: `cochran.${i}.p` },
    ]),
  };
}

export function occurrenceTable(m: Metrics): Table {
  return {
    id: "occurrences",
    title: "Residual leakage and correct-allow per sanitizer (occurrence level)",
    note: "Occurrence = (event, protected field) recoverable in what the recipient would have received at that delivery without the sanitizer (its surrogates revealed). Residual leakage: should-sanitize occurrences still recoverable by their unauthorized recipient (lower is better). Correct-allow: should-allow occurrences still delivered (higher is better).",
    headers: ["sanitizer", "residual leakage", "correct-allow"],
    rows: m.occurrences.map((r, i) => [
      label(r.sanitizer),
      { text: proportionText(r.residual), key: `occurrences.${i}.residual` },
      { text: proportionText(r.correctAllow), key: `occurrences.${i}.correctAllow` },
    ]),
  };
}

export function breakdownTable(m: Metrics, by: "channel" | "valueType" | "cell" | "position"): Table {
  const title = { channel: "channel", valueType: "value type", cell: "cell", position: "recipient position" }[by];
  const describe = (key: string) => (by === "channel" && key in CHANNEL_NAMES ? `${key} ${CHANNEL_NAMES[key as Channel]}` : key);
  const rows = m.breakdown.map((r, i) => ({ r, i })).filter(({ r }) => r.by === by);
  return {
    id: `breakdown-${by}`,
    title: `Residual leakage and correct-allow by ${title}`,
    headers: ["sanitizer", title, "residual leakage", "correct-allow"],
    rows: rows.map(({ r, i }) => [
      label(r.sanitizer),
      label(describe(r.key)),
      { text: proportionText(r.residual), key: `breakdown.${i}.residual` },
      { text: proportionText(r.correctAllow), key: `breakdown.${i}.correctAllow` },
    ]),
  };
}

export function decompositionTable(m: Metrics): Table {
  return {
    id: "decomposition",
    title: "Residual decomposition",
    note: "Detection miss: the sanitizer's own detector, re-run on the unsanitized content, does not find the value. Recipient-unresolvable: allowed by the field-level fallback. Post-transformation detector-positive: acted on, still recoverable by the measuring detector.",
    headers: ["sanitizer", "residual cases", ...RESIDUAL_CAUSES.map((c) => CAUSE_LABELS[c])],
    rows: m.decomposition.map((r, i) => [
      label(r.sanitizer),
      { text: String(r.residual), key: `decomposition.${i}.residual` },
      ...RESIDUAL_CAUSES.map((c) => ({
        text: `${r.causes[c]} (${percent(r.residual === 0 ? null : r.causes[c] / r.residual)})`,
        key: `decomposition.${i}.causes.${c}`,
      })),
    ]),
  };
}

export function horizonTable(m: Metrics): Table {
  return {
    id: "horizons",
    title: "Compositional leakage over nested horizons",
    note: "Cumulative: mean distinct protected values disclosed to an unauthorized recipient by horizon T (agent-authored events, turns <= T). Marginal: first disclosures after the previous horizon.",
    headers: ["sanitizer", "scope", "T", "trajectories", "cumulative mean", "marginal trajectories", "marginal values"],
    rows: m.horizonCurves.map((r, i) => [
      label(r.sanitizer),
      label(r.scope),
      label(String(r.horizon)),
      { text: String(r.trajectories), key: `horizonCurves.${i}.trajectories` },
      { text: decimal(r.cumulativeMean), key: `horizonCurves.${i}.cumulativeMean` },
      { text: String(r.marginalTrajectories), key: `horizonCurves.${i}.marginalTrajectories` },
      { text: String(r.marginalValues), key: `horizonCurves.${i}.marginalValues` },
    ]),
  };
}

export function archetypeTable(m: Metrics): Table {
  return {
    id: "archetypes",
    title: "Disclosure by interaction archetype (all channels)",
    headers: ["sanitizer", "archetype", "turns", "disclosing turns", "rate"],
    rows: m.archetypes.map((r, i) => [
      label(r.sanitizer),
      label(r.archetype),
      { text: String(r.turns), key: `archetypes.${i}.turns` },
      { text: String(r.disclosing), key: `archetypes.${i}.disclosing` },
      { text: percent(r.rate), key: `archetypes.${i}.rate` },
    ]),
  };
}

export function realizedPathTable(m: Metrics): Table {
  return {
    id: "realized-path",
    title: "Realized-path analysis (new-agent disclosure by hop distance from the disclosing agent)",
    note: "One execution per scenario and level (its τ member). Disclosing agent: the first recipient of P on a vault channel (C4 tool result, C5 memory). Hops over the realized C2 edges of the trace. Excluded: executions where no vault-channel delivery holds P (for a sanitizer, also where it removed P from that delivery).",
    headers: ["sanitizer", "cell", "level", "direct-access", "relay-required", "excluded"],
    rows: m.realizedPath.map((r, i) => [
      label(r.sanitizer),
      label(r.cell),
      label(r.level),
      { text: proportionText(r.directAccess), key: `realizedPath.${i}.directAccess` },
      { text: proportionText(r.relayRequired), key: `realizedPath.${i}.relayRequired` },
      { text: String(r.excluded), key: `realizedPath.${i}.excluded` },
    ]),
  };
}

export function reportTables(m: Metrics): Table[] {
  return [
    gradientTable(m),
    cochranTable(m),
    occurrenceTable(m),
    breakdownTable(m, "channel"),
    breakdownTable(m, "valueType"),
    breakdownTable(m, "cell"),
    breakdownTable(m, "position"),
    decompositionTable(m),
    horizonTable(m),
    archetypeTable(m),
    realizedPathTable(m),
  ];
}
