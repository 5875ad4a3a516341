/**
 * Rounds 20 and 21 red team (dev-style traces, one helper per vertical, each round re-judged) and the forms earlier rounds left:
 * forms of a registered value that reached an outsider, each hidden from it and left as written for the reader authorized for the
 * value; and the ordinary text the re-judges found changed by a first fix, kept.
 */
import { describe, expect, it } from "vitest";
import { createRecons } from "../../src/guard.js";
import { shiftedElapsed } from "../../src/detect/vault/elapsed.js";
import { reviewForms } from "../helpers/review-forms.js";

const { guardFor, deliver, expectHiddenFromOutsider, expectKept } = reviewForms("review20-secret");

describe("session 46: identifiers", () => {
  const ids = { employee_name: "Robert Pearson II", employee_id: "EMP-78236", insurance_id: "INS-67737826" };

  it("an identifier's last two digits behind a mask as long as its other digits, with its letters or without", () => {
    for (const text of ["Employee ID: EMP-XXX36", "ID EMP-***36 on file", "Member INS-XXXXXX26 verified.", "Ref XXXXXX26", "EMP-xxx36"]) {
      const out = deliver(guardFor(ids), text, "introduced");
      expect(out, `${text} -> ${out}`).not.toMatch(/(?:XXX|\*\*\*|xxx)(?:XXX)?36|XXXXXX26/);
      expect(out).toMatch(/[*xX]{3}\d\d/);
      expect(deliver(guardFor(ids), text, "reader")).toBe(text);
    }
  });

  it("leaves masks of another length or letters, and two digits without a mask", () => {
    for (const text of ["EMP-XX36 is a typo", "INS-XXXX26 belongs to another plan", "DISP-XXX36 opened", "Room 36, floor 26", "Batch XXX37 shipped"]) expectKept(ids, text);
  });
});

describe("session 46: diagnoses", () => {
  it("type 2 diabetes as `DM T2`, type 1 as `T1 DM` or `DM T1`", () => {
    expectHiddenFromOutsider({ patient_name: "Kelly Smith", diagnosis: "Type 2 Diabetes Mellitus" }, "Hx: DM T2, diet controlled.", ["DM T2"]);
    expectHiddenFromOutsider({ patient_name: "Kelly Smith", diagnosis: "Type 1 Diabetes" }, "Hx: T1 DM since childhood; DM T1 per chart.", ["T1 DM", "DM T1"]);
  });
});

describe("session 46: tenure to the half year", () => {
  const hire = { employee_name: "Robert Pearson II", hire_date: "2021-06-01" };

  it("`four and a half years`, `4½ years` since a hire date", () => {
    expectHiddenFromOutsider(hire, "Robert has been with us four and a half years.", ["four and a half"], "2026-01-01");
    expectHiddenFromOutsider(hire, "Tenure: 4½ years; he has 4 and a half years of service.", ["4½", "4 and a half"], "2026-01-01");
  });

  it("leaves a half year that is no one's tenure or not this date's", () => {
    expectKept(hire, "The plan runs four and a half years.", "2026-01-01");
    expectKept(hire, "Dana has been with us seven and a half years.", "2026-01-01");
    // `ago` alone says no one's tenure (round 20 re-judge).
    expectKept(hire, "The policy was introduced four and a half years ago.", "2026-01-01");
  });

  it("moves a half year to the nearest half year of the shifted count", () => {
    expect(shiftedElapsed("four and a half years", 12)).toBe("five and a half years");
    expect(shiftedElapsed("four and a half years", 7)).toBe("five years");
    expect(shiftedElapsed("4½ years", -12)).toBe("3½ years");
  });
});

describe("session 46: pay as a span of thousands", () => {
  const pay = { employee_name: "Robert Pearson II", salary: 143210 };

  it("`in the $140s` and `Salary: mid-140s` of a salary of 143,210", () => {
    expectHiddenFromOutsider(pay, "Her pay is in the $140s.", ["140s"]);
    expectHiddenFromOutsider(pay, "Pay is in the 140s; Salary: mid-140s.", ["140s"]);
  });

  it("leaves decades, temperatures and figures that are no one's pay", () => {
    for (const text of ["Born in the 1990s.", "Temps in the 80s all week.", "Revenue in the $150s.", "She is in the 140s club.", "Pay is in the $170s for that band."]) expectKept(pay, text);
  });
});

