/**
 * Synthetic sweep records with known answers: scenario i's coordinator A1 reads the vault (C4),
 * tells A2 (original) the patient, SSN and appointment date, and in richer cells forwards the SSN
 * to an introduced worker W1 when i is even. Sanitizers act like the real ones would.
 */
import type { Detection } from "../../src/detect/base.js";
import { createMeasure } from "../../src/eval/measure.js";
import { computeMetrics, type ContextProvider, type RecordContext } from "../../src/eval/metrics.js";
import { buildSummary, type Summary } from "../../src/eval/report/summary.js";
import type { EvalRecord, RecordedEvent, SanitizerName } from "../../src/eval/record.js";

export const ALLOWED = new Set(["appointment_date"]);

export function vaultOf(scenario: number): Record<string, string> {
  return {
    patient_name: ["Maria Lopez", "Daniel Okafor", "Helen Marsh", "Tomas Berg"][scenario % 4],
    ssn: `219-09-${String(1000 + scenario).padStart(4, "0")}`,
    appointment_date: "2024-05-17",
  };
}

interface Delivery {
  channel: RecordedEvent["channel"];
  sender: string;
  recipient: string | null;
  position: RecordedEvent["position"];
  fields: string[];
  turn: number;
  archetype?: string;
}

function deliveries(scenario: number, cell: string, horizon: number): Delivery[] {
  const list: Delivery[] = [
    { channel: "C4", sender: "tool:records", recipient: "A1", position: "original", fields: ["patient_name", "ssn", "appointment_date"], turn: 0 },
    { channel: "C2", sender: "A1", recipient: "A2", position: "original", fields: ["patient_name", "ssn", "appointment_date"], turn: 1, archetype: "delegation" },
  ];
  if (cell !== "CW-2") {
    list.push({ channel: "C2", sender: "A2", recipient: "W2", position: "introduced", fields: [], turn: 1, archetype: "delegation" });
    if (scenario % 2 === 0) list.push({ channel: "C2", sender: "A1", recipient: "W1", position: "introduced", fields: ["ssn", "appointment_date"], turn: 1, archetype: "delegation" });
  }
  if (horizon >= 3) list.push({ channel: "C6", sender: "A2", recipient: null, position: null, fields: ["patient_name"], turn: 3, archetype: "confirmation_probe" });
  return list;
}

const TEXT: Record<string, (v: Record<string, string>) => string> = {
  patient_name: (v) => `Patient: ${v.patient_name}.`,
  ssn: (v) => `SSN ${v.ssn}.`,
  appointment_date: (v) => `Appointment on ${v.appointment_date}.`,
};
const SURROGATE: Record<string, string> = { patient_name: "Ava Quinn", ssn: "[REDACTED:ssn]", appointment_date: "[REDACTED:date]" };

/** Whether `sanitizer` lets `field` through to this delivery (blanket/dlp: never; static: allowed fields to anyone). */
function passes(sanitizer: SanitizerName, field: string, d: Delivery): boolean {
  if (sanitizer === "none") return true;
  if (sanitizer === "static") return ALLOWED.has(field);
  if (sanitizer === "recons" || sanitizer === "recons-redact-only") return ALLOWED.has(field) && d.position === "original";
  // dlp misses names (no vault), blanket sees everything.
  return sanitizer === "dlp" && field === "patient_name";
}

export function syntheticRecord(scenario: number, cell: EvalRecord["cell"], level: EvalRecord["level"], sanitizer: SanitizerName, horizon = 1): EvalRecord {
  const vault = vaultOf(scenario);
  const events = deliveries(scenario, cell, horizon).map((d, t): RecordedEvent => {
    const parts = d.fields.map((field) => (passes(sanitizer, field, d) ? TEXT[field](vault) : TEXT[field]({ ...vault, [field]: SURROGATE[field] })));
    const decisions =
      sanitizer === "none"
        ? []
        : d.fields.map((field) => ({
            field: sanitizer === "dlp" || sanitizer === "blanket" ? null : field,
            action: passes(sanitizer, field, d) ? "allow" : "redact",
            reason: passes(sanitizer, field, d) ? (d.recipient ? "recipient-authorized" : "recipient-unresolved-field-level-allow") : "introduced-recipient",
          }));
    const content = parts.join(" ") || "Status update, nothing to add.";
    const raw = d.fields.map((field) => TEXT[field](vault)).join(" ") || content;
    return { t, channel: d.channel, sender: d.sender, recipient: d.recipient, position: d.position, content, ...(raw === content ? {} : { raw }), decisions, turn: d.turn, archetype: d.archetype ?? null };
  });
  return { scenario_id: `s${scenario}`, cell, level, pair: "tau", sanitizer, tracked: { field: "ssn", value: vault.ssn }, horizon, events };
}

export function syntheticSweep(options: { scenarios: number; cells: EvalRecord["cell"][]; levels: EvalRecord["level"][]; sanitizers: SanitizerName[]; horizon?: number }): EvalRecord[] {
  const records: EvalRecord[] = [];
  for (let s = 0; s < options.scenarios; s++)
    for (const cell of options.cells)
      for (const level of options.levels) for (const sanitizer of options.sanitizers) records.push(syntheticRecord(s, cell, level, sanitizer, options.horizon));
  return records;
}

/** The ground truth and detectors of the synthetic scenarios. */
export const syntheticContext: ContextProvider = (record): RecordContext => {
  const vault = vaultOf(Number(record.scenario_id.slice(1)));
  return {
    measure: createMeasure(vault),
    valueTypeOf: (field) => (field === "patient_name" ? "value" : "format"),
    authorized: (field, _channel, recipient, position) => ALLOWED.has(field) && (recipient === null || position === "original"),
    introducedAgents: record.cell === "CW-2" ? [] : ["W1", "W2"],
    sanitizerDetect: (sanitizer, text): Detection[] => {
      // The dlp baseline has no vault: it cannot see the patient's name.
      const fields = Object.entries(vault).filter(([field]) => !(sanitizer === "dlp" && field === "patient_name"));
      return fields.flatMap(([field, value]) => {
        const start = text.indexOf(value);
        return start < 0 ? [] : [{ start, end: start + value.length, field: sanitizer === "dlp" ? null : field, kind: field, valueType: "format" as const, tier: 1, confidence: 1, source: "fixture" }];
      });
    },
  };
};

/** A small sweep's summary: four cells, two levels, five sanitizers, horizons 1 and 3. */
export function syntheticSummary(): Summary {
  const records = syntheticSweep({ scenarios: 6, cells: ["CW-2", "CW-7", "P2P-4", "Hier-7"], levels: ["A0", "A2"], sanitizers: ["none", "blanket", "dlp", "static", "recons"], horizon: 3 });
  return buildSummary(computeMetrics(records, syntheticContext, { horizons: [1, 3] }), { corpus: "synthetic.jsonl", model: "scripted", seed: "0", wallSeconds: 1.5, complete: true, failed: 0 });
}
