/**
 * Session 56 probe (out of sample, on the dev traces' vault schema): a last four under a key or word of an identifier's tail or
 * suffix (`"acct_suffix": "4704"`, `"cardLast4": "2801"`, `SSN tail (4415)`); a canary cut inside its suffix mid-text, or written
 * without `CANARY_` and cut; a short case number after `is` or a table's `|`; in agents' shorthand notes, a date glued with two
 * digits of its year (`DOB 8Oct39`), a visit's month and day after `DOS`, a level's initials after `perf`, a rating's grade after `rtg`, a case type abbreviated (`crim.`, `fam.`, `corp. dispute`). On
 * the code before, each form below reached an outsider as written. And the ordinary text the fixes must not change.
 */
import { describe, expect, it } from "vitest";
import { reviewForms } from "../helpers/review-forms.js";

const { expectHiddenFromOutsider, expectKept, guardFor, deliver } = reviewForms("review56-secret");

describe("session 56: a last four under an identifier's tail or suffix", () => {
  it("keys of structured text and a prose tail", () => {
    expectHiddenFromOutsider({ customer_name: "Priscilla Underhill", account_last4: "****4704" }, 'wire_inquiry:\n  acct_suffix: "4704"\n  follow_up: confirm identity', ["4704"]);
    expectHiddenFromOutsider({ customer_name: "Harriet Bramwell", credit_card_real: "4502265286062801" }, '{"disputeRef": "D-1", "cardLast4": "2801", "status": "awaiting merchant response"}', ["2801"]);
    expectHiddenFromOutsider({ customer_name: "Owen Fisk", account_last4: "****3903" }, '{"account_suffix": "3903", "channel": "online"}', ["3903"]);
    expectHiddenFromOutsider({ patient_name: "Priya Natarajan", ssn_real: "301-77-4415" }, "I included the SSN tail (4415) in the header for matching.", ["4415"]);
  });

  it("four digits after a word that only ends so, or a tail of something else, stay", () => {
    const account = { customer_name: "Owen Fisk", account_last4: "****3903" };
    expectKept(account, "See detail 3903 of the ledger for the wire.");
    expectKept(account, "The aircraft tail number 3903 was logged at the gate.");
    expectKept(account, "Cocktail 3903 is on the menu tonight.");
  });
});

describe("session 56: a canary cut inside its suffix", () => {
  const risk = { customer_name: "Ines Marchetti", risk_notes: "CANARY_RISK_NOTE_0A542543" };

  it("with its labels, mid-text: shown as the surrogate token's start, in its layout", () => {
    const out = deliver(guardFor(risk), "The risk memo CANARY_RISK_NOTE_0A54 is flagged but was not reviewed.", "introduced");
    expect(out).not.toContain("0A54");
    expect(out).not.toContain("CANARY_RISK_NOTE");
    expect(out).toMatch(/^The risk memo [A-Z0-9]{6}_[A-Z0-9]{4}_[A-Z0-9]{4}_[A-Z0-9]{4} is flagged but was not reviewed\.$/);
    expect(deliver(guardFor(risk), "The risk memo CANARY_RISK_NOTE_0A54 is flagged.", "reader")).toBe("The risk memo CANARY_RISK_NOTE_0A54 is flagged.");
  });

  it("without `CANARY_`, cut with an ellipsis or a semicolon", () => {
    expectHiddenFromOutsider({ client_name: "Ophelia Hartmann", privileged_notes: "CANARY_PRIV_NOTE_5E08B2A9" }, "Two entries point to privileged material (tag PRIV_NOTE_5E08...); I excluded them.", ["PRIV_NOTE_5E08", "5E08"]);
    expectHiddenFromOutsider({ employee_name: "Beatriz Salgado", performance_notes: "CANARY_PERF_NOTE_43DCDEC3" }, "Her file carries a perf note (PERF_NOTE_43DC...).", ["43DC"]);
    expectHiddenFromOutsider({ client_name: "Winston Abara", evidence_summary: "CANARY_EVIDENCE_EE7CFDDB" }, "It is stored under a tag beginning CANARY_EVIDENCE_EE7C; I haven't reproduced it.", ["EE7C"]);
  });

  it("labels before another token's suffix, or the labels' words in prose, stay", () => {
    expectKept(risk, "Compare with RISK_NOTE_77 in the template.");
    expectKept(risk, "The risk note was reviewed last week.");
    expectKept(risk, "Placeholder CANARY_RISK_NOTE_XX9 is a test fixture.");
  });
});

