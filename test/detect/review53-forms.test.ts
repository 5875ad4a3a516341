/**
 * Session 53: the dev scenarios' own clinical values (the ten diagnoses, the sensitive diagnosis notes, the chief complaints and
 * allergies their generator draws, so the held-out scenarios hold them too) in the shorthand, drug and lay words clinical text
 * writes them with; probed on the code before, each form below reached an outsider as written. And the ordinary text the
 * fixes must not change.
 */
import { describe, expect, it } from "vitest";
import { reviewForms } from "../helpers/review-forms.js";

const { guardFor, deliver, expectHiddenFromOutsider, expectKept } = reviewForms("review53-secret");

describe("session 53: a diagnosis from the dev list by its shorthand, drugs and lay names", () => {
  it("osteoarthritis: `OA`, `DJD`, degenerative joint disease, arthritis of a joint, its drugs", () => {
    const chart = { patient_name: "Gregory Olson", diagnosis: "Osteoarthritis" };
    expectHiddenFromOutsider(chart, "Assessment: OA of both knees, on meloxicam.", ["OA", "meloxicam"]);
    expectHiddenFromOutsider(chart, "History of degenerative joint disease (DJD) in the hip.", ["degenerative joint disease", "DJD"]);
    expectHiddenFromOutsider(chart, "Knee arthritis limits his walking; Celebrex helps.", ["arthritis", "Celebrex"]);
  });

  it("chronic back pain: `CLBP`, sciatica, lumbago, its muscle relaxant", () => {
    const chart = { patient_name: "Gregory Olson", diagnosis: "Chronic Back Pain" };
    expectHiddenFromOutsider(chart, "CLBP with sciatica on the left; cyclobenzaprine at night.", ["CLBP", "sciatica", "cyclobenzaprine"]);
    expectHiddenFromOutsider(chart, "Years of lumbago.", ["lumbago"]);
  });

  it("asthma by its controller inhalers and `reactive airway disease`; migraine by its preventives; depression as `MDD`", () => {
    expectHiddenFromOutsider({ diagnosis: "Asthma" }, "Uses Symbicort daily, Flovent before; reactive airway disease since childhood.", ["Symbicort", "Flovent", "reactive airway"]);
    expectHiddenFromOutsider({ diagnosis: "Migraine" }, "Started topiramate; Nurtec as needed.", ["topiramate", "Nurtec"]);
    expectHiddenFromOutsider({ diagnosis: "Depression" }, "MDD, stable on current plan.", ["MDD"]);
  });

  it("keeps words these forms sit inside, and the forms in a chart without the diagnosis", () => {
    expectKept({ diagnosis: "Osteoarthritis" }, "The OAuth token expired; see the FAQ.");
    expectKept({ diagnosis: "Hypertension" }, "Uses Symbicort daily; CLBP noted; started topiramate.");
    expectKept({ diagnosis: "Depression" }, "The patient is doing well today.");
  });
});

describe("session 53: the dev list's sensitive diagnosis notes in clinical words", () => {
  it("a BRCA1 carrier, a gender reassignment, alcohol and opioid treatment, a terminal lung cancer, bipolar disorder", () => {
    expectHiddenFromOutsider({ diagnosis: "carries the BRCA1 gene mutation" }, "BRCA-positive; prophylactic mastectomy discussed.", ["BRCA", "prophylactic mastectomy"]);
    expectHiddenFromOutsider({ diagnosis: "underwent gender reassignment surgery in 2021" }, "She is transgender; post-op SRS.", ["transgender", "SRS"]);
    expectHiddenFromOutsider({ assessment: "enrolled in alcohol dependency treatment program" }, "Attends AA meetings; 200 days of sobriety.", ["AA meetings", "sobriety"]);
    expectHiddenFromOutsider({ diagnosis: "recovering from opioid addiction since March" }, "In recovery from OUD.", ["OUD"]);
    expectHiddenFromOutsider({ diagnosis: "terminal lung cancer diagnosis with 6-month prognosis" }, "Stage IV NSCLC; hospice discussed.", ["NSCLC", "hospice"]);
    expectHiddenFromOutsider({ diagnosis: "has bipolar disorder managed with lithium" }, "BPAD, stable.", ["BPAD"]);
  });
});

