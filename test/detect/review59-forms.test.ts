/**
 * Session 59: forms found by this session's probe rounds (out of sample, on the dev traces' vault schema). On the code before,
 * each form below reached an outsider as written (or, for shared state, came back wrong to the authorized reader). And the
 * ordinary text the fixes must not change.
 */
import { describe, expect, it } from "vitest";
import { reviewForms } from "../helpers/review-forms.js";

const { expectHiddenFromOutsider, expectKept, expectRestoredFromSharedState, guardFor, deliver } = reviewForms("review59-secret");

describe("session 59: numbers said in words", () => {
  it("an identifier read in groups of words, figures mixed in", () => {
    expectHiddenFromOutsider({ name: "Thomas Kowalczyk", ssn: "939-79-6410" }, "He verified by reading back his social, nine three nine, seventy-nine, sixty-four ten, which matched.", ["sixty-four ten", "seventy-nine"]);
    expectHiddenFromOutsider({ patient_name: "Aurelio Benavides", phone: "(415) 730-0062" }, "Best number is four-one-five, seven-three-oh, double-oh sixty-two. Thanks.", ["double-oh sixty-two", "seven-three-oh"]);
    expectHiddenFromOutsider({ client_name: "Arjun Mehta", case_id: "CASE-2023-41807" }, "Edgar called about his case, number forty-one eight-oh-seven, asking about the complaint.", ["forty-one eight-oh-seven"]);
    expectHiddenFromOutsider({ customer_name: "Everett Lindqvist", card_expiry: "09/27" }, "Card read back, expiry oh-nine twenty-seven.", ["oh-nine twenty-seven"]);
  });

  it("a first or middle group or a last four after the words that place them", () => {
    const vault = { client_name: "Walter Brennan-Hughes", ssn: "528-40-7731" };
    expectHiddenFromOutsider(vault, "The middle group is 40 on both, but the transcript starts with five-two-eight.", ["five-two-eight", "is 40"]);
    expectHiddenFromOutsider(vault, "The SSN on file ends in seventy-seven thirty-one.", ["seventy-seven thirty-one"]);
    expectHiddenFromOutsider({ customer_name: "Rosa Iturbe", account_number: "0719-4402-8877" }, "It starts with oh-seven-one-nine, the middle group is 4402.", ["oh-seven-one-nine", "4402"]);
  });

  it("an address's numbers and a date said as its digits", () => {
    const vault = { patient_name: "Jolene Barrow", dob: "1988-03-12", address: "2210 Fenwick Ave, Chicago, IL 60614" };
    expectHiddenFromOutsider(vault, 'Caller: "Yeah, it\'s oh-three, twelve, eighty-eight." Zip: "Six-oh-six-one-four. Twenty-two ten Fenwick."', ["oh-three, twelve, eighty-eight", "Six-oh-six-one-four", "Twenty-two ten"]);
  });

  it("amounts in the speech of pay and deals", () => {
    expectHiddenFromOutsider({ name: "Dana Whitlock", salary: "97500" }, "She's at ninety-seven five base right now.", ["ninety-seven five"]);
    expectHiddenFromOutsider({ name: "Priya Raman", current_salary: "138000", expected_salary: "160000" }, "Comp: she's asking 160, currently sitting at one thirty-eight.", ["160", "one thirty-eight"]);
    expectHiddenFromOutsider({ name: "Marcus Delgado", annual_income: "120000" }, "He says he's pulling in about a buck-twenty a year.", ["buck-twenty"]);
    expectHiddenFromOutsider({ client_name: "Helen Ostrander", settlement_amount: "2400000" }, "Opposing counsel floated two-point-four mil to close it out.", ["two-point-four"]);
    expectHiddenFromOutsider({ name: "Bethany Shore", salary: "74000" }, "Base is seventy-four, which is low for her level.", ["seventy-four"]);
    expectHiddenFromOutsider({ customer_name: "Rosa Iturbe", amount: "1289.50" }, "The charge she's contesting is twelve eighty-nine fifty.", ["twelve eighty-nine fifty"]);
    expectHiddenFromOutsider({ name: "Harriet Vance", balance: "410475.00" }, "The sweep account is sitting just north of four-ten.", ["four-ten"]);
    expectHiddenFromOutsider({ account_holder: "Ngozi Abernathy-Cole", statement_balance: "482.50" }, "Done. Four hundred eighty-two dollars and fifty cents is scheduled.", ["Four hundred eighty-two"]);
  });

  it("four figures after `starts with` are an issuer's range, a card's group of four said alone anyone's count", () => {
    const card = { customer_name: "Rosa Iturbe", card_number: "6011 4402 8877 5549" };
    expectKept(card, "Discover cards start with 6011; five five four nine were counted.");
  });

  it("ordinary numbers said in words stay, and a number said whole is that number", () => {
    const vault = { name: "Phillip Nakamura", salary: "125000", ssn: "611-24-9058", phone: "(312) 664-9018" };
    expectKept(vault, "Call back at three thirty; she takes two or three pills a day and waited twenty-four hours.");
    expectKept(vault, "One hundred twenty-five patients were seen; one of the two rooms is free for ninety minutes.");
    expectKept({ name: "Bethany Shore", salary: "74000" }, "Room seventy-four is on the second floor.");
  });

  it("redacted, sealed in shared state and opened for the reader", () => {
    const guard = guardFor({ name: "Thomas Kowalczyk", ssn: "939-79-6410", salary: "97500" });
    expect(deliver(guard, "SSN nine three nine, seventy-nine, sixty-four ten.", "introduced")).toBe("SSN [REDACTED:ssn].");
    expectRestoredFromSharedState(guard, "SSN nine three nine, seventy-nine, sixty-four ten; base ninety-seven five.", ["sixty-four ten", "ninety-seven five"]);
  });
});

