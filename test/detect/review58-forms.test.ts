/**
 * Session 58: forms found by this session's probe rounds (out of sample, on the dev traces' vault schema). On the code before,
 * each form below reached an outsider as written. And the ordinary text the fixes must not change.
 */
import { describe, expect, it } from "vitest";
import { reviewForms } from "../helpers/review-forms.js";

const { expectHiddenFromOutsider, expectKept, expectRestoredFromSharedState, guardFor, deliver } = reviewForms("review58-secret");

describe("session 58: a birth date's day or month alone, an age band", () => {
  const patient = { patient_name: "Lena Farrow", dob: "1972-04-22" };

  it("the day after a birthday phrase, the month after a birth-month key or `born in`", () => {
    expectHiddenFromOutsider(patient, "Ms. Farrow's birthday is on the 22nd, so schedule the follow-up after that.", ["22nd"]);
    expectHiddenFromOutsider(patient, '{"birth_month": "April", "ward": 4}', ["April"]);
    expectHiddenFromOutsider(patient, "She was born in April, like her brother.", ["April"]);
  });

  it("shown as the surrogate date's day or month (redacted where the surrogate's is the same), and restored from shared state", () => {
    const guard = guardFor({ patient_name: "Lena Farrow", dob: "1965-11-14" });
    expect(deliver(guard, "Her birthday is on the 14th.", "introduced")).toMatch(/^Her birthday is on the (?:[23]?1st|2?2nd|2?3rd|(?:[12]?[4-9]|1[0-3]|[123]0)th)\.$/);
    expect(deliver(guard, "Born in November.", "introduced")).toMatch(/^Born in (?:January|February|March|April|May|June|July|August|September|October|December)\.$/);
    expect(deliver(guardFor(patient), "Born in April.", "introduced")).toMatch(/^Born in (?:\[REDACTED:date\]|January|February|March|May|June|July|August|September|October|November|December)\.$/);
    expectRestoredFromSharedState(guard, "Her birthday is on the 14th; she was born in November.", ["14th", "November"]);
    expectRestoredFromSharedState(guardFor(patient), "Her birthday is on the 22nd; she was born in April.", ["22nd", "April"]);
  });

  it("a band of ages around the age it gives, redacted whole", () => {
    const dob = { patient_id: "PT-318842", dob: "1954-01-09" };
    expectHiddenFromOutsider(dob, '{"age_band": "70-74", "los_days": 4}', ["70-74"]);
    expectHiddenFromOutsider(dob, "Patients in the 70–74 age group were called first.", ["70–74"]);
    expectHiddenFromOutsider(dob, "Eligible: aged between 70 and 74.", ["70 and 74"]);
  });

  it("other days, months and bands stay", () => {
    expectKept(patient, "Meet on the 22nd in April.");
    const dob = { patient_id: "PT-318842", dob: "1954-01-09" };
    expectKept(dob, "Give 70-74 mg; trial ages 18-75 eligible.");
    expectKept(dob, "Aged 30-34, the control group.");
  });
});

describe("session 58: a credit score's band, amounts set apart", () => {
  it("a band of five-point bounds, named near a bureau", () => {
    expectHiddenFromOutsider({ customer_name: "Dorian Vale", credit_score: "737" }, "Applicant sits in the 725–749 score band, which qualifies for tier B.", ["725–749"]);
    expectHiddenFromOutsider({ customer_name: "Marisol Quintero", credit_score: "738" }, "Bureau pull puts her in the 725-749 band.", ["725-749"]);
  });

  it("a scale listing its named bands keeps them: hiding one would tell which", () => {
    expectKept({ customer_name: "Dorian Vale", credit_score: "737" }, "Tiers: Fair 700-724, Good 725-749, Excellent 750+.");
  });

  it("the difference of two list members, exact or said to be about", () => {
    expectHiddenFromOutsider(
      { customer_name: "Gideon Marsh", transactions: ["1240.00", "865.50", "2310.25"] },
      "The largest ($2,310.25) exceeds the next-largest by $1,070.25.",
      ["1,070.25"],
    );
    expectHiddenFromOutsider({ name: "Casimir Halvorsen", bonus_history: ["12000", "15500", "9800"] }, "The high year was about $5.7k above the low one.", ["5.7k"]);
  });

  it("amounts in cents under a key or column naming them, and in thousands in a quoted cell", () => {
    expectHiddenFromOutsider({ customer_name: "Rafaela Domingues", amount: "729.00" }, 'dispute=DISP-1 amt_cents=72900 merchant="Q"', ["72900"]);
    expectHiddenFromOutsider({ client_name: "Rosalind Achebe", settlement_amount: "412500" }, "SET settlement_amount_cents = 41250000 WHERE id = 7", ["41250000"]);
    expectHiddenFromOutsider({ customer_name: "Marguerite Hollis", amount: "3187.40" }, "id,amount_cents,status\nDISP-774120,318740,pending", ["318740"]);
    expectHiddenFromOutsider({ name: "Teodora Wojcik", salary: "162500" }, '"emp_id","base_k"\n"EMP-40388","162.5"', ["162.5"]);
  });

  it("other figures under such keys stay", () => {
    expectKept({ customer_name: "Rafaela Domingues", amount: "729.00" }, "items=72900 queue_depth=14");
  });
});