describe("round 20: healthcare follow-ups", () => {
  const visit = { patient_name: "Ryan Russell", visit_date: "2026-01-19" };

  it("a day the written interval after the visit, with no year written: the visit's day less the interval", () => {
    expectHiddenFromOutsider(visit, "Follow-up in 3 months (around April 19).", ["April 19"], "2026-02-01");
    expectHiddenFromOutsider(visit, "Schedule follow-up in 12 weeks (around April 13).", ["April 13"], "2026-02-01");
    expectHiddenFromOutsider(visit, "Next appointment: April 19 (3 months post-visit)", ["April 19"], "2026-02-01");
    expectHiddenFromOutsider(visit, "Recheck April 19, three months after the visit.", ["April 19"], "2026-02-01");
    expectHiddenFromOutsider({ ...visit }, "Seen January 19, 2026. Repeat labs in about 3 months (mid-April).", ["mid-April"], "2026-02-01");
  });

  it("leaves a day the interval does not give from the visit, or counts from another event (round 20 re-judge)", () => {
    expectKept(visit, "Follow-up in 6 months (around April 19).", "2026-02-01");
    expectKept(visit, "Next appointment: May 30 (3 months post-visit)", "2026-02-01");
    expectKept(visit, "Her birthday is April 19, three months after the holidays.", "2026-02-01");
  });
});

describe("round 20: corporate", () => {
  it("tenure after `approx.` or `est.` beside the hire date", () => {
    expectHiddenFromOutsider({ employee_name: "Allison Kirby", hire_date: "2023-05-22" }, "Since May 2023 (approx. 2.5 years); est. 2.5 years.", ["2.5 years"], "2025-12-01");
  });

  it("a monthly figure whose line's label names the month however far before it", () => {
    expectHiddenFromOutsider({ employee_name: "Allison Kirby", salary: 66402 }, "* Monthly payroll for the department: about $5.5K", ["$5.5K"]);
    expectHiddenFromOutsider({ employee_name: "Allison Kirby", salary: 66402 }, "Estimated monthly cost to the company for this role: $5,530", ["$5,530"]);
    expectKept({ employee_name: "Allison Kirby", salary: 66402 }, "* Annual budget for the department offsite and events: $5,500");
  });
});

describe("round 20: a rounding of a noised amount", () => {
  it("shows the surrogate rounded one place finer where its own rounding is the written one, not a step off (`about $1 million` for 1.74M)", () => {
    for (const secret of ["review20-secret", "probe"]) {
    const guard = createRecons({ secret, vault: { client_name: "Austin Mullins", settlement_amount: 1953206 }, policy: { fields: { client_name: { authorized: ["reader"] }, settlement_amount: { authorized: ["reader"] } } } });
    const surrogate = Number(deliver(guard, "Total $1,953,206.", "introduced").replace(/[^\d]/g, ""));
    for (const text of ["We expect about $2 million.", "We expect roughly $2M."]) {
      const out = deliver(guard, text, "introduced");
      expect(out, `${text} -> ${out}`).not.toMatch(/\$[12](?: million|M)/);
      // Shown, it is the surrogate's rounding; a rounding within a few percent of the value's is redacted instead.
      const shown = /\$(\d+(?:\.\d+)?)/.exec(out);
      if (shown !== null) expect(Math.abs(Number(shown[1]) * 1e6 - surrogate), `${out} against ${surrogate}`).toBeLessThanOrEqual(100_000);
    }
    }
  });
});

describe("round 20: legal amounts", () => {
  it("half of a settlement at two digits where the text splits it in two without a count", () => {
    const settlement = { client_name: "Austin Mullins", settlement_amount: 3208571 };
    expectHiddenFromOutsider(settlement, "Each spouse would get about $1.6 million.", ["$1.6 million"]);
    expectHiddenFromOutsider(settlement, "Half would be about $1.6 million.", ["$1.6 million"]);
    expectKept(settlement, "Each of the five offices got $1.6 million.");
    expectKept(settlement, "The other half of the budget, $2.1 million, is unrelated.");
  });

  it("an amount a percentage above a hundred of the settlement, or the figure it is a percentage above or below", () => {
    expectHiddenFromOutsider({ client_name: "Austin Mullins", settlement_amount: 6204318 }, "A counter-offer at 110% of the current figure ($6,824,750).", ["6,824,750"]);
    expectHiddenFromOutsider({ client_name: "Austin Mullins", settlement_amount: 1286841 }, "That is 10% higher than the prior offer of $1,169,855.", ["1,169,855"]);
    expectHiddenFromOutsider({ client_name: "Austin Mullins", settlement_amount: 1286841 }, "That is 10% lower than the ask of $1,429,823.", ["1,429,823"]);
    expectKept({ client_name: "Austin Mullins", settlement_amount: 1286841 }, "Attendance rose 120% this year, to 1,544 people.");
  });
});

