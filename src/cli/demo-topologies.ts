import type { ReconsGuard } from "../guard.js";
import { bundledScenario, defaultGuard, pairMember, runRecord, type CellId, type TraceEvent } from "../topologies/index.js";
import { renderTable } from "./table.js";

const DEMO_CELLS: readonly CellId[] = ["CW-2", "CW-7"];
const DEMO_SEED = 1;
const DEMO_HORIZON = 3;
/** Field names shown per cell before "+N more", to keep the table narrow. */
const LISTED_FIELDS = 6;

function listed(fields: readonly string[]): string {
  if (fields.length === 0) return "-";
  const more = fields.length - LISTED_FIELDS;
  return more > 0 ? `${fields.slice(0, LISTED_FIELDS).join(", ")} (+${more} more)` : fields.join(", ");
}

/** Vault fields each recipient received in a form the guard's detectors recognize (real values and their variants). */
function fieldsByRecipient(events: readonly TraceEvent[], guard: ReconsGuard): Map<string, { position: string; fields: Set<string> }> {
  const byRecipient = new Map<string, { position: string; fields: Set<string> }>();
  for (const event of events) {
    const entry = byRecipient.get(event.recipient) ?? { position: event.position ?? "-", fields: new Set<string>() };
    for (const detection of guard.detect(event.content)) if (detection.field !== null) entry.fields.add(detection.field);
    byRecipient.set(event.recipient, entry);
  }
  return byRecipient;
}

function table(events: readonly TraceEvent[], guard: ReconsGuard, cell: CellId): string {
  const rows = [...fieldsByRecipient(events, guard)].map(([recipient, { position, fields }]) => {
    const sorted = [...fields].sort();
    // Agents are authorized per field on every channel; the user on the final answer (C1).
    const allowed = sorted.filter((field) => guard.isAuthorized(field, recipient === "user" ? "C1" : "C2", recipient));
    const denied = sorted.filter((field) => !allowed.includes(field));
    return [recipient, position, listed(allowed), listed(denied)];
  });
  return `${cell}\n${renderTable(["recipient", "position", "authorized values received", "UNAUTHORIZED values received"], rows)}`;
}

/**
 * `npm start`: the bundled scenario through CW-2 and CW-7 (horizon 3, seed 1), first unprotected,
 * then with RECONS, printing which protected values (real, in any form the detectors know)
 * reached which agent, tool, sink or the user. No network, bundled data only.
 */
export async function renderTopologyDemo(): Promise<string> {
  const scenario = bundledScenario();
  const blocks = [
    `Scenario ${scenario.id} (${scenario.vertical}): "${scenario.task}"`,
    `Allowed fields: ${scenario.allowed.join(", ")}; every other vault field is protected.`,
    "",
  ];
  for (const protectedRun of [false, true]) {
    blocks.push(protectedRun ? "== With RECONS ==" : "== Without RECONS ==", "");
    for (const cell of DEMO_CELLS) {
      const guard = defaultGuard(pairMember(scenario, "tau", DEMO_SEED), cell, DEMO_SEED);
      const { events } = await runRecord({ scenario, cell, level: "A0", pair: "tau", seed: DEMO_SEED, horizon: DEMO_HORIZON, guard: protectedRun ? guard : null });
      blocks.push(table(events, guard, cell), "");
    }
  }
  return blocks.join("\n");
}
