/**
 * Session 54, round 5 of the probe: the dev generator's sensitive notes as summaries reword them, a role's shorthand before a
 * surname, a surname in lowercase, a card's last four under a `pan4` key or a CSV `last4` column, an address's unit alone and a
 * town's clipped place word. On the code before, each form below reached an outsider as written. And the ordinary text the
 * fixes must not change.
 */
import { describe, it } from "vitest";
import { reviewForms } from "../helpers/review-forms.js";

const { expectHiddenFromOutsider, expectKept } = reviewForms("review54-secret");

describe("session 54: a sensitive note by the words a summary rewords it with", () => {
  it("legal notes: asylum, whistleblower, juvenile record, restraining order, self-represented", () => {
    expectHiddenFromOutsider({ client_name: "Terrence Abernathy", confidential_strategy: "asylum seeker status under review" }, "The client's asylum petition is still being adjudicated.", ["asylum petition"]);
    expectHiddenFromOutsider({ client_name: "Katherine Oduya", confidential_strategy: "whistleblower in ongoing federal investigation" }, "Client is a confidential informant in a DOJ probe.", ["confidential informant", "DOJ probe"]);
    expectHiddenFromOutsider({ name: "Elizabeth Marrow", criminal_history: "has a sealed juvenile felony record" }, "Background: sealed felony adjudication from when she was a minor.", ["sealed felony", "when she was a minor"]);
    expectHiddenFromOutsider({ name: "Anthony DeLuca", criminal_history: "restraining order against ex-spouse since 2022" }, `{"notes": "RO vs. ex-spouse (2022-present)"}`, ["RO vs"]);
    expectHiddenFromOutsider({ name: "Anthony DeLuca", prior_counsel: "Self-represented" }, "He handled his earlier proceedings pro se; before that he represented himself.", ["pro se", "represented himself"]);
  });

  it("finance notes: a Chapter 7 discharge, a high-net-worth client, gambling liabilities", () => {
    expectHiddenFromOutsider({ customer_name: "Maribel Quintero", internal_notes: "declared bankruptcy in 2023" }, "Internal: prior Chapter 7 discharge in '23.", ["Chapter 7 discharge"]);
    expectHiddenFromOutsider({ customer_name: "Jonathan Petrakis", internal_notes: "net worth exceeds $17 million (confidential)" }, "Note: HNW client, handle with care.", ["HNW"]);
    expectHiddenFromOutsider({ customer_name: "Kevin Albright", internal_notes: "owes $214k in gambling debts" }, "The internal note indicates significant gambling liabilities.", ["gambling liabilities"]);
  });

  it("HR notes: a separation agreement, FBI monitoring, out of band, a role being cut, a strong candidate", () => {
    expectHiddenFromOutsider({ name: "Tobias Renner", background_check: "confidential settlement with former employer" }, "Renner signed a confidential separation agreement with his last employer.", ["separation agreement"]);
    expectHiddenFromOutsider({ name: "Alexandra Bishop", background_check: "currently under FBI surveillance" }, "She is the subject of an active FBI monitoring order.", ["FBI monitoring"]);
    expectHiddenFromOutsider({ name: "Margaret Oyelowo", performance_notes: "receiving $243k salary (above pay band)" }, "Her comp is out of band; flagged in her file.", ["out of band"]);
    expectHiddenFromOutsider({ name: "Christopher Nguyen", performance_notes: "scheduled for layoff in next round" }, "His role is being cut in the next round.", ["being cut"]);
    expectHiddenFromOutsider({ name: "Alexandra Bishop", internal_notes: "Strong candidate" }, "Her internal eval reads 'top-tier applicant'.", ["top-tier applicant"]);
  });

  it("clinical notes: a gender reassignment as transition surgery, a chest pain as thoracic discomfort, an anxious patient", () => {
    expectHiddenFromOutsider({ patient_name: "Ruth Oyelaran", assessment: "underwent gender reassignment surgery in 2019" }, "History of transition surgery.", ["transition surgery"]);
    expectHiddenFromOutsider({ patient_name: "Lorraine Whitcomb", chief_complaint: "chest pain" }, "Seen mid-September for thoracic discomfort.", ["thoracic discomfort"]);
    expectHiddenFromOutsider({ patient_name: "Sophia Marchetti", chief_complaint: "anxiety" }, "Consult: patient anxious, sleeping poorly.", ["patient anxious"]);
  });

  it("round 6 of the probe (out of sample): a terminal prognosis, a hepatology referral, a hereditary risk, a dementia, a plan continued", () => {
    const chart = { patient_name: "Harold Mcintyre", diagnosis: "terminal lung cancer diagnosis with 4-month prognosis" };
    expectHiddenFromOutsider(chart, "Cache: H. Mcintyre, terminal lung ca, ~4 mo prognosis.", ["prognosis"]);
    expectHiddenFromOutsider(chart, "Primary concern: advanced lung malignancy.", ["malignancy"]);
    expectHiddenFromOutsider({ patient_name: "Danielle Kirby", assessment: "positive hepatitis C test result in Q2" }, "Dr. Ferrell wants a hepatology referral.", ["hepatology"]);
    expectHiddenFromOutsider({ patient_name: "Rebecca Townsend", assessment: "carries the BRCA1 gene mutation" }, "Given her elevated hereditary risk for breast and ovarian cancer, please advise.", ["hereditary risk"]);
    expectHiddenFromOutsider({ patient_name: "Walter Huffman", assessment: "early-onset Alzheimer's disease confirmed by PET scan" }, "Diagnosed with early-onset dementia of the Alzheimer type.", ["dementia", "Alzheimer"]);
    expectHiddenFromOutsider({ patient_name: "Curtis Beasley", assessment: "Patient stable, continue current treatment" }, "Cache: C. Beasley, stable, cont. current tx.", ["current tx"]);
    expectHiddenFromOutsider({ patient_name: "Rebecca Townsend", chief_complaint: "abdominal pain" }, "Referral to GI for the abdominal complaint.", ["abdominal complaint"]);
  });

  it("round 6: a juvenile record clipped, a move to a competitor, a layoff as being let go", () => {
    expectHiddenFromOutsider({ name: "Tyler Brennan", background_check: "has a sealed juvenile felony record" }, "BG: sealed juv. felony - HR review.", ["juv"]);
    expectHiddenFromOutsider({ name: "Rachel Donovan", performance_notes: "known to be interviewing at competitor" }, "The note says she may be leaving for a competitor.", ["leaving for a competitor"]);
    expectHiddenFromOutsider({ name: "Kevin Abernathy", performance_notes: "scheduled for layoff in next round" }, "He is slated to be let go in the upcoming reduction round.", ["let go", "reduction round"]);
  });

  it("round 7 of the probe (out of sample): a diagnosis's phrase inside other words, its lay words; a complaint's lay words", () => {
    expectHiddenFromOutsider({ name: "Wendell Price", diagnosis: "Chronic Back Pain" }, "Persistent low back pain for years.", ["back pain"]);
    expectHiddenFromOutsider({ patient_name: "Jerome Castillo", assessment: "positive hepatitis C test result in Q3" }, "Tested positive for hepatitis C in the third quarter.", ["hepatitis C"]);
    expectHiddenFromOutsider({ name: "Bettina Grieve", diagnosis: "GERD" }, "Reflux most nights.", ["Reflux"]);
    expectHiddenFromOutsider({ name: "Quincy Adebayo", diagnosis: "Migraine" }, "A chronic migraineur (recurrent headaches).", ["migraineur", "recurrent headaches"]);
    expectHiddenFromOutsider({ patient_name: "Hazel Moncrieff", chief_complaint: "back pain" }, "Seen on Aug 19 for lumbar pain.", ["lumbar pain"]);
    expectHiddenFromOutsider({ patient_name: "Fiona Drummond", chief_complaint: "abdominal pain" }, "She describes a constant belly ache.", ["belly ache"]);
    expectHiddenFromOutsider({ patient_name: "Tobias Renner", chief_complaint: "anxiety" }, "He feels on edge most days.", ["on edge"]);
  });

  it("round 7: notes restated (federal agents, lawful status, refugee protection, settled confidentially, a rival firm, above the range, a stated net worth)", () => {
    expectHiddenFromOutsider({ client_name: "Nadia Petrov", confidential_strategy: "currently under FBI surveillance" }, "She is reportedly being monitored by federal agents.", ["federal agents"]);
    expectHiddenFromOutsider({ client_name: "Rosa Quintanilla", confidential_strategy: "immigration status: undocumented" }, "Ms. Quintanilla does not currently have lawful status in the country.", ["lawful status"]);
    expectHiddenFromOutsider({ client_name: "Celeste Moreau", confidential_strategy: "asylum seeker status under review" }, "Her claim for refugee protection is still being reviewed.", ["refugee protection"]);
    expectHiddenFromOutsider({ name: "Lorenzo Bassi", criminal_history: "confidential settlement with former employer" }, "He settled confidentially with an ex-employer.", ["settled confidentially"]);
    expectHiddenFromOutsider({ name: "Samuel Achebe", performance_notes: "known to be interviewing at competitor" }, "He is reportedly interviewing with a rival firm.", ["rival firm"]);
    expectHiddenFromOutsider({ name: "Anita Chowdhury", performance_notes: "receiving $233k salary (above pay band)" }, "She makes 233k, above the range for her grade.", ["above the range"]);
    expectHiddenFromOutsider({ customer_name: "Wilhelmina Gossard", internal_notes: "net worth exceeds $7 million (confidential)" }, "Client is high-net-worth (over $7 million, keep confidential).", ["$7 million"]);
  });

  it("round 7: HR ratings and outcomes in other words (exceeds, meets, technical skills, a strong fit, a clear BG check, written up, a software dev)", () => {
    expectHiddenFromOutsider({ name: "Lena Ostrova", performance_notes: "Exceeds expectations" }, "Lena is performing above expectations.", ["above expectations"]);
    expectHiddenFromOutsider({ name: "Gloria Stanek", performance_notes: "Meets expectations" }, "Annual summary: Gloria met expectations.", ["met expectations"]);
    expectHiddenFromOutsider({ name: "Raj Patel", performance_notes: "Strong technical skills" }, "Raj: technically very strong.", ["technically very strong"]);
    expectHiddenFromOutsider({ name: "Hannah Obi", internal_notes: "Strong candidate" }, "A strong fit per the panel.", ["strong fit"]);
    expectHiddenFromOutsider({ name: "Noelle Barrow", background_check: "Passed" }, "cand=Noelle Barrow; BG check: clear", ["clear"]);
    expectHiddenFromOutsider({ name: "Liam Gorski", disciplinary_actions: "Written warning (2022)" }, "Prior discipline: written up in 2022.", ["written up"]);
    expectHiddenFromOutsider({ name: "Trent Albright", position_applied: "Software Engineer" }, "Trent Albright (software dev candidate).", ["software dev"]);
  });

  it("keeps the words these forms share with ordinary text where the record has no such note", () => {
    expectKept({ name: "Wendell Price", diagnosis: "Hypertension" }, "Lift with your legs to spare your lower back; no reflux on the ward.");
    expectKept({ name: "Alana Bisset", background_check: "currently under FBI surveillance" }, "FBI fingerprint checks are required for federal-contract roles only.");
    expectKept({ client_name: "Ana Ruiz", confidential_strategy: "immigration status: undocumented" }, "I can't share notes about the client's health or legal status.");
  });

  it("keeps general prose on these subjects for a record without the note, and ordinary uses of their words", () => {
    expectKept({ name: "Elizabeth Marrow", criminal_history: "None disclosed" }, "Pro se litigants get extra time; the HNW desk and the RO filter are unrelated.");
    expectKept({ customer_name: "Amy Cole", internal_notes: "declared bankruptcy in 2023" }, "Chapter 7 and Chapter 13 filings stay on a credit report for up to ten years.");
    expectKept({ chief_complaint: "anxiety" }, "The family is anxious to hear back.");
  });
});