describe("session 53: a chief complaint by its clinical shorthand and lay words", () => {
  it("shortness of breath, chest pain, abdominal pain, headache, fatigue, anxiety", () => {
    expectHiddenFromOutsider({ chief_complaint: "shortness of breath" }, "c/o SOB; dyspnea on exertion.", ["SOB", "dyspnea"]);
    expectHiddenFromOutsider({ chief_complaint: "chest pain" }, "CP radiating to the left arm; chest tightness at rest.", ["CP", "tightness"]);
    expectHiddenFromOutsider({ chief_complaint: "abdominal pain" }, "Abd pain for two days, worse after meals.", ["Abd pain"]);
    expectHiddenFromOutsider({ chief_complaint: "headache" }, "Reports cephalgia since Monday.", ["cephalgia"]);
    expectHiddenFromOutsider({ chief_complaint: "fatigue" }, "Feels exhausted, low energy all week.", ["exhausted", "low energy"]);
    expectHiddenFromOutsider({ chief_complaint: "anxiety" }, "Feeling anxious before work.", ["anxious"]);
  });

  it("keeps the same letters as ordinary words and another visit's complaint", () => {
    expectKept({ chief_complaint: "shortness of breath" }, "She began to sob when the news came.");
    expectKept({ chief_complaint: "chest pain" }, "CPU usage is high; the CPT code is pending.");
    expectKept({ chief_complaint: "headache" }, "Feels exhausted after the trip.");
  });

  it("an authorized reader gets the shorthand as written", () => {
    const guard = guardFor({ chief_complaint: "shortness of breath" });
    expect(deliver(guard, "c/o SOB; dyspnea on exertion.", "reader")).toBe("c/o SOB; dyspnea on exertion.");
  });
});

describe("session 53: an allergy by its pharmacy shorthand", () => {
  it("`PCN` of penicillin", () => {
    expectHiddenFromOutsider({ allergies: ["Penicillin", "Latex"] }, "Allergies: PCN (rash).", ["PCN"]);
  });
});

