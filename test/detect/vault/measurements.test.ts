import { describe, expect, it } from "vitest";
import { isMeasurement, measurementVariants } from "../../../src/detect/vault/measurements.js";
import { createRecons } from "../../../src/guard.js";

describe("a measurement registered with its analyte and unit (round 10 red team: `Potassium 6.4 mmol/L` became letter noise)", () => {
  it("is an analyte, a number and a unit; found without its unit, and its number near the analyte's word", () => {
    expect(isMeasurement("Potassium 6.4 mmol/L")).toBe(true);
    expect(isMeasurement("HbA1c: 8.7 %")).toBe(true);
    expect(isMeasurement("INS-38096641")).toBe(false);
    for (const value of ["Metformin 500 mg", "type 2 diabetes", "Hypertension Stage 2"]) expect(isMeasurement(value), value).toBe(false);
    expect(measurementVariants("Potassium 6.4 mmol/L").map((variant) => [variant.form, variant.role])).toEqual([["potassium 6.4", "whole"], ["6.4", "near-label"]]);
  });

  it("is a quantity: its number moved, its words and unit kept, in every form", () => {
    const guard = createRecons({ secret: "s", vault: { lab_result: "Potassium 6.4 mmol/L" }, policy: { fields: {} } });
    expect(guard.vault.entries()[0].kind).toBe("number");
    const shown = guard.sanitizeSync({ channel: "C2", content: 'Potassium 6.4 mmol/L; {"potassium": 6.4}; potassium of 6.4', recipient: "x" }).content as string;
    expect(shown).not.toContain("6.4");
    expect(shown).toMatch(/^Potassium \d+\.\d mmol\/L; \{"potassium": \d+\.\d\}; potassium of \d+\.\d$/);
    expect(guard.sanitizeSync({ channel: "C2", content: "Pulse 6.4 today.", recipient: "x" }).content).toBe("Pulse 6.4 today.");
  });
});