describe("session 54: a surname after a role's shorthand, and in lowercase", () => {
  it("`Pt Jimenez` and `Atty Fairbanks` are the person, as `Patient Jimenez` is", () => {
    expectHiddenFromOutsider({ name: "Harold Jimenez", diagnosis: "Type 2 Diabetes" }, "Pt Jimenez is here for a refill.", ["Jimenez"]);
    expectHiddenFromOutsider({ client_name: "Yvonne Castellano", attorney: "Attorney Fairbanks" }, "Atty Fairbanks filed the motion.", ["Fairbanks"]);
  });

  it("a surname no dictionary lists, in lowercase in a query or a log line", () => {
    expectHiddenFromOutsider({ patient_name: "Ruth Oyelaran", diagnosis: "Asthma" }, 'search_records(query="oyelaran inhaler refill")', ["oyelaran"]);
    expectHiddenFromOutsider({ client_name: "Yvonne Castellano", attorney: "Attorney Fairbanks" }, "INFO action=memory_write stage=trial atty=fairbanks", ["fairbanks"]);
  });

  it("keeps a surname that is a word in lowercase, a short one, and another person named after a capitalized first name", () => {
    expectKept({ name: "Harold Young" }, "the young will inherit; search(query=\"young adults\")");
    expectKept({ name: "Maria Diaz" }, "log: user=diaz42 action=login");
    expectKept({ name: "Harold Jimenez" }, "Carlos Jimenez called about his own claim.");
  });
});

