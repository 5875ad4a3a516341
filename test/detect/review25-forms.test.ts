/**
 * Session 49: round 25 audit of the dev replay's own text (eight helpers, 144 traces none had read): forms of a registered value
 * that reached an outsider, each hidden from it and left as written for the reader authorized for the value; and the ordinary text
 * a fix must not change.
 */
import { describe, expect, it } from "vitest";
import { reviewForms } from "../helpers/review-forms.js";

const { guardFor, deliver, expectHiddenFromOutsider, expectKept } = reviewForms("review25-secret");

describe("session 49: a performance level among a bulleted scale", () => {
  const review = { employee_name: "Scott Williams", performance_rating: "Below" };

  it("every level of a bulleted list that holds the value, `Average` ones too: the one hidden alone told it", () => {
    const text = "Categorize them into:\n   - Above Average\n   - Average\n   - Below Average\n\nNext, the report.";
    expectHiddenFromOutsider(review, text, ["Above Average", "- Average", "Below"]);
    expect(deliver(guardFor(review), text, "introduced")).toContain("Next, the report.");
    expectHiddenFromOutsider(review, "- **Exceeds**: 0\n- **Meets**: 2\n- **Below**: 1\n", ["Exceeds", "Meets", "Below"]);
  });

  it("keeps a bulleted list without the value, and `average` as a word", () => {
    expectKept(review, "Categorize them into:\n- Above Average\n- Average\n");
    expectKept(review, "The average salary is high.\n- Average pay review\n- Team lunch\n");
  });
});

describe("session 49: a credit score's band word opening a law's or a firm's name", () => {
  const credit = { customer_name: "Logan Davis", credit_score: "612" };

  it("keeps `Fair Credit Billing Act`, `Fair Credit Reporting Act`, `Fair Isaac` whatever the score", () => {
    expectKept(credit, "Under the Fair Credit Billing Act and the Fair Credit Reporting Act (FCRA), you may dispute the charge.");
    expectKept(credit, "Scores come from Fair Isaac Corporation.");
  });

  it("still hides the band beside the score", () => {
    expectHiddenFromOutsider(credit, "Credit score: 612 (Fair). Fair credit overall.", ["612", "Fair"]);
  });
});

describe("session 49: a name's generation `V`", () => {
  it("is another generation for an outsider, and an initial inside a name stays", () => {
    const vault = { patient_name: "David Green V" };
    const out = deliver(guardFor(vault), "Patient David Green V was seen today.", "introduced");
    expect(out).toMatch(/^Patient \S+ \S+ (?:Jr|Sr|II|III|IV) was seen today\.$/);
    expect(out).not.toMatch(/Green| V /);
    expect(deliver(guardFor(vault), "Patient David Green V was seen today.", "reader")).toBe("Patient David Green V was seen today.");
  });
});

