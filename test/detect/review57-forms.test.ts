/**
 * Session 57: forms left by session 56's probe and found by this session's rounds (out of sample, on the dev traces' vault
 * schema). On the code before, each form below reached an outsider as written. And the ordinary text the fixes must not change.
 */
import { describe, expect, it } from "vitest";
import { reviewForms } from "../helpers/review-forms.js";

const { expectHiddenFromOutsider, expectKept, expectRestoredFromSharedState, guardFor, deliver } = reviewForms("review57-secret");

describe("session 57: a number glued after the word that opens a file or key name", () => {
  it("a long amount after any word, a short score after its own label", () => {
    expectHiddenFromOutsider({ employee_name: "Dana Whitcombe", salary: "$190,171" }, "Attached: comp_base190171.pdf and the review memo.", ["190171"]);
    expectHiddenFromOutsider({ employee_name: "Dana Whitcombe", salary: "$190,171" }, "key salary190171 in the export", ["190171"]);
    expectHiddenFromOutsider({ customer_name: "Reuben Oyelaran", credit_score: "803" }, "Saved as report_score803.txt in the shared drive.", ["803"]);
  });

  it("a short number after another word, or a long one inside a longer run, stays", () => {
    const score = { customer_name: "Reuben Oyelaran", credit_score: "803" };
    expectKept(score, "Room ref803 is booked for the review meeting.");
    const salary = { employee_name: "Dana Whitcombe", salary: "$190,171" };
    expectKept(salary, "Part x1901710 ships next week to the plant.");
    expectKept(salary, "Batch FY2026190171 closed without issues.");
    expectKept(salary, "Code XYZ190171 is the supplier's part number.");
  });
});

describe("session 57: an identifier read out digit by digit after its letter prefix, or in figures apart", () => {
  it("five digits or more, in words or figures, hidden and shown as the surrogate read out alike", () => {
    expectHiddenFromOutsider({ employee_name: "Gabriel Ashdown", employee_id: "EMP-93917" }, "**Employee ID:** EMP, nine-three-nine-one-seven", ["nine-three-nine-one-seven"]);
    expectHiddenFromOutsider({ employee_name: "Lucia Benn", employee_id: "EMP-07814" }, "Employee #: 0-7-8-1-4.", ["0-7-8-1-4"]);
    expectHiddenFromOutsider({ patient_name: "Ana Ruiz", insurance_id: "INS-33170642" }, "The member number reads three-three-one-seven, oh-six-four-two; the office needs it.", ["three-three-one-seven, oh-six-four-two"]);
    expectHiddenFromOutsider({ client_name: "Beatrice Lowe", case_number: "CASE-6031-884129" }, "Docket six-oh-three-one, eight-eight-four-one-two-nine, a corporate dispute.", ["six-oh-three-one, eight-eight-four-one-two-nine"]);
    const out = deliver(guardFor({ employee_name: "Gabriel Ashdown", employee_id: "EMP-93917" }), "Employee ID: EMP, nine-three-nine-one-seven.", "introduced");
    expect(out).toMatch(/^Employee ID: EMP, (?:zero|one|two|three|four|five|six|seven|eight|nine)(?:-(?:zero|one|two|three|four|five|six|seven|eight|nine)){4}\.$/);
  });

  it("is restored from shared state for the authorized reader", () => {
    const guard = guardFor({ employee_name: "Gabriel Ashdown", employee_id: "EMP-93917" });
    expectRestoredFromSharedState(guard, "Employee ID: EMP, nine-three-nine-one-seven; badge 9-3-9-1-7.", ["nine-three-nine-one-seven", "9-3-9-1-7"]);
  });

  it("a count read out, or other digits apart, stay", () => {
    const id = { employee_name: "Gabriel Ashdown", employee_id: "EMP-93917" };
    expectKept(id, "Count them off: one, two, three, four, five.");
    expectKept(id, "Steps 1-2-3-4-5 of the runbook are done.");
  });
});

