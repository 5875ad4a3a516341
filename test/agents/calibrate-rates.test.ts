import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { measureForwarding, parseTraces, type Trace } from "../../src/agents/calibrate-rates.js";
import { forwardingRatesSchema, MEASURED_RATES } from "../../src/agents/forwarding-rates.js";

function trace(messages: Array<[string, string, string, string]>): Trace {
  return {
    trace_id: "t",
    model: "m",
    input: { vault: { patient_name: "Ryan Wilson", dob: "1971-06-17", balance: 408753.71, rating: "D" }, request: "Summarize the visit of Terri Mason" },
    channel_messages: messages.map(([channel, source, target, content]) => ({ channel, source, target, content })),
  };
}

describe("forwarding calibration", () => {
  const traces = [
    trace([
      ["C2", "coordinator", "worker", "Instructions for Worker Agent:\nSummarize the visit of Terri Mason. Patient: Ms. Wilson, born June 17, 1971."],
      ["C2", "worker", "coordinator", "Ryan Wilson has a balance of $408,753.71."],
      ["C5", "worker", "memory", "Cache: Ryan Wilson has a balance"],
    ]),
    trace([
      ["C2", "coordinator", "worker", "Please prepare the summary."],
      ["C2", "worker", "coordinator", "[ERROR: This request requires more credits]"],
    ]),
  ];
  const rates = measureForwarding(traces, "hand-made");

  it("counts per slot and kind the share of (message, value) pairs forwarded, and the forms", () => {
    const delegation = rates.slots.delegation.forwarding;
    expect(delegation.name).toMatchObject({ opportunities: 2, forwarded: 1, rate: 0.5, forms: { title_surname: 1 } });
    expect(delegation.date).toMatchObject({ opportunities: 2, forwarded: 1, forms: { long_date: 1 } });
    expect(delegation.amount).toMatchObject({ opportunities: 2, forwarded: 0 });
    expect(rates.slots.report.forwarding.amount).toMatchObject({ opportunities: 1, forwarded: 1, forms: { currency_grouped: 1 } });
    expect(rates.slots.memory.forwarding.name?.rate).toBe(1);
  });

  it("skips provider errors and too-short values, and measures retelling and memory copies", () => {
    expect(rates.source.excludedErrorMessages).toBe(1);
    expect(rates.slots.report.messages).toBe(1);
    expect(rates.slots.delegation.forwarding.contextual).toBeUndefined();
    expect(rates.slots.delegation.retellsTaskVerbatim).toBe(0.5);
    expect(rates.memoryWrite).toMatchObject({ prefixShare: 1, copiesReportShare: 1, truncatedShare: 1, truncateAtChars: "Ryan Wilson has a balance".length });
    expect(forwardingRatesSchema.parse(rates)).toEqual(rates);
  });

  it("reads gzip'd JSON lines and names a bad line", () => {
    const good = JSON.stringify(traces[0]);
    expect(parseTraces(gzipSync(`${good}\n\n${good}\n`))).toHaveLength(2);
    expect(() => parseTraces(gzipSync(`${good}\n{"trace_id": 1}`))).toThrow(/trace line 2/);
  });

  it("bundles a measurement of all 780 dev traces with its method", () => {
    expect(MEASURED_RATES.source.traces).toBe(780);
    expect(MEASURED_RATES.method).toMatch(/opportunit/);
    for (const slot of ["delegation", "report", "memory", "final"]) {
      expect(MEASURED_RATES.slots[slot].forwarding.name?.opportunities).toBeGreaterThan(1000);
    }
  });
});
