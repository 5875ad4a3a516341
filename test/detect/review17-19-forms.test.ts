/**
 * Rounds 17 to 19 red team (dev-style traces, one helper per vertical, each round re-judged): forms of a registered value
 * that reached an outsider, each hidden from it and left as written for the reader authorized for the value; and the ordinary
 * text the re-judges found changed by a first fix, kept.
 */
import { describe, expect, it } from "vitest";
import { createRecons } from "../../src/guard.js";
import { reviewForms } from "../helpers/review-forms.js";

const { guardFor, deliver, expectHiddenFromOutsider, expectKept } = reviewForms("review17-secret");

describe("review 17: corporate", () => {
  const hire = { employee_name: "Kyle Patterson", hire_date: "2021-05-27" };

  it("a hire's year before a hire's noun or after `class of`, and tenure as time `part of the team`", () => {
    expectHiddenFromOutsider(hire, "Kyle, a 2021 hire, leads QA.", ["2021"]);
    expectHiddenFromOutsider(hire, "Kyle (hire class of 2021) leads QA.", ["2021"]);
    expectHiddenFromOutsider(hire, "Kyle has been part of the QA team for over four years.", ["four"]);
    // The year before another noun, or a headcount's hires, is no one's hire (round 17 re-judge).
    for (const text of ["The 2021 budget and the 2021 audit are closed.", "The 2021 cohort of interns presented today.", "Headcount plan: 2021 new hires by quarter.", "The class of 2021 graduated."]) {
      expectKept({ hire_date: "2021-05-27" }, text);
    }
  });

  it.each(["Employee ID ending in 582", "last 3 digits of ID: 582", "C. Clay (EMP-XX582)"])("a short identifier's last three after the words or mask that say so: %s", (text) => {
    expectHiddenFromOutsider({ employee_id: "EMP-06582" }, text, ["582"]);
  });

  it("an amount's plain digits cut at a cache line's end, not a year", () => {
    expectHiddenFromOutsider({ salary: 173418 }, "Cache: Salary: 1734", ["1734"]);
    expectHiddenFromOutsider({ compensation: { base: 121560, bonus: 9800 } }, "Cache: {'base': 1215", ["1215"]);
    expectKept({ salary: 202415 }, "Cache: Hired in 2024");
    // Only after a key naming an amount, without a currency sign (round 17 re-judge: `Ticket 1734`, `Headcount: 1734`).
    for (const text of ["Cache: Room 173", "Headcount: 1734", "Ticket 1734", "Room: 1734\nFloor: 3", "Income: $1734"]) expectKept({ salary: 173418 }, text);
  });

  it("hides a rating's own word however it is used: a value written verbatim is the value (`Below is your summary` beside a rating of Below)", () => {
    const rating = { performance_rating: "Below", employee_name: "Kyle Patterson" };
    for (const text of ["Below is your onboarding summary.", "Performance Rating: Below", "| Kyle Patterson | Below |", "Kyle's rating is Below."]) expectHiddenFromOutsider(rating, text, ["Below"]);
  });

  it("a salary in thousands in a column whose header names the unit, from three digits", () => {
    expectHiddenFromOutsider({ employee_name: "Tammy Gallagher", salary: 173418 }, "| Name | Salary ($K) |\n|---|---|\n| Tammy Gallagher | 173 |", ["| 173 |"]);
    expectKept({ salary: 173418 }, "| Team | Budget ($K) |\n|---|---|\n| QA | 412 |");
  });
});