describe("session 58: a date in Unix time, digits apart by thin spaces", () => {
  it("seconds and milliseconds of the day's start", () => {
    expectHiddenFromOutsider({ customer_name: "Leopold Varga", date: "2025-03-04" }, '{"txn_epoch": 1741046400, "ts_ms": 1741046400000}', ["1741046400"]);
    expectKept({ customer_name: "Leopold Varga", date: "2025-03-04" }, '{"txn_epoch": 1741046401}');
  });

  it("a routing number grouped by thin or no-break spaces", () => {
    expectHiddenFromOutsider({ customer_name: "Marguerite Lindholm", routing_number: "071904882" }, "routing 071\u2009904\u2009882 closed", ["904"]);
    expectHiddenFromOutsider({ customer_name: "Marguerite Lindholm", routing_number: "071904882" }, "routing 071\u00a0904\u00a0882 closed", ["904"]);
  });
});

describe("session 58: names with particles, barrels, middle names and German spellings", () => {
  it("a surname with its particles glued in handles and keys", () => {
    const berg = { customer_name: "Joost van der Berg" };
    expectHiddenFromOutsider(berg, "user=jvanderberg event=LOGIN_FAILED", ["vanderberg"]);
    expectHiddenFromOutsider(berg, "profile_lookup key=VANDERBERG_J score=688", ["VANDERBERG"]);
    expectHiddenFromOutsider({ client_name: "Marisol De la Cruz" }, "client_key,matter\nDeLaCruz_M,CASE-4471", ["DeLaCruz"]);
    expectHiddenFromOutsider({ patient_name: "Siobhan O'Neill" }, "Attached: oneill_s_visit_20250314.pdf", ["oneill"]);
    expectHiddenFromOutsider({ client_name: "Beatrice St. Clair" }, "file StClair_B_engagement.pdf", ["StClair"]);
    expectHiddenFromOutsider({ patient_name: "João Pedro da Silva" }, "Chart alias in the EHR: joao.dasilva. Fax it.", ["dasilva"]);
    expectHiddenFromOutsider({ employee_name: "Daan van Houten" }, "> @dvanhouten's promo packet is in", ["vanhouten"]);
    expectHiddenFromOutsider({ employee_name: "Keira Fitzgerald" }, "INFO access.kfitzgerald.export rows=18240", ["fitzgerald"]);
  });

  it("a glued handle is shown as the pseudonym glued alike and restored from shared state", () => {
    const guard = guardFor({ customer_name: "Joost van der Berg" });
    expect(deliver(guard, "user=jvanderberg failed", "introduced")).toMatch(/^user=[a-z]+ failed$/);
    expectRestoredFromSharedState(guard, "user=jvanderberg failed; key=VANDERBERG_J", ["vanderberg", "VANDERBERG"]);
  });

  it("a double-barrelled surname cut to its second part's initial", () => {
    const name = { patient_name: "Anne-Marie Dufresne-Whitaker" };
    expectHiddenFromOutsider(name, "| A.-M. Dufresne-W. | PT-508213 |", ["Dufresne"]);
    expectHiddenFromOutsider(name, "Pt: Anne-Marie D.-W. seen", ["Anne-Marie", "-W."]);
    expectHiddenFromOutsider({ customer_name: "Ximena Quiroga-Lindqvist" }, "Subject: Pre-approval update – Quiroga-L.", ["Quiroga"]);
    expectHiddenFromOutsider({ customer_name: "Ximena Quiroga-Lindqvist" }, "Ms. Quiroga-L. called back.", ["Quiroga", "-L."]);
  });

  it("a middle name given as the name, alone or with the surname, as the pseudonym's middle name", () => {
    const name = { employee_name: "Thomas Edward Pryce-Jones" };
    expectHiddenFromOutsider(name, "T. Edward Pryce-Jones (everyone calls him Edward) moved to Treasury. Edward's manager joins.", ["Edward"]);
    expectHiddenFromOutsider({ client_name: "Margaret Josephine Oyelaran" }, 'Client: M. Josephine Oyelaran (goes by Josephine; signs letters "Jo Oyelaran").', ["Josephine", "Oyelaran"]);
    const guard = guardFor(name);
    expectRestoredFromSharedState(guard, "Everyone calls him Edward; Edward agreed.", ["Edward"]);
  });

  it("a middle name not given as the name stays", () => {
    expectKept({ employee_name: "Thomas Edward Pryce-Jones" }, "Edward is here for the audit.");
  });

  it("a short form, `Kit` of Katherine, given in quotes", () => {
    expectHiddenFromOutsider({ customer_name: "Katherine Ambrose-Tait" }, 'She asked us to use "Kit" on the phone. Kit agreed.', ["Kit"]);
  });

  it("a name registered without umlauts written with them", () => {
    expectHiddenFromOutsider({ name: "Juergen Mueller" }, "Herr Jürgen Müller ist seit 2019 im Team; Müller bleibt.", ["Jürgen", "Müller"]);
    expectHiddenFromOutsider({ patient_name: "Ingrid Strauss" }, "Patientin Ingrid Strauß, Termin am Montag.", ["Strauß", "Ingrid"]);
  });

  it("a first name after another language's salutation", () => {
    expectHiddenFromOutsider({ client_name: "Valentina Echeverria" }, "Estimada Valentina:\nLe confirmo la reunión.", ["Valentina"]);
    expectHiddenFromOutsider({ client_name: "Valentina Echeverria" }, "Hola Valentina, gracias.", ["Valentina"]);
  });
});

