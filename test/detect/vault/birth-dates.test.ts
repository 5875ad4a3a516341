import { describe, expect, it } from "vitest";
import { Vault } from "../../../src/detect/vault/vault.js";
import { inferFieldType } from "../../../src/policy/infer.js";
import { createRecons } from "../../../src/guard.js";

function vaultOf(values: Record<string, string>): Vault {
  const vault = new Vault(inferFieldType);
  for (const [field, value] of Object.entries(values)) vault.add(field, value);
  return vault;
}

function found(vault: Vault, text: string): [string, string | null][] {
  return vault.detect(text).map((d) => [text.slice(d.start, d.end), d.field]);
}

describe("a birth date's year after or before a birth label", () => {
  const vault = vaultOf({ dob: "1948-08-24", visit_date: "2025-06-09" });

  it("is found as the year alone: `b. 1948`, `DOB: 1948`, `1948 birth cohort`, `1948-born`", () => {
    for (const text of ["Jane Roe (b. 1948) called.", "DOB: 1948", "Date of birth: 1948.", "birthdate 1948", "a 1948 birth cohort", "the 1948-born patient", "YOB 1948", "D.O.B. 1948", '{"dob_year": 1948}', "Year born: 1948"]) {
      expect(found(vault, text), text).toEqual([["1948", "dob"]]);
    }
  });

  it("is not found after other words, nor another year, nor as the year of another date, nor for a date that is no birth date", () => {
    for (const text of ["In 1948 the clinic opened.", "Plan b 1949", "mid-1948 sales", "DOB: 2025", "a 2025 birth", "DOB: 1948-10-03", "born 1948/10/03", "07/28/1948 birth"]) expect(found(vault, text), text).toEqual([]);
  });

  it("is found by its last two digits after a birth phrase, and after a season (round 9 red team: `born in '58`, `born in spring 1979`)", () => {
    // `b.` only with the year's apostrophe (session 58 probe: `pt (b. '83, May)`).
    for (const text of ["He confirmed he was born in '48.", "DOB '48", "born in spring '48", "b. '48"]) expect(found(vault, text), text).toEqual([["48", "dob"]]);
    expect(found(vault, "born in spring 1948")).toEqual([["1948", "dob"]]);
    for (const text of ["born 48 days ago", "b 48", "b. 48", "born in 48-52", "class of '48", "born in '49"]) expect(found(vault, text), text).toEqual([]);
  });

  it("shows the surrogate year's last two digits to an unauthorized reader, and gives them back", () => {
    const guard = createRecons({ secret: "s", vault: { dob: "1948-08-24" }, policy: { fields: { dob: { authorized: ["doctor"] } } } });
    const text = "She was born in '48.";
    const shown = guard.sanitizeSync({ channel: "C2", content: text, recipient: "clerk" }).content as string;
    expect(shown).toMatch(/^She was born in '\d\d\.$/);
    expect(shown).not.toBe(text);
    expect(guard.sanitizeSync({ channel: "C2", content: shown, recipient: "doctor" }).content).toBe(text);
  });
});

describe("a date's month name and its year's last two digits after an apostrophe (round 10: `born Nov. '91`)", () => {
  const vault = vaultOf({ dob: "1991-11-03", visit_date: "2024-03-10" });

  it("is found with the month abbreviated, with a period, spelled out, with a curly apostrophe", () => {
    for (const text of ["She was born Nov. '91 in Ohio.", "DOB Nov '91", "(b. November ’91)"]) expect(found(vault, text), text).toEqual([[/Nov\S* .91/.exec(text)![0], "dob"]]);
  });

  it("is found joined by a hyphen, as spreadsheets write a month (round 14 red team: `| Hired | Nov-17 |`)", () => {
    for (const text of ["| Born | Nov-91 |", "DOB: Nov.-91"]) expect(found(vault, text), text).toEqual([[/Nov\.?-91/.exec(text)![0], "dob"]]);
    expect(found(vault, "| Born | Nov-92 |")).toEqual([]);
    // Shown as the surrogate's month and two-digit year joined alike, and given back (round 14 re-judge: `Jan-64` had come out `Kfu-18`).
    const guard = createRecons({ secret: "s", vault: { dob: "1991-11-03" }, policy: { fields: { dob: { authorized: ["doctor"] } } } });
    const shown = guard.sanitizeSync({ channel: "C2", content: "| Born | Nov-91 |", recipient: "clerk" }).content as string;
    expect(shown).toMatch(/^\| Born \| (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)-\d\d \|$/);
    expect(shown).not.toContain("Nov-91");
    expect(guard.sanitizeSync({ channel: "C2", content: shown, recipient: "doctor" }).content).toBe("| Born | Nov-91 |");
  });

  it("is not found without the apostrophe (`March 24` is a day), nor with another year", () => {
    for (const text of ["seen Nov 91 times", "due March 24th", "born Nov. '92", "Nov. 1992"]) expect(found(vault, text).filter(([, field]) => field === "dob"), text).toEqual([]);
    // The visit's month with its year's two digits (`March 24`) is another day of a month, not 2024's March.
    expect(found(vault, "Next review on March 24.")).toEqual([]);
  });

  it("shows the surrogate's month and two-digit year, written alike, and gives them back", () => {
    const guard = createRecons({ secret: "s", vault: { dob: "1991-11-03" }, policy: { fields: { dob: { authorized: ["doctor"] } } } });
    const text = "She was born Nov. '91; DOB November ’91.";
    const shown = guard.sanitizeSync({ channel: "C2", content: text, recipient: "clerk" }).content as string;
    expect(shown).toMatch(/^She was born (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\. '\d\d; DOB (January|February|March|April|May|June|July|August|September|October|November|December) ’\d\d\.$/);
    expect(shown).not.toMatch(/'91|’91/);
    expect(guard.sanitizeSync({ channel: "C2", content: shown, recipient: "doctor" }).content).toBe(text);
  });
});

describe("a birth date's month and day in digits (`8/24`)", () => {
  const vault = vaultOf({ dob: "1948-08-24", visit_date: "2025-03-04" });

  it("is found written with a slash right after a birth label, month or day first", () => {
    for (const text of ["DOB 08/24", "Birthday: 8/24.", "born on 8/24", "Her birthday is 24/08, she said."]) {
      expect(found(vault, text).filter(([, field]) => field === "dob").map(([span]) => span), text).toEqual([/\d+\/\d+/.exec(text)![0]]);
    }
  });

  it("is not found without a birth label right before it, with other separators, inside a longer number, or for a date that is no birth date", () => {
    // A label farther away (`DOB listed as 8/24`) is not enough: the label is part of the form, so two small numbers alone are never hits to check.
    for (const text of ["Follow-up from 8/24.", "DOB listed as 8/24", "She scored 8/24 on the quiz.", "DOB 8-24", "DOB 8.24", "DOB 8/24/2025", "DOB 3/8/24", "DOB 18/24", "born 8/245", "born on 3/4"]) {
      expect(found(vault, text), text).toEqual([]);
    }
  });
});