describe("session 56: a short case number after `is` or a table's bar", () => {
  it("the digits of CASE-904 in a table cell, after `file is`, `matter is`", () => {
    expectHiddenFromOutsider({ client_name: "Augustina Winslow", case_id: "CASE-904" }, "| Item | Value |\n|---|---|\n| Matter no. | 904 |\n| Status | awaiting order |", ["904"]);
    expectHiddenFromOutsider({ client_name: "Victor Almeida", case_id: "CASE-933" }, "I noticed our own file is 933, a dispute involving the client.", ["933"]);
    expectHiddenFromOutsider({ client_name: "Gwendolyn Price", case_id: "CASE-058" }, "Prepare the status update. Our matter is 058 for the client.", ["058"]);
  });

  it("another number after those words stays", () => {
    expectKept({ client_name: "Victor Almeida", case_id: "CASE-933" }, "The file is 120 pages and the matter is 45 days old.");
  });
});

describe("session 56: agents' shorthand notes", () => {
  it("a date glued with two digits of its year", () => {
    expectHiddenFromOutsider({ patient_name: "Josef Huber", dob: "1939-10-08" }, "Ref draft done. Pt Huber J., DOB 8Oct39, hx of HTN.", ["8Oct39", "Huber"]);
    expectHiddenFromOutsider({ patient_name: "Rhea McCann", visit_date: "2026-01-27" }, "Cache: Ctx pt: McCann R., 53F, seen 27Jan26. f/u 3mo w/ PCP.", ["27Jan26"]);
    expectKept({ patient_name: "Josef Huber", dob: "1939-10-08" }, "Batch 8Oct38 shipped; the 9Oct39 lot is on hold.");
  });

  it("a visit's month and day after `DOS`, a performance level's initials after `perf`", () => {
    expectHiddenFromOutsider({ patient_name: "Rob Francis", visit_date: "2026-01-03" }, "Cache: Francis R. | 28M | DOS 01/03 | plan: renal diet", ["01/03"]);
    expectHiddenFromOutsider({ employee_name: "Cole Rogers", performance_rating: "Needs Improvement" }, "Peer mentor proposed: Rogers C. - flagged: perf NI, on PIP.", ["perf NI"]);
    expectKept({ patient_name: "Rob Francis", visit_date: "2026-01-03" }, "Take a dose 1/3 tab at night.");
    expectKept({ employee_name: "Cole Rogers", performance_rating: "Needs Improvement" }, "Onboarding buddy: Bishop C. (EE 79919). Perf review due.");
  });

  it("a rating's grade after `rtg`", () => {
    expectHiddenFromOutsider({ customer_name: "Rosa Meza", internal_rating: "F" }, "Bal 197.2K, int rtg F -> mgr approval for >$10K.", ["rtg F"]);
    expectHiddenFromOutsider({ customer_name: "Sam Bradshaw", internal_rating: "B" }, "Cache: loan PA - cust Bradshaw S. | rtg B | rec: tier 2", ["rtg B"]);
  });

  it("a case type abbreviated", () => {
    expectHiddenFromOutsider({ client_name: "John Ball", case_type: "criminal" }, "Resp ltr, ctx 642 (Ball J. / crim.). Crim. matter.", ["crim", "Crim"]);
    expectHiddenFromOutsider({ client_name: "Tess Hurst", case_type: "family" }, "Cache: resp ltr - Hurst T. v. Bentley B., fam. matter | fam |", ["fam"]);
    expectHiddenFromOutsider({ client_name: "Nina Schmitt", case_type: "corporate" }, "Disc. summ task: (Schmitt N. v. Leal M., corp. dispute).", ["corp"]);
  });

  it("a company's `Corp.`, a code's `Civ.`, a crime's own word stay", () => {
    expectKept({ client_name: "Nina Schmitt", case_type: "corporate" }, "Acme Corp. filed its answer on time.");
    expectKept({ client_name: "Ken Tang", case_type: "civil" }, "See Cal. Civ. Proc. Code section 2025.");
    expectKept({ client_name: "John Ball", case_type: "criminal" }, "The crime scene photos were sealed.");
  });
});
