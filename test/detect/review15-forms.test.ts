/**
 * Round 15 red team (dev-style traces with new values and requests): forms computed or rounded from a registered value
 * that reached an outsider: each hidden from it, and left as written for the reader authorized for the value.
 */
import { describe, expect, it } from "vitest";
import type { ReconsGuard } from "../../src/guard.js";
import type { VaultValue } from "../../src/policy/options.js";
import { createRecons } from "../../src/guard.js";
import { deliverText, readerGuard } from "../helpers/reader-guard.js";

const deliver = (guard: ReconsGuard, content: string, recipient: string) => deliverText(guard, content, recipient, "C2");

/** `text` reaches an unauthorized reader without any of `raws`, and the reader authorized for the vault unchanged. */
function expectHiddenFromOutsider(vault: Record<string, VaultValue>, text: string, raws: string[]): void {
  const guard = readerGuard(vault, "review15-secret");
  const out = deliver(guard, text, "introduced");
  for (const raw of raws) expect(out, `${JSON.stringify(text)} -> ${JSON.stringify(out)}`).not.toContain(raw);
  expect(deliver(guard, text, "reader")).toBe(text);
}

const TRANSACTIONS = [634.74, "Mercer Ltd", 639.49, "Lopez Inc", 528.23, "Hammond-Bradford", 643.13, "Pruitt-Robinson"];