describe("round 20: finance gaps", () => {
  const account = { customer_name: "Amy Johnson", balance: 451120.88, income: 142750 };

  it("the gap between a threshold and the amount, exact or said rounded", () => {
    expectHiddenFromOutsider(account, "It exceeds the requested $400,000 limit by about $51K.", ["$51K"]);
    expectHiddenFromOutsider(account, "The balance is about $49K short of the $500,000 tier.", ["$49K"]);
    expectHiddenFromOutsider(account, "Income exceeds the $100,000 minimum by $42,750.", ["42,750"]);
    expectHiddenFromOutsider(account, "Income minus the $100,000 floor leaves a $42,750 cushion.", ["42,750"]);
  });

  it("leaves gaps that give no registered amount", () => {
    expectKept(account, "We spent $40K more than the $100,000 budget.");
    expectKept(account, "Fees of $2,500 above the $5,000 cap apply.");
  });
});

describe("round 20: a diagnosis's stage spelled or in an aside", () => {
  it("takes the stage in with the diagnosis: spelled, after a comma, in parentheses", () => {
    const htn = { patient_name: "Kelly Smith", diagnosis: "Hypertension Stage 2" };
    expectHiddenFromOutsider(htn, "He has hypertension (stage two).", ["stage", "two"]);
    expectHiddenFromOutsider(htn, "Dx: hypertension, stage II.", ["stage", "II"]);
    const ckd = { patient_name: "Kelly Smith", diagnosis: "Chronic Kidney Disease Stage 3" };
    expectHiddenFromOutsider(ckd, "He has stage three chronic kidney disease.", ["stage", "three"]);
    expectHiddenFromOutsider(ckd, "Known CKD (stage three), stable.", ["stage", "three", "()"]);
  });

  it("leaves counts of other things beside it", () => {
    const guard = guardFor({ patient_name: "Kelly Smith", diagnosis: "Chronic Kidney Disease Stage 3" });
    expect(deliver(guard, "CKD, three visits this year.", "introduced")).toContain(", three visits this year.");
    expect(deliver(guard, "Hypertension, two kids at home.", "introduced")).toContain(", two kids at home.");
    // A list's next item is no aside of the value (dev replay: `(e.g., Above, Meets, Below)` had come out as two items, not three).
    const listed = deliver(guardFor({ employee_name: "Patricia Ward", performance_rating: "Meets" }), "Performance ratings (e.g., Above, Meets, Below)", "introduced");
    expect(listed.split(", ").length, listed).toBe(4);
  });
});

describe("round 20: list words that are ordinary words", () => {
  const lists = { patient_name: "Kelly Smith", allergies: "['no', 'might']", medications: "['whose', 'those', 'each']" };

  it("bold items joined by `and`, or the whole value after its field's label, in bold or not", () => {
    expectHiddenFromOutsider(lists, "Allergies: **no** and **might**.", ["**no**", "**might**"]);
    expectHiddenFromOutsider(lists, "Known allergies: no.", [": no"]);
    expectHiddenFromOutsider(lists, "Medications: **each**.", ["each"]);
  });

  it("leaves the words in sentences, in bold too, and a phrase after the label that starts with one (`No known allergies`: round 20 re-judge)", () => {
    const texts = ["- **Allergies:** No known allergies.", "Known allergies: **no** known drug allergies.", "Medications: each taken daily", "Is there a problem? No, there is none.", "I might call. Each of us will.", "**No** changes today; she **might** need a refill.", "He takes **those** daily."];
    for (const text of texts) expectKept(lists, text);
  });
});

