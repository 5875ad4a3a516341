import { beforeAll, describe, expect, it } from "vitest";
import { replayTrace } from "../../src/replay/replay.js";
import { formatScoreTable, keptCharacters, scoreReplay } from "../../src/replay/score.js";
import { readTraces, type Trace } from "../../src/replay/traces.js";

const FIXTURE = new URL("../fixtures/traces.jsonl", import.meta.url).pathname;
let traces: Trace[];

beforeAll(async () => {
  traces = await readTraces(FIXTURE);
});

function score(sanitizer: "recons" | "static" | "blanket" | "none") {
  return scoreReplay(traces, traces.flatMap((trace) => replayTrace(trace, { sanitizer })));
}

describe("keptCharacters", () => {
  it("counts unchanged characters outside protected spans", () => {
    expect(keptCharacters("call Ryan now", "call [X] now", [[5, 9]])).toEqual({ kept: 9, total: 9 });
    expect(keptCharacters("call Ryan now", "call [X] later", [[5, 9]])).toEqual({ kept: 6, total: 9 });
  });
});

describe("scoreReplay on the fixture", () => {
  it("none leaks every unauthorized value and keeps everything else", () => {
    const report = score("none");
    // Original: ssn_real; dob, medications; ssn; case_number, witness_list, opposing_party (7).
    // Introduced adds name, patient_name twice and client_name (11).
    expect(report.residual.overall).toEqual({ numerator: 18, denominator: 18, rate: 1 });
    expect(report.residual.introduced.denominator).toBe(11);
    expect(report.authorizedKept).toEqual({ numerator: 4, denominator: 4, rate: 1 });
    expect(report.textKept.rate).toBe(1);
    expect(report.meetsTargets).toEqual({ residual: false, authorizedKept: true, textKept: true });
  });

  it("recons leaves no residual, keeps authorized values and the other text", () => {
    const report = score("recons");
    expect(report.residual.overall.numerator).toBe(0);
    expect(report.authorizedKept.rate).toBe(1);
    expect(report.textKept.rate).toBeGreaterThan(0.97);
    expect(report.meetsTargets).toEqual({ residual: true, authorizedKept: true, textKept: true });
  });

  it("static leaks allowed fields to the introduced recipient; blanket loses authorized values", () => {
    const statics = score("static");
    expect(statics.residual.introduced.numerator).toBe(4);
    expect(statics.residualByField).toEqual({ name: 1, patient_name: 2, client_name: 1 });
    expect(score("blanket").authorizedKept.numerator).toBe(0);
  });

  it("renders a table with every metric", () => {
    const table = formatScoreTable(score("none"));
    expect(table).toMatch(/residual unauthorized \(line, field\)\s+100\.00 %\s+18\/18\s+<= 2 %\s+NO/);
    expect(table).toContain("non-sensitive text kept");
  });

  it("says n/a, not yes, for a target of which nothing was measured (no authorized values in the traces)", () => {
    const report = score("none");
    const empty = { ...report, authorizedKept: { numerator: 0, denominator: 0, rate: null } };
    expect(formatScoreTable(empty)).toMatch(/authorized values kept\s+n\/a\s+0\/0\s+>= 99 %\s+n\/a/);
  });

  it("rejects a line without a matching trace message", () => {
    expect(() => scoreReplay(traces, [{ trace_id: "fx_health", index: 9, position: "original", recipient: "user", sanitized: "" }])).toThrow(
      /fx_health#9/,
    );
  });
});