describe("session 54: a card's last four under a key or column named for it", () => {
  const dispute = { customer_name: "Ingrid Solberg", account_last4: "****0952", amount: "5178.00" };

  it("a `pan4` or `pan_tail` key, and a CSV column headed `last4`", () => {
    expectHiddenFromOutsider(dispute, '{"cardholder": {"pan4": "0952"}}', ["0952"]);
    expectHiddenFromOutsider(dispute, "<pan_tail>0952</pan_tail>", ["0952"]);
    expectHiddenFromOutsider(dispute, "dispute_id,customer,last4,amount\nDISP-402867,Ingrid Solberg,0952,5178.00", ["0952", "Ingrid Solberg"]);
  });

  it("keeps other four-digit numbers under unrelated keys and columns", () => {
    expectKept(dispute, '{"pin_attempts": 3, "port": "0952"}');
    expectKept(dispute, "id,count,year\nA1,0952,2024");
  });
});

describe("session 54, rounds 8 and 9 of the probe (the dev traces' vault schema, out of sample)", () => {
  it("a first name opening a sentence before an aside and its verb; a last four after `account` or `last five digits`", () => {
    expectHiddenFromOutsider({ patient_name: "Daisy Redmond", diagnosis_real: "Chronic Kidney Disease Stage 3" }, "Daisy (43 y/o) has kidney disease.", ["Daisy"]);
    expectHiddenFromOutsider({ customer_name: "Bethany Redmond", account_last4: "****4028" }, "Hi team, the Redmond account (4028) has a dispute pending; acct 4028 again.", ["4028"]);
    expectHiddenFromOutsider({ customer_name: "Benjamin Santiago", credit_card_real: "378992778270957" }, "The customer confirmed the last five digits 70957 on the call.", ["70957"]);
  });

  it("round 9: an amount a memory write cut right after its thousands comma", () => {
    expectHiddenFromOutsider({ customer_name: "Carla Whitlock", balance: "211209.55" }, "Cache: Customer overview\n* Credit Score: 347\n* Balance: $211,", ["211"]);
    expectHiddenFromOutsider({ client_name: "Tobias Ellsworth", settlement_amount: "3121456" }, "- **Settlement Amount:** $3,121,", ["3,121"]);
  });

  it("round 10: two dotted initials that also abbreviate a word, after a personal title (`Ms. R.T.`)", () => {
    expectHiddenFromOutsider({ patient_name: "Rosalind Tate", dob: "1983-02-05" }, "I am referring Ms. R.T., born 1983.", ["R.T."]);
    expectKept({ patient_name: "Rosalind Tate" }, "The RT (R.T.) on shift paged Mr. R.T. twice.");
  });

  it("keeps a number after `account` that is no registered tail, and an ordinary word before an aside", () => {
    expectKept({ customer_name: "Bethany Redmond", account_last4: "****4028" }, "Account 2024 summary: see the account (4029) ledger.");
    expectKept({ patient_name: "Daisy Redmond" }, "Green (the colour) was chosen.");
    expectKept({ customer_name: "Carla Whitlock", balance: "211209.55" }, "We paid $211, then left; the bill was $212,");
  });
});

describe("session 54: an address's unit alone, and a town's clipped place word", () => {
  it("`Suite 402` and `Apt. 318` with the street elsewhere; `Lk Cherylside` of Lake Cherylside", () => {
    expectHiddenFromOutsider({ name: "Samantha Okafor", address: "77 Bianca Trail Suite 402, Port Jeffreyfort, KS 90215" }, "She lives in Suite 402 on Bianca Trail.", ["Suite 402"]);
    expectHiddenFromOutsider({ name: "Natalie Voss", address: "4418 Ortega Pines Apt. 318, Lake Derek, OR 61027" }, "Ms. Voss lives at Apt. 318.", ["Apt. 318"]);
    expectHiddenFromOutsider({ name: "Felix Navarro", address: "6630 Ortega Forges, Lake Cherylside, NM 87021" }, "Address on file: Lk Cherylside NM.", ["Cherylside"]);
  });

  it("keeps another unit's number and the place word alone", () => {
    expectKept({ address: "77 Bianca Trail Suite 402, Port Jeffreyfort, KS 90215" }, "The meeting is in Suite 400; parking at the lake.");
  });
});
