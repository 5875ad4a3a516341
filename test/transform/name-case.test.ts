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