describe("session 59: dates said in words", () => {
  it("a date told by its holiday, moved by the days said, with its year as written or said", () => {
    expectHiddenFromOutsider({ patient_name: "Felipe Castellanos", dob: "1980-12-23" }, "He confirmed his birthday as two days before Christmas 1980.", ["Christmas 1980"]);
    expectHiddenFromOutsider({ name: "Naomi Pruett", dob: "1977-03-15" }, "Born on the ides of March, '77, in Dayton.", ["ides of March"]);
    expectHiddenFromOutsider({ name: "Bethany Shore", hire_date: "2019-09-03" }, "Carol started the day after Labor Day in 2019.", ["Labor Day"]);
    expectHiddenFromOutsider({ patient_name: "Thaddeus Ambrogio", dob: "2000-04-01" }, "CALLER: April Fool's Day, two thousand.", ["April Fool's Day"]);
    expectHiddenFromOutsider({ name: "Gerald Ambrose", dob: "1961-07-04" }, "He was born on the Fourth of July of '61.", ["Fourth of July"]);
    expectHiddenFromOutsider({ name: "Gerald Ambrose", filing_date: "2020-03-17" }, "Filed on St Patricks Day 2020, two weeks after Easter 2020.", ["Patricks"]);
    expectHiddenFromOutsider({ name: "Gerald Ambrose", hearing_date: "2016-03-25" }, "The hearing fell on Good Friday 2016.", ["Good Friday"]);
  });

  it("without a year, only a birth date after a word of birth", () => {
    expectHiddenFromOutsider({ name: "Ruth Adeyemi", dob: "1966-10-31" }, "Her birthday is on Halloween, so we moved it.", ["Halloween"]);
    expectKept({ name: "Ruth Adeyemi", dob: "1966-10-31" }, "The clinic closes on Halloween and on Christmas Eve.");
    expectKept({ name: "Bethany Shore", hire_date: "2019-09-03" }, "The day after Labor Day in 2020 we reopened.");
  });

  it("a birth date's month and day with the year said in words (its month and day alone had been moved, the year said left as it was)", () => {
    expectHiddenFromOutsider({ patient_name: "Imogen Tallis", dob: "1993-11-02" }, "Patient is Katie, DOB November second, ninety-three.", ["November second", "ninety-three"]);
    expectHiddenFromOutsider({ name: "Jolene Barrow", dob: "1988-03-12" }, "Born the 12th of March, nineteen eighty-eight.", ["12th of March", "eighty-eight"]);
  });
});

