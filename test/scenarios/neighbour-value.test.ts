import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { neighbourValue } from "../../src/scenarios/neighbour-value.js";

const CASES: Array<[string, string, RegExp]> = [
  ["ssn", "985-71-8578", /^\d{3}-\d{2}-\d{4}$/],
  ["dob", "1948-08-24", /^\d{4}-\d{2}-\d{2}$/],
  ["patient_name", "Gregory Olson", /^[A-Z][a-z]+ [A-Z][a-z]+$/],
  ["provider", "Dr. Byrd", /^Dr\. [A-Z][a-z]+$/],
  ["name", "Candice Baker MD", /^[A-Z][a-z]+ [A-Z][a-z]+ MD$/],
  ["balance", "205902.35", /^\d{6}\.\d{2}$/],
  ["salary", "186787", /^\d{6}$/],
  ["phone", "+1-982-414-6584x044", /^\+1-\d{3}-\d{3}-\d{4}x\d{3}$/],
  ["email", "hendersonjuan@example.net", /^[a-z]+\.[a-z]+\d+@example\.net$/],
  ["patient_id", "PT-652250", /^PT-\d{6}$/],
  ["case_number", "CASE-2370-609314", /^CASE-\d{4}-\d{6}$/],
  ["account_last4", "****8529", /^\*{4}\d{4}$/],
  ["confidential_notes", "CANARY_CONF_NOTE_PLA0PKXC", /^CANARY_CONF_NOTE_[A-Z0-9]{8}$/],
  ["address", "587 Ayers Circles Suite 327, Nguyentown, FL 96861", /^\d{3} [A-Z][a-z]+ Circles Suite \d{3}, Nguyentown, FL \d{5}$/],
  ["diagnosis", "Chronic Back Pain", /^[A-Z]/],
  ["medications", "Amlodipine, Omeprazole", /^[A-Z][a-z]+, [A-Z][a-z]+$/],
];

describe("neighbourValue", () => {
  it.each(CASES)("%s keeps the format and changes the value", (field, value, format) => {
    const neighbour = neighbourValue(field, value, 3);
    expect(neighbour).toMatch(format);
    expect(neighbour).not.toBe(value);
    expect(neighbourValue(field, value, 3)).toBe(neighbour);
  });

  it("differs across seeds", () => {
    const values = new Set([1, 2, 3, 4, 5, 6].map((seed) => neighbourValue("ssn", "985-71-8578", seed)));
    expect(values.size).toBeGreaterThan(3);
  });

  it("gives a valid, different ISO date for any date and seed", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("1920-01-01"), max: new Date("2030-12-31"), noInvalidDate: true }), fc.integer(), (date, seed) => {
        const iso = date.toISOString().slice(0, 10);
        const neighbour = neighbourValue("dob", iso, seed);
        return /^\d{4}-\d{2}-\d{2}$/.test(neighbour) && neighbour !== iso && !Number.isNaN(Date.parse(neighbour));
      }),
      { numRuns: 200 },
    );
  });

  it("keeps the digit count of amounts and ids", () => {
    fc.assert(
      fc.property(fc.integer({ min: 10000, max: 9_999_999 }), fc.integer(), (amount, seed) => {
        const id = neighbourValue("dispute_id", `DISP-${amount}`, seed);
        return /^DISP-\d+$/.test(id) && id.length === `DISP-${amount}`.length && id !== `DISP-${amount}`;
      }),
      { numRuns: 200 },
    );
  });
});
