/**
 * Session 47: forms earlier rounds left, and round 22 red team (dev-style traces, one helper per vertical): forms of a registered
 * value that reached an outsider, each hidden from it and left as written for the reader authorized for the value; and the ordinary
 * text a first fix must not change.
 */
import { describe, expect, it } from "vitest";
import { createRecons } from "../../src/guard.js";
import { reviewForms } from "../helpers/review-forms.js";

const { guardFor, deliver, expectHiddenFromOutsider, expectKept } = reviewForms("review22-secret");

describe("session 47: a score read out", () => {
  it("digit by digit, in figures or words, and as a figure and a pair", () => {
    expectHiddenFromOutsider({ customer_name: "Paul Carter", credit_score: 812 }, "Her credit score, 8-1-2, is on file.", ["8-1-2"]);
    expectHiddenFromOutsider({ customer_name: "Paul Carter", credit_score: 812 }, "Credit score read back: eight-one-two.", ["eight-one-two"]);
    expectHiddenFromOutsider({ customer_name: "Paul Carter", credit_score: 812 }, "Score: Eight twelve, confirmed.", ["Eight twelve"]);
    expectHiddenFromOutsider({ customer_name: "Paul Carter", fico_score: 557 }, "FICO: five-fifty-seven", ["five-fifty-seven"]);
    expectHiddenFromOutsider({ customer_name: "Paul Carter", credit_score: 705 }, "Credit score seven-oh-five.", ["seven-oh-five"]);
  });

  it("a FICO field's score after `FICO` or a bureau's name", () => {
    expectHiddenFromOutsider({ customer_name: "Paul Carter", fico_score: 557 }, "FICO: 557; Experian 557.", ["557"]);
  });

  it("leaves the same words away from the score's label", () => {
    expectKept({ customer_name: "Paul Carter", credit_score: 812 }, "We meet at eight twelve tomorrow.");
    expectKept({ customer_name: "Paul Carter", credit_score: 812 }, "Steps 8-1-2 of the checklist are done.");
  });
});

describe("session 47: initials the text defines", () => {
  const people = { client_name: "Paul Carter", opposing_party: "Yvonne Moreno" };

  it("each later use of initials defined after a name, as the pseudonym's initials", () => {
    const guard = guardFor(people);
    const text = "Paul Carter (PC) met Yvonne Moreno (YM). Later, PC emailed YM; YM replied to PC.";
    const out = deliver(guard, text, "introduced");
    expect(out).not.toMatch(/\bPC\b|\bYM\b/);
    // The later uses show the initials the definition shows.
    const defined = /\((\p{Lu}{2})\) met/u.exec(out)![1];
    expect(out).toContain(`Later, ${defined} emailed`);
    expect(deliver(guard, text, "reader")).toBe(text);
  });

  it("leaves a dose's timing after a dose (round 22 re-judge: `BID PC` is after meals)", () => {
    const out = deliver(guardFor(people), "Paul Carter (PC) takes metformin 500 mg BID PC. PC agreed.", "introduced");
    expect(out).toContain("500 mg BID PC.");
    expect(out).not.toContain("PC agreed");
  });

  it("leaves the same letters inside words, and initials nobody defined", () => {
    const out = deliver(guardFor(people), "Paul Carter (PC) met us. PCs and APC-1 stay.", "introduced");
    expect(out).toContain("PCs and APC-1 stay.");
    expectKept(people, "Emails were sent from the PC in room 4.");
  });
});

describe("session 47: a short form that is a word, given as the name", () => {
  const client = { client_name: "William Garrison" };

  it("in quotes, after `goes by` or `known as`, and used after that", () => {
    expectHiddenFromOutsider(client, 'William ("Bill") Garrison signed the lease.', ["Bill"]);
    expectHiddenFromOutsider(client, 'Mr. Garrison (goes by "Bill") signed. Bill agreed to the terms.', ["Bill"]);
    expectHiddenFromOutsider({ employee_name: "Patricia Baxter" }, "Patricia Baxter, known as Pat, called; Pat asked for leave.", ["Pat"]);
  });

  it("leaves the word where no text gives it as a name", () => {
    expectKept(client, "Pay the Bill today. Will you sign? The bill is due.");
    expectKept({ employee_name: "Patricia Baxter" }, "Pat the dough flat, then bake.");
  });
});

