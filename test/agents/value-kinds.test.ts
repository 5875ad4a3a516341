import { describe, expect, it } from "vitest";
import { SeededRandom } from "../../src/agents/seeded-random.js";
import { classifyValue, detectForm, FORMS_BY_KIND, renderForm, type ValueKind } from "../../src/agents/value-kinds.js";

const SAMPLES: Array<[string, string, ValueKind]> = [
  ["patient_name", "Gregory Olson", "name"],
  ["ssn_real", "121-83-2523", "ssn"],
  ["ssn", "CANARY_SSN_754B6934", "canary"],
  ["dob", "1957-07-28", "date"],
  ["balance", "205902.35", "amount"],
  ["credit_score", "726", "score"],
  ["phone_real", "+1-982-414-6584x044", "phone"],
  ["insurance_id", "INS-67737826", "id"],
  ["credit_card_real", "347740376768746", "account"],
  ["email", "carol13@example.com", "email"],
  ["diagnosis_real", "Hypertension Stage 2", "contextual"],
  ["medications", "['Amlodipine', 'Omeprazole']", "contextual"],
];

describe("value kinds and forms", () => {
  it.each(SAMPLES)("classifies %s", (field, value, kind) => {
    expect(classifyValue(field, value)).toBe(kind);
  });

  it("detects every form it renders (the model writes what the calibration counts)", () => {
    const rng = SeededRandom.from("forms");
    for (const [field, value] of SAMPLES) {
      const kind = classifyValue(field, value);
      for (const form of FORMS_BY_KIND[kind]) {
        const rendered = renderForm(kind, value, form, rng);
        if (rendered === null) continue;
        expect(detectForm(kind, value, `Details: ${rendered}.`), `${kind} ${form} "${rendered}"`).toBe(form);
      }
    }
  });

  it("renders the measured rewritten forms", () => {
    const rng = SeededRandom.from("x");
    expect(renderForm("date", "1957-07-28", "long_date", rng)).toBe("July 28, 1957");
    expect(renderForm("amount", "205902.35", "currency_grouped", rng)).toBe("$205,902.35");
    expect(renderForm("amount", "205902.35", "currency_rounded", rng)).toBe("$205,902");
    expect(renderForm("ssn", "121-83-2523", "masked_last4", rng)).toBe("***-**-2523");
    expect(renderForm("name", "Gregory Olson", "title_surname", rng)).toMatch(/^M[rs]\. Olson$/);
    expect(renderForm("date", "PERSON_7", "long_date", rng)).toBeNull();
  });

  it("does not count a value inside a longer number or word", () => {
    expect(detectForm("score", "726", "ticket 17260")).toBeNull();
    expect(detectForm("amount", "186787", "$186,787.50")).toBeNull();
    expect(detectForm("name", "Ann Lee", "Annual Leeway")).toBeNull();
    expect(detectForm("ssn", "121-83-2523", "SSN ending in 2523")).toBe("masked_last4");
  });
});
