import { describe, expect, it } from "vitest";
import { parseDate } from "../../../src/detect/vault/dates.js";
import { derivedDateDetector, nearestYear } from "../../../src/detect/vault/derived-dates.js";
import type { VaultEntry } from "../../../src/detect/vault/vault.js";
import { createRecons } from "../../../src/guard.js";

const visit: VaultEntry = { field: "visit_date", value: "2026-01-18", kind: "date", valueType: "format" };

/** The spans the detector finds in `text`, as written. */
function derivedIn(text: string, entries: VaultEntry[] = [visit], reference?: string): string[] {
  return derivedDateDetector(() => entries, reference === undefined ? undefined : parseDate(reference)!)
    .detect(text)
    .map((detection) => text.slice(detection.start, detection.end));
}

describe("a date near a registered one that is another registered date itself", () => {
  it("is decided by its own field: an allowed follow-up two weeks after a forbidden discharge reaches the patient as it is", () => {
    // Round 9 red team: `Your follow-up is on Wednesday, February 25` reached the patient moved as the discharge date's.
    const guard = createRecons({ secret: "s", vault: { discharge_date: "2026-02-11", follow_up_date: "2026-02-25" }, policy: { fields: { follow_up_date: { authorized: ["user"] } } } });
    for (const text of ["Your follow-up is on Wednesday, February 25.", "Follow-up: 2026-02-25", "Follow-up on February 25, 2026."]) {
      expect(guard.sanitizeSync({ channel: "C1", content: text, recipient: "user" }).content, text).toBe(text);
      expect(guard.sanitizeSync({ channel: "C2", content: text, recipient: "other" }).content, text).not.toMatch(/February 25|2026-02-25/);
    }
    // The weekday before it moves with the follow-up's own surrogate: kept, it told the real date's.
    const moved = guard.sanitizeSync({ channel: "C2", content: "Your follow-up is on Wednesday, February 25, 2026.", recipient: "other" }).content as string;
    const [, weekday, date] = /^Your follow-up is on (\w+), (\w+ \d+, \d{4})\.$/.exec(moved)!;
    expect(new Date(`${date} 12:00 UTC`).toLocaleDateString("en-US", { weekday: "long", timeZone: "UTC" })).toBe(weekday);
    // A date near the discharge that is no one's registered value is still the discharge date's computation.
    expect(guard.sanitizeSync({ channel: "C1", content: "Discharged February 11; labs on February 18.", recipient: "user" }).content).not.toMatch(/February 1[18]/);
  });
});

describe("a registered date written with its weekday", () => {
  it("shows the surrogate date's weekday, not the real one's", () => {
    // Found while fixing round 9: `Tuesday, February 24, 2026` of a visit date came out `Tuesday, January 24, 2080` (a Wednesday).
    const guard = createRecons({ secret: "s", vault: { visit_date: "2026-02-24" }, policy: { fields: { visit_date: { authorized: ["doctor"] } } } });
    const text = "Seen on Tuesday, February 24, 2026.";
    const moved = guard.sanitizeSync({ channel: "C2", content: text, recipient: "clerk" }).content as string;
    const [, weekday, date] = /^Seen on (\w+), (\w+ \d+, \d{4})\.$/.exec(moved)!;
    expect(date).not.toBe("February 24, 2026");
    expect(new Date(`${date} 12:00 UTC`).toLocaleDateString("en-US", { weekday: "long", timeZone: "UTC" })).toBe(weekday);
    expect(guard.sanitizeSync({ channel: "C2", content: text, recipient: "doctor" }).content).toBe(text);
    expect(guard.sanitizeSync({ channel: "C2", content: moved, recipient: "doctor" }).content).toBe(text);
  });
});

describe("dates computed from a registered date, in a text an unauthorized agent wrote from its surrogates, for an authorized reader", () => {
  const guard = createRecons({ secret: "s", vault: { visit_date: "2026-01-21" }, policy: { fields: { visit_date: { authorized: ["doctor"] } } } });
  // What the clerk was shown (and writes on with); shared state seals such dates instead, and those restore exactly.
  const written = (text: string) => guard.sanitizeSync({ channel: "C2", content: text, recipient: "clerk" }).content as string;
  const read = (text: string) => guard.sanitizeSync({ channel: "C2", content: text, recipient: "doctor" }).content;

  it("come back moved as far as the surrogate date, weekdays and month-day digits included", () => {
    // Found after round 9: `recheck August 6, 2053` beside the restored visit reached the doctor (only the visit came back).
    const text = "Seen January 21, 2026; recheck January 24, 2026 (Sat 1/24) and Wed 1/21, then Jan 30.";
    const moved = written(text);
    expect(moved).not.toMatch(/January|Jan 30|1\/2[14]/);
    expect(read(moved)).toBe(text);
  });

  it("are left alone without the surrogate date itself beside them (alone, a date can be anyone's)", () => {
    const moved = written("Seen January 21, 2026; recheck January 24, 2026.");
    const recheck = /recheck (.+)\.$/.exec(moved)![1];
    expect(read(`Recheck ${recheck}.`)).toBe(`Recheck ${recheck}.`);
  });

  it("a restored date with a two-digit year gets its weekday in the registered date's century", () => {
    const text = "Visit Wed, 1/21/26.";
    expect(read(written(text))).toBe(text);
  });
});