describe("session 47: a phone's extension apart from its number", () => {
  const phone = { patient_name: "Yolanda Marsh", phone: "(415) 555-0132 x21" };

  it("after `ext.`, `extension` or `x`, two digits too", () => {
    expectHiddenFromOutsider(phone, "Call ext. 21, or extension 21 at the desk.", ["21"]);
    expectHiddenFromOutsider({ ...phone, phone: "415-662-0931 x2207" }, "Callback #2207 or ext 2207.", ["2207"]);
  });

  it("leaves two digits after `#` and another phone's extension", () => {
    expectKept(phone, "Room #21 is on floor 2; ext. 44 is the front desk.");
  });
});

describe("session 47: a hire year as a fiscal year", () => {
  const hire = { employee_name: "Yolanda Marsh", hire_date: "2017-03-14" };

  it("`FY2017`, `FY 2017`, `fiscal 2017`, each shown as the surrogate's fiscal year", () => {
    const guard = guardFor(hire);
    const text = "She joined in FY2017 with the FY 2017 hires (fiscal 2017).";
    const out = deliver(guard, text, "introduced");
    expect(out).not.toContain("2017");
    expect(out).toMatch(/FY\d{4} with the FY \d{4} hires \(fiscal \d{4}\)/);
    expect(deliver(guard, text, "reader")).toBe(text);
  });

  it("leaves another fiscal year", () => {
    expectKept(hire, "The FY2019 budget was approved.");
  });
});

describe("session 47: a company by an abbreviated form", () => {
  it("`Grp`, `Hldgs`, `Bros` for its legal form", () => {
    expectHiddenFromOutsider({ client_name: "Paul Carter", opposing_party: "Baxter Group LLC" }, "Baxter Grp signed; Baxter Hldgs did not.", ["Baxter"]);
  });
});

describe("session 47: years in a department", () => {
  it("tenure as years in HR or in the department", () => {
    expectHiddenFromOutsider({ employee_name: "Yolanda Marsh", hire_date: "2017-09-14" }, "Yolanda has 8 years in HR.", ["8 years"], "2026-01-01");
  });

  it("leaves years in a decade", () => {
    expectKept({ employee_name: "Yolanda Marsh", hire_date: "2017-09-14" }, "The policy lasted 8 years in the 1990s.", "2026-01-01");
  });
});

describe("round 22: people of one vault never share a pseudonym", () => {
  it("unlisted surnames each get a reserved entry of their own, under any secret", () => {
    const vault = { client_name: "Celeste Marlowe", opposing_party: "Russell Dunbar", witness_list: '["Gloria Esposito", "Neil Hartmann", "Kendrick Oyelaran", "Wendell Prichard", "Martin Keogh"]' };
    const text = "Marlowe, Dunbar, Esposito, Hartmann, Oyelaran, Prichard, Keogh";
    for (let k = 0; k < 20; k++) {
      const guard = createRecons({ secret: `collide-${k}`, vault, policy: { fields: {} } });
      const shown = guard.sanitizeSync({ channel: "C2", content: text, recipient: "outsider" }).content.split(", ");
      // Under the code before, 118 of 200 secrets gave two of these one pseudonym (`Marlowe v. Dunbar` -> `Hendrix v. Hendrix`).
      expect(new Set(shown).size, shown.join(", ")).toBe(shown.length);
    }
  });

  it("a name registered later never takes the entry an unlisted name of the vault was given", () => {
    for (let k = 0; k < 60; k++) {
      const guard = createRecons({ secret: `late-${k}`, vault: { patient_name: "Xochitl Zyqua" }, policy: { fields: {} } });
      guard.vault.add("guardian_name", "Teyacapan Brixo");
      const [patient, guardian] = ["Dear Xochitl,", "Dear Teyacapan,"].map((text) => guard.sanitizeSync({ channel: "C2", content: text, recipient: "outsider" }).content);
      // Before, 12 of 300 secrets gave both one first name: the later name's pseudonym skipped the vault's entries only when recomputed.
      expect(guardian, `secret late-${k}`).not.toBe(patient);
    }
  });
});