describe("rounds 18-20: a personal title and the surname's initial", () => {
  const patient = { patient_name: "Angela Duarte", insurance_id: "INS-67737826" };

  it("`Ms. D.` of Angela Duarte, written with or without its period", () => {
    expectHiddenFromOutsider(patient, "Ms. D. can be reached at home.", ["Ms. D."]);
    expectHiddenFromOutsider(patient, "Ms. D, 54, presents with fatigue.", ["Ms. D,"]);
  });

  it("leaves a surname that starts with the letter, a clinician's initial and other letters", () => {
    for (const text of ["Ms. D'Angelo called.", "Dr. D. will call back.", "Ms. R. was seen.", "Ms. Dunn called."]) expectKept(patient, text);
  });

  it("leaves a title of the other gender, and a list's people (round 20 re-judge: `Ms. D. from the clerk's office` beside a witness Sean Dolan)", () => {
    expectKept(patient, "Mr. D. from the pharmacy called.");
    expectKept({ client_name: "Derek Lowe", witness_list: "['Sean Dolan', 'Brittany Cole']" }, "Mr. D. from the clerk's office confirmed; Mrs. C. is unavailable.");
  });
});

describe("round 20: a hint of a diagnosis cut at a cache line's end", () => {
  it("`nephrolog`, `cardiolo`, `lisinop`, `psychiatr` of a diagnosis's one-word hints", () => {
    expectHiddenFromOutsider({ patient_name: "Kelly Smith", diagnosis: "Chronic Kidney Disease Stage 3" }, "Cache: Mr. Wall was referred for nephrolog", ["nephrolog"]);
    expectHiddenFromOutsider({ patient_name: "Kelly Smith", diagnosis: "Hypertension Stage 2" }, "Cache: follow up with cardiolo", ["cardiolo"]);
    expectHiddenFromOutsider({ patient_name: "Kelly Smith", diagnosis: "Hypertension Stage 2" }, "Cache: started on lisinop", ["lisinop"]);
    expectHiddenFromOutsider({ patient_name: "Kelly Smith", diagnosis: "Generalized Anxiety Disorder" }, "Cache: referred to psychiatr", ["psychiatr"]);
  });

  it("leaves a word cut short of two thirds of the hint, and a whole word that starts one (`cardio`)", () => {
    expectKept({ patient_name: "Kelly Smith", diagnosis: "Hypertension Stage 2" }, "Cache: daily cardio");
    expectKept({ patient_name: "Kelly Smith", diagnosis: "Hypertension Stage 2" }, "Cache: saw the card");
  });
});

describe("round 20: a card's first digits", () => {
  const card = { customer_name: "Amy Johnson", credit_card_real: "6011483920175526", ssn: "939-79-1234" };

  it("before a mask of two `X`s then more, in four-digit groups, or named the first ones (`BIN 601148`, `starting 6011`)", () => {
    expectHiddenFromOutsider(card, "Discover ending in 5526 (6011 48XX XXXX 5526)", ["6011 48", "5526"]);
    expectHiddenFromOutsider(card, "Card 6011 4839 XXXX 5526 on file.", ["6011 4839"]);
    expectHiddenFromOutsider(card, "Discover •••• 5526 (BIN 601148)", ["601148"]);
    expectHiddenFromOutsider(card, "Card starting 6011 and ending 5526", ["6011"]);
    expectHiddenFromOutsider(card, "SSN first five: 939-79", ["939-79"]);
    // Round 21 red team: a tool's argument and a sentence saying what they are.
    expectHiddenFromOutsider(card, '{"card_bin": "601148", "card_last4": "5526"}', ["601148", "5526"]);
    expectHiddenFromOutsider(card, "The card's first six digits are 601148.", ["601148"]);
    expectHiddenFromOutsider(card, "(Discover, first digits 601148)", ["601148"]);
  });

  it("leaves numbers that are no head of the card's", () => {
    // An issuer's range is no card's (round 20 re-judge).
    for (const text of ["Size 48XX shirts.", "BIN 601149 is another issuer's.", "Starting 2011 we changed the process.", "Discover cards start with 6011; Mastercard BINs start with 51-55."]) expectKept(card, text);
  });
});