describe("review 17: percentages stated beside a figure in its sentence", () => {
  it.each([
    [{ settlement_amount: 4382915 }, "Opposing counsel may counter at roughly 80% of that amount (about $3.5 million).", "3.5"],
    [{ settlement_amount: 4382915 }, "A 20% reduction would bring it to about $3.5 million.", "3.5"],
    [{ settlement_amount: 912407 }, "They proposed a lump sum of $850,000 instead, which is roughly 93% of our figure.", "93%"],
    // A year's income as a month's ratio (DTI) and as a share of it.
    [{ income: 118540 }, "Debt-to-income: with monthly obligations of $2,100, DTI is about 21%.", "21%"],
    [{ income: 118540 }, "The requested $35,000 loan is 29.5% of his annual income.", "29.5%"],
    // The amount before a change by a percentage, however small.
    [{ income: 118540 }, "Income grew 8% from $109,759 last year.", "109,759"],
    // Of a share another percentage in the text takes (round 16's open case: a fee on a discounted settlement).
    [{ settlement_amount: 8216490 }, "Our contingency fee is 25%. If settled at 90% of demand, the fee would be about $1.85M.", "1.85"],
  ])("%j: %s hides the figure, or the percentage where it is the one computed", (vault, text, raw) => {
    expectHiddenFromOutsider(vault, text, [raw]);
  });

  it("keeps the figure the message is about where the percentage said rounded is the computed one", () => {
    expect(deliver(guardFor({ income: 118540 }), "Your requested $35,000 loan is 29.5% of your annual income.", "introduced")).toContain("$35,000 loan");
  });

  it.each([
    "Rates rose 5% this year. The fee is $2,100.",
    "We expect an 80% chance of success. Costs so far: $3.5 million.",
    // Round 17 re-judge: a percentage tied to nothing, or one the figure is the base or cap of.
    "Interest accrues at 10% per year on the $450,000 fee award.",
    "Our contingency fee is 33% and costs to date total $1,450,000.",
    "The insurer pays 90% of covered losses up to $3.9 million.",
    "A 15% late fee applies to the $55,000 monthly rent.",
    "Roughly 25% of the $1.1 million goes to costs.",
    "There is a 50% chance of recovering more than $2.2 million.",
  ])("leaves a figure beside a percentage the sentence does not tie to what it is of: %s", (text) => {
    expectKept({ settlement_amount: 4382915, income: 118540 }, text);
  });
});

describe("review 17: finance", () => {
  const score = { customer_name: "Jeffrey Nguyen", credit_score: 642 };

  it.each([
    ["Credit score: ~640", "~640"],
    ["Credit score ≈ 645", "645"],
    ["Credit score: 640+", "640"],
    ["FICO: ~640 (fair)", "~640"],
    ["Credit score between 630 and 650.", "630 and 650"],
  ])("a score told by a sign or a range the normalized text drops: %s", (text, raw) => {
    expectHiddenFromOutsider(score, text, [raw]);
  });

  it("the points a score stands off a threshold beside it, which give the score back", () => {
    expectHiddenFromOutsider(score, "Credit score of 642 clears our 620 minimum by 22 points.", ["22 points"]);
    expectHiddenFromOutsider(score, "Her credit score is 58 points short of the 700 needed.", ["58 points"]);
  });

  it("leaves figures the score is not near, and points that give another number", () => {
    expectKept(score, "Credit score: ~700; the bank wants 600+.");
    expectKept(score, "Credit score rose 15 points to 610.");
    expectKept(score, "Room ~640 is free; 640+ guests came.");
  });
});

describe("review 17: legal", () => {
  it.each(["He worked at Bauer Keller Construction until 2021.", "Bauer Keller LLP", "the Bauer Keller partnership", "Keller Bauer LLP filed."])(
    "a registered surname among the partners a firm is named by: %s",
    (text) => {
      expectHiddenFromOutsider({ opposing_party: "Richard Bauer" }, text, ["Bauer"]);
    },
  );

  it("leaves a person of the same first word named in full (`Bauer Keller`), and a first name before a firm's partner (round 17 re-judge)", () => {
    const parties = { opposing_party: "Richard Bauer", client_name: "Grant Ellis" };
    for (const text of ["We met Bauer Keller of Smith LLP yesterday.", "We retained Grant Thornton LLP.", "Co-counsel Richard Keller Associates", "Richard Keller, Law Clerk, will attend."]) expectKept(parties, text);
  });
});

