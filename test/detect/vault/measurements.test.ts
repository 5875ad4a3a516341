import { describe, expect, it } from "vitest";
import { isMeasurement, isQuantity, measurementVariants } from "../../../src/detect/vault/measurements.js";
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

  it("is a quantity with its unit and no analyte too, its number found near its field's words (round 12 red team: `78.5 kg` became `76478890.0 ap`)", () => {
    for (const value of ["78.5 kg", "4,820 pg/mL", "120 bpm", "9.8%"]) expect(isQuantity(value), value).toBe(true);
    for (const value of ["INS-38096641", "4C", "12 Main", "2019"]) expect(isQuantity(value), value).toBe(false);
    const guard = createRecons({ secret: "s", vault: { dry_weight: "78.5 kg", nt_probnp: "4,820 pg/mL" }, policy: { fields: {} } });
    const out = guard.sanitizeSync({ channel: "C2", content: "EDW 78.5 kg; dry weight 78.5 today; NT-proBNP 4,820 on 1/8", recipient: "x" }).content as string;
    expect(out).toMatch(/^EDW \d+(?:\.\d)? kg; dry weight \d+(?:\.\d)? today; NT-proBNP [\d,]+ on 1\/8$/);
    expect(guard.sanitizeSync({ channel: "C2", content: "Room 78.5 is on the left.", recipient: "x" }).content).toBe("Room 78.5 is on the left.");
    expect(out).not.toMatch(/78\.5 kg|weight 78\.5|4,820/);
  });
});
