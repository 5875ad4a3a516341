import { describe, expect, it } from "vitest";
import { bloodPressureDetector } from "../../../src/detect/vault/blood-pressure.js";
import type { VaultEntry } from "../../../src/detect/vault/vault.js";
import { createRecons } from "../../../src/guard.js";

const hypertension: VaultEntry = { field: "diagnosis_real", value: "Hypertension Stage 2", kind: "text", valueType: "contextual" };

function readingsIn(text: string, entries: VaultEntry[] = [hypertension]): string[] {
  return bloodPressureDetector(() => entries)
    .detect(text)
    .map((detection) => text.slice(detection.start, detection.end));
}

describe("blood pressure readings of a registered hypertension (round 14 red team: `BP 162/98 today` passed)", () => {
  it("finds a hypertensive reading with a pressure word before it or its unit after it", () => {
    expect(readingsIn("BP 162/98 today, uncontrolled. Vitals: 168 / 102 mmHg; blood pressure was 134/76")).toEqual(["162/98", "168 / 102", "134/76"]);
    // Round 14 re-judge: a goal's word before it (`above goal (162/98)`).
    expect(readingsIn("Home readings remain above goal (162/98) this week")).toEqual(["162/98"]);
  });

  it("leaves normal readings, readings without a pressure word, dates, fractions, and other diagnoses", () => {
    expect(readingsIn("BP 118/76; score 162/98; on 12/10; 1/2 tablet")).toEqual([]);
    expect(readingsIn("BP 162/98", [{ ...hypertension, value: "Type 2 Diabetes" }])).toEqual([]);
    expect(readingsIn("BP 162/98", [{ ...hypertension, field: "notes_for_billing" }])).toEqual([]);
  });

  it("protects the reading with the diagnosis for an unauthorized reader, and keeps it for the authorized one", () => {
    const guard = createRecons({ secret: "s", vault: { diagnosis_real: "Hypertension Stage 2" }, policy: { fields: { diagnosis_real: { authorized: ["doctor"] } } } });
    const text = "BP 162/98 today, uncontrolled.";
    expect(guard.sanitizeSync({ channel: "C2", content: text, recipient: "billing" }).content).not.toMatch(/162\/98|BP/);
    expect(guard.sanitizeSync({ channel: "C2", content: text, recipient: "doctor" }).content).toBe(text);
  });

  it("finds type 2 diabetes written as `DM type 2` or `diabetes, type 2`", () => {
    const guard = createRecons({ secret: "s", vault: { diagnosis_real: "Type 2 Diabetes Mellitus" }, policy: { fields: {} } });
    const { content } = guard.sanitizeSync({ channel: "C2", content: "Dx: DM type 2. Condition on file: diabetes, type 2 (non-insulin-dependent).", recipient: "billing" });
    expect(content).not.toMatch(/DM|diabetes|type 2|insulin/i);
  });
});