describe("review 17: legal case types", () => {
  it("`the marriage` tells a family matter", () => {
    expectHiddenFromOutsider({ case_type: "family", client_name: "Megan Fleming" }, "We value the contributions Ms. Fleming made during the marriage.", ["marriage"]);
  });
});

describe("review 17: healthcare", () => {
  const visit = { patient_name: "Walter Flores", visit_date: "2026-01-08" };

  it("moves a month an interval after the visit with the visit (`in 3 months (mid-April)`), as many months after its surrogate", () => {
    const guard = guardFor(visit, "2026-06-01");
    const text = "Seen on January 8, 2026. Recheck in 3 months (mid-April).";
    const out = deliver(guard, text, "introduced");
    expect(out).not.toContain("April");
    const [, surrogateMonth] = /Seen on (\w+) \d+, \d{4}/.exec(out)!;
    const [, followUpMonth] = /\(\w+[- ](\w+)\)/.exec(out)!;
    const index = (month: string) => new Date(`${month} 1, 2000`).getMonth();
    expect((index(followUpMonth) - index(surrogateMonth) + 12) % 12).toBe(3);
    expect(deliver(guard, text, "reader")).toBe(text);
  });

  it("reads no interval to come as time since the visit (`in 3 months` had come out `in 722 months`), but `in` after what counts back", () => {
    const guard = guardFor(visit, "2026-06-01");
    const out = deliver(guard, "Seen on January 8, 2026. Recheck in about 3 months; labs every 6 months.", "introduced");
    expect(out).toContain("in about 3 months");
    expect(out).toContain("every 6 months");
    // Round 17 re-judge: time since the visit after `in`.
    for (const text of ["Last seen on January 8, 2026; she has not been seen in nearly 5 months.", "Seen January 8, 2026. Today is her first visit in 5 months."]) {
      expect(deliver(guard, text, "introduced")).not.toContain(" 5 months");
    }
  });

  it("finds a first name cut at a cache line's end after five of its seven letters (`Grego` of Gregory)", () => {
    expectHiddenFromOutsider({ patient_name: "Gregory Villanueva" }, "Cache: Patient Name: Grego", ["Grego"]);
  });
});

