/**
 * Fourth review: the forms in which an LLM or a person writes a registered value. Every test here
 * FAILS on the reviewed code: each pins one confirmed finding (scratch repros: bench/_rv4_*.ts).
 *
 * `reader` is authorized for the field, `other` is not. A leak test sanitizes the text for `other`
 * (directly, and after a reversible shared write); a round-trip test writes the text reversibly
 * and reads it back as `reader`, who must get the exact original text.
 */
import { describe, expect, it } from "vitest";
import { createRecons, type ReconsGuard } from "../../src/guard.js";

type VaultValue = string | number;

function guardFor(field: string, value: VaultValue, policy: Record<string, unknown> = {}): ReconsGuard {
  return createRecons({ secret: "review4-secret", vault: { [field]: value }, policy: { fields: { [field]: { authorized: ["reader"], ...policy } } } });
}

/** What the unauthorized recipient gets: directly, and from a reversible write of the text. */
function unauthorized(guard: ReconsGuard, text: string): string[] {
  const direct = guard.sanitizeSync({ channel: "C2", content: text, recipient: "other" }).content as string;
  const written = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content as string;
  const read = guard.sanitizeSync({ channel: "C5", content: written, recipient: "other" }).content as string;
  return [direct, written, read];
}

/** What the authorized recipient reads back after a reversible write of `text`. */
function roundTrip(guard: ReconsGuard, text: string): string {
  const written = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content;
  return guard.sanitizeSync({ channel: "C5", content: written, recipient: "reader" }).content as string;
}

function expectNoLeak(guard: ReconsGuard, text: string, secret: string): void {
  for (const out of unauthorized(guard, text)) expect(out.toLowerCase(), `${JSON.stringify(text)} -> ${JSON.stringify(out)}`).not.toContain(secret.toLowerCase());
}

