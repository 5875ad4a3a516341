import { describe, expect, it } from "vitest";
import { createRecons } from "../../src/guard.js";
import { inferFieldType } from "../../src/policy/infer.js";
import { loadAgentLeak } from "../../src/scenarios/agentleak.js";

const SAMPLE = new URL("../../data/agentleak-sample.jsonl", import.meta.url).pathname;
/** Values with fewer letters and digits name nobody (a one-digit score): the measuring detector skips them too. */
const MIN_ALPHANUMERICS = 3;

/**
 * Each vault value as a field's whole value, the way tools return records: an object field, the same
 * object as JSON text, and the value as a string alone. The whole-string rules (a surname, a short
 * number, a handle alone) must never give a reader authorized for every field anything but the value.
 */
describe("every sample scenario's vault value delivered as a field's whole value", async () => {
  const scenarios = await loadAgentLeak(SAMPLE);
  const cases = scenarios.flatMap((scenario) => scenario.vaultEntries.map((entry) => ({ scenario, entry })));

  it("holds enough values of every kind to mean something", () => {
    expect(cases.length).toBeGreaterThan(100);
  });

  it("reaches a reader authorized for every field unchanged, and no unauthorized reader as it was", () => {
    for (const scenario of scenarios) {
      const fields = Object.fromEntries(scenario.vaultEntries.map((entry) => [entry.key, { ...inferFieldType(entry.field, entry.value), authorized: ["doc"] }]));
      const guard = createRecons({ secret: "whole-field", ageReference: "2026-01-01", vault: scenario.vault, policy: { fields } });
      for (const entry of scenario.vaultEntries) {
        const value = String(entry.value);
        for (const content of [{ [entry.field]: entry.value }, JSON.stringify({ [entry.field]: entry.value }), value]) {
          const label = `${scenario.id} ${JSON.stringify(content)}`;
          expect(guard.sanitizeSync({ channel: "C4", content, recipient: "doc" }).content, label).toEqual(content);
          if (value.replace(/[^\p{L}\p{N}]/gu, "").length < MIN_ALPHANUMERICS) continue;
          expect(guard.sanitizeSync({ channel: "C4", content, recipient: "clerk" }).content, label).not.toEqual(content);
        }
      }
    }
  });
});
