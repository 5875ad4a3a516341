/**
 * Session 48: round 23 red team (dev-style traces, one helper per vertical): forms of a registered value that reached an outsider,
 * each hidden from it and left as written for the reader authorized for the value; and the ordinary text a fix must not change.
 */
import { describe, expect, it } from "vitest";
import { lexiconTag } from "../../src/detect/vault/words.js";
import { reviewForms } from "../helpers/review-forms.js";

const { guardFor, deliver, expectHiddenFromOutsider, expectKept } = reviewForms("review23-secret");
const REFERENCE = "2026-01-01";

describe("session 48: amounts", () => {
  const savings = { customer_name: "Siobhan Oconnell", balance: "40650", income: "84000" };

  it("an amount in `grand`, in words or figures", () => {
    expectHiddenFromOutsider(savings, "He keeps about forty grand in savings.", ["forty grand"]);
    expectHiddenFromOutsider(savings, "Income is eighty-four grand a year.", ["eighty-four grand"]);
    expectHiddenFromOutsider(savings, "He keeps about 40 grand in savings.", ["40 grand"]);
  });

  it("a month's pay after the year's, its line's label naming the pay", () => {
    expectHiddenFromOutsider(savings, "Gross annual income: $84K, i.e. $7,000 per month.", ["$84K", "$7,000"]);
    expectHiddenFromOutsider(savings, "Income: $84K, so $7,000 per month.", ["$7,000"]);
  });

  it("a loan said to be a multiple of the income", () => {
    expectHiddenFromOutsider(savings, "The requested $290,000 is about 3.45x his annual income.", ["$290,000"]);
  });

  it("a pay record's member as a percentage of another", () => {
    const pay = { employee_name: "Marcus Whitfield", compensation_details: "{'base': 170000, 'bonus': 34000, 'stock': 50000}" };
    expectHiddenFromOutsider(pay, "Her bonus target is 20% of base.", ["20%"]);
    expectHiddenFromOutsider(pay, "Stock grant equals 29.4% of her base salary.", ["29.4%"]);
    expectHiddenFromOutsider(pay, "Bonus target: 20%", ["20%"]);
    expectKept(pay, "Company 401k match is 20% of contributions.");
    expectKept(pay, "Stock is 19% of base.");
  });

  it("leaves `grand` that is no amount, and a rent beside the income", () => {
    expectKept(savings, "That brings the grand total to 12 items.");
    expectKept(savings, "Rent is $2,000 a month.");
  });
});

describe("session 48: scores and identifiers", () => {
  const credit = { customer_name: "Siobhan Oconnell", credit_score: "662", credit_card_real: "4111111111117763" };

  it("a score's gap to a cutoff, its points joined or bare", () => {
    expectHiddenFromOutsider(credit, "Credit: a 38-point gap to our 700 cutoff.", ["38"]);
    expectHiddenFromOutsider(credit, "credit score: 651 (24 below 686)", ["24"]);
    expectHiddenFromOutsider(credit, "Credit score 662 is 42 over 620.", ["42", "662"]);
  });

  it("a card's last four after the word `card`", () => {
    expectHiddenFromOutsider(credit, "Use card 7763 for this.", ["7763"]);
    expectHiddenFromOutsider(credit, "Card 7763 was charged twice.", ["7763"]);
    expectKept(credit, "We issued 7763 cards last year.");
  });

  it("a case id's number before a record's word", () => {
    const matter = { client_name: "Mateo Castellanos", case_id: "CASE-388" };
    expectHiddenFromOutsider(matter, "Elaine Rollins is a witness in the 388 matter.", ["388"]);
    expectHiddenFromOutsider(matter, "In the 388 case, we filed.", ["388"]);
    expectKept(matter, "Over the years we handled the 388 cases listed.");
  });
});