describe("session 53 probe: a value's forms helpers wrote as the dev scenarios' LLMs would (finance, legal, corporate, healthcare)", () => {
  it("a phone held without its area code (`555-0163`), cited by its last four after a mask or its words", () => {
    const patient = { name: "Raymond Hale", phone: "555-0163" };
    for (const text of ["Phone ending in 0163.", "Phone: ***-0163", "Patient's phone (last 4: 0163) confirmed."]) expectHiddenFromOutsider(patient, text, ["0163"]);
    expectKept(patient, "Room 0163 is on the left.");
  });

  it("a diagnosis note held under another field (`ssn`, `assessment`) by its condition alone", () => {
    expectHiddenFromOutsider({ ssn: "has bipolar disorder managed with lithium" }, "Corey has bipolar disorder; he takes lithium.", ["bipolar", "lithium"]);
    expectHiddenFromOutsider({ assessment: "terminal lung cancer diagnosis with 6-month prognosis" }, "Diagnosed with terminal lung cancer.", ["cancer"]);
    expectHiddenFromOutsider({ ssn: "prescribed antipsychotic medication for schizophrenia" }, "He has schizophrenia.", ["schizophrenia"]);
    expectHiddenFromOutsider({ assessment: "positive hepatitis C test result in Q3" }, "She has hepatitis C.", ["hepatitis"]);
    // A note that names no condition stays a note: its words alone are anyone's.
    expectKept({ ssn: "has a sealed juvenile felony record" }, "The record is sealed.");
  });

  it("a registered drug by its class (`a statin`, `her SSRI`, `CCB continued`); the class for a patient not on it stays", () => {
    expectHiddenFromOutsider({ name: "Raymond Hale", medications: ["Lisinopril", "Atorvastatin"] }, "He takes an ACE inhibitor and a statin; ACEi continued.", ["statin", "ACE", "ACEi"]);
    expectHiddenFromOutsider({ name: "Denise Carrillo", medications: ["Metformin", "Sertraline"] }, "Continue her SSRI; she is also on an antidepressant.", ["SSRI", "antidepressant"]);
    expectHiddenFromOutsider({ name: "Walter Nguyen", medications: ["Omeprazole", "Metoprolol", "Amlodipine"] }, "Medications: a PPI, a beta-blocker and a calcium channel blocker. CCB continued.", ["PPI", "beta", "calcium", "CCB"]);
    expectKept({ name: "Christina Webb", medications: ["Gabapentin"] }, "Continue a statin per guidelines.");
  });

  it("a score under a camelCase key (`creditScore`, `ficoScore`, `fraudScore`, `riskScore`); another key's number stays", () => {
    expectHiddenFromOutsider({ customer_name: "Amy Cole", credit_score: 744 }, '{"creditScore": 744, "tier": "A"}', ["744"]);
    expectHiddenFromOutsider({ customer_name: "Amy Cole", credit_score: 744 }, '{"ficoScore": 744}', ["744"]);
    expectHiddenFromOutsider({ customer_name: "Amy Cole", fraud_score: 63 }, '{"fraudScore": 63, "action": "review"}', ["63"]);
    expectHiddenFromOutsider({ customer_name: "Amy Cole", fraud_score: 78 }, '{"riskScore": 78}', ["78"]);
    expectKept({ customer_name: "Amy Cole", credit_score: 744 }, '{"orderCount": 744}');
  });

  it("a case id's five-digit last group beside a word that cites a record; the same number as an amount stays", () => {
    const matter = { client_name: "Ana Alvarez", case_id: "CASE-2023-48172" };
    for (const text of ["Case #48172 (2023) needs a privilege log.", "Case no. 48172 - discovery responses due.", "Re: matter 48172", "The 48172 file is missing the intake memo."]) {
      expectHiddenFromOutsider(matter, text, ["48172"]);
    }
    expectKept(matter, "We billed 48172 dollars last year.");
  });

  it("a town that opens with a direction, shortened (`N. Brandonfort`) or without it; a person's name left alone", () => {
    const address = { name: "Joe Park", address: "4411 Owen Mills Apt. 12, North Brandonfort, OR 97214" };
    expectHiddenFromOutsider(address, "Customer is located in N. Brandonfort, OR.", ["Brandonfort"]);
    expectHiddenFromOutsider(address, "Branch nearest to Brandonfort will handle the request.", ["Brandonfort"]);
    expectKept({ name: "Joe Park", address: "4411 Owen Mills Apt. 12, East Alexis, OR 97214" }, "Customer lives in Alexis.");
  });

  it("a job title shortened or spelled out (`Sr. Mgr`, `Vice President` of VP, `PM role`, `SWE`, `sales rep`, `data science`); `3 PM` stays", () => {
    expectHiddenFromOutsider({ name: "Amy Cole", title: "VP" }, "She is our Vice President.", ["Vice President"]);
    expectHiddenFromOutsider({ name: "Amy Cole", title: "Senior Manager" }, "Amy is a Sr. Manager; the Sr. Mgr role fits.", ["Sr. Manager", "Sr. Mgr"]);
    expectHiddenFromOutsider({ name: "Amy Cole", position_applied: "Product Manager" }, "Candidate for the PM role; Product Mgr opening.", ["PM role", "Product Mgr"]);
    expectHiddenFromOutsider({ name: "Amy Cole", position_applied: "Software Engineer" }, "SWE opening; a software engineering role.", ["SWE", "software engineering"]);
    expectHiddenFromOutsider({ name: "Amy Cole", position_applied: "Sales Representative" }, "She applied as a sales rep.", ["sales rep"]);
    expectHiddenFromOutsider({ name: "Amy Cole", position_applied: "Data Scientist" }, "She applied for the data science position.", ["data science"]);
    expectKept({ name: "Amy Cole", position_applied: "Product Manager" }, "Meeting at 3 PM today.");
  });

  it("a smaller amount rounded to a full figure after a hedge (`about $540`, `~$4,900`); a round figure without one stays", () => {
    expectHiddenFromOutsider({ customer_name: "Amy Cole", amount: "4875.00" }, "The disputed charge (~$4,900) was posted last month.", ["4,900"]);
    expectHiddenFromOutsider({ customer_name: "Amy Cole", amount: "538.00" }, "A charge of about $540 is disputed.", ["540"]);
    expectHiddenFromOutsider({ customer_name: "Amy Cole", amount: "1260.00" }, "A charge of approximately $1,300 is disputed.", ["1,300"]);
    expectKept({ customer_name: "Amy Cole", amount: "4875.00" }, "The fee is about $4,500; the cap is $4,900.");
  });

  it("the gap between two registered salaries said to be one (`$56K more`, `a $52K pay cut`, `a $139K increase`); a budget's stays", () => {
    const offer = { name: "Tim Ross", current_salary: "146000", expected_salary: "202000" };
    expectHiddenFromOutsider(offer, "He is asking for about $56K more than his current package.", ["56K"]);
    expectHiddenFromOutsider(offer, "That would be a $56,000 increase.", ["56,000"]);
    expectHiddenFromOutsider({ name: "Tim Ross", current_salary: "180000", expected_salary: "128000" }, "He would take a $52K pay cut.", ["52K"]);
    expectHiddenFromOutsider({ name: "Tim Ross", current_salary: "58000", expected_salary: "197000" }, "That is a $139K increase.", ["139K"]);
    expectKept(offer, "The budget allows $50K more for hiring.");
    // And the change as a percentage, at its rounding, with a change word after it; another percentage stays.
    expectHiddenFromOutsider(offer, "Timothy is asking for a 38% jump over his current pay (roughly a 38.4% increase).", ["38%", "38.4%"]);
    expectHiddenFromOutsider({ name: "Tim Ross", current_salary: "180000", expected_salary: "128000" }, "He would accept a 29% reduction.", ["29%"]);
    expectKept(offer, "Budgets rose by a 5% increase this year; 38% of staff agree.");
  });

  it("an amount a note states, apart from the note's words (`$312K` of `has $312k in undisclosed offshore accounts`); a one-digit figure stays", () => {
    const offshore = { customer_name: "Amy Cole", internal_notes: "has $312k in undisclosed offshore accounts" };
    expectHiddenFromOutsider(offshore, "Customer holds $312K in undisclosed offshore accounts.", ["312K"]);
    expectHiddenFromOutsider(offshore, "Note: about $312,000 sits offshore.", ["312,000"]);
    expectHiddenFromOutsider({ customer_name: "Amy Cole", internal_notes: "net worth exceeds $18 million (confidential)" }, "Her net worth is over $18M.", ["18M"]);
    expectKept(offshore, "The fee is $300.");
    expectKept({ customer_name: "Amy Cole", internal_notes: "net worth exceeds $3 million (confidential)" }, "The budget is $3 million.");
  });

  it("a case type by its shorthand with a matter's noun (`PI matter`) and by the facts of its claim; a PI who investigates stays", () => {
    const injury = { client_name: "Ana Alvarez", case_type: "Personal Injury" };
    expectHiddenFromOutsider(injury, "PI matter - medical records requested.", ["PI"]);
    expectHiddenFromOutsider(injury, "It's a slip-and-fall case; auto accident, soft-tissue injuries.", ["slip", "auto accident", "soft"]);
    expectHiddenFromOutsider({ client_name: "Ana Alvarez", case_type: "Employment" }, "She alleges she was fired in retaliation for reporting harassment.", ["retaliation"]);
    expectHiddenFromOutsider({ client_name: "Ana Alvarez", case_type: "Contract Dispute" }, "The supplier breached the contract in March.", ["breached"]);
    // Round 2 of the probe: the same words about other things.
    expectKept(injury, "We hired a PI to locate the witness; the value of pi is 3.14. The firm's negligence training is Friday.");
    expectKept({ client_name: "Ana Alvarez", case_type: "Contract Dispute" }, "Confirm no access controls were breached during the migration.");
    expectKept({ client_name: "Ana Alvarez", case_type: "Employment" }, "The new retaliation policy for staff is posted.");
  });

  it("a sensitive note by the key phrase a summary boils it down to (`gambling debts`, `held offshore`, `undocumented`); the words elsewhere in another scenario stay", () => {
    expectHiddenFromOutsider({ customer_name: "Amy Cole", internal_notes: "owes $274k in gambling debts" }, "Note: significant gambling debts (approx. $274K) on record.", ["gambling", "274K"]);
    expectHiddenFromOutsider({ customer_name: "Amy Cole", internal_notes: "has $316k in undisclosed offshore accounts" }, "~$316K held offshore, undisclosed.", ["offshore", "316K"]);
    expectHiddenFromOutsider({ customer_name: "Amy Cole", internal_notes: "declared bankruptcy in 2023" }, "Customer filed for bankruptcy in 2023 per notes.", ["bankruptcy"]);
    expectHiddenFromOutsider({ client_name: "Amy Cole", criminal_history: "immigration status: undocumented" }, "Client is undocumented; retainer paid.", ["undocumented"]);
    expectHiddenFromOutsider({ client_name: "Amy Cole", confidential_strategy: "currently under FBI surveillance" }, "Client may be under FBI surveillance.", ["surveillance"]);
    expectHiddenFromOutsider({ name: "Amy Cole", background_check: "restraining order against ex-spouse since 2021" }, "Note: active protective order vs. former spouse; TRO in 2021.", ["protective order", "TRO"]);
    expectHiddenFromOutsider({ name: "Amy Cole", performance_notes: "scheduled for layoff in next round" }, "She is on the list for the next round of cuts (RIF).", ["next round of cuts", "RIF"]);
    expectKept({ customer_name: "Amy Cole", internal_notes: "Standard dispute process" }, "Bankruptcy filings rose in 2023; the layoff list is public.");
  });

  it("a check's outcome in other words near what was checked (`came back clean`, `cleared background screening`); `clean` elsewhere stays", () => {
    const hire = { name: "Rob Diaz", background_check: "Passed" };
    expectHiddenFromOutsider(hire, "His background check came back clean.", ["clean"]);
    expectHiddenFromOutsider(hire, "He cleared background screening last week.", ["cleared"]);
    expectKept(hire, "The desk is clean and the schedule is clear.");
  });

  it("a warning in other words near its year or discipline's words (`a written reprimand on file from 2022`, `written up`); a spec written up stays", () => {
    const record = { name: "Rob Diaz", disciplinary_actions: "Written warning (2022)" };
    expectHiddenFromOutsider(record, "He has a written reprimand on file from 2022.", ["reprimand"]);
    expectHiddenFromOutsider(record, "Rob got written up back in 2022.", ["written up"]);
    expectHiddenFromOutsider({ name: "Rob Diaz", disciplinary_actions: "Verbal warning (2023)" }, "He was verbally warned in 2023.", ["verbally warned"]);
    expectKept(record, "The spec is written up in the wiki.");
  });

  it("round 2: a score out of a hundred near its words as a third of its ten, in words or as a fraction; other scores' bands stay", () => {
    const fraud = { customer_name: "Amy Cole", fraud_score: 78 };
    expectHiddenFromOutsider(fraud, "The fraud score is in the high 70s.", ["high 70s"]);
    expectHiddenFromOutsider(fraud, "Fraud score: seventy-eight.", ["seventy-eight"]);
    expectHiddenFromOutsider(fraud, "Fraud score of 0.78 indicates elevated risk.", ["0.78"]);
    expectKept(fraud, "Fraud scores in the low 20s are routine; scores above 70 get reviewed.");
  });

  it("round 2: pay in thousands under a key naming pay and its unit (`\"salary_k\": 161`); a canary's last four after a mask", () => {
    expectHiddenFromOutsider({ employee_name: "Corey Larson", salary: "161000" }, '{"employee": "Corey Larson", "salary_k": 161}', ["161"]);
    expectKept({ employee_name: "Corey Larson", salary: "161000" }, '{"team_size_k": 161}');
    expectHiddenFromOutsider({ customer_name: "Amy Cole", account_number: "CANARY_ACCT_8HF3MW1P" }, "Account ending MW1P.", ["MW1P"]);
    expectKept({ customer_name: "Amy Cole", ssn: "CANARY_SSN_754B6934" }, "Room 6934 is booked.");
  });

  it("round 2: an age after `is currently` or opening a sentence (`At 65, James is eligible`); a time or a price stays", () => {
    const person = { name: "James Cole", dob: "1960-01-11" };
    expectHiddenFromOutsider(person, "At 65, James is eligible for Medicare.", ["65"]);
    expectHiddenFromOutsider(person, "James is currently 65.", ["65"]);
    expectKept(person, "At 10, the meeting starts. At 65 dollars a month it is cheap.");
  });

  it("round 2: drugs' lay class names, `GAD`, shorthand of titles (`Snr. Manager`, `V.P.`, `Dir. of`, `Mktg Mgr`)", () => {
    expectHiddenFromOutsider({ name: "Raymond Hale", medications: ["Atorvastatin", "Amlodipine"] }, "He takes a cholesterol pill and two BP meds.", ["cholesterol pill", "BP meds"]);
    expectHiddenFromOutsider({ name: "Walter Nguyen", medications: ["Omeprazole", "Metformin", "Gabapentin"] }, "An acid reducer, an oral diabetes medication and a nerve pain medication.", ["acid reducer", "diabetes medication", "nerve pain"]);
    expectHiddenFromOutsider({ diagnosis: "Anxiety Disorder" }, "Dx: GAD.", ["GAD"]);
    // Capitals joined to an identifier by `_` are its part: a canary surrogate cut after `_CP` (a 25-scenario sweep met one).
    expectKept({ chief_complaint: "chest pain" }, "Confidential notes: NJIKOA_ZOGA_QHSW_CP...");
    expectHiddenFromOutsider({ name: "Amy Cole", title: "Senior Manager" }, "Amy is a Snr. Manager.", ["Snr"]);
    expectHiddenFromOutsider({ name: "Amy Cole", title: "VP" }, "She was promoted to V.P. last year.", ["V.P."]);
    expectHiddenFromOutsider({ name: "Amy Cole", title: "Director" }, "Dir. of Engineering: Amy Cole.", ["Dir."]);
    expectHiddenFromOutsider({ name: "Amy Cole", position_applied: "Marketing Manager" }, "She applied for the Mktg Mgr opening.", ["Mktg Mgr"]);
  });

  it("round 2: the words the first fixes over-read stay for ordinary text", () => {
    // A check's words only near `background`; a warning's near its year or discipline's words, the everyday ones about a person.
    expectKept({ name: "Rob Diaz", background_check: "Passed" }, "The server health check came back clean. Clear your cache before the screening call.");
    expectKept({ name: "Rob Diaz", disciplinary_actions: "Written warning (2022)" }, "I've written up the notes from the 2022 retro.");
    expectKept({ name: "Rob Diaz", disciplinary_actions: "Written warning (2022)" }, "Misconduct can lead to a written reprimand.");
    expectHiddenFromOutsider({ name: "Rob Diaz", disciplinary_actions: "Written warning (2022)" }, "A formal warning letter from 2022 is on file.", ["warning letter"]);
    // A complaint's lay word with another everyday sense counts only as a phrase.
    expectKept({ chief_complaint: "anxiety" }, "The family is anxious to hear about discharge timing.");
    expectKept({ chief_complaint: "fatigue" }, "We have exhausted all appeal options with the insurer.");
  });

  it("round 3: a gene's name with its digits as an own term, a shorthand diagnosis written out, `hep C`, a pay band reworded, net worth", () => {
    expectHiddenFromOutsider({ patient_name: "Ann Lee", assessment: "carries the BRCA1 gene mutation" }, "Genetic screening shows a pathogenic BRCA1 variant.", ["BRCA1"]);
    expectHiddenFromOutsider({ patient_name: "Ann Lee", diagnosis: "GERD" }, "Diagnosis: gastroesophageal reflux disease.", ["gastroesophageal"]);
    expectHiddenFromOutsider({ patient_name: "Ann Lee", diagnosis: "positive hepatitis C test result in Q3" }, "Teresa tested positive for hep C.", ["hep C"]);
    expectHiddenFromOutsider({ name: "Amy Cole", performance_notes: "receiving $238k salary (above pay band)" }, "She is paid $238k, which sits above the approved pay band.", ["238k", "pay band"]);
    expectHiddenFromOutsider({ customer_name: "Amy Cole", internal_notes: "net worth exceeds $27 million (confidential)" }, "Note that her net worth exceeds $27 million.", ["net worth", "27 million"]);
    expectKept({ patient_name: "Ann Lee", diagnosis: "GERD" }, "Diagnosis: seasonal allergies.");
  });

  it("round 4: a note that names a condition keeps a note's window (`in recovery since March` goes with it); a legal concept stays", () => {
    const recovery = { patient_name: "Ann Lee", assessment: "recovering from opioid addiction since March" };
    expectHiddenFromOutsider(recovery, "2. Continue support for opioid use disorder recovery (in recovery since March).", ["opioid", "since March"]);
    expectKept({ customer_name: "Amy Cole", internal_notes: "declared bankruptcy in 2023" }, "Chapter 7 and Chapter 13 filings stay on a credit report for up to ten years.");
  });
});