describe("round 22: the name a person goes by, given after their name", () => {
  it("a word in quotes or parentheses right after the name, and its later uses", () => {
    expectHiddenFromOutsider({ patient_name: "Cornelius Vandermeer" }, 'Patient (Cornelius "Neil" Vandermeer) said Neil is fine.', ["Neil"]);
    expectHiddenFromOutsider({ patient_name: "Yolanda Fairweather" }, "The data is about Yolanda Fairweather (Yoli). Yoli called.", ["Yoli"]);
    expectHiddenFromOutsider({ patient_name: "Marisol Quintero" }, 'Patient: **Marisol Quintero** ("Mari") called; Mari confirmed.', ["Mari"]);
    expectHiddenFromOutsider({ client_name: "Ignatius Okonkwo-Reyes", dob: "1948-12-31" }, 'I am referring Mr. Okonkwo-Reyes ("Iggy"), 77, for input.', ["Iggy", "77"], "2026-01-01");
  });

  it("leaves a defined term or a role in parentheses", () => {
    expectKept({ employee_name: "Marcus Whitfield" }, 'The Plaintiff ("Plaintiff") and the Manager (Retired) agree.');
    const out = deliver(guardFor({ employee_name: "Marcus Whitfield" }), 'Marcus Whitfield ("Plaintiff") and Marcus Whitfield (Manager). The Plaintiff agrees.', "introduced");
    expect(out).toMatch(/\("Plaintiff"\) and .* \(Manager\)\. The Plaintiff agrees\./);
  });
});

describe("round 22: a first name cut short, with the surname's initial", () => {
  it("`Marc W.` of Marcus Whitfield, `Des O.` of Desmond Okafor", () => {
    expectHiddenFromOutsider({ employee_name: "Marcus Whitfield" }, "Buddy: Marc W. - badge is ready.", ["Marc W"]);
    expectHiddenFromOutsider({ patient_name: "Desmond Okafor" }, "I am referring Des O. for evaluation.", ["Des O"]);
  });

  it("short forms that are no start of the name, with the surname or its initial", () => {
    expectHiddenFromOutsider({ patient_name: "Ezekiel Hartmann" }, "Allergy check for Zeke H.: none.", ["Zeke"]);
    expectHiddenFromOutsider({ patient_name: "Wilhelmina Stroud" }, "I am writing to refer Billie Stroud for evaluation.", ["Billie", "Stroud"]);
    expectKept({ patient_name: "Cornelius Vandermeer" }, "Neil Armstrong walked on the moon.");
  });

  it("leaves a word with an initial, another surname's initial, and a middle initial of someone else's name", () => {
    expectKept({ employee_name: "Marcus Whitfield" }, "Desk W. is open; Marc T. called; Car W. parked.");
    // Round 22 re-judge: `Marc W. Ellison, a notary public` had come out `Zachary B. Ellison`.
    expectKept({ witness_list: '["Marcus Webb"]' }, "Marc W. Ellison, a notary public, signed.");
  });
});

describe("round 22: a department in capitals", () => {
  const hr = { employee_name: "Dana Lopez", department: "HR" };

  it("leaves `hr` as an hour, and finds the department's other name", () => {
    const out = deliver(guardFor(hr), "Rate: $46.87/hr, 40 per hr. Human Resources and HR approved.", "introduced");
    expect(out).toMatch(/^Rate: \$46\.87\/hr, 40 per hr\. /);
    expect(out).not.toMatch(/Human Resources|\bHR\b/);
  });
});

describe("round 22: a short identifier's number without its letters", () => {
  it("after a word that refers to a record, split once by a space, or glued to the prefix's letter", () => {
    expectHiddenFromOutsider({ client_name: "Tamara Whitfield", case_id: "CASE-612" }, "Pay attention to matter 612 (docket #612).", ["612"]);
    expectHiddenFromOutsider({ customer_name: "Priya Raman", dispute_id: "DISP-718204" }, "Logged as case no. 718 204.", ["718 204"]);
    expectHiddenFromOutsider({ employee_name: "Ray Lopez", employee_id: "EMP-58120" }, "Ray (E58120) has emp. no. 581 20.", ["E58120", "581 20"]);
  });

  it("between `_` or `-` in a file's name, padded with zeros or not (round 22 re-judge)", () => {
    expectHiddenFromOutsider({ client_name: "Tamara Whitfield", case_id: "CASE-612" }, "See conflicts_WhitfieldVAlbright_612.xlsx and ltr-0612.docx.", ["612"]);
  });

  it("leaves the same digits as a count, a page, after another letter, or inside another file's number", () => {
    expectKept({ client_name: "Tamara Whitfield", case_id: "CASE-612" }, "We have 612 files; see page 612, room B612, report_2612.pdf and page-612 of the brief.");
  });
});