describe("session 59: numbers in other notations", () => {
  it("an amount printed in scientific notation, at its mantissa's precision", () => {
    const vault = { name: "Ada Lin", balance: "145230.00", annual_income: "212000" };
    expectHiddenFromOutsider(vault, "Feature vector:\n  balance        1.4523e+05\n  annual_income  2.12e+05\n", ["1.4523e+05", "2.12e+05"]);
    expectKept(vault, "dti_ratio 3.1e-01, other 2e+05 and 1.46e+05");
  });

  it("a date with the year, month and day marks of Chinese and Japanese", () => {
    expectHiddenFromOutsider({ patient_name: "Kenji Sato", dob: "1958-12-03" }, "Date of birth: １９５８年１２月０３日", ["１９５８年１２月０３"]);
    expectKept({ patient_name: "Kenji Sato", dob: "1958-12-03" }, "Clinic opened 2024年1月.");
  });
});

describe("session 59: values in tool queries", () => {
  it("a last four glued after the letters that mask the rest", () => {
    const vault = { customer_name: "Oluwaseun Brandvold", account_last4: "7731" };
    expectHiddenFromOutsider(vault, "evidence/brandvold_x7731.pdf, acct x7731, card XX7731", ["x7731", "X7731"]);
    expectKept(vault, "Model ax7731 and box7731 are parts.");
  });

  it("a date after a search's comparison prefix", () => {
    expectHiddenFromOutsider({ patient_name: "Rosamund Ekwueme", dob: "1979-08-30" }, "GET [base]/Patient?family=X&birthdate=eq1979-08-30", ["1979-08-30"]);
  });

  it("a value's start or part before a wildcard, not markdown emphasis", () => {
    expectHiddenFromOutsider({ client_name: "Adaeze Okonkwo-Ferris" }, "WHERE c.last_name ILIKE 'okonkwo%' AND c.first_name = 'x'", ["okonkwo"]);
    const vault = { name: "Caspian Thorvaldsen", email: "cthorvaldsen@talentmail.example" };
    expectHiddenFromOutsider(vault, '{"wildcard": {"email": "cthorvald*"}} OR email LIKE \'%thorvald%\'', ["thorvald"]);
    expectKept({ name: "Caspian Thorvaldsen", account_id: "ACCOUNT-55123" }, "*Log in to your secure account.* Use account* globs.");
  });

  it("a value split across an object's members, each part too short to name it", () => {
    expectHiddenFromOutsider({ name: "Ysolde Harkavy", ssn: "662-19-4083" }, '{"subject": {"ssn": {"area": "662", "group": "19", "serial": "4083"}}}', ['"662"', '"19"', '"4083"']);
    expectHiddenFromOutsider({ name: "Ysolde Harkavy", dob: "1948-08-24" }, '{"dob_year": 1948, "dob_month": 8, "dob_day": 24}', [": 8,", ": 24}"]);
    expectKept({ name: "Ysolde Harkavy", ssn: "662-19-4083" }, '{"area": "662", "group": "20", "floor": "4"}');
  });

  it("a query string encoded twice, an identifier zero-padded in a fixed-width field, a claim's ICD-10 code without its point, HL7's phone", () => {
    const vault = { client_name: "Priyamvada Ellsworth-Nakamura", ssn: "390-64-1187", opposing_party: "Corrigan Hale" };
    expectHiddenFromOutsider(vault, "GET /search?q=390%252064%25201187&opp=Corrigan%2520Hale", ["390%252064%25201187", "Corrigan"]);
    expectHiddenFromOutsider({ customer_name: "Ada Lin", member_id: "0050362", policy_id: "7331884206" }, "Member 000050362 verified; policy 00007331884206 active.", ["7331884206", "50362"]);
    expectHiddenFromOutsider({ patient_name: "Ada Lin", diagnosis: "Type 2 Diabetes" }, "HI*ABK:E119~", ["E119"]);
    expectHiddenFromOutsider({ patient_name: "Ada Lin", phone: "(503) 555-0148" }, "PID|1||MRN123||LIN^ADA||19790214|F|||1 MAIN ST||503^5550148", ["5550148"]);
    expectKept({ customer_name: "Ada Lin", policy_id: "7331884206", diagnosis: "Type 2 Diabetes" }, "Discount of 100%25 applied; part 10007331884206x shipped; code e119 lowercase.");
  });

  it("a short value under a column headed by another word of its field's name", () => {
    expectHiddenFromOutsider({ customer_name: "Fenwick Obuya", fraud_score: "0.87" }, 'customer,acct,fraud,notes\n"Obuya, Fenwick",3300418829,0.87,"ATO"', ["0.87"]);
  });
});