describe("review 18", () => {
  it("a surname run together with other letters in a domain (`@whitfieldlaw.com`, `www.pruittdefense.com`), not a word's start", () => {
    expectHiddenFromOutsider({ client_name: "Tamara Whitfield", name: "Derek Coleman" }, "Please contact our office at dcoleman@whitfieldlaw.com to schedule.", ["whitfield", "coleman"]);
    expectHiddenFromOutsider({ client_name: "Harold Pruitt" }, "See www.pruittdefense.com for filings.", ["pruitt"]);
    expectHiddenFromOutsider({ opposing_party: "Brittany Vasquez" }, "Adverse party: B. Vasquez (contact: bvasquez@vasquezholdings.com)", ["vasquez"]);
    expectKept({ client_name: "Tamara Whitfield" }, "See example.org and www.whitehall.com.");
    // A surname that is a word opens other words and names (round 18 re-judge: `westlaw.com`, `hallmark.com`); a file's name is no domain.
    expectKept({ client_name: "Derek Hall", other: "Ann West" }, "See hallmark.com, www.westlaw.com and www.halllaw.com.");
    expectKept({ client_name: "Harold Pruitt" }, "Filed as pruittdeposition.pdf.");
  });

  it("a payment a ratio named after its percentage gives (`at a 28% front-end ratio`), a loan a stated multiple of income gives", () => {
    expectHiddenFromOutsider({ income: 132880 }, "Income supports a monthly payment of up to about $3,100 at a 28% front-end ratio.", ["3,100"]);
    expectHiddenFromOutsider({ income: 216504 }, "Recommended loan amount: up to $650,000 (3x annual income).", ["650,000"]);
    expectHiddenFromOutsider({ income: 124870 }, "Loan: up to $250,000 (roughly 2x annual income).", ["250,000"]);
    // The writer says what the figure is and rounds it (round 18 re-judge: one significant digit).
    expectHiddenFromOutsider({ income: 132880 }, "Eligible for up to $400,000 (about 3x annual income).", ["400,000"]);
    expectKept({ income: 124870 }, "The house costs $250,000 and needs 3 times the work.");
  });

  it("keeps a credit tier's band word after `Tier` for the reader allowed the tier, beside an internal rating whose gloss it also is", () => {
    const vault = { customer_name: "Kevin Mcbride", credit_score: 795, internal_rating: "A" };
    const guard = createRecons({ secret: "review17-secret", vault, policy: { fields: { customer_name: { authorized: ["worker"] }, credit_tier: { authorized: ["worker"] } } } });
    const text = "Kevin Mcbride would qualify for Tier 1 (Prime).";
    expect(deliver(guard, text, "worker")).toBe(text);
    expect(deliver(guard, text, "introduced")).not.toContain("Prime");
  });

  it("tenure after a year and a comma (`since Aug 2021, 3 years with the company`), not a number's group", () => {
    const out = deliver(guardFor({ employee_name: "Joshua Whitaker", hire_date: "2021-08-02" }, "2026-01-01"), "Mr. Whitaker (Sales manager since Aug 2021, 3 years with the company).", "introduced");
    expect(out).not.toMatch(/\b3 years/);
    expectKept({ hire_date: "2021-08-02" }, "A budget of 1,3 years was odd.", "2026-01-01");
    // Only where the line counts tenure, and never a span from another event (round 18 re-judge).
    expectKept({ hire_date: "2019-03-14" }, "In 2019, 5 years of data were migrated.", "2026-01-01");
    expect(deliver(guardFor({ hire_date: "2019-03-14" }, "2026-01-01"), "Joined in March 2019, 3 years after graduating.", "introduced")).toContain("3 years after graduating");
  });

  it("pay told by a third of a hundred in thousands without a unit (`earns in the low 140s`), not other figures", () => {
    const pay = { salary: 143612, compensation_details: { base: 162480, bonus: 28915 } };
    for (const text of ["She earns in the low 140s.", "She earns in the mid-140s.", "Her base is in the low 160s."]) expectHiddenFromOutsider(pay, text, ["140s", "160s"]);
    expectKept(pay, "Temperatures in the low 140s; she earns in the high 140s.");
    // Right after pay's words only (round 18 re-judge: an age and scores after a `Salary` label had been redacted).
    for (const text of ["Salary review notes: she is in her low 40s.", "Salary survey: scores were in the low 140s."]) expectKept({ ...pay, compensation_details: { base: 162480, stock: 40210 } }, text);
  });

  it("a visit's month and day after a label (`Visit: 1/9`, `| Last seen | 1/9 |`), a birthday after `Birth date:`", () => {
    const vault = { patient_name: "Gregory Ramirez", dob: "1962-03-04", visit_date: "2026-01-09" };
    for (const text of ["Visit: 1/9", "| Last visit | 1/9 |", "Last seen: 1/9", "Appointment: 1/9"]) expectHiddenFromOutsider(vault, text, ["1/9"], "2026-01-20");
    expectHiddenFromOutsider(vault, "Birth date: 3/4", ["3/4"], "2026-01-20");
    expectKept(vault, "Dose: 1/2 tablet. Score: 3/4.", "2026-01-20");
    // After a label, only a month and day that is its whole value (round 18 re-judge: counts and fractions had been moved).
    for (const text of ["Stop: 1/2 tablet", "Appointment: 1/2 hour", "Follow-up: 2/3 doses taken", "| Last seen | 2/3 providers |"]) expectKept(vault, text, "2026-01-20");
  });
});

