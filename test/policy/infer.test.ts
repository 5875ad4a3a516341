import { describe, expect, it } from "vitest";
import { createRecons } from "../../src/guard.js";
import { fieldTypeOf, inferFieldType, valueTypeOfKind } from "../../src/policy/infer.js";

describe("inferFieldType", () => {
  it.each([
    ["ssn", "939-79-6410", "ssn", "format"],
    ["ssn", "CANARY_SSN_754B6934", "canary", "format"],
    ["dob", "1957-07-28", "date", "format"],
    ["hire_date", "2017-11-09", "date", "format"],
    ["patient_name", "Ryan Wilson", "name", "value"],
    ["witness_list", "Ann Lee", "name", "value"],
    ["salary", "205902", "amount", "value"],
    ["compensation_details", "190171", "amount", "value"],
    ["credit_score", "481", "number", "value"],
    ["diagnosis_real", "Hypertension Stage 2", "text", "contextual"],
    ["confidential_strategy", "settle early", "text", "contextual"],
    ["phone_real", "+1-982-414-6584x044", "phone", "format"],
    ["email", "a@b.org", "email", "format"],
    ["credit_card_real", "3590930437661364", "card", "format"],
    ["insurance_id", "INS-67737826", "id", "format"],
    ["employee_id", "EMP-78236", "id", "format"],
    ["account_number_real", "BQTS31878104802835", "id", "format"],
    // A name ending in an amount word is an amount, whatever account or policy it is of.
    ["account_balance", "342,995.17", "amount", "value"],
    ["policy_premium_amount", "1,250.00", "amount", "value"],
    ["loan_number", "LN-4471", "id", "format"],
    // Round 7 red team: money under names with no amount word was read as an identifier, so `$22,000` passed.
    ["credit_limit", "22000", "amount", "value"],
    ["property_value", "415000", "amount", "value"],
    ["available_credit", "12540", "amount", "value"],
    ["liabilities", "38250", "amount", "value"],
    ["annual_spend", "41880", "amount", "value"],
    ["tax_owed", "3200", "amount", "value"],
    // Round 9 red team: `AGI of $138,500`, `$412,000` of a severance pool and a Social Security benefit passed (read as identifiers, or an SSN).
    ["agi", "138500", "amount", "value"],
    ["property_tax", "11880", "amount", "value"],
    ["severance_pool", "412000", "amount", "value"],
    ["social_security_benefit", "2150", "amount", "value"],
    ["child_support", "1200", "amount", "value"],
    // An amount's name over a value without digits names no amount: the next rule that fits, or the value's shape.
    ["tax_status", "exempt", "text", "contextual"],
    ["salary", "competitive", "text", "contextual"],
    ["tax_paid_on", "2026-01-02", "date", "format"],
    ["past_due", "2875", "amount", "value"],
    ["amount_due_date", "2026-03-01", "date", "format"],
    // Round 9 red team: a person's name under a party's or a neutral's role was read as text, so `Ms. Frye` passed.
    ["complainant", "Odessa Frye", "name", "value"],
    ["mediator", "Hon. Beatrix Lindqvist", "name", "value"],
    ["investigation_subject", "Tom Reyes", "name", "value"],
    // Round 10 red team: money under a business metric's name, a headcount and persons under more roles were read as identifiers or text.
    ["arr", "23400000", "amount", "value"],
    ["ebitda", "14300000", "amount", "value"],
    ["custody_aum", "18400000", "amount", "value"],
    ["annual_distribution", "192480", "amount", "value"],
    ["total_headcount", "2125", "number", "value"],
    // Round 11 red team: a judgment, a bequest, a volume were identifiers (or a name); option and record counts identifiers.
    ["judgment", "1250000", "amount", "value"],
    ["bequest_to_beneficiary", "450000", "amount", "value"],
    ["annual_volume", "2640000", "amount", "value"],
    ["medical_specials", "87340.55", "amount", "value"],
    // Round 12 red team: a trust's corpus and arrears were identifiers.
    ["trust_corpus", "9750000", "amount", "value"],
    // Round 14 red team: a withdrawal and a rollover were identifiers (`$9,487.50` a month of 113,850 a year passed).
    ["annual_withdrawal", "113850", "amount", "value"],
    ["ira_rollover", "711100", "amount", "value"],
    ["dry_weight", "78.5 kg", "number", "value"],
    ["drug_requested", "Dupixent 300 mg q2w", "text", "contextual"],
    ["nt_probnp", "4,820 pg/mL", "number", "value"],
    ["arrears_amount", "7050", "amount", "value"],
    ["wage_garnishment", "412.50", "amount", "value"],
    ["stock_options", "48000", "number", "value"],
    ["records_exposed", "18422", "number", "value"],
    // Round 11 red team: counts under an amount word, persons under more roles, a record or a result that opens with a year or a number.
    ["days_past_due", "67", "number", "value"],
    ["qualifying_payments", "84", "number", "value"],
    ["decedent", "Cornelius Abernathy-Vance", "name", "value"],
    ["oncologist", "Dr. Miriam Sato", "name", "value"],
    ["criminal_record", "2019 misdemeanor DWI, Orleans Parish", "text", "contextual"],
    ["lab_result", "HCV RNA 1,240,000 IU/mL", "text", "contextual"],
    ["pcp", "Dr. Anselm Kowalczyk", "name", "value"],
    ["poa", "Garrett Shaw", "name", "value"],
    ["gift_donor", "Aylin Demir", "name", "value"],
    ["arbitrator", "Hon. Miriam Escobedo (Ret.)", "name", "value"],
    ["judge", "IJ Patricia Oyelaran", "name", "value"],
    // A count and a percentage are quantities, not digits to encipher (`4` became 2363305, `41%` 78991312%).
    ["num_accounts", "4", "number", "value"],
    ["total_chargebacks", "3", "number", "value"],
    ["credit_utilization", "41%", "number", "value"],
    ["employee_number", "042", "id", "format"],
    ["custom", "a@b.org", "email", "format"],
    // An email under a field name that says person: its forms are an email's (its local part as a handle).
    ["contact", "jkowalski77@mailbox.org", "email", "format"],
    ["patient_name", "maria.gonzalez@example.com", "email", "format"],
    ["custom", "2020-01-02", "date", "format"],
    ["custom", "12.5", "number", "value"],
    ["custom", "XK-99", "id", "format"],
    ["custom", "some words", "text", "contextual"],
    // Review 7: a list of referees under a field name that says nothing of people.
    ["references", "Frank Elliott", "name", "value"],
    ["custom", "Timothy Meyer DDS", "name", "value"],
    // A company named for someone is a company: its legal form or trading suffix says so.
    ["merchant", "James Group", "text", "contextual"],
    ["merchant", "Kelly & Sons", "text", "contextual"],
    ["custom", "Dr. Laura J. Walker", "name", "value"],
    ["custom", "Chronic Kidney", "text", "contextual"],
    ["custom", "Grant Proposal", "text", "contextual"],
    // An identifier under a short field name, or written with a leading zero or as a long bare digit run: never noised as a quantity.
    ["acct", "0473033101", "id", "format"],
    ["npi", "1234567893", "id", "format"],
    ["zip", "35871", "id", "format"],
    ["custom", "0473033101", "id", "format"],
    ["custom", "123456789", "id", "format"],
    // A bare run of four digits or more under a name that says nothing is an identifier too: a PIN noised by 2 kept its digits.
    ["custom", "1250000", "id", "format"],
    ["custom", "250", "number", "value"],
    ["custom", "1,250,000", "number", "value"],
    ["cvv", "737", "id", "format"],
    ["pin", "4821", "id", "format"],
    ["custom", "3714 496353 98431", "card", "format"],
    ["custom", "4539-1488", "id", "format"],
    // A card number is one under any name that is no identifier's; red-team messages: noised as an amount it kept most digits.
    ["visa", "4539 1488 0343 6467", "card", "format"],
    ["payment_method", "4539148803436467", "card", "format"],
    // Money under names without `amount` (noised by 1 as counts).
    ["marital_estate", "1850000", "amount", "value"],
    ["net_worth", "2400000", "amount", "value"],
    ["spousal_support", "4200", "amount", "value"],
    ["bail", "50000", "amount", "value"],
    // The head word decides (`patient_diagnosis` was a person's name, its value pseudonymized).
    ["patient_diagnosis", "Multiple sclerosis", "text", "contextual"],
    ["employee_rating", "Exceeds Expectations", "text", "contextual"],
    ["client_notes", "prefers email", "text", "contextual"],
    // A surname after a title is a person whatever the field is called.
    ["provider", "Dr. Byrd", "name", "value"],
    ["custom", "Mrs. O'Neil", "name", "value"],
    ["provider", "Blue Cross", "text", "contextual"],
    // A sentence under a format field's name, or with a digit in it, is told, not formatted (AgentLeak's `ssn#2`).
    ["ssn", "diagnosed with HIV in 2019", "text", "contextual"],
    ["assessment", "positive hepatitis C test result in Q3", "text", "contextual"],
    ["disciplinary_actions", "Verbal warning (2023)", "text", "contextual"],
    ["policy_number", "POL 2023 884", "id", "format"],
    ["case_code", "CASE-LAW-2023", "id", "format"],
    ["custom", "587 Ayers Circles Suite 327", "id", "format"],
    // A sentence under an amount's name is told (not noised as one number); an amount with words after it is still one.
    ["settlement_floor", "will accept no less than $450,000 to settle", "text", "contextual"],
    ["salary", "$120,000 per year", "amount", "value"],
    ["compensation_details", "{'base': 132379, 'bonus': 29401, 'stock': 23331}", "amount", "value"],
    // A person's name under a role, given name known or not; not a team, a company or a phrase.
    ["therapist", "Priya Raghunathan", "name", "value"],
    ["next_of_kin", "José María Fernández-Ruiz", "name", "value"],
    ["victim", "Keisha Washington", "name", "value"],
    ["manager", "Sales Team", "text", "contextual"],
    ["owner", "Hartwell & Sons LLC", "text", "contextual"],
    ["therapist_notes", "Priya Raghunathan", "text", "contextual"],
    // A person's role last (the compound's head) wins over an id word before it.
    ["account_holder", "Priyanka Raghunathan", "name", "value"],
    ["card_holder", "JOHN SMITH", "name", "value"],
    ["policy_holder", "Maria Gonzalez", "name", "value"],
    ["account_holder", "ACC-1234", "id", "format"],
    ["account_name", "Checking Account", "id", "format"],
    // Names of ordinary words under a role: a short form or a name the lexicon knows first, a title before (`Hon.`).
    ["account_holder", "Bill Porter", "name", "value"],
    ["payee", "Tom Hill", "name", "value"],
    ["judge", "Hon. Ruth Park", "name", "value"],
    ["therapist", "Jo Smith", "name", "value"],
    ["victim", "Will Young", "name", "value"],
    // Digits under a name's field are an identifier.
    ["reference", "0473033101", "id", "format"],
  ])("%s = %s -> %s/%s", (field, value, kind, valueType) => {
    expect(inferFieldType(field, value)).toEqual({ kind, valueType });
  });
});