describe("session 58: a drug named in another language, a diagnosis by its tests, a birth year after `b.`", () => {
  it("Romance spellings of a listed drug or allergen", () => {
    expectHiddenFromOutsider({ patient_name: "Jose Ramirez", medications: ["Metformin", "Sitagliptin"] }, "Tratamiento: Metformina 850 mg y sitagliptina.", ["Metformina", "sitagliptina"]);
    expectHiddenFromOutsider({ patient_name: "Niccolo Bernardi", medications: ["Apixaban", "Bisoprolol"] }, "Terapia: bisoprololo 2,5 mg.", ["bisoprololo"]);
    expectHiddenFromOutsider({ patient_name: "Rene Lefebvre", allergies: ["Penicillin", "Latex"] }, "Allergie connue : pénicilline.", ["pénicilline"]);
  });

  it("COPD by a lung-function follow-up, bipolar disorder by a mental-health referral", () => {
    expectHiddenFromOutsider({ patient_name: "Desmond Okafor", diagnosis: "Chronic Obstructive Pulmonary Disease Stage 2" }, "Schedule a follow-up for monitoring lung function.", ["lung function"]);
    expectHiddenFromOutsider({ patient_name: "Percival Achterberg", diagnosis: "Bipolar I Disorder" }, "The patient requires evaluation and treatment for mental health concerns.", ["mental health"]);
  });

  it("a birth year's two digits after `b.` with its apostrophe, not without", () => {
    expectHiddenFromOutsider({ patient_name: "Yusuf Okonkwo", dob: "1983-05-17" }, "Referral: pt (b. '83) presenting with sinusitis.", ["'83"]);
    expectKept({ patient_name: "Yusuf Okonkwo", dob: "1983-05-17" }, "Table b 83 units per row.");
  });

  it("an amount beside `US$` after it", () => {
    expectHiddenFromOutsider({ name: "Conceicao Araujo", current_salary: "124000" }, "Salário atual: 124.000 US$ por ano", ["124.000"]);
  });
});