describe("a month and day in digits after a word that dates it (round 10 red team: `resulted 2/17` dated a moved collection)", () => {
  it("is found after such a verb, not after `the` (`the 1/2 tablet`)", () => {
    expect(derivedIn("Collected 1/20, resulted 1/20 16:20; payment due 2/1; signed 1/19.")).toEqual(["1/20", "1/20", "2/1", "1/19"]);
    // Round 11 red team: `visit 1/30`, `(taken 1/21` kept the visit's own day beside its moved date.
    expect(derivedIn("Visit 1/20 went well; radiographs (taken 1/20); seen 1/21; admitted 1/19.")).toEqual(["1/20", "1/20", "1/21", "1/19"]);
    expect(derivedIn("Take the 1/2 tablet; the 1/20 mark; scored 1/20.")).toEqual([]);
    // Round 12 red team: before a noun of what happens then (`at the 1/21 visit`, `the 1/28 follow-up`).
    expect(derivedIn("Drawn at the 1/20 visit; the 1/21 follow-up; a 1/19 hearing.")).toEqual(["1/20", "1/21", "1/19"]);
    expect(derivedIn("the 1/20 ratio; 1/21 tablets")).toEqual([]);
  });
});

describe("an ISO 8601 date and time near a registered date (round 11 red team)", () => {
  it("moves its date as the prose one is, so the two do not give the shift away", () => {
    const guard = createRecons({ secret: "s", vault: { arrest_date: "2025-11-08" }, policy: { fields: {} } });
    const out = guard.sanitizeSync({ channel: "C2", content: 'Hearing March 12, 2026 {"when":"2026-03-12T08:30"}', recipient: "x" }).content as string;
    const [, prose, iso] = /^Hearing (.+) \{"when":"(\d{4}-\d\d-\d\d)T08:30"\}$/.exec(out)!;
    expect(iso).not.toBe("2026-03-12");
    expect(new Date(`${prose} UTC`).toISOString().slice(0, 10)).toBe(iso);
  });
});

