import { describe, expect, it } from "vitest";
import { ageAt, ageDetector, ageLike } from "../../../src/detect/vault/ages.js";
import { ordinalSuffix, parseDate } from "../../../src/detect/vault/dates.js";
import type { VaultEntry } from "../../../src/detect/vault/vault.js";
import { createRecons } from "../../../src/guard.js";
import { ReconsConfigError } from "../../../src/policy/options.js";

const REFERENCE = parseDate("2026-01-29")!;
const dob: VaultEntry = { field: "dob", value: "1948-08-24", kind: "date", valueType: "format" };

/** The spans the detector finds in `text`, as written. */
function agesIn(text: string, entries: VaultEntry[] = [dob]): string[] {
  return ageDetector(() => entries, REFERENCE)
    .detect(text)
    .map((detection) => text.slice(detection.start, detection.end));
}

describe("ages a registered date of birth gives away", () => {
  it("counts completed years, a day before the birthday one fewer", () => {
    expect(ageAt(parseDate("1948-08-24")!, parseDate("2026-08-23")!)).toBe(77);
    expect(ageAt(parseDate("1948-08-24")!, parseDate("2026-08-24")!)).toBe(78);
  });

  it("finds the number of an age written as one, at the reference day or up to three years before it", () => {
    for (const text of ["Amanda (age 77)", "Age: 77", "aged 76", "age ~75", "She is 77 years old.", "a 74-year-old woman", "77 y/o female", "Age: ~77 years"]) {
      expect(agesIn(text), text).toEqual([/\d+/.exec(text)![0]]);
    }
    // The reference year less the birth year, as writers subtract (round 16 red team: 2026 - 1948 = 78 before the August birthday).
    expect(agesIn("Age: 78")).toEqual(["78"]);
    expect(agesIn("Age: 79")).toEqual([]);
  });

  it("finds an age written in words where only an age is (round 10 red team: `an eighty-four-year-old`, `turns seventy this spring`)", () => {
    expect(agesIn("A seventy-seven-year-old woman; Seventy seven years old; aged seventy-six; Age: seventy-five; seventy-seven years of age")).toEqual([
      "seventy-seven",
      "Seventy seven",
      "seventy-six",
      "seventy-five",
      "seventy-seven",
    ]);
    // The next age where the text says it is to come.
    expect(agesIn("She turns seventy-eight in August.")).toEqual(["seventy-eight"]);
    expect(agesIn("She turned seventy-nine; seventy-seven percent; aged seventy-seven days; seventy-seven patients; turns seventy-seven degrees")).toEqual([]);
  });

  it("shows an age in words as the surrogate's age in words, joined and capitalized alike, and gives the real one back beside the date", () => {
    const guard = createRecons({ secret: "s", vault: { dob: "1948-08-24" }, ageReference: "2026-01-29", policy: { fields: { dob: { authorized: ["doctor"] } } } });
    const text = "DOB 1948-08-24: a seventy-seven-year-old woman, Seventy-seven years of age, aged 77.";
    const shown = guard.sanitizeSync({ channel: "C2", content: text, recipient: "clerk" }).content as string;
    const [, inWords, capitalized, digits] = /^DOB \d{4}-\d\d-\d\d: an? ([a-z]+(?:-[a-z]+)?)-year-old woman, ([A-Z][a-z]+(?:-[a-z]+)?) years of age, aged (\d+)\.$/.exec(shown)!;
    expect(inWords).not.toBe("seventy-seven");
    expect(inWords.toLowerCase()).toBe(capitalized.toLowerCase());
    expect(guard.sanitizeSync({ channel: "C2", content: shown, recipient: "doctor" }).content).toBe(text);
    expect(digits).not.toBe("77");
    expect(inWords).toBe(ageLike(Number(digits), "seventy-seven"));
  });

  it("finds an age in a CSV row's column after the date of birth, and after `age=`", () => {
    // Round 5 red team: `Name,1959-03-17,66` kept the real age beside the moved date; `age=66` too.
    expect(agesIn("name,dob,age\nDora,1948-08-24,77\nage=77")).toEqual(["77", "77"]);
    expect(agesIn("Apples, 77, pears; 2026-01-05,77 mg")).toEqual([]);
  });

  it("finds an age told by the third of its decade (77: `late 70s`, 74-76 a year or more before: `mid-seventies`)", () => {
    // Round 4 red team: `mid-70s`, `late 70s` of the real birth date passed beside its surrogate.
    expect(agesIn("A woman in her late 70s (late seventies); mid-70s in 2024; Late 70's")).toEqual(["late 70s", "late seventies", "mid-70s", "Late 70's"]);
    expect(agesIn("in her early 70s; mid-60s; late 80s; a mid-sized clinic")).toEqual([]);
    // Round 6 red team: the decade alone after a person's `in his` (`in his 80s`, `in her seventies`) passed.
    expect(agesIn("a man in his 70s; in her seventies; in their 80s; the 70s were fun; in the 70s")).toEqual(["70s", "seventies"]);
  });

  it("finds it in a label's marks, a table cell, JSON, clinical shorthand, after `turned` and before `th birthday`", () => {
    const written = ["**Age:** 77", "| DOB | 1948-08-24 |\n| Age | 77 |", '{"dob": "1948-08-24", "age": 77}', "Age (years): 77", "Age/Sex: 77/F", "77 y.o. female", "77yo", "77-yo",
      "(77 yrs)", "77y", "77F with chest pain", "77M presents with", "turned 77 in August", "her 77th birthday",
      // Red-team messages: the sex letter closing an aside beside the name (`Grace Liu, 59F, DOB ...`).
      "Grace Liu, 77F, DOB on file", "Pt (77M) seen today",
      // Red-team messages: the number alone beside the name, a sex letter closing a sentence, a person told.
      "Amanda Gaines, 77, presents with", "Ms. Gaines (77) is stable", "Brennan, T. — 77M.", "He is 77.", "she's 77 and works nights", "Patient is 77",
      // Red team (new healthcare traces): a spaced sex letter, `y` closing an aside, the number ending the line after the name, `would be`.
      "P. Gaines (77 F)", "(Ms. Gaines, 77 F)", "| DOB | 8/24/1948 (77 y) |", "Patient: A. Gaines, 77\nAllergies", "Patient: A. Gaines, 77", "the age would be 77",
      // Round 7 red team: the sex letter ending the line after the name, sex before the age or after a slash, the age after the date of birth.
      "**Patient:** Amanda Gaines, 77M\n**Attending:** Dr. Lee", "Sex/Age: M/77", "male, 77", "Female 77", "77/F", "77M w/ HTN", "DOB: 8/24/1948 (77)", "DOB: Aug 24, 1948 (77)",
      // Round 8 red team: a letter's `years of age`, an age at the visit, the age after a day-first date and a slash.
      "Ms. Gaines is 77 years of age", "The patient, 77 years of age, presents", "Age at visit: 77 years.", "Age at the visit: 77", "DOB/Age: 24 Aug 1948 / 77",
      // Round 10 rejudge: a role told beside the month and year (`applicant is 42 (born Nov. '83)` kept the real age).
      "The applicant is 77 (born Aug. '48)", "borrower is 77", "Member was 77",
      // Round 15 red team: the age after the date of birth ending a table's cell.
      "| **DOB / Age** | 24 Aug 1948 / 77 |"];
    // An ordinal birthday's span holds its suffix, which moves with the number (`77th` -> `79th`, `81st`).
    for (const text of written) expect(agesIn(text), text).toEqual([text.includes("birthday") ? "77th" : "77"]);
    expect(agesIn("birthdate 77", [{ ...dob, field: "birthdate" }])).toEqual([]);
    expect(agesIn("Age: 77", [{ ...dob, field: "birthdate" }])).toEqual(["77"]);
  });

  it("finds the sex letter before an aside or a table's bar, and the age a person is to turn", () => {
    // Round 9 red team: `Mrs. Abernathy-Cole, 81F (MRN 3390417)`, `| 63M |`, `she'll turn 82 in September` kept the real age.
    for (const text of ["Mrs. Gaines, 77F (MRN 3390417)", "| A. Gaines | 77F |", "He is still 77.", "she is now 77"]) expect(agesIn(text), text).toEqual(["77"]);
    // 77 on the reference day: the age to come is 78, the one after that no one's.
    for (const text of ["She will turn 78 in August", "turns 78 next month", "she'll be 78 in August", "He will be 78", "turning 78"]) expect(agesIn(text), text).toEqual(["78"]);
    // 78 is also 2026 - 1948, which writers write (an age found as such); 79 is no one's.
    expect(agesIn("She will turn 79 in August; he is 79; turn 77 pages; turns 78 degrees")).toEqual([]);
    // Round 10 red team: a birthday by its number may be the one to come (`his 78th birthday is in August`).
    expect(agesIn("his 78th birthday is in August; her 79th birthday")).toEqual(["78th"]);
    const guard = createRecons({ secret: "s", vault: { dob: "1948-08-24" }, ageReference: "2026-01-29", policy: { fields: {} } });
    const shown = guard.sanitizeSync({ channel: "C2", content: "His 78th birthday is in August.", recipient: "x" }).content as string;
    // The month goes too (session 58: a birthday's month is the birth date's).
    const [, age, suffix] = /^His (\d+)(st|nd|rd|th) birthday is in (?!August)[A-Z][a-z]+\.$/.exec(shown)!;
    expect(age).not.toBe("78");
    expect(suffix).toBe(ordinalSuffix(Number(age)));
  });

  it("finds an age under a JSON key ending in `age`, in clinical shorthand between slashes, after an initial or an aside, told of a titled name", () => {
    // Round 11 red team: `{"patient_age": 86}`, `TATE R / 71F / LKW`, `(Ms. C., 62)`, `Mr. Ferreira is 39`, `(Ms. Thibodeaux), 32,` kept the real age.
    for (const text of ['{"patient_age": 77}', '{"age_years": 77, "sex": "F"}', "TATE R / 77F / LKW 0930", "Gaines, 77F\nHPI: fall", "Amanda Gaines (Ms. G., 77)", "Mr. Gaines is 77.", "J. Gaines (Ms. Gaines), 77, lives alone"]) {
      expect(agesIn(text), text).toEqual(["77"]);
    }
    expect(agesIn('{"usage_years": 77, "page": 77}; Ms. Gaines is 77 ft from the door; Mr. Gaines is 77 kg')).toEqual([]);
  });

  it("finds an age after a bold name, told of a first name alone, and after a date of birth with a two-digit year", () => {
    // Round 12 red team: `**Marcus Okafor**, 54`, `Howard is 67 and qualifies`, `DOB 06/19/84 (41)` kept the real age.
    // Round 13 red team: an initial's age inside the emphasis (`(**N.B., 44**)`), an age in bold before `-year-old`.
    for (const text of ["**Amanda Gaines**, 77, applied", "Amanda is 77 and qualifies", "DOB 08/24/48 (77)", "__Gaines__, 77,", "(**A.G., 77**)", "(*A.G., 77*) seen", "(`A.G., 77`)", "a **77**-year-old"]) {
      expect(agesIn(text), text).toEqual(["77"]);
    }
    // Round 14 red team: the age at a life event (`separated at **61**`, `Claimant was **56 at termination**`).
    for (const text of ["She separated at **77** last spring", "retired at 77", "Claimant was **77 at termination**", "77 at the time of diagnosis"]) expect(agesIn(text), text).toEqual(["77"]);
    expect(agesIn("hired at 77 dollars an hour; 77 at the door; at 77 Main St")).toEqual([]);
    // Round 14 red team: a person's role before the age between commas (`Client, 47, a school-bus dispatcher`).
    for (const text of ["Client, 77, a school-bus dispatcher", "Claimant, 77."]) expect(agesIn(text), text).toEqual(["77"]);
    // A capitalized word that is no first name opens a sentence as well (`Section is 77`).
    expect(agesIn("Section is 77 pages; Item 4 is 77; **Total**, 77, due")).toEqual([]);
  });

  it("finds the cells of an `Age` column, in a markdown table and in CSV", () => {
    // Round 9 red team: `| Borrower | Age | FICO |` over `| Danielle Fairbanks | 42 | 768 |` kept the real age beside the pseudonym.
    expect(agesIn("| Borrower | Age (yrs) | FICO |\n|---|---|---|\n| A. Gaines | 77 | 768 |\n| B. Other | 77F | 701 |")).toEqual(["77", "77"]);
    expect(agesIn("name,age,score\nDora,77,768")).toEqual(["77"]);
    // Round 11 red team: a quoted cell with a comma in the row had put the age under another column.
    expect(agesIn('account,obligor,age,payoff\nA1,"GAINES, A.",77,"$27,842"')).toEqual(["77"]);
    expect(agesIn("| Borrower | Page | Stage |\n|---|---|---|\n| A. Gaines | 77 | 77 |\n\nitem,wage\nbolts,77")).toEqual([]);
    // Round 12 red team: a row labelled `Age` in a table of criteria (`| Age | 18-75 | 57 |`).
    expect(agesIn("| Criterion | Required | Patient |\n|---|---|---|\n| Age | 18-77 | 77 |\n| BMI | <35 | 77 |")).toEqual(["77"]);
  });

  it("leaves other ages, other numbers and other people's dates alone", () => {
    expect(agesIn("$77M deal, 77 years of service, 77 yards, 77Mb, 77 Main St, 77F outside, room 77F")).toEqual([]);
    expect(agesIn("Temp 98.6 F. Items, 77\n77 y of data; Room 77 F wing")).toEqual([]);
    expect(agesIn("her son, age 50; she is 79 years old; 73 years old")).toEqual([]);
    expect(agesIn("page 77, stage 77, 77 years")).toEqual([]);
    expect(agesIn("Age at the time: 77; over 77 years of service; 24 Aug 1948 / 77 pages")).toEqual([]);
    expect(agesIn("room 77F\nfemale, 77% of cases; M/77 mg; ratio 77/M2")).toEqual([]);
    expect(agesIn("Apples, 77, pears; Items (77); Room 12, 77, 78; he is 77 kg; she is 77%; he is 77.5 cm")).toEqual([]);
    expect(agesIn("age 77", [{ ...dob, field: "hire_date" }])).toEqual([]);
    expect(agesIn("age 77", [{ ...dob, kind: "text" }])).toEqual([]);
  });

  it("reads the vault at each call: a birth date added at run time counts", () => {
    const entries: VaultEntry[] = [];
    const detector = ageDetector(() => entries, REFERENCE);
    expect(detector.detect("age 77")).toEqual([]);
    entries.push(dob);
    expect(detector.detect("age 77")).toMatchObject([{ start: 4, end: 6, field: "dob", kind: "date", role: "age", value: "1948-08-24" }]);
  });
});