describe("review 4 (a): forms that reach an unauthorized recipient", () => {
  it("a first name or surname that is also a dictionary word leaks at the start of a sentence, even after the full name (dev traces)", () => {
    // trace_20260130_004729_eb88e143 / trace_20260130_004803_76879c24: "James was born on ...", "Corey has been diagnosed with ..."
    const james = guardFor("patient_name", "James Murray");
    expectNoLeak(james, "I am referring my patient, James Murray, to you. James was born on October 7, 1939.", "James was");
    expectNoLeak(james, "Murray was seen on Monday.", "Murray");
    expectNoLeak(guardFor("patient_name", "Corey Collins"), "Reason for Referral:\nCorey has been diagnosed with Major Depressive Disorder.", "Corey");
  });

  it("more than the last four digits after `ending in` (`ending in 1203588`, dev trace) are not protected", () => {
    // trace_20260130_054332_95f9d029 writes the last seven digits of the 19-digit card.
    const guard = guardFor("credit_card", "4023712506821203588");
    expectNoLeak(guard, "Balance owed on the credit card ending in 1203588.", "1203588");
    expectNoLeak(guard, "credit card ending in ****1203588", "1203588");
    expectNoLeak(guardFor("credit_card", "347740376768746"), "Amex card ending 68746", "68746");
  });

  it("a card masked first-six/last-four (PCI layout, X glued to the digits) keeps the real last four", () => {
    const guard = guardFor("credit_card", "3590930437661364");
    expectNoLeak(guard, "Card on file: 359093XXXXXX1364 (Visa)", "1364");
    expectNoLeak(guard, "Card on file: 359093xxxxxx1364", "1364");
  });

  it("masked last four digits behind round-bullet / middle-dot / square mask characters are not protected", () => {
    expectNoLeak(guardFor("ssn", "121-83-2523"), "SSN: ●●●-●●-2523", "2523");
    const card = guardFor("credit_card", "3590930437661364");
    expectNoLeak(card, "Card: ●●●● ●●●● ●●●● 1364", "1364");
    expectNoLeak(card, "Card: ···· 1364", "1364");
    expectNoLeak(card, "Card: ■■■■ 1364", "1364");
  });

  it("an international phone registered in E.164 leaks in its national trunk-prefix layout", () => {
    expectNoLeak(guardFor("phone", "+44 20 7946 0958"), "Call her on 020 7946 0958 after 5pm.", "7946 0958");
    expectNoLeak(guardFor("phone", "+33 1 42 68 53 00"), "Appelez le 01 42 68 53 00.", "42 68 53 00");
    expectNoLeak(guardFor("phone", "+49 30 12345678"), "Tel. 030 12345678", "12345678");
  });

  it("an amount in European / SI / Swiss digit grouping is not found", () => {
    const guard = guardFor("balance", 484801.59);
    expectNoLeak(guard, "Kontostand: 484.801,59 €", "484.801,59");
    expectNoLeak(guard, "Solde : 484 801,59 €", "484 801,59");
    expectNoLeak(guard, "Balance: $484 801.59", "484 801.59");
    expectNoLeak(guard, "Balance: $484\u00a0801.59", "801.59");
    expectNoLeak(guard, "Saldo: CHF 484’801.59", "484’801.59");
    // A whole amount written with zero cents in those layouts (crypto review).
    const salary = guardFor("salary", "$45,000", { kind: "amount" });
    // The noisy amount keeps the writer's layout (noise in whole dollars, the registered value's resolution).
    for (const [written, layout] of [
      ["45.000,00", /^Salary: \d\d\.\d{3},00 per year\.$/],
      ["45 000,00", /^Salary: \d\d \d{3},00 per year\.$/],
      ["45 000.00", /^Salary: \d\d \d{3}\.00 per year\.$/],
      ["45’000.00", /^Salary: \d\d’\d{3}\.00 per year\.$/],
    ] as const) {
      const [direct] = unauthorized(salary, `Salary: ${written} per year.`);
      expect(direct.replace(/\D/g, "")).not.toMatch(/^4500000?$/);
      expect(direct).toMatch(layout);
    }
  });

  it("a hyphenated (double-barrelled) surname leaks with a title, and a hyphenated first name alone", () => {
    const guard = guardFor("client_name", "Mary-Jane Watson-Parker");
    expectNoLeak(guard, "Ms. Watson-Parker signed the retainer.", "Watson-Parker");
    expectNoLeak(guard, "Dear Mary-Jane, thank you for your call.", "Mary-Jane");
  });

  it("an address (field `home_address`, inferred as an id) leaks abbreviated or as its street line", () => {
    const guard = guardFor("home_address", "1234 Elm Street, Springfield, IL 62704");
    expectNoLeak(guard, "Mailing address: 1234 Elm St., Springfield, IL 62704", "1234 Elm");
    expectNoLeak(guard, "She lives at 1234 Elm Street.", "1234 Elm");
    expectNoLeak(guard, "She has lived in Springfield, IL 62704 since May.", "62704");
  });

  it("an approximated amount written with MM / mn / a trailing zero / a leading 0. is not found", () => {
    expectNoLeak(guardFor("settlement_amount", 1286841), "Proposed settlement: $1.29MM", "1.29MM");
    expectNoLeak(guardFor("settlement_amount", 1286841), "Proposed settlement: approximately $1.29 mn", "1.29 mn");
    expectNoLeak(guardFor("settlement_amount", 1286841), "Proposed settlement: $1,287K", "1,287K");
    expectNoLeak(guardFor("balance", 484801.59), "Balance: $484.80K", "484.80K");
    expectNoLeak(guardFor("balance", 484801.59), "Balance: $0.48M", "0.48M");
  });

  it("a small amount's whole units beside a currency leak (`~$991`, `912 dollars` of a transaction of 991.05, 912.40)", () => {
    // Round 6 red team: Claude's hedged summaries round transactions to the dollar.
    expectNoLeak(guardFor("amount", 991.05), "The largest recent charge (~$991) may be it.", "991");
    expectNoLeak(guardFor("amount", 912.4), "The largest charge was 912 dollars.", "912");
    expectNoLeak(guardFor("amount", 873.9), "between roughly $19 and $874", "874");
    // Alone, three digits are anyone's; two are anyone's beside a currency too.
    const guard = guardFor("amount", 991.05);
    expect(guard.sanitizeSync({ channel: "C2", content: "Room 991 has 991 items.", recipient: "other" }).content).toBe("Room 991 has 991 items.");
    expect(guardFor("amount", 19.45).sanitizeSync({ channel: "C2", content: "about $19", recipient: "other" }).content).toBe("about $19");
  });

  it("a diagnosis leaks as its standard clinical abbreviation (HTN, T2D, CKD3)", () => {
    expectNoLeak(guardFor("diagnosis", "Hypertension Stage 2"), "Assessment: HTN, stage 2. Continue lisinopril.", "HTN");
    expectNoLeak(guardFor("diagnosis", "Type 2 Diabetes Mellitus"), "PMH: T2D, on metformin.", "T2D");
    expectNoLeak(guardFor("diagnosis", "Chronic Kidney Disease Stage 3"), "Dx: CKD3, eGFR 45.", "CKD3");
    // Round 6 red team: the shorthand with a separator, a Roman numeral, a substage or a glued stage passed.
    for (const text of ["Assessment: type 2 DM, poorly controlled.", "PMH: DM II.", "PMH: DM-2.", "PMH: type II DM."]) expectNoLeak(guardFor("diagnosis", "Type 2 Diabetes Mellitus"), text, "DM");
    expectNoLeak(guardFor("diagnosis", "Chronic Kidney Disease Stage 3"), "Assessment: CKD3a, stable.", "CKD3a");
    expectNoLeak(guardFor("diagnosis", "Hypertension Stage 2"), "Problem list: HTN2.", "HTN2");
    expectNoLeak(guardFor("diagnosis", "Generalized Anxiety Disorder"), "Repeat the GAD7 at next visit.", "GAD7");
    const other = guardFor("diagnosis", "Hypertension");
    expect(other.sanitizeSync({ channel: "C2", content: "We use DM 2 as the second direct message.", recipient: "analyst" }).content).toBe("We use DM 2 as the second direct message.");
    // Round 9 red team: a substage broke the initials (`CKD 3b` of `... stage 3b`), qualifiers hid `MDD`, and common shorthand passed (`HFrEF`, `A-fib`).
    // Two letters (`AF`, `RA`, `MS`) stay looked for only where the writer defines them beside the phrase: they are also states and chat words.
    for (const text of ["he's a CKD 3b patient", "CKD3b", "CKD 3"]) expectNoLeak(guardFor("diagnosis", "Chronic kidney disease stage 3b"), text, "CKD");
    expectNoLeak(guardFor("diagnosis", "Major depressive disorder, recurrent, moderate"), "MDD recurrent, on sertraline", "MDD");
    expectNoLeak(guardFor("diagnosis", "Heart failure with reduced ejection fraction"), "HFrEF, EF 30%", "HFrEF");
    expectNoLeak(guardFor("diagnosis", "Atrial fibrillation with rapid ventricular response"), "A-fib w/ RVR", "fib w/");
    expectNoLeak(guardFor("diagnosis", "Total knee arthroplasty, left"), "Post-op day 2 after L TKA", "TKA");
  });

  it("a diagnosis with one term of its own leaks inflected (`diabetic` of `type 2 diabetes`, `asthmatic` of `Asthma`)", () => {
    for (const text of ["She is diabetic.", "Type-2 diabetic patient", "Two diabetics on the ward."]) expectNoLeak(guardFor("diagnosis", "type 2 diabetes"), text, "diabetic");
    expectNoLeak(guardFor("diagnosis", "Asthma"), "An asthmatic child.", "asthmatic");
    const guard = guardFor("diagnosis", "type 2 diabetes");
    expect(guard.sanitizeSync({ channel: "C2", content: "She has prediabetes, not the diagnosis.", recipient: "analyst" }).content).toBe("She has prediabetes, not the diagnosis.");
  });

  it("an identifier's digits read as a number leak without their leading zeros (`987123` of `ACC-00987123`)", () => {
    const guard = guardFor("account_number", "ACC-00987123");
    for (const text of ["account #987123", '{"account_id": 987123}']) expectNoLeak(guard, text, "987123");
    const hidden = guard.sanitizeSync({ channel: "C3", content: { account_id: 987123 }, recipient: "tool:lookup" }).content as { account_id: number };
    expect(hidden.account_id).not.toBe(987123);
    expect(guard.sanitizeSync({ channel: "C4", content: hidden, recipient: "reader" }).content).toEqual({ account_id: 987123 });
    expect(guard.sanitizeSync({ channel: "C2", content: "ticket 1987123 and 9871230", recipient: "other" }).content).toBe("ticket 1987123 and 9871230");
  });

  it("an identifier leaks with its groups' leading zeros dropped, or without a court's leading number (round 9 red team)", () => {
    for (const text of ["No. 24-cv-3381", "24-cv-03381", "1:24-cv-3381"]) expectNoLeak(guardFor("case_number", "1:24-cv-03381"), text, "3381");
    expectNoLeak(guardFor("bates_range", "HALV-0004512"), "see HALV-4512", "4512");
    expectNoLeak(guardFor("trust_id", "TR-0048812"), "greenhalgh_estate_TR48812.pdf", "48812");
    // Five digits or more stand alone: a key before them is no prefix of the value (`"mrn":"482913"` kept its key).
    const mrn = guardFor("mrn", "MRN-00482913").sanitizeSync({ channel: "C3", content: '{"mrn":"482913"}', recipient: "tool:x" }).content as string;
    expect(mrn).toMatch(/^\{"mrn":"\d+"\}$/);
    expect(mrn).not.toContain("482913");
    expectNoLeak(guardFor("case_number", "PI-2025-004417"), "Case No. 2025-4417", "4417");
    const guard = guardFor("case_number", "PI-2025-004417");
    expect(guard.sanitizeSync({ channel: "C2", content: "Case No. 2025-4418, cv 4417, 4417 items", recipient: "other" }).content).toBe("Case No. 2025-4418, cv 4417, 4417 items");
  });

  it("an identifier leaks with its year group in two digits, or as its last token after a prefix (round 10 red team)", () => {
    expectNoLeak(guardFor("case_number", "FC-2023-004417"), "docket 23-4417", "4417");
    expectNoLeak(guardFor("filing_id", "SEC-2025-0192"), "see SEC-25-192", "25-192");
    expectNoLeak(guardFor("contract_id", "MSA-OX-2019-0457"), "MSA-OX-19-457 renews", "19-457");
    expectNoLeak(guardFor("member_id", "AET-W88301427"), "member no. W88301427", "88301427");
    const guard = guardFor("case_number", "FC-2023-004417");
    expect(guard.sanitizeSync({ channel: "C2", content: "In 2023 we had 4417 cases; 23 of 4417.", recipient: "other" }).content).toBe("In 2023 we had 4417 cases; 23 of 4417.");
  });

  it("an IBAN-like identifier of letters and digits leaks printed in groups of four, and restores so (round 11 red team)", () => {
    const iban = guardFor("beneficiary_iban", "GB47BARC20040483726150");
    expectNoLeak(iban, "IBAN GB47 BARC 2004 0483 7261 50 on file", "0483");
    expect(roundTrip(iban, "IBAN GB47 BARC 2004 0483 7261 50 on file")).toBe("IBAN GB47 BARC 2004 0483 7261 50 on file");
  });

  it("a name with a stroked letter leaks typed without it, and a surname after another language's title (`Lukasiewicz`, `Señora Gonzalez`)", () => {
    const zoe = guardFor("patient_name", "Zoë Łukasiewicz");
    for (const text of ["Ms. Lukasiewicz called.", "Zoe Lukasiewicz"]) expectNoLeak(zoe, text, "Lukasiewicz");
    const maria = guardFor("patient_name", "Maria Gonzalez");
    for (const title of ["Señora", "Señor", "Mme", "Herr", "Frau"]) {
      const out = maria.sanitizeSync({ channel: "C2", content: `${title} Gonzalez called.`, recipient: "other" }).content as string;
      expect(out, title).not.toContain("Gonzalez");
      // The title stays a title, not taken for a first name to replace.
      expect(out.startsWith(`${title} `), out).toBe(true);
    }
  });

  it("a value split by HTML tags without attributes, or written with named character references, leaks (`<b>512</b>-44-7781`, `Jos&eacute;`)", () => {
    const ssn = guardFor("ssn", "512-44-7781");
    for (const text of ["<b>512</b>-44-7781", "SSN: 512-44-<br>7781", "<td>512</td><td>44</td><td>7781</td>", "512&ndash;44&ndash;7781", "SSN: 512&shy;-44-7781"]) {
      expectNoLeak(ssn, text, "7781");
    }
    expectNoLeak(guardFor("client_name", "José Müller-Schäfer"), "Client: Jos&eacute; M&uuml;ller-Sch&auml;fer", "ller-Sch");
    // Code and comparisons are not tags; a tag's attributes are read (they may hold the value).
    expect(ssn.sanitizeSync({ channel: "C2", content: "if a < b and c > d: List<string>", recipient: "other" }).content).toBe("if a < b and c > d: List<string>");
    expectNoLeak(guardFor("email", "maria.gonzalez@example.com"), '<a href="mailto:maria.gonzalez@example.com">write</a>', "maria.gonzalez");
  });

  it("a German name typed without its umlauts or ß leaks (`Mueller`, `Gross` of `Müller`, `Groß`), and gets the name's own pseudonym", () => {
    const guard = guardFor("client_name", "Jürgen Müller-Groß");
    const shown = (text: string) => guard.sanitizeSync({ channel: "C2", content: text, recipient: "other" }).content as string;
    for (const text of ["Juergen Mueller-Gross", "Jurgen Muller-Gross", "Herr Mueller-Gross"]) expectNoLeak(guard, text, "Gross");
    expect(shown("Juergen Mueller-Gross")).toBe(shown("Jürgen Müller-Groß"));
    const written = guard.sanitizeSync({ channel: "C5", content: "Herr Mueller-Gross called." }, { reversible: true }).content as string;
    expect(guard.sanitizeSync({ channel: "C5", content: written, recipient: "reader" }).content).toBe("Herr Müller-Groß called.");
    expect(shown("a gross error")).toBe("a gross error");
  });

  it("a value written with `\\xHH` escapes (a Python repr) leaks", () => {
    expectNoLeak(guardFor("client_name", "Theodore Vance"), "{'name': 'Theodore\\xa0Vance'}", "Vance");
    expectNoLeak(guardFor("ssn", "512-44-7781"), "\\x35\\x31\\x32-44-7781", "44-7781");
  });

  it("a phone outside North America dialled with `00`, with `(0)` or nationally leaks, under a numbered field too (`phone2`), and restores from each", () => {
    const guard = createRecons({ secret: "review4-secret", vault: { phone2: "+49 30 12345678", mobile: "+44 20 7946 0958", phone3: "415-555-0132" }, policy: { fields: { phone2: { authorized: ["reader"] }, mobile: { authorized: ["reader"] }, phone3: { authorized: ["reader"] } } } });
    const texts = ["0049 30 12345678", "+49 (0)30 12345678", "Tel. 030-12345678", "+44 (0)20 7946 0958", "call 0044 20 7946 0958", "call +1 415 555 0132"];
    for (const text of texts) {
      expectNoLeak(guard, text, text.replace(/^\D+/, "").slice(-8));
      // The authorized reader gets it as written, and back from shared state.
      expect(guard.sanitizeSync({ channel: "C2", content: text, recipient: "reader" }).content).toBe(text);
      const written = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content as string;
      expect(guard.sanitizeSync({ channel: "C5", content: written, recipient: "reader" }).content).toBe(text);
    }
  });

  it("an amount spelled out in words (legal drafting) leaks next to its protected digits", () => {
    const guard = guardFor("settlement_amount", 1286841);
    const text = "The Defendant shall pay the sum of One Million Two Hundred Eighty-Six Thousand Eight Hundred Forty-One Dollars ($1,286,841).";
    expectNoLeak(guard, text, "Eight Hundred Forty-One");
    // Red-team messages: British `and` after `hundred`, and thousands as `grand` (noised in thousands, not as 142 dollars).
    expectNoLeak(guard, "the sum of one million two hundred and eighty-six thousand eight hundred and forty-one dollars", "eight hundred and forty-one");
    const salary = guardFor("salary", 142000);
    expectNoLeak(salary, "An annual base salary of one hundred and forty-two thousand dollars.", "forty-two thousand");
    const [direct, , read] = unauthorized(salary, "He makes 142 grand.");
    for (const out of [direct, read]) expect(Number(/(\d+) grand/.exec(out)?.[1] ?? "0")).toBeGreaterThan(100);
  });

  it("a score in words and an amount in thousands to the cent leak", () => {
    // Red team (new finance traces): `seven hundred sixty-eight` and `$188.75K` / `$312.45K` passed as written.
    expectNoLeak(guardFor("credit_score", 768), "Credit score: seven hundred sixty-eight.", "sixty-eight");
    expectNoLeak(guardFor("income", 188750), "Annual income: $188.75K.", "188.75");
    expectNoLeak(guardFor("balance", 312447.18), "Balance approx. $312.45K today", "312.45");
    // A round hundred in words is an everyday phrase.
    expect(unauthorized(guardFor("credit_score", 700), "two hundred people, seven hundred miles")[0]).toBe("two hundred people, seven hundred miles");
  });

  it("an email written in the [at]/(at)/at + [dot] obfuscation leaks", () => {
    const guard = guardFor("email", "dwayne.sanchez@example.com");
    expectNoLeak(guard, "You can reach him at dwayne.sanchez [at] example [dot] com.", "dwayne.sanchez [at] example");
    expectNoLeak(guard, "You can reach him at dwayne.sanchez(at)example.com.", "dwayne.sanchez(at)example");
    expectNoLeak(guard, "You can reach him at dwayne.sanchez at example.com.", "dwayne.sanchez at example");
  });

  it("the masked last four of an 8-digit ID (`ending in 7826`, `INS-****7826`) are not protected", () => {
    const guard = guardFor("insurance_id", "INS-67737826");
    expectNoLeak(guard, "Insurance ID ending in 7826 is on file.", "7826");
    expectNoLeak(guard, "Insurance ID: INS-****7826", "7826");
  });

  it("digits spelled out one by one (call and voice transcripts) leak a phone or SSN", () => {
    expectNoLeak(guardFor("phone", "(415) 555-0132"), "Caller said her number is four one five, five five five, zero one three two.", "zero one three two");
    expectNoLeak(guardFor("ssn", "121-83-2523"), "Caller gave SSN one two one, eight three, two five two three.", "two five two three");
  });

  it("a date of birth in the compact day-MONTH-year layout (`17JUN1971`) is not found", () => {
    expectNoLeak(guardFor("dob", "1971-06-17"), "DOB: 17JUN1971", "17JUN1971");
  });
});