describe("round 22: drugs, clipped specialties and rating scales of a diagnosis", () => {
  it("tell the diagnosis to a reader it is kept from", () => {
    expectHiddenFromOutsider({ patient_name: "Ryan Whitfield", diagnosis_real: "Major Depressive Disorder" }, "Trintellix 10 mg; previously Paxil (paroxetine); HAM-D 21; Psych f/u in 4 wks.", ["Trintellix", "Paxil", "paroxetine", "HAM-D", "Psych f/u"]);
    expectHiddenFromOutsider({ patient_name: "Ryan Whitfield", diagnosis_real: "Type 2 Diabetes Mellitus" }, "On Rybelsus 7 mg with a Dexcom G7; endo f/u in 3 months.", ["Rybelsus", "Dexcom", "endo f/u"]);
    expectHiddenFromOutsider({ patient_name: "Ryan Whitfield", diagnosis_real: "Chronic Kidney Disease Stage 3" }, "Nephro f/u; Kerendia (finerenone) 10 mg; sevelamer with meals.", ["Nephro", "Kerendia", "finerenone", "sevelamer"]);
    expectHiddenFromOutsider({ patient_name: "Ryan Whitfield", diagnosis_real: "Hypertension Stage 2" }, "Metoprolol 50, Benicar 40, home cuff readings.", ["Metoprolol", "Benicar", "home cuff"]);
  });

  it("a hypertensive reading after a home cuff", () => {
    expectHiddenFromOutsider({ patient_name: "Ryan Whitfield", diagnosis_real: "Hypertension Stage 2" }, "Home cuff avg | 166/102; home cuff 164/101.", ["166/102", "164/101"]);
    expectKept({ patient_name: "Ryan Whitfield", diagnosis_real: "Hypertension Stage 2" }, "Cuff size 12/10 cm fits.");
  });

  it("leaves a clipped word that is not a visit", () => {
    expectKept({ patient_name: "Ryan Whitfield", diagnosis_real: "Major Depressive Disorder" }, "We psych ourselves up before the endo of the season.");
  });
});

describe("round 22: a last four read out", () => {
  const cards = { customer_name: "Amara Castellanos", account_last4: "****5549", credit_card_real: "4532 8812 3345 1190" };

  it("in words or in figures apart after `ending`, shown as the surrogate's last four read out alike", () => {
    const guard = guardFor(cards);
    const text = "Account ending five-five-four-nine; card ending 1-1-9-0.";
    const out = deliver(guard, text, "introduced");
    expect(out).not.toMatch(/five-five-four-nine|1-1-9-0/);
    expect(out).toMatch(/^Account ending [a-z]+-[a-z]+-[a-z]+-[a-z]+; card ending \d-\d-\d-\d\.$/);
    expect(deliver(guard, text, "reader")).toBe(text);
  });

  it("leaves the same digits apart where no mask or `ending` comes before", () => {
    expectKept(cards, "Steps 1-1-9-0 are done; five five four nine were counted.");
  });
});

describe("round 22: a round figure that is exactly a period's share of an amount", () => {
  const income = { customer_name: "Amara Castellanos", income: 96000 };

  it("a quarter's or a month's share in its clause", () => {
    expectHiddenFromOutsider(income, "Her quarterly gross pay is $24,000.", ["24,000"]);
    expectHiddenFromOutsider(income, "She makes $8,000 a month.", ["8,000"]);
  });

  it("leaves the same figure where the period is another clause's, and a quarter of something", () => {
    expectKept(income, "A quarter of the $8,000 budget; fees of $9,000 a month; a $24,000 deposit.");
  });

  it("leaves the same figure where the clause is not about pay, or the amount is no pay (round 22 re-judges)", () => {
    for (const text of ["Its quarterly marketing budget is $24,000.", "Her landlord's monthly rent is $8,000.", "Her quarterly estimated tax payment is $24,000."]) expectKept(income, text);
    expectKept({ client_name: "Tamara Whitfield", settlement_amount: 2400000 }, "Office rent is $200,000 a month; the quarterly budget is $600,000.");
  });
});

describe("round 22: a hire year in two digits after an apostrophe", () => {
  const hire = { employee_name: "Nate Lopez", hire_date: "2019-06-17" };

  it("`summer '19`, `since '19`, shown as the surrogate's year in two digits", () => {
    const guard = guardFor(hire);
    const text = "In the CFO org since summer '19; hired '19.";
    const out = deliver(guard, text, "introduced");
    expect(out).not.toContain("'19");
    expect(out).toMatch(/^In the CFO org since [a-z]+ '\d\d; hired '\d\d\.$/);
    expect(deliver(guard, text, "reader")).toBe(text);
  });

  it("leaves another year, and an apostrophe that is no year's", () => {
    expectKept(hire, "The '12 vintage; a summer '23 trip; rock n' roll.");
  });
});

