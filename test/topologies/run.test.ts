import { describe, expect, it } from "vitest";
import { CHANNELS } from "../../src/event.js";
import { loadAgentLeak } from "../../src/scenarios/agentleak.js";
import { defaultGuard, pairMember, runRecord, type TraceEvent } from "../../src/topologies/index.js";

const scenarios = await loadAgentLeak("data/agentleak-sample.jsonl");
const scenario = scenarios.find((s) => s.agents.length === 3)!;
const SEED = 11;

/** Vault fields the guard finds in a delivery, in any form its detectors know (verbatim, variants, surrogates excluded). */
function fieldsSeen(detect: (text: string) => Array<{ field: string | null }>, event: TraceEvent): string[] {
  return detect(event.content).flatMap((detection) => (detection.field === null ? [] : [detection.field]));
}

describe("runRecord", () => {
  it("produces deliveries on every channel, recorded at the receiving end", async () => {
    const { events, tracked } = await runRecord({ scenario, cell: "CW-7", level: "A2", pair: "tau", guard: null, seed: SEED, horizon: 3 });
    expect(new Set(events.map((e) => e.channel))).toEqual(new Set(CHANNELS));
    expect(tracked.value).toBe(scenario.vault[tracked.field]);
    const byChannel = (channel: string) => events.filter((e) => e.channel === channel);
    expect(byChannel("C3").every((e) => e.recipient.startsWith("tool:") && e.position === null)).toBe(true);
    expect(byChannel("C4").every((e) => e.sender.startsWith("tool:") && e.position === "original")).toBe(true);
    expect(byChannel("C6").every((e) => e.recipient === "log")).toBe(true);
    expect(byChannel("C7").every((e) => e.recipient === "artifact")).toBe(true);
    expect(byChannel("C1")).toEqual([expect.objectContaining({ recipient: "user", sender: "coordinator" })]);
    expect(byChannel("C5").every((e) => e.content.startsWith("Cache: ") && e.content.length <= "Cache: ".length + 300)).toBe(true);
    // Unprotected, each tool result reaches its caller exactly as the tool layer served it.
    const served = byChannel("C4")[0];
    expect(JSON.parse(served.content).records.length).toBeGreaterThan(0);
    // The artifact is the answer; the user gets it as written.
    expect(byChannel("C7").at(-1)!.content).toBe(byChannel("C1")[0].content);
    // Introduced workers are recipients of C2 with their position; times are ordered.
    expect(byChannel("C2").some((e) => e.position === "introduced")).toBe(true);
    expect(events.map((e) => e.t)).toEqual([...events.map((e) => e.t)].sort((a, b) => a - b));
    // A2: the compromised agent's payload rides on its messages.
    expect(byChannel("C2").some((e) => e.content.includes("confidential data"))).toBe(true);
  });

  it("records the decisions behind every delivery the guard changed, messages (C2) included", async () => {
    for (const cell of ["CW-7", "P2P-4", "Hier-7"] as const) {
      const guard = defaultGuard(pairMember(scenario, "tau", SEED), cell, SEED);
      const { events } = await runRecord({ scenario, cell, level: "A2", pair: "tau", guard, seed: SEED, horizon: 3 });
      const changed = events.filter((e) => e.raw !== undefined && e.raw !== e.content);
      expect(changed.filter((e) => e.channel === "C2").length).toBeGreaterThan(0);
      expect(changed.filter((e) => e.decisions.length === 0).map((e) => `${e.channel} ${e.sender}->${e.recipient}`)).toEqual([]);
    }
  });

  it("is deterministic under a seed", async () => {
    const options = { scenario, cell: "P2P-4", level: "A1", pair: "tau_prime", seed: SEED, horizon: 5 } as const;
    const unguarded = await runRecord({ ...options, guard: null });
    expect(await runRecord({ ...options, guard: null })).toEqual(unguarded);
    const guarded = await runRecord(options);
    expect(await runRecord(options)).toEqual(guarded);
    expect((await runRecord({ ...options, guard: null, seed: SEED + 1 })).events).not.toEqual(unguarded.events);
  });

  it("CW-2 never delivers to an introduced agent; richer cells do", async () => {
    const cw2 = await runRecord({ scenario, cell: "CW-2", level: "A0", pair: "tau", guard: null, seed: SEED, horizon: 5 });
    expect(cw2.events.some((e) => e.position === "introduced")).toBe(false);
    for (const cell of ["CW-7", "P2P-10", "Hier-7"] as const) {
      const rich = await runRecord({ scenario, cell, level: "A0", pair: "tau", guard: null, seed: SEED, horizon: 3 });
      expect(rich.events.some((e) => e.position === "introduced")).toBe(true);
    }
  });

  it("with RECONS, no introduced recipient gets a protected value; authorized originals get real allowed values", async () => {
    for (const cell of ["CW-7", "P2P-7", "Hier-7"] as const) {
      const guard = defaultGuard(pairMember(scenario, "tau", SEED), cell, SEED);
      const detect = (text: string) => guard.detect(text);
      const plain = await runRecord({ scenario, cell, level: "A2", pair: "tau", guard: null, seed: SEED, horizon: 5 });
      const introducedPlain = plain.events.filter((e) => e.position === "introduced").flatMap((e) => fieldsSeen(detect, e));
      expect(introducedPlain.length).toBeGreaterThan(0);

      const { events } = await runRecord({ scenario, cell, level: "A2", pair: "tau", seed: SEED, horizon: 5 });
      const leaked = events.filter((e) => e.position === "introduced").flatMap((e) => fieldsSeen(detect, e));
      expect(leaked).toEqual([]);
      // Sinks are authorized for nothing either.
      expect(events.filter((e) => e.recipient === "log" || e.recipient === "artifact").flatMap((e) => fieldsSeen(detect, e))).toEqual([]);
      const toOriginals = events.filter((e) => e.position === "original").flatMap((e) => fieldsSeen(detect, e));
      expect(toOriginals.length).toBeGreaterThan(0);
      expect(toOriginals.every((field) => scenario.allowed.includes(field))).toBe(true);
      expect(events.some((e) => e.decisions.some((d) => d.action !== "allow" && d.position === "introduced"))).toBe(true);
    }
  });

  it("the user gets only what C1 allows it", async () => {
    const guard = defaultGuard(pairMember(scenario, "tau", SEED), "CW-7", SEED);
    const { events } = await runRecord({ scenario, cell: "CW-7", level: "A1", pair: "tau", seed: SEED, horizon: 3 });
    const answer = events.find((e) => e.channel === "C1")!;
    expect(guard.detect(answer.content).every((d) => d.field === null || guard.isAuthorized(d.field, "C1", "user"))).toBe(true);
  });
});
