/**
 * Session 55 probe (out of sample, on the dev traces' vault schema): one clause of a note quoted alone, and an SSN's last four
 * under an `ssn_tail` key; a birth date cut as written out at an excerpt's end (`Februa`); HR's own compounds behind its pseudonym (`QA Representative`); a diabetes told by its glucose checks and foot care, a psychiatric diagnosis by a psychologist; a rating's own word pointing into the text (`Below is a summary`), whose placeholder told it. On the code before, each form below reached an outsider as written. And the ordinary text the fixes
 * must not change.
 */
import { describe, expect, it } from "vitest";
import { reviewForms } from "../helpers/review-forms.js";

const { expectHiddenFromOutsider, expectKept, guardFor, deliver } = reviewForms("review55-secret");

describe("session 55: one clause of a note, quoted alone", () => {
  it("an HR note's second clause, a settlement floor, a missed deadline, a promotion on hold", () => {
    expectHiddenFromOutsider({ employee_name: "Paulette Merriweather", manager_notes: "Pair with senior mentor; struggles with ambiguous requirements" }, "Per her manager, she struggles with ambiguous requirements.", ["struggles with ambiguous requirements"]);
    expectHiddenFromOutsider({ client_name: "Silas Kemp", confidential_strategy: "Client will accept as little as 60% of the demand; keep this confidential" }, "Internal only: we can accept as little as 60% of the demand.", ["accept as little as 60% of the demand"]);
    expectHiddenFromOutsider({ employee_name: "Thaddeus Szabo", performance_notes: "Missed three sprint deadlines in Q2; code review quality declining" }, "Flag for the review: missed three sprint deadlines in Q2.", ["missed three sprint deadlines"]);
    expectHiddenFromOutsider({ employee_name: "Wendy Sutherland", manager_notes: "Hold promotion until 2026 review; friction with peers" }, "Note the promotion on hold until the 2026 review.", ["promotion on hold"]);
    expectHiddenFromOutsider({ client_name: "Joanna Cisneros", privileged_notes: "Client concedes the email came from his account. Forensic report shows no intrusion." }, "The forensic report shows no sign of intrusion.", ["forensic report shows no sign of intrusion"]);
  });

  it("a clause of two words, a modal, or words of another clause apart, stay in ordinary text", () => {
    const strategy = { client_name: "Silas Kemp", confidential_strategy: "Client will accept as little as 60% of the demand; keep this confidential" };
    expectKept(strategy, "Please keep this confidential until the hearing.");
    expectKept(strategy, "The client will review the demand letter tomorrow.");
    const review = { employee_name: "Thaddeus Szabo", performance_notes: "Missed three sprint deadlines in Q2; code review quality declining" };
    expectKept(review, "The code review is scheduled for Tuesday.");
    expectKept({ employee_name: "Wendy Sutherland", manager_notes: "Hold promotion until 2026 review; friction with peers" }, "Peers gave friendly feedback during the offsite.");
  });
});

describe("session 55: a last four under a tail key", () => {
  it("an SSN's last four under `ssn_tail`, an account's under `acct_tail`", () => {
    expectHiddenFromOutsider({ patient_name: "Wade Lucero", ssn_real: "233-26-6273" }, "- ssn_tail: 6273\n- outcome: flagged for pharmacist review", ["6273"]);
    expectHiddenFromOutsider({ customer_name: "Ochoa Ruiz", account_number_real: "4410-2231-6807" }, '{"acct_tail": "6807", "status": "ok"}', ["6807"]);
  });

  it("a masked card's last digits after its enciphered head show the surrogate's", () => {
    const card = { name: "Marilyn Solomon", credit_card_real: "565832232724" };
    const out = deliver(guardFor(card), "Credit Card: `565832*******24` (Masked)", "introduced");
    expect(out).toMatch(/^Credit Card: `\d{6}\*{7}\d{2}` \(Masked\)$/);
    expect(out).not.toContain("565832");
    expect(out.slice(-12, -10)).not.toBe("24");
    expectKept(card, "Seats: 565 guests and 24 staff");
  });

  it("four digits under another key stay", () => {
    expectKept({ patient_name: "Wade Lucero", ssn_real: "233-26-6273" }, "- room: 6273\n- outcome: flagged for pharmacist review");
  });
});

describe("session 55: a rating's own word pointing into the text", () => {
  const rated = { employee_name: "Shannon Perry", performance_rating: "Below" };
  const outsider = (text: string) => deliver(guardFor(rated), text, "introduced");

  it("reads as a neutral pointer, not a placeholder that tells the word", () => {
    expect(outsider("Welcome to the team! Below is a summary of your onboarding details.")).toBe("Welcome to the team! Here is a summary of your onboarding details.");
    expect(outsider("Generate the report using the structure below.")).toBe("Generate the report using the structure here.");
    expect(outsider("Please find the meeting link below: [Insert Zoom link]")).toBe("Please find the meeting link here: [Insert Zoom link]");
    expect(deliver(guardFor(rated), "Below is a summary.", "reader")).toBe("Below is a summary.");
  });

  it("a level stays hidden, and so does another level listed beside it with a share", () => {
    for (const text of ["Her performance is rated Below expectations.", "Performance Rating: Below", "- Below: 1", "Results fall below the target."]) {
      expect(outsider(text)).not.toMatch(/below|here/i);
    }
    expect(outsider("Rating Distribution:\n  - Above: [X]%\n  - Below: [X]%")).toBe("Rating Distribution:\n  - [REDACTED:text]: [X]%\n  - [REDACTED:text]: [X]%");
  });
});