describe("ages through the guard", () => {
  const options = { secret: "ages", ageReference: "2026-01-29", vault: { dob: "1948-08-24" }, policy: { fields: { dob: { authorized: ["doctor"] } } } };
  const guard = createRecons(options);
  const clerk = (text: string) => guard.sanitizeSync({ channel: "C2", content: text, recipient: "clerk" });

  it("shows an unauthorized reader the surrogate birth date's age on the reference day, beside that date", () => {
    const { content, decisions } = clerk("born 1948-08-24, age 77");
    const [, surrogate, age] = /^born (\d{4}-\d{2}-\d{2}), age (\d+)$/.exec(content)!;
    expect(surrogate).not.toBe("1948-08-24");
    expect(Number(age)).toBe(ageAt(parseDate(surrogate)!, parseDate("2026-01-29")!));
    expect(decisions.map((decision) => [decision.field, decision.action])).toEqual([["dob", "fpe"], ["dob", "fpe"]]);
  });

  it("tells the surrogate's age by its decade where the real one was told so, and redacts it where that age has none (a child's)", () => {
    expect(clerk("born 1948-08-24, in her late 70s").content).toMatch(/^born 20\d\d-\d\d-\d\d, in her \[REDACTED:date\]$/);
    const { content } = createRecons({ ...options, secret: "ages-5" }).sanitizeSync({ channel: "C2", content: "born 1948-08-24, in her late 70s", recipient: "clerk" });
    const [, surrogate, told] = /^born (\d{4}-\d{2}-\d{2}), in her (.+)$/.exec(content)!;
    const age = ageAt(parseDate(surrogate)!, parseDate("2026-01-29")!);
    expect(told).toBe(`${["early", "early", "early", "early", "mid", "mid", "mid", "late", "late", "late"][age % 10]} ${Math.floor(age / 10)}0s`);
    const bare = createRecons({ ...options, secret: "ages-5" }).sanitizeSync({ channel: "C2", content: "born 1948-08-24, in her 70s", recipient: "clerk" }).content as string;
    expect(bare).toBe(`born ${surrogate}, in her ${Math.floor(age / 10)}0s`);
  });

  it("keeps the age for an authorized reader and restores it exactly from shared state", () => {
    const text = "Patient (age 77) is 77 years old";
    expect(guard.sanitizeSync({ channel: "C2", content: text, recipient: "doctor" }).content).toBe(text);
    const stored = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content;
    expect(stored).not.toMatch(/77/);
    expect(guard.sanitizeSync({ channel: "C5", content: stored, recipient: "doctor" }).content).toBe(text);
  });

  it("restores exactly from shared state an age written beside its date of birth, not shifted a second time", () => {
    // Sealed, the age comes back as written; the date beside it restores from its surrogate, whose age must not move it again.
    for (const [dob, text] of [["1948-08-24", "Date of Birth: 1948-08-24 (Age: ~77 years)"], ["1987-12-07", "Date of Birth: 1987-12-07 (Age: ~38 years)"]]) {
      // Under this secret 1987-12-07 has the surrogate 1985-10-12, two years older: 38 was shifted to 36.
      const dated = createRecons({ ...options, secret: "trace-rt", ageReference: "2026-01-01", vault: { dob } });
      const stored = dated.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content;
      expect(stored).not.toMatch(/77|38/);
      expect(dated.restore(stored, "doctor", "C5")).toBe(text);
    }
  });

  it("gives the real age back where an enciphered date and the age it gave reach an authorized reader later", () => {
    const text = "born 1948-08-24, age 77; she is 77 years old";
    const shown = clerk(text).content;
    expect(shown).not.toMatch(/77|1948/);
    expect(guard.sanitizeSync({ channel: "C2", content: shown, recipient: "doctor" }).content).toBe(text);
    expect(guard.restore(shown, "doctor", "C2")).toBe(text);
    expect(guard.restore(shown, "clerk", "C2")).toBe(shown);
    expect(clerk(shown).content).toBe(shown);
    // Without the date beside it, an age is anyone's: left as written.
    const age = /age (\d+)/.exec(shown)![1];
    expect(guard.sanitizeSync({ channel: "C2", content: `age ${age}`, recipient: "doctor" }).content).toBe(`age ${age}`);
  });

  it("redacts an age the surrogate date cannot give (born after the reference day), recording why", () => {
    // Under this secret the surrogate birth date is in 2020: on 1950-01-01 it gives no age.
    expect(clerk("1948-08-24").content).toMatch(/^2020-/);
    const early = createRecons({ ...options, ageReference: "1950-01-01" });
    const { content, decisions } = early.sanitizeSync({ channel: "C2", content: "age 1", recipient: "clerk" });
    expect(content).toBe("age [REDACTED:date]");
    expect(decisions).toMatchObject([{ field: "dob", action: "redact", fallback: "age-out-of-range" }]);
  });

  it("redacts the age where the policy redacts the date, as any redaction (no fallback)", () => {
    const redacting = createRecons({ ...options, policy: { fields: { dob: { authorized: ["doctor"], action: "redact" } } } });
    const { content, decisions } = redacting.sanitizeSync({ channel: "C2", content: "aged 77", recipient: "clerk" });
    expect(content).toBe("aged [REDACTED:date]");
    expect(decisions).toHaveLength(1);
    expect(decisions[0]).toMatchObject({ field: "dob", action: "redact" });
    expect(decisions[0].fallback).toBeUndefined();
  });

  it("names the option when the reference is not a calendar day", () => {
    expect(() => createRecons({ ...options, ageReference: "2026-02-30" })).toThrow(ReconsConfigError);
    expect(() => createRecons({ ...options, ageReference: "January 2026" })).toThrow(/ageReference/);
  });
});
