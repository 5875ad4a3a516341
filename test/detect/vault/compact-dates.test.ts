import { describe, expect, it } from "vitest";
import { compactDateLike } from "../../../src/detect/vault/dates.js";
import { createRecons } from "../../../src/guard.js";

// Round 7 red team: a reference built from the visit date passed (`appointment ID: ABB-2026-0112` in a dev message, `GP-010926`).
describe("a date's digits compact inside a reference", () => {
  it("lays another date's digits out as the span lays the date's", () => {
    expect(compactDateLike("PIT-2026-0109", "2026-01-09", "2074-12-05")).toBe("PIT-2074-1205");
    expect(compactDateLike("010926", "2026-01-09", "2074-12-05")).toBe("120574");
    expect(compactDateLike("260109", "2026-01-09", "2074-12-05")).toBe("741205");
    expect(compactDateLike("0109-2026", "2026-01-09", "2074-12-05")).toBe("1205-2074");
    expect(compactDateLike("123456", "2026-01-09", "2074-12-05")).toBeNull();
  });

  it("is shown as the surrogate date so written to a reader not allowed the date, and restored from shared state", () => {
    const vault = { patient_name: "Gerald Pittman", visit_date: "2026-01-09", dob: "1951-07-19" };
    const guard = createRecons({ secret: "rt7", vault, policy: { fields: { visit_date: { authorized: ["ok"] }, dob: { authorized: ["ok"] }, patient_name: { authorized: ["ok"] } } } });
    const text = "Appointment ID PIT-2026-0109 (ref GP-010926, PIT-260109); patient key PITTMAN_510719; visit 2026-01-09.";
    const shown = guard.sanitizeSync({ channel: "C2", content: text, recipient: "clerk" }).content as string;
    expect(shown).not.toMatch(/2026|0109|010926|260109|510719/);
    const [, year, monthDay, short, reversed, visit] = /^Appointment ID PIT-(\d{4})-(\d{4}) \(ref GP-(\d{6}), PIT-(\d{6})\); patient key [A-Z]+_\d{6}; visit (\d{4}-\d\d-\d\d)\.$/.exec(shown)!;
    // Every compact form is the surrogate visit date's, laid out as written.
    expect(`${year}-${monthDay.slice(0, 2)}-${monthDay.slice(2)}`).toBe(visit);
    expect(short).toBe(`${monthDay}${year.slice(2)}`);
    expect(reversed).toBe(`${year.slice(2)}${monthDay}`);
    const stored = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content as string;
    expect(guard.restore(stored, "ok", "C5")).toBe(text);
  });

  // Round 7 red team: a hire date's month in ISO's layout (`| Rachel Abernathy | 2016-04 |`) passed.
  it("finds a month and year in ISO's layout and shows the surrogate's alike", () => {
    const guard = createRecons({ secret: "rt7", vault: { hire_date: "2016-04-19" }, policy: { fields: { hire_date: { authorized: ["ok"] } } } });
    const text = "| Rachel | 2016-04 |; invoice 2016-045.";
    const shown = guard.sanitizeSync({ channel: "C2", content: text, recipient: "clerk" }).content as string;
    expect(shown).toMatch(/^\| Rachel \| (?!2016)\d{4}-(?:0[1-9]|1[0-2]) \|; invoice 2016-045\.$/);
    const stored = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content as string;
    expect(guard.restore(stored, "ok", "C5")).toBe(text);
  });
});