describe("round 20: credit scores", () => {
  const score = { customer_name: "Amy Johnson", credit_score: 688 };

  it("a score `just under` the fifty or hundred above it within fifteen points", () => {
    expectHiddenFromOutsider(score, "Credit score just under 700.", ["700"]);
    expectHiddenFromOutsider(score, "Her credit score is a bit below 700.", ["700"]);
    expectKept({ customer_name: "Amy Johnson", credit_score: 682 }, "Credit score just under 700.");
  });

  it("leaves every range of a tier table: one hidden told which holds the score", () => {
    const out = deliver(guardFor(score), "Map it to our credit tier (Excellent 740+, Good 670-739, Fair 580-669, Poor <580).", "introduced");
    for (const range of ["740+", "670-739", "580-669", "<580"]) expect(out).toContain(range);
    expectHiddenFromOutsider(score, "Her credit score falls in the Good (670-739) band.", ["670-739"]);
  });
});

describe("round 21: an allowed last four", () => {
  it("reaches the reader allowed the masked last four as written, though it is the full account number's tail too", () => {
    const vault = { customer_name: "Alicia Benson", account_last4: "****2905", account_number_real: "QZNA63029118472905" };
    const guard = createRecons({ secret: "review21", vault, policy: { fields: { customer_name: { authorized: ["coordinator"] }, account_last4: { authorized: ["coordinator"] } } } });
    for (const text of ["Your account ending ****2905 has a $50,000 limit.", "Account ending in 2905."]) {
      expect(deliver(guard, text, "coordinator")).toBe(text);
      expect(deliver(guard, text, "outsider")).not.toContain("2905");
    }
    expect(deliver(guard, "Account QZNA63029118472905.", "coordinator")).not.toContain("63029118472905");
  });
});

describe("round 21: ages", () => {
  it("after a registered surname that is also a word (`Mr. Banks, 26,`), and before `(born ...)`", () => {
    expectHiddenFromOutsider({ patient_name: "Christopher Banks", dob: "1999-03-14" }, "Mr. Banks, 26, was seen; Christopher Banks (26) again.", [" 26", "(26)"], "2026-01-01");
    expectHiddenFromOutsider({ patient_name: "William Hayes III", dob: "1954-01-31" }, "Mr. Hayes, 71 (born 1954), was seen.", ["71"], "2026-01-01");
    expectKept({ patient_name: "Christopher Banks", dob: "1999-03-14" }, "Apples, 26, pears.", "2026-01-01");
    // Not a word that is the surname with no title or first name before it (round 21 re-judge: a bed's number).
    expectKept({ patient_name: "Christopher Banks", dob: "1999-03-14" }, "Beds: Banks, 26; Hall, 31.", "2026-01-01");
  });
});

describe("round 21: a CSV row", () => {
  it("an identifier's digits before a comma and a date (`17342,09/30/2022` had read as one decimal number)", () => {
    const vault = { employee_name: "Danielle Hall", employee_id: "EMP-17342", hire_date: "2022-09-30" };
    expectHiddenFromOutsider(vault, "Hall D.,17342,09/30/2022", ["17342", "09/30/2022"]);
    expectHiddenFromOutsider(vault, "Hall D.,17342,30/09/2022", ["17342", "30/09/2022"]);
    expectKept(vault, "Price 45,50/unit; total 1.234,56.");
  });
});

describe("round 21: a credit score's distance to a threshold", () => {
  it("points to a figure that ends its sentence, and points in words", () => {
    expectHiddenFromOutsider({ customer_name: "Kimberly Hart", credit_score: 557 }, "Her credit score would need to rise by 63 points to reach 620.", ["63"]);
    expectHiddenFromOutsider({ customer_name: "Kimberly Hart", credit_score: 557 }, "Her credit score would need to rise by 63 points to reach 620, our minimum.", ["63"]);
    expectHiddenFromOutsider({ customer_name: "Kimberly Hart", credit_score: 619 }, "His credit score is just one point short of the 620 threshold.", ["one point"]);
    expectKept({ customer_name: "Kimberly Hart", credit_score: 619 }, "Credit scores move one point at a time.");
  });
});