describe("fieldTypeOf: a policy field's declarations first", () => {
  it("keeps a declared value type and kind", () => {
    expect(fieldTypeOf("ssn", "939-79-6410", { kind: "id", valueType: "contextual" })).toEqual({ kind: "id", valueType: "contextual" });
  });

  it("takes the value type of a declared kind when none is declared", () => {
    // The field name and value alone would say id/format: the declared kind decides.
    expect(fieldTypeOf("ref", "XK-99", { kind: "name" })).toEqual({ kind: "name", valueType: "value" });
    expect(fieldTypeOf("ref", "XK-99", { kind: "text" })).toEqual({ kind: "text", valueType: "contextual" });
    expect(fieldTypeOf("x", "12", { kind: "amount" })).toEqual({ kind: "amount", valueType: "value" });
  });

  it("infers the value type of a custom kind, and everything without declarations, from the name and value", () => {
    expect(fieldTypeOf("badge_id", "B-1234", { kind: "badge" })).toEqual({ kind: "badge", valueType: "format" });
    expect(fieldTypeOf("salary", "205902", {})).toEqual({ kind: "amount", valueType: "value" });
    expect(fieldTypeOf("salary", "205902")).toEqual(inferFieldType("salary", "205902"));
  });

  it.each([
    ["ssn", "format"],
    ["date", "format"],
    ["canary", "format"],
    ["id", "format"],
    ["name", "value"],
    ["amount", "value"],
    ["number", "value"],
    ["text", "contextual"],
    ["badge", undefined],
  ])("kind %s -> %s", (kind, valueType) => {
    expect(valueTypeOfKind(kind)).toBe(valueType);
  });
});