describe("round 22: partial identifiers and dates", () => {
  it("a visit's month and day after `visit of`", () => {
    expectHiddenFromOutsider({ patient_name: "Ryan Whitfield", visit_date: "2026-01-16" }, "Include the visit of 1/16.", ["1/16"], "2026-01-01");
    expectKept({ patient_name: "Ryan Whitfield", visit_date: "2026-01-16" }, "Use a dose of 1/16 strength.", "2026-01-01");
  });

  it("an SSN's first five after `begins` or `prefix`, a hyphen left open", () => {
    expectHiddenFromOutsider({ patient_name: "Ryan Whitfield", ssn_real: "121-83-2523" }, "SSN on file begins 121-83-. SSN prefix 121-83.", ["121-83"]);
    // Round 22 re-judge: an area alone after `prefix` is a dialling code's.
    expectKept({ patient_name: "Ryan Whitfield", ssn_real: "702-38-1164" }, "Dial prefix 702 for the clinic's fax.");
  });

  it("an identifier's first group of digits alone before a mask", () => {
    expectHiddenFromOutsider({ client_name: "Tamara Whitfield", case_number: "CASE-6052-318840" }, "Court file 6052-xxxxxx is sealed.", ["6052"]);
    expectKept({ client_name: "Tamara Whitfield", case_number: "CASE-6052-318840" }, "We shipped 6052 units.");
  });

  it("tenure as an N-year work anniversary", () => {
    expectHiddenFromOutsider({ employee_name: "Nate Lopez", hire_date: "2014-07-07" }, "Nate just had his 11-year work anniversary.", ["11-year"], "2026-01-01");
  });
});

describe("round 22: a department by its other names", () => {
  it("`CFO org`, `controller's group` of Finance; `revenue org`, `quota-carrying team` of Sales; `People Ops` of HR", () => {
    expectHiddenFromOutsider({ employee_name: "Dana Lopez", department: "Finance" }, "In the CFO org since March; the controller's group; AP/AR duties.", ["CFO org", "controller's group", "AP/AR"]);
    expectHiddenFromOutsider({ employee_name: "Dana Lopez", department: "Sales" }, "She joined the revenue org, a quota-carrying team.", ["revenue org", "quota-carrying"]);
    expectHiddenFromOutsider({ employee_name: "Dana Lopez", department: "HR" }, "She moved to People Ops.", ["People Ops"]);
  });
});

describe("round 22: an amount as a percentage of a figure the text states", () => {
  it("hides the percentage whose product with the figure after it is the amount; the figure stays", () => {
    const guard = guardFor({ client_name: "Tamara Whitfield", settlement_amount: 3360000 });
    const out = deliver(guard, "Settlement currently sits at 42% of the $8,000,000 demand.", "introduced");
    expect(out).not.toContain("42%");
    expect(out).toContain("of the $8,000,000 demand");
  });

  it("leaves a percentage whose product is no amount of the vault", () => {
    expectKept({ client_name: "Tamara Whitfield", settlement_amount: 3360000 }, "We spend 42% of the $5,000,000 budget on staff.");
  });
});

describe("round 22: an amount as a count of round instalments", () => {
  const settlement = { client_name: "Tamara Whitfield", settlement_amount: 3360000 };

  it("a round figure a count in its sentence multiplies into the amount exactly", () => {
    expectHiddenFromOutsider(settlement, "Structure: 16 x $210,000 quarterly.", ["210,000"]);
    expectHiddenFromOutsider(settlement, "Structure: 16 payments of $210,000.", ["210,000"]);
  });

  it("leaves a count and a figure whose product is no amount of the vault", () => {
    expectKept(settlement, "We made 3 payments of $500,000 for rent; 12 x $1,000 fees.");
  });
});

describe("round 22: a birth year glued to a name's handle", () => {
  it("shows the surrogate birth year's two digits where the handle ends in the real one's", () => {
    const guard = guardFor({ patient_name: "Ryan Whitfield", dob: "1971-06-17" });
    const text = "Contact rwhitfield71@gmail.com or @ryanwhitfield71.";
    const out = deliver(guard, text, "introduced");
    expect(out).not.toMatch(/71\b/);
    expect(deliver(guard, text, "reader")).toBe(text);
  });

  it("leaves a handle's own digits", () => {
    const out = deliver(guardFor({ patient_name: "Ryan Whitfield", dob: "1971-06-17" }), "Contact @ryanwhitfield85.", "introduced");
    expect(out).toMatch(/85\.$/);
  });
});
