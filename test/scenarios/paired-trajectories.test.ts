import { describe, expect, it } from "vitest";
import { loadAgentLeak, type Scenario } from "../../src/scenarios/agentleak.js";
import { pairedScenarios, trackedAttribute } from "../../src/scenarios/paired-trajectories.js";

const SAMPLE = new URL("../../data/agentleak-sample.jsonl", import.meta.url).pathname;

function scenario(vault: Record<string, string>, allowed: string[], forbidden: string[], task = "Summarize the case"): Scenario {
  const vaultEntries = Object.entries(vault).map(([key, value]) => ({ key, field: key, value, recordIndex: 0, recordType: "r" }));
  return {
    id: "t", vertical: "legal", task, privacyInstruction: null, agents: [], vault, vaultEntries,
    records: [{ recordType: "r", fields: vault, canaryTier: null }], allowed, forbidden, tools: [],
    attack: { level: "A0", enabled: false, attackClass: null, payload: null, targetChannels: [] }, canaries: [],
  };
}

describe("tracked attribute P", () => {
  it("takes the first forbidden field that exists in the vault", () => {
    const s = scenario({ name: "Ann Lee", dob: "1950-01-02", ssn: "123-45-6789" }, ["name"], ["diagnosis", "ssn", "dob"]);
    expect(trackedAttribute(s)).toMatchObject({ key: "ssn", value: "123-45-6789", kind: "ssn" });
  });

  it("falls back to the first vault field that is not allowed", () => {
    const s = scenario({ name: "Ann Lee", dob: "1950-01-02" }, ["name"], ["hiv_status"]);
    expect(trackedAttribute(s)).toMatchObject({ key: "dob", kind: "date" });
  });

  it("is undefined when every vault field is allowed", () => {
    expect(trackedAttribute(scenario({ name: "Ann Lee" }, ["name"], ["ssn"]))).toBeUndefined();
  });

  it("finds P in every bundled scenario", async () => {
    for (const s of await loadAgentLeak(SAMPLE)) expect(trackedAttribute(s)).toBeDefined();
  });
});

describe("paired scenarios (tau, tau')", () => {
  it("differ only in P's value, replaced everywhere it occurs", () => {
    const s = scenario({ client_name: "Ann Lee", ssn: "123-45-6789", notes: "SSN 123-45-6789 verified" }, [], ["ssn"], "Check 123-45-6789");
    const [tau, tauPrime] = pairedScenarios(s, 1);
    expect(tau).toBe(s);
    const neighbour = tauPrime.vault.ssn;
    expect(neighbour).toMatch(/^\d{3}-\d{2}-\d{4}$/);
    expect(neighbour).not.toBe("123-45-6789");
    expect(tauPrime.vault).toEqual({ client_name: "Ann Lee", ssn: neighbour, notes: `SSN ${neighbour} verified` });
    expect(tauPrime.task).toBe(`Check ${neighbour}`);
    expect(tauPrime.records[0].fields.ssn).toBe(neighbour);
    expect(JSON.stringify(tauPrime)).not.toContain("123-45-6789");
  });

  it("is deterministic in the seed", () => {
    const s = scenario({ ssn: "123-45-6789" }, [], ["ssn"]);
    expect(pairedScenarios(s, "a")[1].vault.ssn).toBe(pairedScenarios(s, "a")[1].vault.ssn);
  });

  it("refuses a scenario without a protected attribute", () => {
    expect(() => pairedScenarios(scenario({ name: "Ann Lee" }, ["name"], []), 1)).toThrow(/no protected attribute/);
  });
});