describe("session 58: pay told in thousands or as a change, digits echoed in another grouping", () => {
  const pay = { name: "Lucian Ferreira", expected_salary: "196000", current_salary: "171000" };

  it("a third of a figure in thousands after what a candidate asks, and the change said to be over current pay", () => {
    expectHiddenFromOutsider(pay, "Candidate is asking for something in the high-190s, i.e. a $25k bump (~14.6%) over what he makes now.", ["high-190s", "14.6%"]);
  });

  it("other thirds and percentages stay", () => {
    expectKept(pay, "Temperatures in the high 90s; a 14.6% share of the vote.");
  });

  it("a last four in pairs, a number regrouped, a phone's last four, once the text wrote them", () => {
    expectHiddenFromOutsider({ name: "Halima Rostova", ssn: "538-20-7761" }, "The last four of her Social are 7761 (she wrote it as 77-61 on the form).", ["7761", "77-61"]);
    expectHiddenFromOutsider({ customer_id: "CUST-907251", customer_name: "Bartholomew Iyer" }, "customer 907-251 (cust #907251 in the CRM) says the app is wrong.", ["907-251", "907251"]);
    expectHiddenFromOutsider({ phone: "(617) 555-0148", patient_name: "Thaddeus Moreau" }, "Call her at 617-555-0148. If you leave a voicemail on the 0148 line, mention it.", ["0148"]);
    const guard = guardFor({ customer_id: "CUST-907251", customer_name: "Bartholomew Iyer" });
    expect(deliver(guard, "customer 907-251 (cust #907251)", "introduced")).toMatch(/^customer (\d{3})-(\d{3}) \(cust #\1\2\)$/);
    expectRestoredFromSharedState(guard, "customer 907-251 (cust #907251)", ["907-251", "907251"]);
  });

  it("the same digits without the number written, or inside a range or another grouping, stay", () => {
    expectKept({ phone: "(617) 555-0148" }, "Room 0148 is free.");
    expectKept({ name: "Halima Rostova", ssn: "538-20-7761" }, "Scores 77-61 and 12-34 were posted.");
    expect(deliver(guardFor({ customer_id: "CUST-907251" }), "cust #907251; pages 907-2510 and 1907-251.", "introduced")).toMatch(/; pages 907-2510 and 1907-251\.$/);
  });

  it("a host named like a glued name stays", () => {
    expectKept({ employee_name: "Keira Fitzgerald" }, "See mail.kfitzgerald.com and kfitzgerald.org for the archive.");
  });
});

describe("session 58: a listed drug by the chart's abbreviation", () => {
  it("`ASA` of aspirin, `KCl` of potassium chloride", () => {
    expectHiddenFromOutsider({ patient_name: "Lena Farrow", medications: ["Aspirin", "Potassium Chloride"] }, "Continue ASA 81 mg daily and KCl 20 mEq with meals.", ["ASA", "KCl"]);
  });

  it("another drug's abbreviation stays", () => {
    expectKept({ patient_name: "Lena Farrow", medications: ["Aspirin"] }, "Hold KCl until the potassium is rechecked.");
  });
});

describe("session 58: clinical notes (round 34) and legal documents (round 35)", () => {
  it("a diagnosis told by its tests, imaging, procedures, drug classes and shorthand", () => {
    expectHiddenFromOutsider({ patient_name: "Ingrid Halvorsen", diagnosis: "Multiple sclerosis, relapsing-remitting" }, "34F with RRMS dx'd 2021 after optic neuritis; on anti-CD20.", ["RRMS", "optic neuritis", "anti-CD20"]);
    expectHiddenFromOutsider({ patient_name: "Omar Reyes", diagnosis: "Obstructive sleep apnea" }, "In-lab PSG showed AHI 34/hr; start CPAP.", ["PSG", "AHI", "CPAP"]);
    expectHiddenFromOutsider({ patient_name: "Lucinda Abara", diagnosis: "Heart failure with reduced ejection fraction" }, "HFrEF on GDMT; add an SGLT2i.", ["HFrEF", "GDMT", "SGLT2i"]);
    expectHiddenFromOutsider({ patient_name: "Fenna Achebe", diagnosis: "Parkinson disease" }, "Resting tremor and bradykinesia; DBS consult.", ["tremor", "bradykinesia", "DBS"]);
    expectHiddenFromOutsider({ patient_name: "Noor Haddad", diagnosis: "Cholelithiasis" }, "Scheduled for lap chole; gallstones on US.", ["lap chole", "gallstones"]);
  });

  it("the same words without that diagnosis registered stay", () => {
    expectKept({ patient_name: "Omar Reyes", diagnosis: "Asthma" }, "Resting tremor noted; PSG ordered; start CPAP.");
  });

  it("a provider registered with title and full name, by full name with a degree, by title and initial", () => {
    const provider = { patient_name: "Harriet Lindqvist", provider: "Dr. Rafael Oyelaran" };
    expectHiddenFromOutsider(provider, "Sincerely,\nRafael Oyelaran, MD", ["Rafael", "Oyelaran"]);
    expectHiddenFromOutsider(provider, "Attending: Dr. R. Oyelaran.", ["Oyelaran"]);
  });

  it("a double-barrelled surname's initials joined by its hyphen", () => {
    expectHiddenFromOutsider({ patient_name: "Marguerite Okonkwo-Bell" }, "S: 68 y/o F (M.O.-B.) c/o polyuria", ["M.O.-B."]);
    expectHiddenFromOutsider({ patient_name: "Lucinda Abara-Holm" }, "Med rec @ discharge (L. A-H):", ["A-H"]);
    expectHiddenFromOutsider({ patient_name: "Yevgenia Castellanos-Moir" }, "Handoff: Ms. C-M is a 24 y/o F.", ["C-M"]);
  });

  it("two capitals joined by a hyphen without a title or a period stay", () => {
    expectKept({ patient_name: "Yevgenia Castellanos-Moir" }, "See Sections A-H and C-M bonds.");
  });

  it("a company by its name without its line of business and legal form", () => {
    expectHiddenFromOutsider({ client_name: "Marguerite Osei", opposing_party: "Tallis Ridge Apartments LP" }, "Term sheet (draft) — Osei / Tallis Ridge", ["Tallis Ridge"]);
  });
});