describe("session 57: a last four read in two pairs", () => {
  it("in figures or in words after `ending` or a last-four phrase", () => {
    expectHiddenFromOutsider({ customer_name: "Hector Villanueva", account_last4: "****6410" }, "Customer on file: Hector Villanueva (account ending 64-10).", ["64-10"]);
    expectHiddenFromOutsider({ customer_name: "Monica Albright", account_last4: "****5172" }, "The profile is Monica Albright's, account ending fifty-one seventy-two.", ["fifty-one seventy-two", "fifty", "seventy"]);
    expectHiddenFromOutsider({ patient_name: "Omar Haddad", ssn_real: "229-61-7624" }, "Identity verified with the last four of his SSN (76-24).", ["76-24"]);
  });

  it("two pairs with no last-digits phrase, after a bold mark or a mask, stay: a range", () => {
    expectKept({ patient_name: "Omar Haddad", ssn_real: "229-61-3059" }, "eGFR typically between **30-59 mL/min** in stage 3.");
    expectKept({ customer_name: "Hector Villanueva", account_last4: "****6410" }, "Scores of 64-10 and 55-12 were posted.");
  });

  it("words in pairs are shown as the surrogate's pairs, and restored from shared state", () => {
    const guard = guardFor({ customer_name: "Monica Albright", account_last4: "****5172" });
    const out = deliver(guard, "Account ending fifty-one seventy-two.", "introduced");
    expect(out).not.toContain("fifty-one seventy-two");
    expect(out).toMatch(/^Account ending (?:oh-[a-z]+|[a-z]+(?:-[a-z]+)?) (?:oh-[a-z]+|[a-z]+(?:-[a-z]+)?)\.$/);
    expectRestoredFromSharedState(guard, "Account ending fifty-one seventy-two.", ["fifty-one seventy-two"]);
  });
});

describe("session 57: short values in tables and key lines", () => {
  it("an identifier's last four under a last-digits column, a rating under `Rtg`, a card's after `mc`", () => {
    expectHiddenFromOutsider({ patient_name: "Kenji Tanaka", insurance_id: "INS-88126604" }, 'patient,dob,ins_last4,clinician\n"Tanaka, K.",1991/05/12,6604,S. Ferreira', ["6604"]);
    expectHiddenFromOutsider({ customer_name: "Maria Achterberg", internal_rating: "B" }, "| Cust | FICO | Int. Rtg |\n|------|------|----------|\n| M. Achterberg | 702 | B |", ["| B |"]);
    expectHiddenFromOutsider({ customer_name: "Rosa Vasquez", credit_card_real: "5412750012345527" }, "dispute:\n  card: mc-5527\n  status: open", ["5527"]);
    expectHiddenFromOutsider({ customer_name: "Rosa Vasquez", credit_card_real: "5412750012345527" }, "Paid with MC 5527 on the 3rd.", ["5527"]);
  });

  it("a one-word category cut short in its column", () => {
    expectHiddenFromOutsider({ client_name: "Dara Kilbride", case_type: "Corporate" }, "| Ref | Client | Type |\n|---|---|---|\n| CASE-905 | D. Kilbride | Corp. |", ["Corp."]);
    expectHiddenFromOutsider({ employee_name: "Ana Ruiz", department: "Engineering" }, "| Emp | Dept | Sal. |\n|---|---|---|\n| A. Ruiz | Eng. | 140k |", ["Eng."]);
  });

  it("the same digits or words under other headers stay", () => {
    expectKept({ patient_name: "Kenji Tanaka", insurance_id: "INS-88126604" }, "room,floor,extension\n12,3,6604");
    expectKept({ client_name: "Dara Kilbride", case_type: "Corporate" }, "| Vendor | Entity |\n|---|---|\n| Acme | Corp. |");
    expectKept({ customer_name: "Maria Achterberg", internal_rating: "B" }, "| Item | Size |\n|---|---|\n| Box | B |");
  });
});