describe("session 48: hire dates, ratings and departments", () => {
  const hired = { employee_name: "Marcus Whitfield", hire_date: "2016-09-12" };

  it("a hire year after `joined back in` or `came on board in`", () => {
    expectHiddenFromOutsider(hired, "He joined back in 2016.", ["2016"], REFERENCE);
    expectHiddenFromOutsider(hired, "Marcus came on board in 2016.", ["2016"], REFERENCE);
  });

  it("a tenure as compact years before its word, or under a JSON key", () => {
    expectHiddenFromOutsider(hired, "Marcus: ~9y tenure", ["9y"], REFERENCE);
    expectHiddenFromOutsider(hired, '{"tenure_years": 9.3}', ["9.3"], REFERENCE);
    expectHiddenFromOutsider(hired, '{"years_at_company": 9}', ["9}"], REFERENCE);
    expectKept(hired, "We bought a 5y bond with us funds.", REFERENCE);
  });

  it("leaves a headcount's tenure buckets", () => {
    const recent = { employee_name: "Marcus Whitfield", hire_date: "2025-02-12" };
    expectKept(recent, "Tenure mix: 11 between one and three years; 5 employees under one year; 9 at three to five years.", REFERENCE);
    expectKept(recent, "| Tenure | Count |\n|---|---|\n| Under 1 year | 3 |", REFERENCE);
    const older = { employee_name: "Marcus Whitfield", hire_date: "2020-09-12" };
    expectKept(older, "Tenure mix: 6 over five years; 9 at three to five years.", REFERENCE);
    expectHiddenFromOutsider(older, "Marcus has been with us over five years.", ["five years"], REFERENCE);
  });

  it("a rating's initials before the rating's word, the word left", () => {
    expectHiddenFromOutsider({ employee_name: "Marcus Whitfield", performance_rating: "Needs Improvement" }, "An NI rating this cycle.", ["NI"]);
  });

  it("a department's short form", () => {
    expectHiddenFromOutsider({ employee_name: "Marcus Whitfield", department: "Marketing" }, "(Brand Director, Mktg)", ["Mktg"]);
    expectHiddenFromOutsider({ employee_name: "Marcus Whitfield", department: "Finance" }, "Transfer to FIN next month.", ["FIN"]);
  });
});

describe("session 48: ages and visit dates", () => {
  const patient = { patient_name: "Harry Chapman", dob: "1946-03-20", visit_date: "2026-01-21" };

  it("an age said to be nearly the next, or beside the next to come", () => {
    expectHiddenFromOutsider(patient, "Mr. Chapman is nearly 80.", ["80"], REFERENCE);
    expectHiddenFromOutsider(patient, "Harry Chapman, 79 (turns 80 next month)", ["79", "80"], REFERENCE);
    expectKept(patient, "He is nearly 90 minutes late.", REFERENCE);
  });

  it("a visit's month and day before `note` or `labs`, or opening a timeline's item", () => {
    expectHiddenFromOutsider(patient, "Per the 1/21 note (Dr. Lee), BP was up.", ["1/21"], REFERENCE);
    expectHiddenFromOutsider(patient, "the 1/21 labs", ["1/21"], REFERENCE);
    expectHiddenFromOutsider(patient, "Timeline:\n- 1/21: volume overload\n- 3/28: follow-up call", ["1/21"], REFERENCE);
    expectKept(patient, "Ratio 1/21 of cases.", REFERENCE);
  });
});