describe("review 19", () => {
  it.each([
    [{ settlement_amount: 4406752 }, "Our client will not accept any proposal below four million four hundred thousand dollars.", "four hundred thousand"],
    [{ settlement_amount: 1374512 }, "They offered one million three hundred seventy-five thousand dollars.", "seventy-five thousand"],
  ])("an amount in words with millions and thousands: %j %s", (vault, text, raw) => {
    expectHiddenFromOutsider(vault, text, [raw]);
  });

  it.each([
    [{ employee_name: "Kevin O'Brien", hire_date: "2016-01-11" }, "Kevin O'Brien - 10 years of service (joined in January 2016)", "10 years"],
    [{ employee_name: "Douglas Avery", hire_date: "2020-11-30" }, "D. Avery (internal referrer, on staff for 5 years) will also join.", "5 years"],
    [{ employee_name: "Alan Brooks", hire_date: "2013-04-08" }, "Alan Brooks, who has worked in Sales here for over 12 years, confirmed it.", "12 years"],
    [{ employee_name: "Priya Raman", hire_date: "2014-05-19" }, "The department has one long-tenured manager (2014 cohort).", "2014"],
  ])("tenure and a hire's year as round 19 found them: %j %s", (vault, text, raw) => {
    expectHiddenFromOutsider(vault, text, [raw], "2026-01-01");
  });

  it("a tenure column's years with their unit, a decimal's wherever the text writes the hire year (`| 13.3 yrs |` above `hired 8/27/2012`)", () => {
    const text = "| Role | Count | Avg. tenure |\n|---|---|---|\n| Finance Manager | 1 | 13.3 yrs |\n\n- Sole member: Kirby, S., hired 8/27/2012.";
    expectHiddenFromOutsider({ employee_name: "Samuel Kirby", hire_date: "2012-08-27" }, text, ["13.3"], "2026-01-01");
    // A whole number of years still needs its row's year: other rows count other people's.
    expectKept({ hire_date: "2012-08-27" }, "| Role | Count | Avg. tenure |\n|---|---|---|\n| Analyst | 4 | 13 yrs |\n\nThe team formed in 2012.", "2026-01-01");
  });

  it("leaves a range of years, a cohort of many, and others' years near `here` or `on staff` (round 19 re-judge)", () => {
    expectKept({ hire_date: "2016-01-11" }, "Experience wanted: 5 - 10 years of service in sales.", "2026-01-01");
    expectKept({ hire_date: "2014-05-19" }, "The 2014 cohort of interns presented today.", "2026-01-01");
    const brooks = { employee_name: "Alan Brooks", hire_date: "2013-04-08" };
    for (const text of ["We have 4 recruiters on staff; the lease runs 12 years.", "Stephanie Rowe, who is here for the interview, has 12 years of experience."]) expectKept(brooks, text, "2026-01-01");
  });

  it("reads no part of a name's enciphered surrogate as a name (`His SSN is on file.` had come back `His PRATT is on file.`)", () => {
    const guard = createRecons({ secret: "recons-replay-deterministic-secret", vault: { patient_name: "William Harris III" }, policy: { fields: {} } });
    const text = "His SSN is on file. William Harris III came.";
    const out = deliver(guard, text, "outsider");
    expect(out.startsWith("His SSN is on file. ")).toBe(true);
    expect(out).not.toContain("Harris");
  });

  it("reads an amount in words with millions and thousands whole at its rounding, and its millions alone (round 19 re-judge)", () => {
    expectHiddenFromOutsider({ settlement_amount: 2943810 }, "They offered two million nine hundred thousand dollars.", ["nine hundred thousand"]);
    expectHiddenFromOutsider({ settlement_amount: 5013400 }, "The settlement is five million, two hundred thousand of which goes to fees.", ["five million"]);
  });

  it("the amount after a change said with a plus sign, `T2 DM`, and an amount's month cut at a cache line's end", () => {
    expectHiddenFromOutsider({ salary: 118775 }, "- Current: $118.8K base\n- Expected: around $130K (+9.5%)", ["130K"]);
    expectHiddenFromOutsider({ diagnosis_real: "Type 2 Diabetes Mellitus" }, "Notes: T2 DM, stable", ["T2 DM"]);
    expectHiddenFromOutsider({ income: 42960 }, "Cache: - Monthly gross income of approximately $3,58", ["3,58"]);
  });
});