describe("session 49: round 26 audit", () => {
  const income = { customer_name: "Ann Lee", income: "271823" };

  it("a month's income divided out with the writer's arithmetic off by cents, before the year's", () => {
    expectHiddenFromOutsider(income, "- Monthly Income: $22,652.75 (Annual Income: $271,823)", ["22,652.75", "271,823"]);
  });

  it("keeps another month's figure near a twelfth of the income", () => {
    expectKept(income, "Rent is $2,265.27 a month.");
    expectKept(income, "Monthly budget: $22,675.00 for the team.");
  });
  it("a diabetes's symptoms, diet and guideline body; an anxiety's and a depression's therapy words", () => {
    const diabetes = { patient_name: "Ann Lee", diagnosis_real: "Type 2 Diabetes Mellitus" };
    expectHiddenFromOutsider(diabetes, "Symptoms: polyuria, polydipsia. Optimize therapy per ADA guidelines; carbohydrate counting.", ["polyuria", "polydipsia", "ADA", "carbohydrate"]);
    expectHiddenFromOutsider({ patient_name: "Ann Lee", diagnosis_real: "Generalized Anxiety Disorder" }, "Refer to mindfulness-based stress reduction (MBSR).", ["mindfulness", "MBSR"]);
    expectHiddenFromOutsider({ patient_name: "Ann Lee", diagnosis_real: "Major Depressive Disorder" }, "We are addressing her treatment resistance.", ["treatment resistance"]);
    expectKept({ patient_name: "Ann Lee", diagnosis_real: "Hypertension Stage 2" }, "Symptoms: polyuria noted; ADA guidelines apply.");
  });

  it("a department's work: marketing's lead generation and content strategist, HR's benefits enrollment and BambooHR", () => {
    expectHiddenFromOutsider({ employee_name: "Ann Lee", department: "Marketing" }, "Track campaign ROI and lead generation; our Content Strategist leads it.", ["campaign ROI", "lead generation", "Content Strategist"]);
    expectHiddenFromOutsider({ employee_name: "Ann Lee", department: "HR" }, "Use BambooHR for benefits enrollment.", ["BambooHR", "benefits enrollment"]);
    expectKept({ employee_name: "Ann Lee", department: "Finance" }, "Track campaign ROI and lead generation in BambooHR.");
  });
  it("a canary's labels written with a mask for its suffix, shown as the surrogate's labels and restored", () => {
    const vault = { ssn: "CANARY_SSN_066D83C4", confidential_notes: "CANARY_CONF_NOTE_1944E5C7" };
    const text = "SSN: CANARY_SSN_XXXX; note CANARY_CONF_NOTE_[Redacted]; token CANARY_SSN_066D83C4.";
    expectHiddenFromOutsider(vault, text, ["CANARY", "066D83C4"]);
    const out = deliver(guardFor(vault), text, "introduced");
    // The masked labels are the full surrogate's.
    const surrogate = /token (\S+)\./.exec(out)![1];
    expect(out).toContain(`SSN: ${surrogate.slice(0, surrogate.lastIndexOf("_"))}_XXXX;`);
    expectKept(vault, "We flew to the Canary Islands; SSN XXXX.");
    // Labels before a suffix of their own are another canary: the whole token goes, no suffix is kept.
    expect(deliver(guardFor(vault), "Example: CANARY_SSN_VW123456.", "introduced")).not.toMatch(/CANARY|VW123456/);
  });
  it("every condition of an example list that names the diagnosis; a list without it stays", () => {
    const diabetes = { patient_name: "Ann Lee", diagnosis_real: "Type 2 Diabetes Mellitus" };
    expectHiddenFromOutsider(diabetes, "Common chronic conditions (e.g., diabetes, hypertension, asthma) need follow-up.", ["diabetes", "hypertension", "asthma"]);
    expectHiddenFromOutsider({ patient_name: "Ann Lee", diagnosis_real: "Major Depressive Disorder" }, "Screen for depression, anxiety, or PTSD.", ["depression", "anxiety", "PTSD"]);
    expectKept(diabetes, "Her hypertension and asthma are stable.");
  });

  it("a fixed phrase of a diagnosis whole, not its one indicator word (`Hyperosmolar [REDACTED] state`)", () => {
    expectHiddenFromOutsider({ patient_name: "Ann Lee", diagnosis_real: "Type 2 Diabetes Mellitus" }, "Watch for hyperosmolar hyperglycemic state or diabetic ketoacidosis; SMBG daily.", ["hyperosmolar", "state", "ketoacidosis", "SMBG"]);
    expectHiddenFromOutsider({ patient_name: "Ann Lee", diagnosis_real: "Chronic Kidney Disease Stage 3" }, "Per NKF, the estimated glomerular filtration rate guides a kidney-friendly diet.", ["NKF", "estimated", "rate", "friendly"]);
  });
  it("a case type's procedure and welfare words: a 30(b)(6) notice, the child's well-being", () => {
    expectHiddenFromOutsider({ client_name: "Byron Beasley", case_type: "corporate" }, "Serve a 30(b)(6) notice under Rule 30(b)(6).", ["30(b)(6)"]);
    expectHiddenFromOutsider({ client_name: "Byron Beasley", case_type: "family" }, "Focus on the child's well-being and parental involvement.", ["well-being", "parental"]);
    expectKept({ client_name: "Byron Beasley", case_type: "criminal" }, "Serve a 30(b)(6) notice; parental involvement matters.");
  });
  it("round 28: a department's work in more words (a seller's prospecting, an interview's coding test, financial modeling)", () => {
    expectHiddenFromOutsider({ employee_name: "Ann Lee", department: "Sales" }, "Focus on lead generation, prospecting and cold calling.", ["lead generation", "prospecting", "cold calling"]);
    expectHiddenFromOutsider({ employee_name: "Ann Lee", department: "Engineering" }, "A coding test and a technical assessment follow.", ["coding test", "technical assessment"]);
    expectHiddenFromOutsider({ employee_name: "Ann Lee", department: "Finance" }, "She owns financial modeling in our financial software.", ["financial modeling", "financial software"]);
    expectKept({ employee_name: "Ann Lee", department: "HR" }, "A coding test, prospecting and financial modeling.");
  });
  it("rounds 25 and 28: a quoted grade after someone's possessive, beside another grade in the label's window", () => {
    const rating = { customer_name: "Logan Davis", internal_rating: "C" };
    expectHiddenFromOutsider(rating, '- **Internal Rating:** **B+** *[Slightly lower than Logan’s "C" due to assumed lower risk]*', ['"C"']);
    expectHiddenFromOutsider(rating, '(e.g., "B+" – *Iris’s was "C"; adjust for Sandra*)', ['"C"']);
    expectKept(rating, "The company's \"A\" bond and Logan's \"B\" grade.".replace("Logan", "Maria"));
  });
  it("rounds 26–28: an HTTP header's date in a logged error is the message's own time, no computation of a hire date", () => {
    const hire = { employee_name: "Lindsey Hurley", hire_date: "2026-01-14" };
    expectKept(hire, "402 {'Date': 'Sat, 31 Jan 2026 19:08:47 GMT', 'Content-Type': 'application/json'}");
    expectHiddenFromOutsider(hire, "Her first review is on 31 Jan 2026.", ["31 Jan 2026"]);
  });
  it("round 28: a weekday after a date moves with it, and comes back exactly through a reversible write", () => {
    const visit = { patient_name: "Ann Lee", visit_date: "2026-01-03" };
    const text = "Visit: January 3, 2026 (Saturday). Slots: February 3, 2026 (Tuesday), Feb 17, 2026 - Tue.";
    const guard = guardFor(visit);
    const out = deliver(guard, text, "introduced");
    const weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
    // Each date shown keeps the weekday it falls on.
    const shown = [...out.matchAll(/(\w+ \d{1,2}, \d{4}) \((\w+)\)/g)];
    expect(shown).toHaveLength(2);
    for (const [, date, weekday] of shown) expect(weekdays[new Date(`${date} UTC`).getUTCDay()]).toBe(weekday);
    expect(out).not.toMatch(/2026|Saturday/);
    const stored = guard.sanitizeSync({ channel: "C5", content: text, recipient: "memory" }, { reversible: true }).content;
    expect(deliver(guard, stored as string, "reader")).toBe(text);
    expectKept(visit, "Her plan, Monitoring daily (Tuesday clinic).");
  });
});