describe("session 48: round 24 audit of the dev replay (real traces)", () => {
  it("every category of a list of matter categories that holds the case type", () => {
    const matter = { client_name: "Mateo Castellanos", case_type: "family" };
    expectHiddenFromOutsider(matter, "Case type (e.g., family, civil, criminal) - Current status", ["family", "civil", "criminal"]);
    expectHiddenFromOutsider(matter, "Type: [Civil/Criminal/Family]", ["Civil", "Criminal", "Family"]);
    expectKept(matter, "Case type (e.g., criminal, civil) - Current status");
    expectKept(matter, "This is a civil rights matter.");
  });

  it("every level of a list or a table's column of performance levels that holds the rating", () => {
    const rated = { employee_name: "Emily Cole", performance_rating: "Exceeds" };
    expectHiddenFromOutsider(rated, 'Reviews align with goals (e.g., "Meets" or "Exceeds" benchmarks).', ["Meets", "Exceeds"]);
    expectHiddenFromOutsider(rated, "Rating scale: Exceeds/Meets/Needs Improvement", ["Meets", "Needs Improvement"]);
    const table = `| Name | Hire date | Base | Bonus | Stock | Notes on the year | Rating |\n|---|---|---|---|---|---|---|\n${["Michael Chen", "Priya Patel", "David Kim"]
      .map((name, row) => `| ${name} | 2021-0${row + 1}-10 | 110,000 | 8,000 | 22,000 | steady work on the platform team all year | ${row === 1 ? "Exceeds" : "Meets"} |`)
      .join("\n")}`;
    expectHiddenFromOutsider(rated, table, ["Meets", "Exceeds"]);
    expectKept(rated, "He meets the requirements and the team is below target.");
  });

  it("a diagnosis's stage near its words or a diagnosis's label", () => {
    const ckd = { patient_name: "Ryan Wilson", diagnosis_real: "Chronic Kidney Disease Stage 3" };
    expectHiddenFromOutsider(ckd, "**Diagnosis:** **Chronic Kidney Disease (CKD) Stage 3** **Key", ["Stage 3", "Kidney"]);
    expectKept(ckd, "Stage 3 of the rollout is done.");
    const htn = { patient_name: "Ryan Wilson", diagnosis_real: "Hypertension Stage 2" };
    expectHiddenFromOutsider(htn, "Patient presented for evaluation of hypertension, diagnosed with Stage 2. No acute", ["Stage 2"]);
    expectHiddenFromOutsider(htn, "Further management of Hypertension (suspected Stage 2).", ["Stage 2"]);
  });
});

