import { describe, expect, it } from "vitest";
import { createRecons } from "../../src/guard.js";

describe("a name written in capitals or lowercase", () => {
  const guard = () => createRecons({ secret: "case-secret", vault: { patient_name: "Patrick O'Connor" }, policy: { fields: { patient_name: { authorized: ["doctor"] } } } });

  it.each(["PATRICK O'CONNOR", "patrick o'connor"])("%s gets a pseudonym written the same way, which restores to it from shared state", (text) => {
    const g = guard();
    const shown = g.sanitizeSync({ channel: "C2", content: `Patient: ${text}`, recipient: "billing" }).content as string;
    const pseudonym = shown.slice("Patient: ".length);
    expect(pseudonym).not.toMatch(/patrick|o'connor/i);
    expect(pseudonym).toBe(text === text.toUpperCase() ? pseudonym.toUpperCase() : pseudonym.toLowerCase());
    const written = g.sanitizeSync({ channel: "C5", content: `Patient: ${text}` }, { reversible: true }).content as string;
    expect(g.sanitizeSync({ channel: "C5", content: written, recipient: "doctor" }).content).toBe(`Patient: ${text}`);
  });
});

describe("a name written with capitals its registered value lacks (`McMahon` of `Mcmahon`)", () => {
  const guard = createRecons({ secret: "s", vault: { patient_name: "Christine Mcmahon" }, policy: { fields: { patient_name: { authorized: ["doctor"] } } } });

  it("is sealed in shared state, so it restores as written, and gets a pseudonym when delivered", () => {
    const text = "Data for Christine McMahon.";
    const stored = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content;
    expect(stored).toMatch(/^Data for \[REDACTED:name#/);
    expect(guard.restore(stored, "doctor", "C5")).toBe(text);
    expect(guard.sanitizeSync({ channel: "C2", content: text, recipient: "billing" }).content).not.toMatch(/Christine|McMahon|\[REDACTED/i);
    // As registered, it keeps its pseudonym in shared state.
    expect(guard.sanitizeSync({ channel: "C5", content: "Data for Christine Mcmahon." }, { reversible: true }).content).not.toMatch(/REDACTED|Mcmahon/);
  });
});