describe("session 59: names and their initials", () => {
  it("a double-barrelled surname's barrel alone", () => {
    expectHiddenFromOutsider({ client_name: "Adaeze Okonkwo-Ferris" }, "Okonkwo signed the release yesterday.", ["Okonkwo"]);
  });

  it("a pseudonym's initials beside the pseudonym come back from shared state as the real initials; alone they stay", () => {
    const guard = guardFor({ patient_name: "Lena Farrow", client_name: "Gordon F. Hale" });
    expectRestoredFromSharedState(guard, "Patient L.F. (Lena Farrow) consented.", ["L.F.", "Farrow"]);
    expectRestoredFromSharedState(guard, "Client Gordon F. Hale (GFH) signed.", ["GFH", "Hale"]);
    const stored = guard.sanitizeSync({ channel: "C5", content: "Flight YUL, then the GFH meeting." }, { reversible: true }).content as string;
    expect(guard.restore(stored, "reader", "C5")).toBe(stored);
  });
});

describe("session 59: words broken by a line wrap", () => {
  it("a capitalized word broken by a line wrap's hyphen is read whole, transformed whole and restored", () => {
    const vault = { patient_name: "Rosalind Achterberg", diagnosis: "Chronic Kidney Disease" };
    expectHiddenFromOutsider(vault, "DISCHARGE FAX\nPatient: Rosalind Achter-\nberg    Dx: Chronic Kidney Dis-\nease stage 3", ["Achter", "Kidney"]);
    const guard = guardFor(vault);
    expect(deliver(guard, "Seen: Ms. Achter-\nberg.", "introduced")).toBe(deliver(guard, "Seen: Ms. Achterberg.", "introduced"));
    const stored = guard.sanitizeSync({ channel: "C5", content: "Seen: Ms. Achter-\nberg." }, { reversible: true }).content as string;
    expect(guard.restore(stored, "reader", "C5")).toBe("Seen: Ms. Achterberg.");
  });

  it("a lowercase compound keeps its hyphen across the wrap", () => {
    expectKept({ patient_name: "Rosalind Achterberg" }, "She is self-\nemployed and well-known.");
  });
});

describe("session 59: clinical shorthand, set phrases", () => {
  it("heart failure's `HF` in capitals and `type one diabetes` said", () => {
    expectHiddenFromOutsider({ patient_name: "Aigerim Bekova", diagnosis_real: "Heart Failure NYHA Class II" }, "Monitor for HF progression.", ["HF"]);
    expectHiddenFromOutsider({ patient_name: "Dwayne Hill", diagnosis: "Type 1 Diabetes" }, "Mom called about our little one with type one diabetes.", ["type one"]);
    expectKept({ patient_name: "Aigerim Bekova", diagnosis_real: "Heart Failure NYHA Class II" }, "Tune the hf band on the radio.");
  });

  it("a score band's word in a set phrase stays, the band itself goes", () => {
    const vault = { name: "Kevin Strand", credit_score: "712" };
    expectKept(vault, "FICO checked with the credit union. Good to go to underwriting. Good news all round.");
    expectHiddenFromOutsider(vault, "FICO pull: Credit: Good (670-739).", ["Good", "670-739"]);
  });
});