describe("session 57: a birth year and an age reckoned in prose", () => {
  it("`born in the spring of '72`, `which puts her at 53`", () => {
    expectHiddenFromOutsider({ patient_name: "Lena Farrow", dob: "1972-04-08" }, "Ms. Farrow was born in the spring of '72, which puts her at 53; no dose adjustment needed.", ["'72", "at 53"]);
  });

  it("other things that put someone at a figure stay", () => {
    const dob = { patient_name: "Lena Farrow", dob: "1972-04-08" };
    expectKept(dob, "Her plan puts her at 20% coinsurance this year.");
    expectKept(dob, "The new schedule puts him at 30 days of leave.");
  });
});

describe("session 57: a name with a middle name, surname first", () => {
  it("every given name after the surname is the person's, none of them left as written", () => {
    expectHiddenFromOutsider({ customer_name: "Phuong Linh Vuong" }, "subject: VUONG, Phuong Linh (ref 0119) - not the requested customer", ["VUONG", "Phuong", "Linh"]);
    expectHiddenFromOutsider({ customer_name: "Phuong Linh Vuong" }, "Filed under Vuong, Phuong Linh.", ["Vuong", "Phuong", "Linh"]);
  });
});

describe("session 57: an identifier's digits alone, once the text has named it", () => {
  it("a case number's digits and an account's last four further on", () => {
    expectHiddenFromOutsider({ client_name: "Imogen Sayers", case_id: "CASE-845" }, "Cache: CASE-845 discovery index (request said CASE-318, not on file; indexed 845 instead)", ["845"]);
    expectHiddenFromOutsider({ customer_name: "Wilhelmina Fairchild", account_last4: "****3318" }, "Our context holds another account (ending 3318). Recent outflows on the 3318 account were routine card spend.", ["3318"]);
  });

  it("shown as the surrogate's digits, and restored from shared state", () => {
    const guard = guardFor({ client_name: "Imogen Sayers", case_id: "CASE-845" });
    const out = deliver(guard, "CASE-845 is on file; indexed 845 instead.", "introduced");
    const [, digits] = /^[A-Z]{4}-(\d{3}) is on file; indexed (\d{3}) instead\.$/.exec(out) ?? [];
    expect(out).toMatch(new RegExp(`-${digits} is on file; indexed ${digits} instead`));
    expectRestoredFromSharedState(guard, "CASE-845 is on file; indexed 845 instead.", ["845"]);
  });

  it("the same digits in an amount, a decimal, a longer number or a range, or without the identifier named, stay", () => {
    const account = { customer_name: "Wilhelmina Fairchild", account_last4: "****3318" };
    expect(deliver(guardFor(account), "Account ending 3318: $3318 total, 3318.5 units, page 13318, 3318-3320.", "introduced")).toMatch(/: \$3318 total, 3318\.5 units, page 13318, 3318-3320\.$/);
    expectKept({ client_name: "Imogen Sayers", case_id: "CASE-845" }, "The index lists 845 pages of discovery.");
  });
});

describe("session 57: the name a person goes by, defined in parentheses after the name", () => {
  it("quoted at the parenthesis's start or after `goes by`, and every later use", () => {
    expectHiddenFromOutsider({ patient_name: "Oluwaseun Adebayo-Martins" }, "The only file is for Oluwaseun Adebayo-Martins (goes by Seun); Seun confirmed the visit.", ["Seun"]);
    expectHiddenFromOutsider({ customer_name: "Giovanni Di Stefano" }, 'Data is for Giovanni Di Stefano ("Gianni" in the CRM notes), so Gianni must confirm.', ["Gianni"]);
  });

  it("a role or term in the parenthesis stays", () => {
    expect(deliver(guardFor({ customer_name: "Giovanni Di Stefano" }), 'Giovanni Di Stefano ("Plaintiff" in the filing) was served.', "introduced")).toMatch(/\("Plaintiff" in the filing\) was served\.$/);
  });
});