describe("review 4 (b): a reversible write that the authorized recipient does not get back", () => {
  it("a first name's possessive, when the surname starts with S, is read as `First S.`: the `'s` is lost and it does not restore", () => {
    const guard = guardFor("patient_name", "Dwayne Sanchez");
    const [direct] = unauthorized(guard, "I reviewed Dwayne's labs today.");
    expect(direct).toMatch(/\w's labs/);
    expect(roundTrip(guard, "I reviewed Dwayne's labs today.")).toBe("I reviewed Dwayne's labs today.");
  });

  it("a partial mention of a contextual value restores to the whole value (`his diabetes` -> `his Type 2 Diabetes Mellitus`)", () => {
    const guard = guardFor("diagnosis", "Type 2 Diabetes Mellitus");
    for (const text of ["She needs help managing her diabetes.", "Dx: CKD stage 3 follow-up.", "He is on metformin for T2DM."]) {
      expect(roundTrip(guard, text)).toBe(text);
    }
    const ckd = guardFor("diagnosis", "Chronic Kidney Disease Stage 3");
    expect(roundTrip(ckd, "Dx: CKD stage 3 follow-up.")).toBe("Dx: CKD stage 3 follow-up.");
    expect(roundTrip(ckd, "Monitor kidney function quarterly.")).toBe("Monitor kidney function quarterly.");
  });

  it("a contextual window that spans lines is sealed whole and restores as the bare value: the lines between are lost", () => {
    const guard = guardFor("performance_rating", "Needs Improvement");
    const text = "- Meet with the manager (specify location if needed).\n- **Focus Areas:**\n  - Problem-solving and process improvement.\n  - Collaboration skills.";
    expect(roundTrip(guard, text)).toBe(text);
  });

  it("a sealed value restores in the vault's case, not the writer's (`Case Type: Civil` -> `civil`)", () => {
    expect(roundTrip(guardFor("case_type", "civil"), "- **Case Type:** Civil")).toBe("- **Case Type:** Civil");
    expect(roundTrip(guardFor("department", "Engineering"), "a valuable asset to our engineering team")).toBe("a valuable asset to our engineering team");
  });

  it("an amount written with a trailing zero in its cents (`$53.30` for 53.3) does not restore", () => {
    expect(roundTrip(guardFor("fee", 53.3), "Fee: $53.30")).toBe("Fee: $53.30");
  });

  it("an approximated amount (`$1.3M`, `$33.4K`) does not restore to what was written", () => {
    // Reviewed code: "$1.3M" -> "$5456691.4T" (the M enciphered as a letter), never restored; with the sealing
    // being added meanwhile, the reader gets "$1286841" instead of "$1.3M".
    expect(roundTrip(guardFor("settlement_amount", 1286841), "Settlement: $1.3M")).toBe("Settlement: $1.3M");
    expect(roundTrip(guardFor("income", 33443), "Income: $33.4K")).toBe("Income: $33.4K");
  });

  it("an apostrophe surname alone (`Mr. O'Brien's case`, `O'Brien, Patrick`) is pseudonymized as `O'` + surname and does not restore", () => {
    const guard = guardFor("client_name", "Patrick O'Brien");
    expect(roundTrip(guard, "Mr. O'Brien's case is next.")).toBe("Mr. O'Brien's case is next.");
    expect(roundTrip(guard, "Client: O'Brien, Patrick")).toBe("Client: O'Brien, Patrick");
  });

  it("an integer amount written with a thousands separator (`$53,052`, `$53,052.00`) does not restore exactly", () => {
    // Reviewed code: "$53,052" -> "$49029655,965" (padded FPE, kept as is for the reader); with the sealing
    // being added meanwhile, the reader gets "$53052". "$53,052.00" -> "$89,320.86", never restored.
    const guard = guardFor("salary", 53052);
    const text = "| EMP-20798 | Salary: $53,052 |";
    expect(roundTrip(guard, text)).toBe(text);
    expect(roundTrip(guard, "Income: $53,052.00 per year")).toBe("Income: $53,052.00 per year");
  });

  it("non-breaking hyphens (U+2011) and no-break spaces inside a value restore as U+2010 / plain spaces", () => {
    expect(roundTrip(guardFor("ssn", "121-83-2523"), "SSN: 121\u201183\u20112523")).toBe("SSN: 121\u201183\u20112523");
    expect(roundTrip(guardFor("phone", "(415) 555-0132"), "call (415)\u00a0555\u20110132")).toBe("call (415)\u00a0555\u20110132");
    expect(roundTrip(guardFor("credit_card", "3590930437661364"), "card 3590\u00a09304\u00a03766\u00a01364")).toBe("card 3590\u00a09304\u00a03766\u00a01364");
  });

  it("a phone registered with an extension does not restore when written without it (the reader gets it redacted)", () => {
    const guard = guardFor("phone", "(894)764-7436x713");
    expect(roundTrip(guard, "Call (894) 764-7436.")).toBe("Call (894) 764-7436.");
    expect(roundTrip(guardFor("phone", "+1-982-414-6584x044"), "Phone: 982-414-6584")).toBe("Phone: 982-414-6584");
    // The same with a phone registered in E.164: its national layouts do not restore either.
    expect(roundTrip(guardFor("phone", "+14155550132"), "Call (415) 555-0132.")).toBe("Call (415) 555-0132.");
  });

  it("a first name outside the bundled lists, alone, got a surname-list pseudonym unlike its full name's and did not restore", () => {
    const guard = guardFor("candidate_name", "Tanya Bryant");
    const full = guard.sanitizeSync({ channel: "C2", content: "Tanya Bryant", recipient: "other" }).content as string;
    const [direct] = unauthorized(guard, "Interview with Tanya on Monday.");
    expect(direct).toBe(`Interview with ${full.split(" ")[0]} on Monday.`);
    const text = "Interview with Tanya on Monday. Once we confirm with Tanya, I will send the invite.";
    expect(roundTrip(guard, text)).toBe(text);
    expect(roundTrip(guardFor("patient_name", "Lindsay Carney"), "Dear Lindsay,")).toBe("Dear Lindsay,");
  });

  it("an identifier in a grouping of the writer's own (IBAN print form, `MRN 447 1093`) does not restore; the other reader gets the surrogate's digits", () => {
    const cases: Array<[string, string, string]> = [
      ["iban", "DE89370400440532013000", "IBAN: DE89 3704 0044 0532 0130 00"],
      ["mrn", "MRN-4471093", "MRN 447 1093 (record 447-1093)"],
      ["policy_number", "INS41208932", "policy 4120 8932"],
    ];
    for (const [field, value, text] of cases) {
      const guard = guardFor(field, value);
      expect(roundTrip(guard, text)).toBe(text);
      const surrogateDigits = (guard.sanitizeSync({ channel: "C2", content: value, recipient: "other" }).content as string).replace(/\D/g, "");
      for (const out of unauthorized(guard, text)) {
        expect(out.replace(/\D/g, "")).not.toContain(value.replace(/\D/g, ""));
        expect(out.replace(/\D/g, "").includes(surrogateDigits), out).toBe(true);
      }
    }
  });

});

describe("review 4 (c): surrogates that break the text", () => {
  it("an address field is format-encrypted into gibberish (`1266 Hbm Ttqqjs, Ykvheqppheg, SA 08649`)", () => {
    const guard = guardFor("home_address", "1234 Elm Street, Springfield, IL 62704");
    const [direct] = unauthorized(guard, "Address: 1234 Elm Street, Springfield, IL 62704");
    // Either redacted or a readable surrogate, not letter-shuffled words.
    expect(direct).not.toMatch(/[A-Z][a-z]*[bcdfghjklmnpqrstvwxz]{4,}/);
  });

  it("a phone's `ext.` / `extension` / `x` marker and its `+1` country code are enciphered (`ext. 713` -> `cet. 228`, `x713` -> `g070`, `+1-` -> `+0-`)", () => {
    const guard = guardFor("phone", "(894)764-7436x713");
    const [direct] = unauthorized(guard, "Call (894) 764-7436 ext. 713 or 894-764-7436 extension 713.");
    expect(direct).toContain("ext.");
    expect(direct).toContain("extension");
    // The trace layouts: the `x` marker becomes another letter, `+1` / `001` become `+0` / `072`.
    const [traceLayout] = unauthorized(guard, "Phone: (894)764-7436x713");
    expect(traceLayout).toMatch(/\d{4}x\d{3}$/); // got "(862)075-8357g070"
    const [e164] = unauthorized(guardFor("phone", "+1-982-414-6584x044"), "Phone: +1-982-414-6584x044");
    expect(e164).toMatch(/^Phone: \+1-/); // got "+0-799-756-9198k985"
  });

  it("a phone's extension written without its leading zeros is the extension too, shown and restored without them", () => {
    // Round 6 red team: `x0872` written `ext. 872` kept the real extension beside an enciphered number.
    const guard = createRecons({ secret: "ext", vault: { phone: "(952) 417-3368x0402" }, policy: { fields: { phone: { authorized: ["desk"] } } } });
    for (const text of ["Reach him at (952) 417-3368, ext 402.", "Call (952) 417-3368 x402", "His extension 402 is new"]) {
      const out = guard.sanitizeSync({ channel: "C2", content: text, recipient: "other" }).content as string;
      expect(out, text).not.toMatch(/402|417/);
      expect(out, text).not.toContain("REDACTED");
      // Beside its number, the extension reads back as the registered phone's whole (`x0402`): the same extension.
      const written = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content as string;
      expect((guard.sanitizeSync({ channel: "C5", content: written, recipient: "desk" }).content as string).replace("0402", "402")).toBe(text);
    }
  });

  it("an address redacted across a CSV row's cells, a JSON string's fields, XML elements, YAML lines or a table's cells keeps that structure", () => {
    // Red-team structured payloads: 4 CSV columns became 2, three JSON keys and the XML tags went with one placeholder.
    const guard = guardFor("address", "1600 Amphitheatre Pkwy, Mountain View, CA 94043", { action: "redact" });
    const cases: Array<[string, string]> = [
      ["id,street,city,state_zip\n7,1600 Amphitheatre Pkwy,Mountain View,CA 94043", "id,street,city,state_zip\n7,[REDACTED:address],[REDACTED:address],[REDACTED:address]"],
      ['{"street":"1600 Amphitheatre Pkwy","city":"Mountain View","state":"CA","zip":"94043"}', '{"street":"[REDACTED:address]","city":"[REDACTED:address]","state":"[REDACTED:address]","zip":"[REDACTED:address]"}'],
      ["<street>1600 Amphitheatre Pkwy</street><city>Mountain View</city><zip>CA 94043</zip>", "<street>[REDACTED:address]</street><city>[REDACTED:address]</city><zip>[REDACTED:address]</zip>"],
      ["street: 1600 Amphitheatre Pkwy\ncity: Mountain View\nstate: CA\nzip: 94043", "street: [REDACTED:address]\ncity: [REDACTED:address]\nstate: [REDACTED:address]\nzip: [REDACTED:address]"],
    ];
    for (const [text, expected] of cases) expect(unauthorized(guard, text)[0], text).toBe(expected);
    expect(unauthorized(guard, "Ship to 1600 Amphitheatre Pkwy, Mountain View, CA 94043.")[0]).toBe("Ship to [REDACTED:address].");
  });

  it("a card's first four or six digits before a mask are the surrogate's, not the real issuer digits, and restore", () => {
    // Semantic-judge probe of the value-swapped replay: `566276*******24` of 566276822004 passed whole; `4119 32** **** 9275` kept its head.
    const guard = guardFor("credit_card", "4119324671999275");
    const text = "Card 4119 32** **** 9275, on file as 4119-****-****-9275 and 411932******9275.";
    for (const out of unauthorized(guard, text)) {
      expect(out).not.toMatch(/4119|9275/);
      expect(out).toMatch(/^Card \d{4} \d{2}\*\* \*\*\*\* \d{4}, on file as \d{4}-\*{4}-\*{4}-\d{4} and \d{6}\*{6}\d{4}\.$/);
    }
    expect(roundTrip(guard, text)).toBe(text);
    const short = guardFor("credit_card_real", "566276822004");
    for (const out of unauthorized(short, "Credit Card: `566276*******24`")) expect(out).not.toContain("566276");
    expect(unauthorized(guard, "order 4119 shipped")[0]).toBe("order 4119 shipped");
  });

  it("a phone's extension is enciphered with its number, not kept (`x713` was the real number's last digits), and restores", () => {
    // Semantic-judge probe of the value-swapped replay: `+1-804-960-8134x496` of `...x496`, in every such line.
    const guard = guardFor("phone", "(894)764-7436x713");
    const text = "Call (894) 764-7436 ext. 713, (894)764-7436x713 or 894.764.7436 extension 713.";
    for (const out of unauthorized(guard, text)) {
      expect(out).not.toMatch(/713/);
      expect(out).toMatch(/^Call \(\d{3}\) \d{3}-\d{4} ext\. \d{3}, \(\d{3}\)\d{3}-\d{4}x\d{3} or \d{3}\.\d{3}\.\d{4} extension \d{3}\.$/);
    }
    expect(roundTrip(guard, text)).toBe(text);
    const international = guardFor("phone", "+1-866-691-8362x6448");
    expect(unauthorized(international, "+1 866 691 8362 ext 6448")[0]).not.toContain("6448");
    expect(roundTrip(international, "+1 866 691 8362 ext 6448")).toBe("+1 866 691 8362 ext 6448");
  });

  it("a phone's extension written apart from its number is the surrogate phone's extension, and restores", () => {
    // Semantic-judge probe of the value-swapped replay: an agent's note repeated `Extension "x2600"` after the number was enciphered.
    const guard = guardFor("phone", "+1-466-438-9830x2600");
    const text = 'Call +1-466-438-9830x2600. Extension "x2600" is unusual; dial ext. 2600.';
    for (const out of unauthorized(guard, text)) {
      expect(out).not.toMatch(/2600|9830/);
      const [, whole, alone, dialled] = /x(\d{4})\. Extension "x(\d{4})" is unusual; dial ext\. (\d{4})\.$/.exec(out)!;
      expect([alone, dialled]).toEqual([whole, whole]);
    }
    expect(roundTrip(guard, text)).toBe(text);
    // Short or bare: other numbers.
    expect(unauthorized(guard, "Room x26 holds 2600 people.")[0]).toBe("Room x26 holds 2600 people.");
  });

});
