import { describe, expect, it } from "vitest";
import { parseDate } from "../../../src/detect/vault/dates.js";
import { elapsedDetector, shiftedElapsed } from "../../../src/detect/vault/elapsed.js";
import type { VaultEntry } from "../../../src/detect/vault/vault.js";
import { createRecons } from "../../../src/guard.js";

const REFERENCE = "2026-01-30";
const hired: VaultEntry = { field: "hire_date", value: "2019-09-23", kind: "date", valueType: "format" };

/** The spans the detector finds in `text`, as written. */
function elapsedIn(text: string, entries: VaultEntry[] = [hired]): string[] {
  return elapsedDetector(() => entries, parseDate(REFERENCE)!)
    .detect(text)
    .map((detection) => text.slice(detection.start, detection.end));
}

describe("time elapsed since a registered date (round 12 red team: tenure beside a shifted hire date)", () => {
  it("finds a duration that the time from the date to the reference day gives, where its line says what it counts", () => {
    expect(elapsedIn("| **Average Tenure** | 6 years, 4 months |")).toEqual(["6 years, 4 months"]);
    expect(elapsedIn("| Darnell Whitaker | EMP-61377 | Sep 23, 2019 | ~6.3 years | Needs Improvement |")).toEqual(["6.3 years"]);
    expect(elapsedIn("has been with the company for over 6 years")).toEqual(["6 years"]);
    expect(elapsedIn("with us since September 2019, about 6 years")).toEqual(["6 years"]);
    expect(elapsedIn("76 months of service")).toEqual(["76 months"]);
    // Models count from their own year: up to three years before the reference (`May 26, 2016 (7+ years of tenure)`).
    expect(elapsedIn("Hire Date: Sep 23, 2019 (3+ years of tenure)")).toEqual(["3+ years"]);
    // A tenure column's cell, in years (round 12 re-judge: `| 1923-02-21 | 6.3 |` under `Tenure (Yrs)`); not one in months.
    expect(elapsedIn("| Name | Hired | Tenure (Yrs) |\n|---|---|---|\n| D. W. | 2019-09-23 | 6.3 |\n| A. B. | 2020-11-15 | 5.2 |\n| C. D. | 2013-01-04 | 12.0 |")).toEqual(["6.3"]);
    expect(elapsedIn("| Name | Hired | Tenure (months) |\n|---|---|---|\n| D. W. | 2019-09-23 | 6.3 |")).toEqual([]);
    // Round 16 red team: years after a label that counts them, a veteran's years, years at the company or on a named team.
    const labelled: Array<[string, string]> = [
      ["Years of Service: 6", "6"],
      ["| Years at company | 6 |", "6"],
      ["She is a 6-year veteran of the team.", "6-year"],
      ["with nearly six years at the company", "six years"],
      ["She has been on the Finance team for over six years.", "six years"],
    ];
    for (const [text, span] of labelled) expect(elapsedIn(text), text).toEqual([span]);
    expect(elapsedIn("Years of Service: 16; Years at company: 6 months")).toEqual([]);
    // A key-value table's row labelled by tenure needs no year in it (round 14 red team: `| **Average Tenure (yrs)** | 4.5 |`).
    expect(elapsedIn("| **Metric** | **Value** |\n|---|---|\n| **Average Tenure (yrs)** | 6.3 |\n| Headcount | 6 |")).toEqual(["6.3"]);
    expect(elapsedIn("| **Metric** | **Value** |\n|---|---|\n| Tenure (months) | 6.3 |\n| Open roles | 6 |")).toEqual([]);
  });

  it("leaves durations that count something else, other lengths, buckets and examples", () => {
    expect(elapsedIn("Stock Options: 1,000 shares, vesting over 6 years")).toEqual([]);
    expect(elapsedIn("Your goals for the first 6 months of tenure")).toEqual([]);
    expect(elapsedIn("has been with the company for 9 years; 2 years of tenure")).toEqual([]);
    expect(elapsedIn("Tenure (e.g., <1 year, 1–3 years, 3–6 years, 6+ years)")).toEqual([]);
    expect(elapsedIn("| 6+ Years Ago | 30 |")).toEqual([]);
    expect(elapsedIn("Average tenure: 0.5 months")).toEqual([]);
    // A birth date's years are an age (ages.ts), not a tenure.
    expect(elapsedIn("with us for 6 years", [{ ...hired, field: "date_of_birth" }])).toEqual([]);
  });

  it("leaves a duration joined to the noun it is the term of, not a tenure's own (round 14 red team: `a 3-year contract` came back `39-year`)", () => {
    const hiredLater: VaultEntry = { ...hired, value: "2022-03-28" };
    expect(elapsedIn("One client renewed a 3-year contract because of her.", [hiredLater])).toEqual([]);
    expect(elapsedIn("One client renewed a 3 year contract because of her.", [hiredLater])).toEqual(["3 year"]);
    expect(elapsedIn("Her 3-year tenure with the company.", [hiredLater])).toEqual(["3-year"]);
    expect(elapsedIn("Vested on the standard 6-year schedule since hire.")).toEqual([]);
    expect(elapsedIn("A 6-year employee, hired in 2019.")).toEqual(["6-year"]);
  });

  it("finds a duration after a word and its comma, and written compact (round 14 red team: `Senior Engineer, 6.5 years with the team`, `7y 11m`)", () => {
    expect(elapsedIn("Buddy: Yolanda Pritchard (Senior Engineer, 6.3 years with the team)")).toEqual(["6.3 years"]);
    expect(elapsedIn("Tenure (exact: 6y 4m, hired 2019)")).toEqual(["6y 4m"]);
    expect(elapsedIn("tenure 6y4m")).toEqual(["6y4m"]);
    // A list of counts is no one's time; a yearly review is no duration.
    expect(elapsedIn("Tenure buckets: 1, 6 years with the team")).toEqual([]);
    expect(elapsedIn("6 yearly reviews since hire")).toEqual([]);
    expect(shiftedElapsed("6y 4m", 13)).toBe("7y 5m");
  });

  it("writes a duration moved by whole months as it was written", () => {
    expect(shiftedElapsed("6 years, 4 months", 11)).toBe("7 years, 3 months");
    expect(shiftedElapsed("6.3 years", -60)).toBe("1.3 years");
    expect(shiftedElapsed("7+ years", 12)).toBe("8+ years");
    expect(shiftedElapsed("18 months", -17)).toBe("1 month");
    expect(shiftedElapsed("2 years", -24)).toBe("0 years");
    expect(shiftedElapsed("2 years", -30)).toBeNull();
    expect(shiftedElapsed("6.3", 12)).toBe("7.3");
    // Counts in words stay words as far as they are spelled here (round 13 red team: `nearly six years with the company`).
    expect(shiftedElapsed("six years", 36)).toBe("nine years");
    expect(shiftedElapsed("Eighteen months", -6)).toBe("Twelve months");
    expect(shiftedElapsed("six years", 1200)).toBe("106 years");
  });

  it("finds a duration counted in words", () => {
    expect(elapsedIn("Anthony has been with the company for nearly six years.")).toEqual(["six years"]);
    expect(elapsedIn("seventy-six months of service\nabout six years of experience\nnine years with the company")).toEqual([]);
  });

  const options = { secret: "elapsed", ageReference: REFERENCE, vault: { hire_date: "2019-09-23" }, policy: { fields: { hire_date: { valueType: "format", authorized: ["hr"] } } } };
  const text = "Hired Sep 23, 2019; Tenure: 6 years, 4 months";

  it("shows an outsider the surrogate date's tenure, or redacts it where that has none; the authorized reader keeps the real one", () => {
    for (const secret of ["elapsed", "elapsed-2", "elapsed-3", "elapsed-4"]) {
      const guard = createRecons({ ...options, secret });
      const { content, decisions } = guard.sanitizeSync({ channel: "C2", content: text, recipient: "outsider" });
      const [, date, tenure] = /^Hired (.+); Tenure: (.+)$/.exec(content)!;
      expect(content).not.toMatch(/2019|6 years, 4 months/);
      const surrogate = new Date(`${date} UTC`);
      const months = (2026 - surrogate.getUTCFullYear()) * 12 + (1 - (surrogate.getUTCMonth() + 1));
      if (tenure === "[REDACTED:date]") expect(months).toBeLessThan(1);
      else expect(Math.abs(Number(/^(\d+) years?/.exec(tenure)![1]) * 12 + Number(/(\d+) months?$/.exec(tenure)![1]) - months)).toBeLessThanOrEqual(1);
      expect(decisions.filter((decision) => decision.action !== "allow").map((decision) => decision.field)).toEqual(["hire_date", "hire_date"]);
      expect(guard.sanitizeSync({ channel: "C2", content: text, recipient: "hr" }).content).toBe(text);
    }
  });

  it("restores the real tenure for an authorized reader, from shared state and beside the surrogate date", () => {
    // Under this secret the surrogate hire date is Aug 28, 1987: 38 years, 5 months.
    const guard = createRecons({ ...options, secret: "elapsed-2" });
    const stored = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content;
    expect(stored).not.toMatch(/2019|6 years/);
    expect(guard.restore(stored, "hr", "C5")).toBe(text);
    const shown = guard.sanitizeSync({ channel: "C2", content: text, recipient: "outsider" }).content;
    expect(shown).toMatch(/; Tenure: 38 years, 5 months$/);
    expect(guard.restore(shown, "hr", "C2")).toBe(text);
  });
});