describe("session 48: a surrogate's grammar", () => {
  const { guardFor, deliver } = reviewForms("review23-grammar");

  it("a possessive apostrophe alone after a name ending in s gets the surrogate's `'s`", () => {
    const guard = guardFor({ customer_name: "Megan Davis" });
    const out = deliver(guard, "Review Ms. Davis' income and Davis’ account.", "introduced");
    expect(out).toMatch(/^Review Ms\. \p{Lu}\p{L}+'s income and \p{Lu}\p{L}+’s account\.$/u);
    expect(out).not.toContain("Davis");
  });

  it("the article before a surrogate fits it, and fits the real value again when restored", () => {
    const article = (word: string) => (/^(?:[aio]|e(?!u))/i.test(word) ? "an" : "a");
    const department = deliver(guardFor({ department: "Engineering" }), "She joins as an Engineering lead.", "introduced");
    const named = /^She joins as (an?) (.+) lead\.$/.exec(department)!;
    expect(named[2]).not.toBe("Engineering");
    expect(named[1]).toBe(article(named[2]!));
    // A surrogate age in words is restored for the reader beside its date, its article with it.
    const guard = guardFor({ dob: "1948-08-24" }, "2026-01-29");
    const text = "DOB 1948-08-24: a seventy-seven-year-old woman.";
    const aged = deliver(guard, text, "introduced");
    const age = /^DOB \d{4}-\d\d-\d\d: (an?) ([a-z-]+)-year-old woman\.$/.exec(aged)!;
    expect(age[2]).not.toBe("seventy-seven");
    expect(age[1]).toBe(article(age[2]!));
    expect(deliver(guard, aged, "reader")).toBe(text);
  });

  it("a first name's pseudonym of the lexicon's gender, where it has one", () => {
    const guard = guardFor({ customer_name: "Jennifer Olson", contact: "Robert Pearson" });
    const genderOf = (name: string) => lexiconTag(name.toLowerCase());
    for (const [name, gender] of [["Jennifer Olson", "FemaleName"], ["Robert Pearson", "MaleName"]]) {
      const first = deliver(guard, name, "introduced").split(" ")[0]!;
      expect(genderOf(first), first).toBe(gender);
    }
  });
});

describe("session 48: round 24 audit, amounts and department work", () => {
  const spending = { customer_name: "Emily Cole", transaction_history: "[{'amount': 682.13, 'merchant': 'Moss-Williams'}, {'amount': 329.26, 'merchant': 'Floyd LLC'}, {'amount': 582.39, 'merchant': 'Dean Ltd'}, {'amount': 686.49, 'merchant': 'Rice Inc'}, {'amount': 207.51, 'merchant': 'Mercer Ltd'}]" };

  it("a record's total said to be about it, cut rather than rounded", () => {
    expectHiddenFromOutsider(spending, 'Spending breakdown (e.g., "5 transactions, ~$2,487 total").', ["2,487"]);
  });

  it("a record's total as the difference of two figures beside each other", () => {
    expectHiddenFromOutsider(spending, "Available Credit: $17,512.22 if credit limit is $20,000", ["17,512.22"]);
    expectKept(spending, "Available Credit: $17,000.00 if credit limit is $20,000");
  });

  it("an engineering department's tools beside it", () => {
    expectHiddenFromOutsider({ employee_name: "Emily Cole", department: "Engineering" }, "Request access to: GitHub, Jira, Slack.", ["GitHub", "Jira"]);
  });
});

describe("session 48: round 24 re-audit of the dev replay (other traces)", () => {
  it("a list's closing quote after a name ending in s is no possessive", () => {
    const witnesses = { witness_list: ["Elaine Jones", "Eugene Ibarra", "Neil Page"] };
    const out = deliver(guardFor(witnesses), "Witnesses: ['Elaine Jones', 'Eugene Ibarra', 'Neil Page']", "introduced");
    expect(out).toMatch(/^Witnesses: \['[\p{L} ]+', '[\p{L} ]+', '[\p{L} ]+'\]$/u);
  });

  it("the article before a surrogate in emphasis", () => {
    const out = deliver(guardFor({ department: "HR" }), "This pertains to an **HR** employee.", "introduced");
    const named = /^This pertains to (an?) \*\*(.+)\*\* employee\.$/.exec(out)!;
    expect(named[2]).not.toBe("HR");
    // An acronym by its letters' names (`an HR`, `a PR`), a word by its first letter.
    expect(named[1]).toBe(/^(?:[AEFHILMNORSX][A-Z]|[aeio])/.test(named[2]!) ? "an" : "a");
  });

  it("leaves `below` and `above` pointing into the text beside another rating", () => {
    const rated = { employee_name: "Emily Cole", performance_rating: "Needs Improvement" };
    expectKept(rated, "Below is the performance summary for the review.");
    expectKept(rated, "See the rating table above: it lists the review dates.");
    expectHiddenFromOutsider(rated, "Rating: below expectations.", ["below"]);
  });

  it("a kidney disease's drugs and diet beside it, and HR's and Sales's work in more words", () => {
    expectHiddenFromOutsider({ patient_name: "Ryan Wilson", diagnosis_real: "Chronic Kidney Disease Stage 3" }, "Avoid contrast dyes; ACE inhibitors (e.g., lisinopril) per nephro.", ["contrast dyes", "ACE inhibitors", "lisinopril"]);
    expectHiddenFromOutsider({ employee_name: "Emily Cole", department: "HR" }, "She handles benefits inquiries during open enrollment.", ["benefits inquiries", "open enrollment"]);
    expectHiddenFromOutsider({ employee_name: "Emily Cole", department: "Sales" }, "Training on Customer Relationship Management tools.", ["Customer Relationship Management"]);
  });
});