describe("dates written near a registered date", () => {
  it("finds a full date or a month and year within half a year of it, a month and day within two months", () => {
    // Judges: `follow-up 4 weeks after the visit: February 3-17, 2026` and `e.g., March 2026` beside a visit shown in 1913 told the real one.
    expect(derivedIn("Follow-up on February 15, 2026, or 2026-03-01; window: Feb 16 - Mar 5; e.g., March 2026.")).toEqual([
      "February 15, 2026",
      "2026-03-01",
      "March 2026",
      "Feb 16",
      "Mar 5",
    ]);
  });

  it("finds a range of days in one month whole, and moves both days with the registered date", () => {
    // Red team (new healthcare traces; four dev messages write it): `February 3–17, 2026` came back `August 7–17, 2026`, the second day and the year real.
    expect(derivedIn("Window: February 3–17, 2026, or 6-20 February 2026.")).toEqual(["February 3–17, 2026", "6-20 February 2026"]);
    const guard = createRecons({ secret: "derived", vault: { visit_date: "2026-01-06" }, policy: { fields: {} } });
    const out = guard.sanitizeSync({ channel: "C2", content: "Visit 2026-01-06. Window: February 3–17, 2026.", recipient: "other" }).content as string;
    const [, visitShown, range] = /^Visit (\d{4}-\d\d-\d\d)\. Window: (.+)\.$/.exec(out)!;
    expect(range).not.toMatch(/17|2026/);
    // Both ends keep their distance to the surrogate visit (28 and 42 days), in one month or as two dates.
    const ends = /^(\w+) (\d+)–(\d+), (\d{4})$/.exec(range);
    const [from, to] = ends ? [`${ends[1]} ${ends[2]}, ${ends[4]}`, `${ends[1]} ${ends[3]}, ${ends[4]}`] : range.split("–");
    const days = (text: string) => (Date.parse(`${text} UTC`) - Date.parse(`${visitShown}T00:00:00Z`)) / 86_400_000;
    expect([days(from), days(to)]).toEqual([28, 42]);
  });

  // Round 7 red team: `Feb 16 to 20, 2026` came back `Nov 30 to 20, 2026`, `Feb 3rd–17th, 2026` `Apr 20th–17th, 2026`, and a
  // range without a year after a dated one (`window Feb 9–13`) `Nov 23–13`; `Admitted January 18–20, 2026` kept its end day and year.
  it("finds ranges joined by words, of ordinal days, without a year, and from the registered date itself, and moves both ends", () => {
    expect(derivedIn("Window Feb 16 to 20, 2026; Feb 3rd–17th, 2026; Feb 11, 2026 (window Feb 9–13); admitted January 18–20, 2026; take 5-10 mg.")).toEqual([
      "Feb 16 to 20, 2026",
      "Feb 3rd–17th, 2026",
      "Feb 9–13",
      "January 18–20, 2026",
      "Feb 11, 2026",
    ]);
    // A secret whose surrogate keeps the window in one month (another writes it as two dates: `May 29–Jun 2`).
    const guard = createRecons({ secret: "s", vault: { visit_date: "2026-01-14" }, policy: { fields: {} } });
    const sanitize = (content: string) => guard.sanitizeSync({ channel: "C2", content, recipient: "other" }).content as string;
    const out = sanitize("Recheck Feb 11, 2026 (window Feb 9–13); labs Feb 2nd–4th, 2026; admitted 1/14/2026-1/16/2026.");
    const [, month, day, from, to, ordinalFrom, ordinalTo, admitted, discharged] =
      /^Recheck (\w+) (\d+), \d{4} \(window \w+ (\d+)–(\d+)\); labs \w+ (\d+\w\w)–(\d+\w\w), \d{4}; admitted (\S+)-(\S+)\.$/.exec(out)!;
    expect(out).not.toMatch(/2026|Feb|1\/16/);
    // The window ends two days either side of the moved recheck; ordinals keep their own suffixes; the discharge two days after admission.
    expect([Number(from), Number(to)]).toEqual([Number(day) - 2, Number(day) + 2]);
    expect(month).toMatch(/^[A-Z][a-z]{2}$/);
    expect([ordinalFrom, ordinalTo].every((ordinal) => /^(?:\d*1st|\d*2nd|\d*3rd|\d+th)$/.test(ordinal) || /^1[123]th$/.test(ordinal))).toBe(true);
    expect((Date.parse(discharged) - Date.parse(admitted)) / 86_400_000).toBe(2);
  });

  // Round 6 red team: `February 19, 20 or 23, 2026` passed whole; `January 8 and 22, 2026` kept the visit's day and year.
  it("finds days of one month listed whole (the registered date among them too), and moves every day with the registered date", () => {
    expect(derivedIn("Options: February 3, 5 or 10, 2026; seen January 8 and 18, 2026; openings on January 20, 22, or 24.")).toEqual([
      "February 3, 5 or 10, 2026",
      "January 8 and 18, 2026",
      "January 20, 22, or 24",
    ]);
    // No list: a number after the last day (`10 mg`), a word that joins no list (`then`), days that do not ascend (a date cut in its year).
    expect(derivedIn("In 2026: take March 5 and 10 mg; on January 20, then 22.")).toEqual(["March 5", "January 20"]);
    expect(derivedIn("In 2026. Visit date: January 20, 2")).toEqual([]);
    const guard = createRecons({ secret: "derived", vault: { visit_date: "2026-01-22" }, policy: { fields: {} } });
    const out = guard.sanitizeSync({ channel: "C2", content: "Visit 2026-01-22. Options: February 19, 20 or 23, 2026.", recipient: "other" }).content as string;
    const [, visitShown, list] = /^Visit (\d{4}-\d\d-\d\d)\. Options: (.+)\.$/.exec(out)!;
    expect(list).not.toMatch(/19, 20 or 23|2026/);
    // Each day keeps its distance to the surrogate visit (28, 29 and 32 days), named with its month where that changes.
    const [, year] = /(\d{4})$/.exec(list)!;
    let month = "";
    const days = [...list.replace(/,? \d{4}$/, "").matchAll(/(?:([A-Z][a-z]+) )?(\d{1,2})/g)].map(([, name, day]) => {
      month = name ?? month;
      return (Date.parse(`${month} ${day}, ${year} UTC`) - Date.parse(`${visitShown}T00:00:00Z`)) / 86_400_000;
    });
    expect(days).toEqual([28, 29, 32]);
  });

  it("reads a date with a two-digit year in the century nearest the registered date, and one with dashes around its month name", () => {
    // Round 6 red team: `recheck 2/19/26` and `19-Feb-2026` stayed real beside a shifted visit.
    const entries: VaultEntry[] = [{ ...visit, value: "2026-01-22" }];
    expect(derivedIn("Last visit 1/22/26; recheck 2/19/26; labs 19-Feb-2026; version 1/2/03.", entries)).toEqual(["2/19/26", "19-Feb-2026"]);
    const guard = createRecons({ secret: "derived", vault: { visit_date: "2026-01-22" }, policy: { fields: {} } });
    const out = guard.sanitizeSync({ channel: "C2", content: "Last visit 1/22/26; recheck 2/19/26. Labs 22-Jan-2026, then 19-Feb-2026.", recipient: "other" }).content as string;
    const [, visitShown, recheck, labs, next] = /^Last visit (\d+\/\d+\/\d\d); recheck (\d+\/\d+\/\d\d)\. Labs (\d+-\w+-\d{4}), then (\d+-\w+-\d{4})\.$/.exec(out)!;
    expect([visitShown, recheck]).not.toContain("2/19/26");
    const twoDigit = (date: string) => Date.parse(date.replace(/(\d\d)$/, (yy) => (Number(yy) > 30 ? `19${yy}` : `20${yy}`)));
    expect((twoDigit(recheck) - twoDigit(visitShown)) / 86_400_000).toBe(28);
    expect((Date.parse(next.replace(/-/g, " ")) - Date.parse(labs.replace(/-/g, " "))) / 86_400_000).toBe(28);
  });

  it("finds a range of two months with the year after the second whole, and moves both months", () => {
    // Round 3 red team (and a dev message): `late February to early March 2026` came back `late February to early August 1955`.
    expect(derivedIn("Target: late February to early March 2026; Feb-Mar 2026.")).toEqual(["late February to early March 2026", "Feb-Mar 2026"]);
    const guard = createRecons({ secret: "derived", vault: { visit_date: "2026-01-06" }, policy: { fields: {} } });
    const out = guard.sanitizeSync({ channel: "C2", content: "Visit 2026-01-06. Target: late February to early March 2026.", recipient: "other" }).content as string;
    const [, shownMonth, first, second, year] = /^Visit \d{4}-(\d\d)-\d\d\. Target: late (\w+) to early (\w+) (\d{4})\.$/.exec(out)!;
    const months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
    // The first month is as far from the surrogate visit's month as February from January, the second as March.
    const after = (month: string) => (months.indexOf(month) - (Number(shownMonth) - 1) + 12) % 12;
    expect([after(first), after(second)]).toEqual([1, 2]);
    expect(year).not.toBe("2026");
  });

  it("leaves the registered date itself, dates far from it, and dates near a birth date alone", () => {
    expect(derivedIn("Visit 2026-01-18 in January 2026; next year March 2027; policy of 2019-05-01; September 15")).toEqual([]);
    expect(derivedIn("Birthday party on June 20, 1971", [{ ...visit, field: "dob", value: "1971-06-17" }])).toEqual([]);
  });

  it("finds a three-month follow-up without a year, and a day written with its year elsewhere in the text however far", () => {
    // Red team (new healthcare traces): `Wednesday, April 8, 2026` moved while the patient message's `Wednesday, April 8` (a visit on
    // Jan 8, 90 days before) stayed real beside it, pointing at the real slot; so did `labs the week of March 30`.
    expect(derivedIn("Visit 2026-01-18. Follow-up: April 18 at 10:30 AM; labs the week of April 10.")).toEqual(["April 18", "April 10"]);
    expect(derivedIn("Slot: June 20, 2026 at 9 AM. Reminder: your appointment is on June 20.")).toEqual(["June 20, 2026", "June 20"]);
    // Four months away with no year anywhere: no computation from the visit told.
    expect(derivedIn("Annual review on May 25; visit 2026-01-18.")).toEqual([]);
  });

  it("finds a month and day near the registered date in a text with no year at all, and reads no range into a day and its time", () => {
    // Round 7 red team: `Seen on January 20 ... in 4 weeks (around February 17)` came back `Seen on November 23 ... (around February 17)`:
    // the real follow-up, four weeks after the real visit. A text with no four-digit number was not scanned.
    expect(derivedIn("Seen on January 18 for a follow-up. Next visit in 4 weeks (around February 15).")).toEqual(["February 15"]);
    expect(derivedIn("Options:\n- Tuesday, February 10 – 9:00 AM\n- Friday, February 13 – 11:00 AM")).toEqual(["Tuesday, February 10", "Friday, February 13"]);
    expect(derivedIn("Annual review on May 25.")).toEqual([]);
    // A birth date's label before it: no computation from the visit (a surrogate DOB cut in its year, `Dob: November 10,...`).
    expect(derivedIn("- Name: Amanda Gaines\n- Dob: January 30,...\n- born on Feb 2")).toEqual([]);
  });

  it("finds a month and day in digits where a date's word goes before it, the registered date itself too, and moves them", () => {
    // Round 8 red team: `(4 weeks post 1/27 visit)` and `follow-up on Tue 2/24` stayed real beside the table row moved to 2099.
    expect(derivedIn("Seen 1/18 (post 1/18 visit); follow-up on Tue 2/15, week of 2/9, Mon 4/18 – Fri 4/22; | **Date:** | 1/20 |")).toEqual(["1/18", "1/18", "Tue 2/15", "2/9", "Mon 4/18", "Fri 4/22", "1/20"]);
    // Fractions and scores: no date word before, or `of` after.
    expect(derivedIn("Score 1/18; on 1/2 of items; ratio 2/15; dose 1/20 given")).toEqual([]);
    const guard = createRecons({ secret: "s", vault: { visit_date: "2026-01-27" }, policy: { fields: {} } });
    const out = guard.sanitizeSync({ channel: "C2", content: "BP recheck (4 weeks post 1/27 visit): on Tue 2/24.", recipient: "other" }).content as string;
    const [, visit, weekday, recheck] = /^BP recheck \(4 weeks post (\d+\/\d+) visit\): on (\w{3}) (\d+\/\d+)\.$/.exec(out)!;
    expect([visit, recheck]).not.toContain("1/27");
    // Four weeks apart still, and the weekday the moved day's.
    const dayOf = (monthDay: string, year: number) => Date.UTC(year, Number(monthDay.split("/")[0]) - 1, Number(monthDay.split("/")[1]));
    const year = 2000 + [...Array(100).keys()].find((y) => new Date(dayOf(recheck, 2000 + y)).toUTCString().startsWith(weekday))!;
    expect(new Date(dayOf(recheck, year)).toUTCString().slice(0, 3)).toBe(weekday);
    expect([28, 28 - 365, 28 + 365, 28 - 366, 28 + 366]).toContain((dayOf(recheck, year) - dayOf(visit, year)) / 86_400_000);
  });

  it("finds a month and day in emphasis, before an event's noun and after `d.` (round 14 red team: `visit on **1/26**`, `the 3/3 crash`)", () => {
    expect(derivedIn("Seen at the visit on **1/18** and on _1/20_; the 1/19 crash; the 1/21 traffic stop; (HA, d. 1/22)")).toEqual(["1/18", "1/20", "1/19", "1/21", "1/22"]);
    expect(derivedIn("Take 1/2 tablet; the 1/2 dose; score **3/4**; Vitamin D 1/20 units")).toEqual([]);
  });

  it("reads no date's parts across a table's pipe, a code span or a line (round 14 red team: `26`; | **1/26` was 26/1/26)", () => {
    const guard = createRecons({ secret: "s", vault: { visit_date: "2026-01-26" }, policy: { fields: {} } });
    expect(guard.detect("and `1/26`; | **1/26** | row").map((detection) => detection.role)).toEqual([]);
    expect(guard.detect("seen 26/1/26 and 26 1 26").map((detection) => detection.role)).toEqual(["whole", "whole"]);
  });

  it("finds an anniversary of the registered date (its month and day whole years later) and shows the surrogate's", () => {
    // Round 8 red team: `ten-year work anniversary falls on May 2, 2026` stayed beside the hire date moved to 1926.
    const hire: VaultEntry = { field: "hire_date", value: "2016-05-02", kind: "date", valueType: "format" };
    expect(derivedIn("Her ten-year anniversary falls on May 2, 2026 (also 2036-05-02); review on June 3, 2024.", [hire])).toEqual(["May 2, 2026", "2036-05-02"]);
    expect(derivedIn("Founded May 2, 1990; due May 2, 2099.", [hire])).toEqual([]);
    const guard = createRecons({ secret: "s", vault: { hire_date: "2016-05-02" }, policy: { fields: {} } });
    const out = guard.sanitizeSync({ channel: "C2", content: "Hire Date: 2016-05-02. Ten-year anniversary: 2026-05-02.", recipient: "other" }).content as string;
    const [, hired, anniversary] = /^Hire Date: (\d{4}-\d\d-\d\d)\. Ten-year anniversary: (\d{4}-\d\d-\d\d)\.$/.exec(out)!;
    expect(hired).not.toBe("2016-05-02");
    expect(anniversary).toBe(`${Number(hired.slice(0, 4)) + 10}${hired.slice(4)}`);
  });

  it("finds a start's year alone after its words, and a quarter or a third of a year near the registered date", () => {
    // Round 3 red team (new corporate traces): `hired in **2020**`, `most recent hire: Q3 2020`, `since **2014**`, `early 2024` beside a moved hire date.
    const hire: VaultEntry = { field: "hire_date", value: "2020-08-17", kind: "date", valueType: "format" };
    expect(derivedIn("Single employee hired in **2020**; most recent hire: Q3 2020; with us since 2020; mid-2020 review", [hire])).toEqual(["2020", "Q3 2020", "2020", "mid-2020"]);
    expect(derivedIn("Welcome Sam, joining us in 2020 as an analyst.", [hire])).toEqual(["2020"]);
    // Round 8 red team: a headcount table's row (`| Hires 2023 | 1 |`) beside `joined June 2023` moved to 1961.
    expect(derivedIn("| Hires in last 12 months | 0 |\n| Hires 2020 | 1 |\nHire year: 2020", [hire])).toEqual(["2020", "2020"]);
    // Another year after the same words, a year alone with no start's words, a quarter far from it.
    expect(derivedIn("Policy since 2019; in 2020 we grew; board minutes 2020-2023; Q1 2022", [hire])).toEqual([]);
    // Round 13 red team: a season of the year (`hired in spring 2019`), moved to the surrogate's season.
    expect(derivedIn("Hired in spring 2020; summer of 2020 review; spring 2024 roadmap", [hire])).toEqual(["spring 2020", "summer of 2020"]);
    // Round 15 red team: a third of the year as `the end of` (`hired at the end of 2018` of 2018-12-31).
    expect(derivedIn("Hired at the end of 2020; joined by the middle of 2020; hired at the start of 2020 (too far); hired at the end of 2024", [hire])).toEqual(["the end of 2020", "the middle of 2020"]);
    // A year before `to present` is a start's (round 16 red team: `Direct manager (2020–present)`).
    expect(derivedIn("Direct manager (2020–present); Employed 2020 to present; 2019–present board seat", [hire])).toEqual(["2020", "2020"]);
    // Only after a start's words: `by the end of 2020` is a deadline's as often (round 15 re-judge).
    expect(derivedIn("Complete the training by the end of 2020; review in the middle of 2020.", [hire])).toEqual([]);
    const seasons = createRecons({ secret: "derived", vault: { hire_date: "2020-08-17" }, policy: { fields: {} } });
    const seasoned = seasons.sanitizeSync({ channel: "C2", content: "Hired 2020-08-17 (summer 2020).", recipient: "other" }).content as string;
    const [, hiredShown, season, seasonYear] = /^Hired (\d{4}-\d\d-\d\d) \((\w+) (\d{4})\)\.$/.exec(seasoned)!;
    const thirds = seasons.sanitizeSync({ channel: "C2", content: "Hired 2020-08-17 (the end of 2020).", recipient: "other" }).content as string;
    const [, thirdShown, third, thirdYear] = /^Hired (\d{4}-\d\d-\d\d) \(the (beginning|middle|end) of (\d{4})\)\.$/.exec(thirds)!;
    // Moved by the months the date moved, named for the third it lands in (the end of a year is read from September).
    const movedMonth = Number(thirdShown.slice(5, 7)) + 1;
    expect([third, Number(thirdYear)]).toEqual([["beginning", "middle", "end"][Math.min(2, Math.floor(((movedMonth - 1) % 12) / 4))], Number(thirdShown.slice(0, 4)) + (movedMonth > 12 ? 1 : 0)]);
    expect([season, seasonYear]).toEqual([["winter", "spring", "summer", "fall"][Math.floor((Number(hiredShown.slice(5, 7)) - 2 + 12) % 12 / 3)], hiredShown.slice(0, 4)]);
    const guard = createRecons({ secret: "derived", vault: { hire_date: "2020-08-17" }, policy: { fields: {} } });
    const out = guard.sanitizeSync({ channel: "C2", content: "Hired 2020-08-17 (Q3 2020); with us since 2020.", recipient: "other" }).content as string;
    const [, shown, quarter, quarterYear, since] = /^Hired (\d{4}-\d\d-\d\d) \(Q(\d) (\d{4})\); with us since (\d{4})\.$/.exec(out)!;
    // The quarter and the year move with the surrogate: the quarter holds its month, the start's year is its year.
    expect([Number(quarterYear), Number(quarter)]).toEqual([Number(shown.slice(0, 4)), Math.floor((Number(shown.slice(5, 7)) - 2) / 3) + 1 || 4]);
    expect(since).toBe(shown.slice(0, 4));
  });

  it("finds the registered date's month alone after a third of it or a word that dates it, moves it with the surrogate and restores it", () => {
    // Round 13 red team: `with us since mid-November` stayed beside a start date moved to May 2001.
    const start: VaultEntry = { field: "start_date", value: "2025-11-14", kind: "date", valueType: "format" };
    expect(derivedIn("Start Date: November 14, 2025. With us since mid-November, and by the end of November.", [start])).toEqual(["mid-November", "the end of November"]);
    expect(derivedIn("You've been with us since mid-November.", [start])).toEqual(["mid-November"]);
    expect(derivedIn("Joined in November 2025; since November the team grew.", [start])).toEqual(["November"]);
    // Another month, a verb `may`, a range of months, a month with its day, a month alone in a text with no year and no third.
    expect(derivedIn("Start 2025-11-14. Review in March; we may meet; late October to early November; on November 20th.", [start])).toEqual(["November 20th"]);
    expect(derivedIn("See you in November.", [start])).toEqual([]);
    const guard = createRecons({ secret: "derived", vault: { start_date: "2025-11-14" }, policy: { fields: { start_date: { authorized: ["hr"] } } } });
    const text = "Start Date: November 14, 2025. Glad to have you with us since mid-November!";
    const out = guard.sanitizeSync({ channel: "C2", content: text, recipient: "other" }).content as string;
    const [, shown, third, month] = /^Start Date: (\w+ \d+, \d{4})\. Glad to have you with us since (early |mid-|late )(\w+)!$/.exec(out)!;
    const surrogate = parseDate(shown)!;
    expect(month).toBe(shown.split(" ")[0]);
    // The third tells the surrogate's day as `mid` told the real one's.
    expect(third).toBe(["early ", "mid-", "late "][surrogate.day <= 10 ? 0 : surrogate.day <= 20 ? 1 : 2]);
    const written = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content as string;
    expect(guard.sanitizeSync({ channel: "C5", content: written, recipient: "hr" }).content).toBe(text);
  });

  it("reads a month and day without a year in the years the text writes, when none is near the registered date's (round 14 red team)", () => {
    // `inventory due Feb 18; creditor period closes April 4` in a 2023 letter had been moved as computations from a will of 2019.
    const will: VaultEntry = { ...visit, field: "will_date", value: "2019-05-14" };
    expect(derivedIn("Letter of 2023: the inventory is due Feb 18; creditor period closes April 4.", [will])).toEqual([]);
    expect(derivedIn("The inventory is due Feb 18; creditor period closes April 4.", [will])).toEqual(["April 4"]);
    expect(derivedIn("Will of 2019: the inventory is due Feb 18; creditor period closes April 4.", [will])).toEqual(["Feb 18", "April 4"]);
    // A registered birth date's year is none the text happens in.
    const dob: VaultEntry = { ...visit, field: "dob", value: "1957-07-28" };
    expect(derivedIn("DOB 1957. Follow-up on Feb 16 at 2 PM and 2/20.", [visit, dob])).toEqual(["Feb 16"]);
    expect(derivedIn("Plan for 2023. Follow-up on Feb 16 at 2 PM and 2/20.", [visit, dob])).toEqual([]);
    // The registered date's own month and day is its value whatever year the text writes (round 14 re-judge: `Last event Sun 1/11`).
    expect(derivedIn("Diagnosed in 2017. Last visit on Sun 1/18; next on 2/20.")).toEqual(["Sun 1/18"]);
    // A text without a year dates its days near the reference day (round 15 red team: `Enrollment closes November 22` beside a
    // hire date of 2023-11-30 had been moved); the registered date's own month and day is the value's (the vault matcher's).
    const hire: VaultEntry = { ...visit, field: "hire_date", value: "2023-11-30" };
    expect(derivedIn("Enrollment closes November 22.", [hire], "2026-01-30")).toEqual([]);
    expect(derivedIn("Enrollment closes November 22.", [hire])).toEqual(["November 22"]);
    expect(derivedIn("Enrollment closes November 22.", [{ ...hire, value: "2025-11-30" }], "2026-01-30")).toEqual(["November 22"]);
  });

  it("reads a month and day without a year in the year nearest the registered date", () => {
    expect(nearestYear("Dec 28", parseDate("2026-01-18")!)).toEqual({ year: 2025, month: 12, day: 28 });
    expect(nearestYear("March 5th", parseDate("2026-01-18")!)).toEqual({ year: 2026, month: 3, day: 5 });
  });

  it("shows an unauthorized reader the dates moved with the registered date's surrogate, written alike, and restores them from shared state", () => {
    const guard = createRecons({ secret: "derived", vault: { visit_date: "2026-01-18" }, policy: { fields: { visit_date: { authorized: ["doc"] } } } });
    const text = "Last visit: 2026-01-18. Follow-up 4 weeks after the visit: February 15, 2026. Proposed: March 2026.";
    const out = guard.sanitizeSync({ channel: "C2", content: text, recipient: "other" }).content as string;
    const [, visitShown, followUp, month] = /^Last visit: (\d{4}-\d\d-\d\d)\. Follow-up 4 weeks after the visit: (\w+ \d+, \d{4})\. Proposed: (\w+ \d{4})\.$/.exec(out)!;
    const surrogate = parseDate(visitShown)!;
    expect(visitShown).not.toBe("2026-01-18");
    // Four weeks after the surrogate visit, and two months after its month.
    expect(Date.UTC(...([parseDate(followUp)!].map((d) => [d.year, d.month - 1, d.day] as const)[0])) - Date.UTC(surrogate.year, surrogate.month - 1, surrogate.day)).toBe(28 * 86_400_000);
    const shown = parseDate(`1 ${month}`)!;
    expect(shown.year * 12 + shown.month - (surrogate.year * 12 + surrogate.month)).toBe(2);
    expect(guard.sanitizeSync({ channel: "C2", content: text, recipient: "doc" }).content).toBe(text);
    const written = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content as string;
    expect(guard.sanitizeSync({ channel: "C5", content: written, recipient: "doc" }).content).toBe(text);
    expect(guard.sanitizeSync({ channel: "C5", content: written, recipient: "other" }).content).toBe(out);
  });

  it("moves the weekday written before a moved date with it, as long and in the case it was written", () => {
    // A kept `Tuesday` beside a moved date told the real date's weekday.
    const guard = createRecons({ secret: "derived", vault: { visit_date: "2026-01-18" }, policy: { fields: { visit_date: { authorized: ["doc"] } } } });
    const out = guard.sanitizeSync({ channel: "C2", content: "Options: Tuesday, February 10, 2026; Thu Feb 12; WEDNESDAY, February 18, 2026.", recipient: "other" }).content as string;
    const [, long, date, short, yearless, upper, upperDate] = /^Options: (\w+), (\w+ \d+, \d{4}); (\w{3}) (\w{3} \d+); (\w+), (\w+ \d+, \d{4})\.$/.exec(out)!;
    const weekdayOf = (text: string) => new Date(`${text} UTC`).toLocaleDateString("en-US", { weekday: "long", timeZone: "UTC" });
    expect(long).toBe(weekdayOf(date));
    expect(upper).toBe(weekdayOf(upperDate).toUpperCase());
    expect(short).toBe(weekdayOf(`${yearless}, ${date.slice(-4)}`).slice(0, 3));
  });

  it("keeps the dates near a registered one for a reader authorized for a scheduling field, whom they are written for", () => {
    // Round 13 red team: a follow-up booked three months after a visit reached the patient who asked for it moved to 2049.
    const policy = { fields: { visit_date: { authorized: ["doc"] }, appointment_time: { kind: "date" as const, authorized: ["user"] } } };
    const guard = createRecons({ secret: "derived", vault: { visit_date: "2026-01-19" }, policy });
    const text = "Visit on 2026-01-19. Your follow-up is booked for Monday, April 20, 2026 at 9:30 AM.";
    const user = guard.sanitizeSync({ channel: "C1", content: text, recipient: "user" });
    expect(user.content).toMatch(/^Visit on \d{4}-\d\d-\d\d\. Your follow-up is booked for Monday, April 20, 2026 at 9:30 AM\.$/);
    expect(user.content).not.toContain("2026-01-19");
    expect(user.decisions.map((decision) => decision.reason)).toContain("derived-date-reader-schedules:appointment_time");
    // Anyone else sees it moved with the visit.
    expect(guard.sanitizeSync({ channel: "C1", content: text, recipient: "other" }).content).not.toContain("April 20, 2026");
    // The registered date itself in a form the matcher lacks is no option of the schedule (round 13 re-judge: `after the 01/19 visit` passed).
    expect(guard.sanitizeSync({ channel: "C1", content: "Booked April 20 (13 weeks after the 01/19 visit).", recipient: "user" }).content).toMatch(/^Booked April 20 \(13 weeks after the (?!01\/19)\d\d\/\d\d visit\)\.$/);
  });

  it("redacts a derived date where the policy does not encipher the registered one, recording why", () => {
    const guard = createRecons({ secret: "derived", vault: { visit_date: "2026-01-18" }, policy: { fields: { visit_date: { kind: "date", valueType: "value" } } } });
    const result = guard.sanitizeSync({ channel: "C2", content: "Follow-up on February 15, 2026.", recipient: "other" });
    expect(result.content).toBe("Follow-up on [REDACTED:date].");
    expect(result.decisions.map((decision) => decision.fallback)).toEqual(["derived-date-not-enciphered"]);
  });
});