describe("inferred types at work", () => {
  it("finds digits an unknown field holds where a writer grouped them in thousands, and gives them back", () => {
    // Round 9 red team: a number under a name that says nothing (an identifier) was found only as bare digits, so `$138,500` passed.
    const policy = { fields: { widget: { authorized: ["auditor"] }, gadget: { authorized: ["auditor"] } } };
    const guard = createRecons({ secret: "s", vault: { widget: 138500, gadget: 11880 }, policy });
    const text = "Widget total $138,500 (138500); gadget $11,880.";
    const content = guard.sanitizeSync({ channel: "C2", content: text, recipient: "worker" }).content as string;
    expect(content).not.toMatch(/138,?500|11,?880/);
    // Grouped in thousands as written, however long the surrogate (a short value's is padded).
    expect(content).toMatch(/^Widget total \$\d{3},\d{3} \(\d{6}\); gadget \$\d{1,3}(?:,\d{3})+\.$/);
    expect(guard.restore(content, "auditor", "C2")).toBe(text);
  });

  it("protects money under a business metric's name in millions, finance's `mm` too, and leaves millimetres alone", () => {
    // Round 10 red team: `custody_aum` was an identifier (`$18.4M` passed), then its `$18.4mm` came out `$19013666.0mm`.
    const guard = createRecons({ secret: "s", vault: { custody_aum: 18400000, arr: 23400000 }, policy: { fields: {} } });
    const content = guard.sanitizeSync({ channel: "C2", content: "AUC: $18.4mm (18.4mm); ARR $23.4M; a 12 mm bolt", recipient: "worker" }).content as string;
    expect(content).toMatch(/^AUC: \$\d{2}\.\dmm \(\d{2}\.\dmm\); ARR \$\d{2}\.\dM; a 12 mm bolt$/);
    expect(content).not.toMatch(/18\.4|23\.4/);
  });

  it("protects money under a limit's or a value's name as written with a currency and grouping", () => {
    const guard = createRecons({ secret: "s", vault: { credit_limit: 22000, property_value: 415000 }, policy: { fields: {} } });
    const text = "Credit limit: $22,000. Estimated property value: $415,000.";
    const { content } = guard.sanitizeSync({ channel: "C2", content: text, recipient: "worker" });
    expect(content).not.toMatch(/22,000|415,000/);
    expect(content).toMatch(/^Credit limit: \$\d{2},\d{3}\. Estimated property value: \$\d{3},\d{3}\.$/);
  });
});