describe("session 55 judges: a diagnosis told by its care plan", () => {
  it("diabetes by post-meal checks, a CGM, hypoglycemia, neuropathy or foot care; anxiety or depression by a psychologist", () => {
    const diabetes = { patient_name: "Willie Stevenson", diagnosis_real: "Type 2 Diabetes Mellitus" };
    expectHiddenFromOutsider(diabetes, "Encourage fasting and postprandial checks with a CGM; review hypoglycemia risk.", ["postprandial", "CGM", "hypoglycemia"]);
    expectHiddenFromOutsider(diabetes, "Screen for neuropathy and refer to a podiatrist; carb-controlled meal plan.", ["neuropathy", "podiatrist", "carb-controlled"]);
    expectHiddenFromOutsider({ patient_name: "Monica Campbell", diagnosis_real: "Generalized Anxiety Disorder" }, "Specify the specialist type (e.g., psychologist).", ["psychologist"]);
    expectHiddenFromOutsider({ patient_name: "Ronald Stephens", diagnosis_real: "Major Depressive Disorder" }, "Refer to a psychotherapist.", ["psychotherapist"]);
  });

  it("a family matter told by the division of its property", () => {
    expectHiddenFromOutsider({ client_name: "Joanna Cisneros", case_type: "family" }, "Dispute over asset division in family proceedings; mediation on property division.", ["asset division", "property division"]);
    expectKept({ client_name: "Joanna Cisneros", case_type: "criminal" }, "The spin-off requires an asset division between the two companies' books.");
  });

  it("the same words stay beside another diagnosis", () => {
    expectKept({ patient_name: "Nora Norton", diagnosis_real: "Hypertension Stage 2" }, "Refer to a podiatrist for the ingrown nail; a psychologist is available on site.");
  });
});

describe("session 55 judges: HR told by its own compounds behind the department's pseudonym", () => {
  it("an HR representative, portal or database goes whole; the person's department still reads as another", () => {
    const hr = { employee_name: "Shannon Perry", department: "HR" };
    const out = deliver(guardFor(hr), "Contact your HR Representative or the HR portal. Shannon Perry is part of the HR department.", "introduced");
    expect(out).not.toMatch(/HR|Representative|portal/);
    expect(out).toMatch(/^Contact your \[REDACTED:text\] or the \[REDACTED:text\]\. \S+ \S+ is part of the [A-Z][A-Za-z&]+ department\.$/);
    expectKept({ employee_name: "Shannon Perry", department: "Finance" }, "Contact your HR Representative or the HR portal.");
  });

  it("a department's own work left beside its pseudonym: HR paperwork, scalable software, campaign performance, leads", () => {
    expectHiddenFromOutsider({ employee_name: "Kelly Nash", department: "HR" }, "Complete HR paperwork (I-9, W-4) and email HR processes questions.", ["HR paperwork", "HR processes"]);
    expectHiddenFromOutsider({ employee_name: "Ivan Davis", department: "Engineering" }, "Design and develop high-quality, scalable software solutions.", ["scalable software", "software solutions"]);
    expectHiddenFromOutsider({ employee_name: "Jamie Fox", department: "Marketing" }, "Use Google Analytics to measure campaign performance and brand growth.", ["Google Analytics", "campaign performance", "brand growth"]);
    expectHiddenFromOutsider({ employee_name: "Rosa Diaz", department: "Sales" }, "Work alongside the team to generate leads and follow up on leads.", ["generate leads", "follow up on leads"]);
    expectKept({ employee_name: "Ivan Davis", department: "Finance" }, "Technical proficiency with scalable software solutions and campaign performance dashboards.");
  });
});

describe("session 55 judges: a birth date cut as written out where an excerpt ends", () => {
  it("is redacted, month first or day first; a date cut in digits still shows its surrogate's start", () => {
    const chart = { patient_name: "Willie Fields", dob: "1986-02-23" };
    expectHiddenFromOutsider(chart, "- **Name:** Willie Fields\n- **Date of Birth:** Februa", ["Februa"]);
    expectHiddenFromOutsider(chart, "- **Date of Birth:** 23 Febr", ["23 Febr"]);
    expect(deliver(guardFor(chart), "- **Date of Birth:** February 2", "introduced")).toBe("- **Date of Birth:** [REDACTED:date]");
    expectKept(chart, "The audit is due in Febru");
  });
});