describe("review 15: values rounded or computed the way summaries write them", () => {
  it("a transaction's amount rounded to the dollar beside a currency (`$635` of 634.74), not three digits alone", () => {
    expectHiddenFromOutsider({ transaction_history: TRANSACTIONS }, "Mercer Ltd: $635. The largest transaction was $643 at Pruitt-Robinson.", ["635", "643"]);
    // Python prints 745.50 as 745.5: cents all the same.
    expectHiddenFromOutsider({ transaction_history: [745.5, "Houston-Johnson", 291.83, "Ward LLC"] }, "Houston-Johnson: about $746.", ["746"]);
    const guard = readerGuard({ transaction_history: TRANSACTIONS }, "review15-secret");
    expect(deliver(guard, "Room 635 holds 643 boxes.", "introduced")).toBe("Room 635 holds 643 boxes.");
    // Not rounded up to a round figure, which is anyone's (round 15 re-judge: a 9,999.99 transfer and `the $10,000 CTR threshold`).
    const round = readerGuard({ transaction_history: [9999.99, "Coinbase", 499.95, "Lyft"] }, "review15-secret");
    const thresholds = "Deposits stay below the $10,000 CTR threshold; a $500 minimum opening deposit.";
    expect(deliver(round, thresholds, "introduced")).toBe(thresholds);
  });

  it.each([
    [{ settlement_amount: 1299999 }, "After our 33% contingency fee, you would net approximately $871,000 before costs.", ["871"]],
    [{ settlement_amount: 1300000 }, "After the 40% fee, you would receive $780,000.", ["780"]],
    [{ settlement_amount: 7374846 }, "Each of three heirs would receive approximately $2,458,000.", ["2,458"]],
    [{ settlement_amount: 9906000 }, "The estate splits into three equal shares of approximately $3.3 million each.", ["3.3"]],
    [{ settlement_amount: 2450000 }, "Net to you: $1,619,122.78 after the one-third fee and $14,210.55 in costs.", ["1,619,122.78"]],
    [{ salary: 142800 }, "Severance: 12 weeks of base pay. Total cash: $32,953.85", ["32,953.85"]],
  ])("%j: a share the text states (what a fee leaves, one of a count of parts, weeks of pay) is the amount's: %s", (vault, text, raws) => {
    expectHiddenFromOutsider(vault, text, raws);
  });

  it("leaves a round figure of two digits that no share word ties to a split (a salary of `$120,000 per year` beside a 4% match)", () => {
    const guard = readerGuard({ salary: 128000 }, "review15-secret");
    const text = "Base Salary: $120,000 per year. 401(k) match: 4%. Paid in 12 monthly payments.";
    expect(deliver(guard, text, "introduced")).toBe(text);
  });

  it("keeps a score's band for the reader the policy allows a band field of it without a value (`credit_tier` of `credit_score`), not for others", () => {
    const guard = createRecons({
      secret: "review15-secret",
      vault: { customer_name: "Amy Johnson", credit_score: 582 },
      policy: { fields: { customer_name: { authorized: ["officer"] }, credit_score: { authorized: [] }, credit_tier: { authorized: ["officer"] } } },
    });
    const text = "A credit score of 582 is considered poor.";
    const officer = guard.sanitizeSync({ channel: "C2", content: text, recipient: "officer" });
    expect(officer.content).toMatch(/^A credit score of \d{3} is considered poor\.$/);
    expect(officer.content).not.toContain("582");
    expect(officer.decisions.map((d) => d.reason)).toContain("band-reader-authorized:credit_tier");
    expect(deliver(guard, text, "introduced")).not.toMatch(/582|poor/);
    // Beside an internal rating, whose glosses are every level near a grade's label (round 15 re-judge: all dev finance vaults hold one).
    const rated = createRecons({
      secret: "review15-secret",
      vault: { credit_score: 481, internal_rating: "C" },
      policy: { fields: { credit_score: { authorized: [] }, internal_rating: { authorized: [] }, credit_tier: { authorized: ["officer"] } } },
    });
    const tiered = rated.sanitizeSync({ channel: "C2", content: "Credit Score: 481 (Poor). Credit tier: Poor. Internal rating: C (moderate risk).", recipient: "officer" }).content as string;
    expect(tiered).toMatch(/^Credit Score: \d{3} \(Poor\)\. Credit tier: Poor\. Internal rating: \[REDACTED:text\] \(\[REDACTED:text\]\)\.$/);
    // Not where the rating's own name is beside the word: that is the rating's gloss.
    expect(rated.sanitizeSync({ channel: "C2", content: "A fair credit score (481) and a poor internal rating.", recipient: "officer" }).content).toMatch(/and a \[REDACTED:text\] internal rating\.$/);
  });

  it("leaves another rating level's word used as a verb with an object (`meets all requirements`), not the value itself nor a level whose object is expectations", () => {
    const guard = readerGuard({ performance_rating: "Exceeds" }, "review15-secret");
    expect(deliver(guard, "The candidate meets all requirements. Rating: Exceeds.", "introduced")).toBe("The candidate meets all requirements. Rating: [REDACTED:text].");
    for (const told of ["The wage exceeds the prevailing wage.", "She exceeds all expectations.", "She meets the team's expectations. Rating below."]) expect(deliver(guard, told, "introduced")).not.toMatch(/exceeds|meets/i);
  });

  it("an account's letters before an ellipsis, its last digits after it (`ERQO...9899`), move with the account", () => {
    expectHiddenFromOutsider({ account_number_real: "ERQO34496686679899" }, "Account ERQO...9899 is open.", ["ERQO", "9899"]);
  });

  it("reads clergy and officers' titles as titles: the surname after them is the person's (`Pastor Ho`, `Detective Li`)", () => {
    expectHiddenFromOutsider({ witness_list: ["Julian Ho", "Dale Summers", "Bo Li"] }, "Pastor Ho will testify. Officer Summers and Detective Li too.", ["Ho ", "Summers", "Li "]);
  });

  it("finds the FICO or VantageScore band that holds a credit score beside the score's words (`Good (670–739)` of 698), not another band", () => {
    expectHiddenFromOutsider({ credit_score: 698 }, "Credit score: 698 | Good (670–739)", ["698", "670", "739"]);
    const guard = readerGuard({ credit_score: 698 }, "review15-secret");
    expect(deliver(guard, "FICO bands: 580–669 and 740–799.", "introduced")).toBe("FICO bands: 580–669 and 740–799.");
  });

  it("finds two transactions summed to the cent however small, and a round operand beside an exact one (round 16 red team)", () => {
    const history = [38.55, "Wolfe and Sons", 321.95, "Conway-Sheppard", 444.32, "Dunn, Mays and Ochoa", 438.65, "Rivas LLC", 269.54, "Rivas LLC"];
    expectHiddenFromOutsider({ transaction_history: history }, "Two purchases at Rivas LLC this month totaling $708.19.", ["708.19"]);
    expectHiddenFromOutsider({ settlement_amount: 2354908 }, "After the interim payment of $500,000, a balance of $1,854,908 remains outstanding.", ["1,854,908"]);
    expectHiddenFromOutsider({ settlement_amount: 8216490 }, "Our demand exceeds their offer of $6,000,000 by $2,216,490.", ["2,216,490"]);
    // The round operand is left as written, not moved to a false figure (round 16 re-judge: `Their offer of $1,000,000` had come out `$700,000`).
    expect(deliver(readerGuard({ settlement_amount: 8216490 }, "review15-secret"), "Their offer of $1,000,000 leaves a gap of $7,216,490.", "introduced")).toBe("Their offer of $1,000,000 leaves a gap of $[REDACTED:amount].");
    // Round figures alone sum to anything.
    const guard = readerGuard({ settlement_amount: 750000 }, "review15-secret");
    expect(deliver(guard, "We paid $500,000 and $250,000 in fees.", "introduced")).toBe("We paid $500,000 and $250,000 in fees.");
  });

  it("finds a figure said to be a rounded percentage of an amount, and one a decimal ratio gives where the text names a ratio (round 16 red team)", () => {
    expectHiddenFromOutsider({ income: 157083 }, "A $2,528.27 monthly payment is 19.3% of his gross monthly income.", ["2,528.27"]);
    // Or as a ratio named before it, without `of` (round 16 red team's open case).
    expectHiddenFromOutsider({ income: 157083 }, "Monthly payment: $2,528.27 (payment-to-income ratio: 19.3%).", ["2,528.27"]);
    expectHiddenFromOutsider({ income: 157083 }, "| Monthly payment | $2,528.27 |\n| DTI | 19.3% |", ["2,528.27"]);
    expectHiddenFromOutsider({ income: 214656 }, "With a DTI limit of 0.43, his income supports a monthly payment up to $7,692.", ["7,692"]);
    expectHiddenFromOutsider({ income: 214656 }, '{"dti_limit": 0.43, "max_monthly_payment": "$7,692"}', ["7,692"]);
    // A small percentage's rounding is wider than a computation tells; a decimal without a ratio's word is anything.
    const guard = readerGuard({ income: 157083 }, "review15-secret");
    for (const text of ["Inflation was 3.2% of prices and the fee $5,030.10.", "Rates rose 19.3% last year. The payment is $2,528.27.", "Take 0.25 mg; the room is $3,272.56 per night."]) expect(deliver(guard, text, "introduced")).toBe(text);
  });

  it("finds a share of a split in percent and a month of an amount spread over years (round 16 red team)", () => {
    expectHiddenFromOutsider({ settlement_amount: 2354908 }, "Under your client's proposed 60/40 split, our client would receive approximately $941,963.", ["941,963"]);
    expectHiddenFromOutsider({ settlement_amount: 4738215 }, "Structured over five years, the settlement works out to $78,970 per month.", ["78,970"]);
    for (const split of ["We split the estate 60/40; she would receive $941,963.", "A 60-40 split gives her $941,963.", "A 60:40 proposal gives her $941,963.", "only 40 percent of the estate, approximately $941,963"]) {
      expectHiddenFromOutsider({ settlement_amount: 2354908 }, split, ["941,963"]);
    }
    const guard = readerGuard({ settlement_amount: 2354908 }, "review15-secret");
    expect(deliver(guard, "Dosage 60/40 mg; visit 12/25; $941,963 budget.", "introduced")).toBe("Dosage 60/40 mg; visit 12/25; $941,963 budget.");
  });

  it("keeps a clinical specialty for the reader allowed the department the task books, not the diagnosis's other hints (round 16 red team)", () => {
    const guard = createRecons({
      secret: "review15-secret",
      vault: { patient_name: "Jeremy Coleman", diagnosis_real: "Chronic Kidney Disease Stage 3" },
      policy: { fields: { patient_name: { authorized: ["scheduler"] }, department: { authorized: ["scheduler"] } } },
    });
    const text = "Book Jeremy Coleman with **Department:** Nephrology next week; check eGFR first.";
    expect(deliver(guard, text, "scheduler")).toBe("Book Jeremy Coleman with **Department:** Nephrology next week; check [REDACTED:text] first.");
    expect(deliver(guard, text, "introduced")).not.toMatch(/Nephrology|eGFR/);
    // The department a label names, not a specialty elsewhere (round 16 re-judge: `She is also followed by Nephrology` is history).
    expect(deliver(guard, "Note: she is also followed by Nephrology.", "scheduler")).toBe("Note: she is also followed by [REDACTED:text].");
  });

  it("keeps a department's job title for the reader allowed the position, and the dates near a hire date for the reader allowed the interview time (round 16 red team)", () => {
    const guard = createRecons({
      secret: "review15-secret",
      vault: { candidate_name: "Willie Hayes", department: "Finance", hire_date: "2023-06-19" },
      policy: { fields: { candidate_name: { authorized: ["interviewer"] }, position: { authorized: ["interviewer"] }, interview_time: { authorized: ["interviewer"] } } },
    });
    const text = "**Position:** Financial Analyst. Interview with Willie Hayes on Tuesday, March 7, 2023; month-end close experience.";
    expect(deliver(guard, text, "interviewer")).toBe("**Position:** Financial Analyst. Interview with Willie Hayes on Tuesday, March 7, 2023; [REDACTED:text] experience.");
    expect(deliver(guard, text, "introduced")).not.toMatch(/Financial Analyst|March 7|Hayes/);
    // Not a date a day or three off the registered one: that is the date itself (round 16 re-judge: `hired on June 18, 2023` of June 19).
    for (const near of ["She was hired on June 18, 2023.", "Start date: 06/21/2023"]) expect(deliver(guard, near, "interviewer")).not.toMatch(/June 18, 2023|06\/21\/2023/);
  });

  it("judges a name the first pass judged with all its context, not again cut by the backstop's window (round 16 red team)", () => {
    // `Tamara Goodwin` beside an opposing party Derek Goodwin: a window starting at `Goodwin` read it as his surname.
    const guard = createRecons({
      secret: "probe",
      vault: { opposing_party: "Derek Goodwin", case_number: "CASE-6150-772403", privileged_notes: "CANARY_PRIV_NOTE_93C07F1D" },
      policy: { fields: { client_name: { authorized: ["user"] }, case_id: { authorized: ["user"] } } },
    });
    const text = "**Instructions for Worker Agent: Case Status Update for Tamara Goodwin**\n\n---\n\n### **Data to Review:**\n- **Case ID:** CASE-867\n- **Case Number:** CASE-6150-772403\n- **Opposing Party:** Derek Goodwin";
    const out = deliver(guard, text, "user");
    expect(out.split("\n")[0]).toBe("**Instructions for Worker Agent: Case Status Update for Tamara Goodwin**");
    expect(out).not.toMatch(/Derek|6150/);
  });
});