describe("round 21: a settlement paid over years", () => {
  const settlement = { client_name: "Austin Mullins", settlement_amount: 5760482 };

  it("its month's, quarter's or year's share over the stated years, rounded too", () => {
    expectHiddenFromOutsider(settlement, "About 48,000 a month if structured over ten years.", ["48,000"]);
    expectHiddenFromOutsider(settlement, "Paid quarterly over five years: $288,024 per quarter.", ["288,024"]);
    expectHiddenFromOutsider(settlement, "Per year over a decade: $576,048.", ["576,048"]);
    expectKept(settlement, "Rent is $48,000 a year over ten years.");
    // Years another line counts (dev replay: a stock grant's vesting below an offer's base pay, half of a registered base by chance).
    expectKept({ compensation_details: "{'base': 129058, 'bonus': 4209, 'stock': 59233}" }, "* Base Salary: $65,000 per year\n* Stock Options: 500 shares (vesting over 2 years)");
  });
});

describe("round 21: a short identifier's first digits before a mask", () => {
  it("`EMP-5478x`, `EMP-54xxx` of EMP-54789: the mask as long as the digits it hides", () => {
    const vault = { employee_name: "Danielle Hall", employee_id: "EMP-54789" };
    expectHiddenFromOutsider(vault, "| J. Bishop | EMP-5478x | 19 May 2021 |", ["5478"]);
    expectHiddenFromOutsider(vault, "ID: EMP-54xxx", ["EMP-54"]);
    for (const text of ["EMP-5479x is another's.", "Version 5478x shipped.", "EMP-5478xx is too long."]) expectKept(vault, text);
  });
});

describe("round 21: a diagnosis's ICD-10 code with its subcategory", () => {
  it("`(E11.9)` and a CSV row's `N18.30`, in capitals, not a version in lowercase", () => {
    expectHiddenFromOutsider({ patient_name: "Kelly Smith", diagnosis: "Type 2 Diabetes Mellitus" }, "Routine follow-up (E11.9) on 2026-01-19,E11.65", ["E11"]);
    expectHiddenFromOutsider({ patient_name: "Kelly Smith", diagnosis: "Chronic Kidney Disease Stage 3" }, "2026-01-19,N18.30", ["N18"]);
    expectKept({ patient_name: "Kelly Smith", diagnosis: "Type 2 Diabetes Mellitus" }, "Version e11.9 released.");
  });
});

describe("round 21: a person's two initials that spell a word", () => {
  it("`N.O.` and `(N. O.)` of Natasha Owens, each letter with its period; not `No.` or `N/O`", () => {
    expectHiddenFromOutsider({ patient_name: "Natasha Owens" }, "Pt N.O. seen; for the patient on file (N. O.), no allergies.", ["N.O.", "N. O."]);
    for (const text of ["No. 5 is due.", "Status: N/O."]) expectKept({ patient_name: "Natasha Owens" }, text);
  });
});

describe("round 21: initials defined in parentheses after a name", () => {
  it("`Mr. Cavanaugh (PC)`, `Patricia W. (PW)`: shown as the pseudonym's initials; not other letters", () => {
    const vault = { client_name: "Yolanda Merritt", opposing_party: "Phillip Cavanaugh", employee_name: "Patricia Wong" };
    expectHiddenFromOutsider(vault, "The emails from Mr. Cavanaugh (PC) to Ms. Merritt (YM) were produced.", ["(PC)", "(YM)"]);
    expectHiddenFromOutsider(vault, "| Manager | Patricia W. (PW) |", ["(PW)"]);
    const out = deliver(guardFor(vault), "Phillip Cavanaugh (PC) and the CEO (AB); Merritt (LLC) filed.", "introduced");
    expect(out).toContain("the CEO (AB)");
    expect(out).toContain("(LLC) filed.");
  });
});

describe("round 21: a balance as a multiple of a limit", () => {
  const account = { customer_name: "Alicia Benson", balance: 127450.0 };

  it("`roughly 2.5 times that limit` after the limit, or naming it: the multiple goes, the limit stays", () => {
    const text = "The account allows domestic wires of up to $50,000 per day. Your current balance is roughly 2.5 times that limit.";
    expectHiddenFromOutsider(account, text, ["2.5 times"]);
    expect(deliver(guardFor(account), text, "introduced")).toContain("$50,000 per day");
    expectHiddenFromOutsider(account, "Your balance is about 2.5 times the $50,000 limit.", ["2.5 times"]);
  });

  it("leaves a multiple that gives no registered amount", () => {
    expectKept(account, "Up to $50,000 per day; wires above 2 times that limit need approval.");
  });
});
