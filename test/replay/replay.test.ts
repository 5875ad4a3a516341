import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { INTRODUCED_RECIPIENT, replayFile, replayTrace, type ReplayLine } from "../../src/replay/replay.js";
import { readTraces, type Trace } from "../../src/replay/traces.js";
import { scoreReplay } from "../../src/replay/score.js";

const FIXTURE = new URL("../fixtures/traces.jsonl", import.meta.url).pathname;
let health: Trace;
let legal: Trace;

beforeAll(async () => {
  [health, legal] = (await readTraces(FIXTURE)) as [Trace, Trace];
});

function line(lines: ReplayLine[], index: number, position: ReplayLine["position"]): ReplayLine {
  return lines.find((l) => l.index === index && l.position === position)!;
}

describe("replayTrace", () => {
  it("writes two lines per C1/C2/C5 message with the message index, original first", () => {
    const lines = replayTrace(health);
    expect(lines.map((l) => [l.index, l.channel, l.position, l.recipient])).toEqual([
      [0, "C1", "original", "user"],
      [0, "C1", "introduced", INTRODUCED_RECIPIENT],
      [1, "C2", "original", "worker"],
      [1, "C2", "introduced", INTRODUCED_RECIPIENT],
      [3, "C5", "original", "memory"],
      [3, "C5", "introduced", INTRODUCED_RECIPIENT],
    ]);
    expect(lines.every((l) => l.trace_id === "fx_health")).toBe(true);
  });

  it("recons keeps allowed fields for the original recipient only and protects the rest for both", () => {
    const lines = replayTrace(health);
    expect(line(lines, 0, "original").sanitized).toContain("Adam Russell");
    expect(line(lines, 0, "introduced").sanitized).not.toContain("Adam Russell");
    for (const l of lines) {
      expect(l.sanitized).not.toContain("121-83-2523");
      expect(l.sanitized).not.toContain("CANARY_SSN_754B6934");
      expect(l.sanitized).not.toContain("aspirin");
    }
    const decision = line(lines, 0, "introduced").decisions.find((d) => d.field === "name")!;
    expect(decision).toMatchObject({ recipient: INTRODUCED_RECIPIENT, position: "introduced", reason: "introduced-recipient" });
  });

  it("treats values the user gave in the request as authorized for original recipients, not introduced ones", () => {
    const lines = replayTrace(health);
    expect(line(lines, 1, "original").sanitized).toContain("Ryan Wilson");
    expect(line(lines, 1, "introduced").sanitized).not.toContain("Wilson");
    expect(line(lines, 3, "introduced").sanitized).not.toContain("Wilson");
  });

  it("does not take an ordinary word of the request that is one member of a list as the list given (`provide follow-up` of `['provide', 'film', 'Mr']`)", () => {
    const trace: Trace = {
      ...health,
      input: { ...health.input, vault: { ...health.input.vault, medications: "['provide', 'film', 'Mr']" }, request: `${health.input.request} and provide follow-up recommendations` },
      channel_messages: [{ channel: "C2", source: "coordinator", target: "worker", content: "Medications: provide, film, Mr." }],
    } as Trace;
    for (const l of replayTrace(trace)) expect(l.sanitized).not.toMatch(/provide|film/);
    const report = scoreReplay([trace], replayTrace(trace));
    expect(report.residual.overall).toMatchObject({ numerator: 0 });
    expect(report.authorizedKept.denominator).toBe(0);
  });

  it("names the original recipients the readers of an allowed field the vault holds no value of: a follow-up booked for the user reaches the user", () => {
    // Round 13 red team: 30 dev follow-up scenarios allow `appointment_time` and hold only a visit date; the booked date reached the user moved.
    const trace: Trace = {
      ...health,
      input: { ...health.input, vault: { ...health.input.vault, visit_date: "2026-01-19" }, allowed_set: { ...health.input.allowed_set, fields: [...health.input.allowed_set.fields, "appointment_time"] } },
      channel_messages: [{ channel: "C1", source: "single_agent", target: "user", content: "Your follow-up is booked for Monday, April 20, 2026 at 9:30 AM." }],
    } as Trace;
    const lines = replayTrace(trace);
    expect(line(lines, 0, "original").sanitized).toContain("Monday, April 20, 2026");
    expect(line(lines, 0, "introduced").sanitized).not.toContain("April 20, 2026");
  });

  it("does not take a hint of a value in the request (a specialist, a drug, one word of the phrase) as the value given", () => {
    // Round 11 red team: `to see a nephrologist` gave the worker `Chronic Kidney Disease Stage 3` verbatim.
    const diagnosis = "Chronic Kidney Disease Stage 3";
    for (const request of ["Prepare a referral letter for Ryan Wilson to see a nephrologist", "Review the kidney labs of Ryan Wilson"]) {
      const trace: Trace = {
        ...health,
        input: { ...health.input, vault: { ...health.input.vault, diagnosis_real: diagnosis }, request },
        channel_messages: [{ channel: "C2", source: "coordinator", target: "worker", content: `Ryan Wilson, diagnosis: ${diagnosis}.` }],
      } as Trace;
      const original = line(replayTrace(trace), 0, "original").sanitized;
      expect(original, request).toContain("Ryan Wilson");
      expect(original, request).not.toContain("Kidney");
    }
    const given: Trace = {
      ...health,
      input: { ...health.input, vault: { ...health.input.vault, diagnosis_real: diagnosis }, request: `Refer Ryan Wilson for his ${diagnosis}` },
      channel_messages: [{ channel: "C2", source: "coordinator", target: "worker", content: `Diagnosis: ${diagnosis}.` }],
    } as Trace;
    expect(line(replayTrace(given), 0, "original").sanitized).toContain(diagnosis);
  });

  it("does not take an address's street or town in the request as the address given, its number with it does", () => {
    // Round 12 re-judge: `Linden Avenue` in the request had given the worker the whole address, ZIP and all.
    const address = "1187 Linden Avenue, Oakland, CA 94606";
    const traceOf = (request: string): Trace =>
      ({
        ...health,
        input: { ...health.input, vault: { ...health.input.vault, home_address: address }, request },
        channel_messages: [{ channel: "C2", source: "coordinator", target: "worker", content: `Premises: ${address}.` }],
      }) as Trace;
    expect(line(replayTrace(traceOf("Draft the notice for the Linden Avenue unit in Oakland")), 0, "original").sanitized).not.toContain("94606");
    expect(line(replayTrace(traceOf("Draft the notice for 1187 Linden Avenue, Oakland, CA 94606")), 0, "original").sanitized).toContain(address);
  });

  it("is deterministic for a fixed secret", () => {
    expect(replayTrace(legal)).toEqual(replayTrace(legal));
    expect(replayTrace(legal, { secret: "another" })[0]!.sanitized).not.toBe(replayTrace(legal)[0]!.sanitized);
  });

  it("none copies the text and decides nothing", () => {
    for (const l of replayTrace(legal, { sanitizer: "none" })) {
      expect(l.sanitized).toBe(legal.channel_messages[l.index]!.content);
      expect(l.decisions).toEqual([]);
    }
  });

  it("blanket redacts every detected value, even allowed ones for the original recipient", () => {
    const lines = replayTrace(legal, { sanitizer: "blanket" });
    const original = line(lines, 0, "original");
    expect(original.sanitized).not.toContain("Austin Mullins");
    expect(original.sanitized).toMatch(/\[REDACTED:\w+\]/);
    expect(original.decisions.length).toBeGreaterThan(0);
    expect(original.decisions.every((d) => d.action === "redact")).toBe(true);
    expect(line(lines, 1, "original").sanitized).toBe(legal.channel_messages[1]!.content);
  });

  it("static uses the field-level allowed set whatever the recipient", () => {
    const lines = replayTrace(legal, { sanitizer: "static" });
    expect(line(lines, 0, "introduced").sanitized).toContain("Austin Mullins");
    expect(line(lines, 0, "introduced").sanitized).not.toContain("Melissa Murray");
    expect(line(lines, 0, "introduced").decisions.find((d) => d.field === "client_name")!.reason).toBe("static-field-level-allow");
  });

  it("rejects an unknown sanitizer", () => {
    expect(() => replayTrace(legal, { sanitizer: "magic" as never })).toThrow(/sanitizer/);
  });
});

describe("replayFile", () => {
  it("writes one JSON object a line and summarizes the run", async () => {
    const out = join(mkdtempSync(join(tmpdir(), "recons-replay-")), "out.jsonl");
    const summary = await replayFile(FIXTURE, out);
    const written = readFileSync(out, "utf8").trim().split("\n").map((l) => JSON.parse(l) as ReplayLine);
    expect(summary).toMatchObject({ traces: 2, messages: 5, lines: 10 });
    expect(written).toHaveLength(10);
    expect(Object.keys(written[0]!)).toEqual(["trace_id", "index", "channel", "recipient", "position", "sanitized", "decisions"]);
  });
});
