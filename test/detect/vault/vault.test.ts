import { describe, expect, it } from "vitest";
import { Vault } from "../../../src/detect/vault/vault.js";
import { createRecons } from "../../../src/guard.js";
import { inferFieldType } from "../../../src/policy/infer.js";
import type { VaultValue } from "../../../src/policy/options.js";

function vaultOf(values: Record<string, VaultValue>): Vault {
  const vault = new Vault(inferFieldType);
  for (const [field, value] of Object.entries(values)) vault.add(field, value);
  return vault;
}

/** The [text, field, confidence] of every detection. */
function found(vault: Vault, text: string): [string, string | null, number][] {
  return vault.detect(text).map((d) => [text.slice(d.start, d.end), d.field, d.confidence]);
}

function expectFound(vault: Vault, field: string, forms: string[]): void {
  for (const form of forms) {
    const text = `before ${form} after`;
    const hits = vault.detect(text).filter((d) => d.field === field);
    expect(hits.map((d) => text.slice(d.start, d.end)), form).toEqual([form]);
  }
}

function expectNotFound(vault: Vault, texts: string[]): void {
  for (const text of texts) expect(found(vault, text), text).toEqual([]);
}

describe("Vault", () => {
  it("finds the same in a text whichever vault normalized it last (vaults share one buffer)", () => {
    const people = vaultOf({ patient_name: "Dwayne Sanchez" });
    const numbers = vaultOf({ ssn: "123-45-6789" });
    const text = "Dwayne Sanchez, SSN 123 45 6789, called.";
    const alone = [found(people, text), found(numbers, text)];
    expect(alone[0].map(([form]) => form)).toEqual(["Dwayne Sanchez"]);
    expect(alone[1].map(([form]) => form)).toEqual(["123 45 6789"]);
    for (const order of [[numbers, people], [people, people, numbers], [numbers, numbers]]) {
      found(people, "something else 123-45-6789");
      for (const vault of order) expect(found(vault, text)).toEqual(alone[vault === people ? 0 : 1]);
    }
  });

  it("finds identifiers with separators dropped or changed", () => {
    const vault = vaultOf({ ssn_real: "939-79-6410", insurance_id: "INS-41208932" });
    expectFound(vault, "ssn_real", ["939-79-6410", "939 79 6410", "939796410", "939.79.6410"]);
    expectFound(vault, "insurance_id", ["INS-41208932", "INS41208932", "ins 41208932", "41208932"]);
    expectNotFound(vault, ["9939796410", "939-79-64101", "INS-412089321"]);
  });

  it("finds phones in any layout, with or without extension", () => {
    const vault = vaultOf({ phone_real: "+1-982-414-6584x044" });
    expectFound(vault, "phone_real", ["(982) 414-6584", "982.414.6584", "9824146584", "+1 982 414 6584", "982-414-6584 ext. 044", "+1-982-414-6584x044"]);
  });

  it("takes in the other half of a parenthesis a found phrase opens or closes, never half of one", () => {
    const vault = vaultOf({ diagnosis: "Chronic Back Pain", medications: ["Metformin 500mg"], phone: "(982) 414-6584" });
    expect(found(vault, "suffers from back pain (chronic) daily").map(([form]) => form)).toEqual(["back pain (chronic)"]);
    expect(found(vault, "takes Metformin (500 mg).").map(([form]) => form)).toEqual(["Metformin (500 mg)"]);
    expect(found(vault, "call (982) 414-6584 today").map(([form]) => form)).toEqual(["(982) 414-6584"]);
    expect(found(vault, "(Chronic Back Pain)").map(([form]) => form)).toEqual(["Chronic Back Pain"]);
  });

  it("finds numbers with grouping, currency and decimals, not other numbers", () => {
    const vault = vaultOf({ salary: 205902, balance: 368115.56, settlement_amount: 1286841 });
    expectFound(vault, "salary", ["205902", "205,902", "205,902.00", "205902.0"]);
    expectFound(vault, "balance", ["368,115.56", "368115.56"]);
    expect(found(vault, "pay $205,902 now")).toEqual([["205,902", "salary", 0.95]]);
    expect(found(vault, "a $206K salary")).toEqual([["206K", "salary", 0.6]]);
    expect(found(vault, "about $1.29M")).toEqual([["1.29M", "settlement_amount", 0.6]]);
    expectNotFound(vault, ["205.902", "1,205,902", "2059020", "205,902.50", "368,115.57"]);
  });

  it("finds an amount approximated the way writers do, not a round figure of one digit", () => {
    const vault = vaultOf({ income: 130954, balance: 53508.23, settlement_amount: 1286841, bonus: 180271.41, salary: 100300 });
    expectFound(vault, "income", ["130,000", "131K", "131,000", "130.9k"]);
    expectFound(vault, "balance", ["53,500", "53.5k", "53,508", "53.51 thousand"]);
    expectFound(vault, "settlement_amount", ["1.28M", "1.3 million", "1,290,000", "1.287M"]);
    expectFound(vault, "bonus", ["180k", "180 thousand", "180,271", "180,000"]);
    expect(found(vault, "a balance of $53,508")).toEqual([["53,508", "balance", 0.9]]);
    expect(found(vault, "about $100.3K")).toEqual([["100.3K", "salary", 0.6]]);
    expectNotFound(vault, ["$1M", "1.27M", "$54,100", "132,000", "53,507", "130,954.5", "a $1,000,000 cap", "$100,000"]);
    // Scaled, a round figure shows its digits to the unit (`$100K` is 100,300 to the thousand); written out in full, one.
    expectFound(vault, "salary", ["100k", "100K", "100 thousand"]);
    expectFound(vaultOf({ balance: "200043.00" }), "balance", ["200k", "200 thousand"]);
    expectNotFound(vaultOf({ balance: "200043.00" }), ["$0.2M", "200,000"]);
    // Cut to two digits, 128,227 is 6 % off: another round figure.
    expectNotFound(vaultOf({ salary: 128227 }), ["a $120,000 salary", "$120K"]);
    // A round figure that is the amount itself is how it is written (dev sweep: `Retainer amount: $10K`).
    expectFound(vaultOf({ retainer_amount: 10000 }), "retainer_amount", ["10K", "10k", "10 thousand"]);
    // Zero cents written short (dev sweep: a log preview cut at `$100,243.0...`).
    expectFound(vaultOf({ balance: "100243.00" }), "balance", ["100,243.0", "100243.0"]);
  });

  it("finds an amount under 10,000 scaled to thousands by the same rounding rule, not as a round full figure", () => {
    const vault = vaultOf({ loan: 4600 });
    expectFound(vault, "loan", ["4.6K", "4.6k", "4.6 thousand", "4.60K"]);
    expectFound(vaultOf({ bonus: 4650 }), "bonus", ["4.65K", "4.7K", "4.6K", "4.65 thousand"]);
    expect(found(vault, "$4.6K owed")).toEqual([["4.6K", "loan", 0.6]]);
    // One significant digit (`$5K` of 4,600) is any amount of that size; a round full figure under 10,000 is an everyday number.
    expectNotFound(vault, ["$5K owed", "about 4,700 people", "4.5K", "4.7K", "4.6 kg", "4.6km", "a 4.6 rating", "4.6M"]);
    expectNotFound(vaultOf({ bonus: 4650 }), ["$5K", "4,700", "4,600"]);
    expectFound(vaultOf({ fee: 4000 }), "fee", ["4K", "4 thousand"]);
  });

  it("finds an amount grouped with one dot (`118.300 €`) only beside a currency: elsewhere it reads as a decimal", () => {
    const vault = vaultOf({ salary: 118300, loan: 4600 });
    for (const text of ["118.300 €", "€118.300", "EUR 118.300", "118.300 EUR", "CHF 118.300.", "118.300\u00a0€", "(€ 118.300)", "118.300 euros"]) {
      expect(found(vault, `pay ${text}`).map(([form, field]) => [form, field]), text).toEqual([["118.300", "salary"]]);
    }
    expect(found(vault, "Darlehen: 4.600 €")).toEqual([["4.600", "loan", 0.95]]);
    expectNotFound(vault, ["version 118.300 here", "118.300 km", "pH 4.600 at 20 C", "EURO118.300", "118.300EURX"]);
  });

  it("finds a value written in Arabic-Indic, Eastern Arabic-Indic or Devanagari digits", () => {
    const vault = vaultOf({ ssn: "123-45-6789", salary: 118300 });
    for (const text of ["SSN ١٢٣-٤٥-٦٧٨٩", "SSN ۱۲۳-۴۵-۶۷۸۹", "SSN १२३-४५-६७८९", "SSN ١٢٣٤٥٦٧٨٩"]) {
      const [hit] = vault.detect(text);
      expect([hit?.field, hit?.start, hit?.end], text).toEqual(["ssn", 4, text.length]);
    }
    expect(found(vault, "salary ١١٨,٣٠٠ a year")).toEqual([["١١٨,٣٠٠", "salary", 0.95]]);
    expectNotFound(vault, ["SSN ١٢٣-٤٥-٦٧٨٠", "١١٨.٣٠٠ units", "٢٠٢٦"]);
  });

  it("finds dates in at least 12 layouts", () => {
    const vault = vaultOf({ dob: "1957-07-28" });
    expectFound(vault, "dob", [
      "1957-07-28", "07/28/1957", "7/28/1957", "28/07/1957", "July 28, 1957", "Jul 28, 1957", "28 July 1957",
      "28 Jul 1957", "July 28th, 1957", "1957/07/28", "28.07.1957", "07-28-1957", "28th of July 1957", "07/28/57", "19570728",
    ]);
    expectNotFound(vault, ["1957-07-29", "July 28, 1958", "1957"]);
  });

  it("finds a date's month and day, its month and year, and a birth year after `born`, not another date", () => {
    const vault = vaultOf({ dob: "1957-07-28", visit_date: "2026-01-03", hire_date: "2023-06-25" });
    expectFound(vault, "visit_date", ["January 3", "Jan. 3rd", "3 January", "3rd of January", "January 2026", "Jan 2026", "01/2026", "1-2026"]);
    expectFound(vault, "dob", ["July 28", "28th of Jul", "July 1957"]);
    expect(found(vault, "Seen on the 3rd of January.")).toEqual([["3rd of January", "visit_date", 0.7]]);
    expect(found(vault, "Hired in June 2023.")).toEqual([["June 2023", "hire_date", 0.6]]);
    expect(found(vault, "She was born in 1957 in Ohio.")).toEqual([["1957", "dob", 0.7]]);
    for (const text of ["born mid-1957", "born in late 1957", "born in the summer of 1957"]) expect(found(vault, text)).toEqual([["1957", "dob", 0.7]]);
    expectNotFound(vault, ["mid-1957 sales", "in the summer of 1957", 
      "January 3, 2025", "3 January 2025", "the 3rd of January 2027", "jan 3 more", "January 30", "13 January",
      "Sat, 31 Jan 2026 19:06", "the 3rd of January 2025", "Jan 01 2026", "12/01/2026", "page 1, 2026", "in 1957", "born in 2023",
    ]);
  });

  it("finds a short first name with the surname, and alone only when it is no ordinary word", () => {
    const vault = vaultOf({ client_name: "Gregory Hill", witness_name: "William Porter" });
    expectFound(vault, "client_name", ["Greg Hill"]);
    expect(found(vault, "Bill Porter testified.")).toEqual([["Bill Porter", "witness_name", 0.85]]);
    expect(found(vault, "Dear Greg, thanks.")).toEqual([["Greg", "client_name", 0.5]]);
    expectNotFound(vault, ["Please bill the client.", "Last Will and Testament", "Dear Bill, thanks.", "Greg Kowalczyk called"]);
    // A short form the lexicon knows first as a name counts alone too (`Peggy` of Margaret passed); `Rob the bank` is the verb.
    const margaret = vaultOf({ patient: "Margaret Olsen", client: "Robert Sanchez" });
    expect(found(margaret, "Peggy called about Bobby's file.")).toEqual([["Peggy", "patient", 0.5], ["Bobby", "client", 0.5]]);
    expectNotFound(margaret, ["Rob the bank", "bob your head"]);
  });

  it("finds a short form of the first name before the surname, a short form with the surname's initial, and a surname in a path", () => {
    // The surname beside a first name it did not know read as someone else's: `Lena Petrova` passed whole.
    const vault = vaultOf({ employee: "Elena Petrova", patient: "Gabriela Beard", client: "Robert Pearson", pt: "Daniel Okafor" });
    expect(found(vault, "Lena Petrova called.")).toEqual([["Lena Petrova", "employee", 0.75]]);
    expect(found(vault, "Gabi Beard and Gabby Beard")).toEqual([["Gabi Beard", "patient", 0.75], ["Gabby Beard", "patient", 0.75]]);
    expect(found(vault, "Then Bob P. asked.")).toEqual([["Bob P", "client", 0.75]]);
    expect(found(vault, "See okafor-referral.docx and referrals/okafor.pdf")).toEqual([["okafor", "pt", 0.6], ["okafor", "pt", 0.6]]);
    // Round 8 red team: a document named for a surname that is also a word or a first name, in any case (`kirby.pdf`, `long.pdf`).
    const words = vaultOf({ patient: "Danielle Kirby", client: "Emily Long" });
    expect(found(words, "file KIRBY.pdf, long_notes.txt").map(([text, field]) => [text, field])).toEqual([["KIRBY", "patient"], ["long", "client"]]);
    expectNotFound(words, ["a long_term plan", "belong.pdf", "see kirby notes"]);
    // Red team (new healthcare traces): pet forms the table lacks passed with the real surname (`Gus Pelletier`, `Evie Thibodeaux`, `Iggy Brennan`).
    const pets = vaultOf({ patient: "Augustin Pelletier", client: "Evangeline Thibodeaux", employee: "Matilda Kaczmarek", candidate: "Ignatius Brennan" });
    expect(found(pets, "Gus Pelletier, Evie Thibodeaux, Tillie Kaczmarek and Iggy Brennan").map(([text]) => text)).toEqual(["Gus Pelletier", "Evie Thibodeaux", "Tillie Kaczmarek", "Iggy Brennan"]);
    expectNotFound(pets, ["Dr. John Pelletier", "Ann Thibodeaux", "Mark Brennan"]);
    // Round 9 red team: a short form alone that is no start of the name (`Toby missed 3 sprint deadlines` of Tobias, `Bart` of Bartholomew).
    const shortForms = vaultOf({ employee: "Tobias Renner", patient: "Bartholomew Okafor" });
    expect(found(shortForms, "Toby missed deadlines. Bart came.").map(([text, field]) => [text, field])).toEqual([["Toby", "employee"], ["Bart", "patient"]]);
    // Round 9 red team: three initials or more in capitals (`OF v. LAC`, `GFH_release_OWBPA.pdf`); not two, not a word in lower case.
    const initials = vaultOf({ subject: "Lionel Abernathy-Cole", employee: "Gordon F. Hale", client: "Odessa Frye" });
    expect(found(initials, "OF v. LAC; GFH_release.pdf").map(([text, field]) => [text, field])).toEqual([["LAC", "subject"], ["GFH", "employee"]]);
    expectNotFound(initials, ["the lac of data", "Lac Leman"]);
    // Round 12 red team: a title names the one of two people sharing a surname whose first name it fits (`Dear Mr. Lindqvist` of an
    // allowed Howard had come out as his wife Ingrid's pseudonym); alone, either title names the person still.
    const family = vaultOf({ customer_name: "Howard Lindqvist", spouse_name: "Ingrid Lindqvist" });
    expect(found(family, "Dear Mr. Lindqvist; Ms. Lindqvist called").map(([text, field]) => [text, field])).toEqual([["Mr. Lindqvist", "customer_name"], ["Ms. Lindqvist", "spouse_name"]]);
    expect(found(vaultOf({ spouse_name: "Ingrid Lindqvist" }), "Dear Mr. Lindqvist").map(([text, field]) => [text, field])).toEqual([["Mr. Lindqvist", "spouse_name"]]);
    const advisor = createRecons({ secret: "s", vault: { customer_name: "Howard Lindqvist", spouse_name: "Ingrid Lindqvist" }, policy: { fields: { customer_name: { authorized: ["advisor"] } } } });
    expect(advisor.sanitizeSync({ channel: "C2", content: "Dear Mr. Lindqvist,", recipient: "advisor" }).content).toBe("Dear Mr. Lindqvist,");
    // Round 12 red team: initials each with its period, two of them too (`R.Q. (peer)`, `Complainant (O.F.)`, `L. A. C.`); not without
    // the periods, not in lower case, and not a pair that is an abbreviation first (`P.M.` of Paula Moss).
    const dotted = vaultOf({ employee_name: "Rafael Quintero", subject: "Lionel Abernathy-Cole", nurse_name: "Paula Moss" });
    expect(found(dotted, "R.Q. (peer); (R. Q.) and L.A.C. or L. A. C.").map(([text, field]) => [text, field])).toEqual([["R.Q", "employee_name"], ["R. Q", "employee_name"], ["L.A.C", "subject"], ["L. A. C", "subject"]]);
    expectNotFound(dotted, ["R Q codes", "r.q. notes", "at 4 P.M. sharp", "R.Q"]);
    // Two together or spelled after a title name the person (`Mr. RQ`, `Mr. R-Q`); alone, two capitals are anyone's (`the RQ team`).
    expect(found(dotted, "Mr. RQ agreed; Mr. R-Q called; Ms. PM left").map(([text, field]) => [text, field])).toEqual([["RQ", "employee_name"], ["R-Q", "employee_name"], ["PM", "nurse_name"]]);
    expectNotFound(dotted, ["the RQ team", "R-Q codes", "at 4 PM sharp"]);
    const peer = createRecons({ secret: "s", vault: { employee_name: "Rafael Quintero" }, policy: { fields: {} } }).sanitizeSync({ channel: "C2", content: "Complainant (R.Q.) said", recipient: "clerk" }).content;
    expect(peer).toMatch(/^Complainant \([A-Z]\.[A-Z]\.\) said$/);
    expect(peer).not.toContain("R.Q.");
    const subject = createRecons({ secret: "s", vault: { subject: "Lionel Abernathy-Cole" }, policy: { fields: { subject: { authorized: ["counsel"] } } } });
    const shown = subject.sanitizeSync({ channel: "C2", content: "Matter: OF v. LAC", recipient: "clerk" }).content as string;
    expect(shown).toMatch(/^Matter: OF v\. [A-Z]{3}$/);
    expect(shown).not.toContain("LAC");
    // Not looked for among the surrogates: three capitals in a log (`-YUL` of a request id) would be restored as a person's.
    expect(subject.sanitizeSync({ channel: "C2", content: shown, recipient: "counsel" }).content).toBe(shown);
    // Red team: a nickname in quotes or brackets inside the name was replaced with the marks around it (`Ryan "Ryan Reyna`, `Diane Diane Terrell`).
    const kate = vaultOf({ customer_name: "Katherine Abernathy" });
    const parts = vaultOf({ customer_name: "Katherine Abernathy" }).detect('Katherine "Kate" Abernathy and (Kate) Abernathy');
    expect(parts.sort((a, b) => a.start - b.start).map((d) => d.role)).toEqual(["first-name", "first-name", "surname", "first-name", "surname"]);
    const guard = createRecons({ secret: "s", vault: { customer_name: "Katherine Abernathy" }, policy: { fields: {} } });
    expect(guard.sanitizeSync({ channel: "C2", content: 'Katherine "Kate" Abernathy and (Kate) Abernathy', recipient: "x" }).content).toMatch(/^\p{Lu}\p{Ll}+ "\p{Lu}\p{Ll}+" \p{Lu}\p{Ll}+ and \(\p{Lu}\p{Ll}+\) \p{Lu}\p{Ll}+$/u);
    expect(found(kate, "Katherine Abernathy")).toEqual([["Katherine Abernathy", "customer_name", 1]]);
    // Round 10 red team: an article after a first name is no initial (`Please book Desmond a nurse visit` came out `Alfred j nurse visit`).
    expect(found(vaultOf({ patient_name: "Desmond Achebe-Lawson" }), "Please book Desmond a nurse visit; Desmond A. came.")).toEqual([["Desmond", "patient_name", 0.5], ["Desmond A", "patient_name", 0.75]]);
    // Round 12 red team: nor is a caption's `v.` before the surname (`Halvorsen v. Raghunathan` came out `Halvorsen r. Proctor`).
    expect(found(vaultOf({ opposing_party: "Vikram Raghunathan" }), "Halvorsen v. Raghunathan was filed by V. Raghunathan").map(([form]) => form)).toEqual(["Raghunathan", "V. Raghunathan"]);
    // A title or a status word between quotes or brackets stays (`{"judge": "Oyelaran"}`: the key had become a first name; `(Ret.)` a surname).
    const judge = createRecons({ secret: "s", vault: { judge: "IJ Patricia Oyelaran", arbitrator: "Hon. Miriam Escobedo (Ret.)" }, policy: { fields: {} } });
    const shownJudge = judge.sanitizeSync({ channel: "C2", content: '{"judge": "Oyelaran"} before IJ Oyelaran; Hon. Miriam Escobedo (Ret.) and Ms. Escobedo', recipient: "x" }).content as string;
    const [, keyed, titled, arbitrator, arbitratorSurname] = /^\{"judge": "(\p{Lu}\p{Ll}+)"\} before IJ (\p{Lu}\p{Ll}+); Hon\. \p{Lu}\p{Ll}+ (\p{Lu}\p{Ll}+) \(Ret\.\) and Ms\. (\p{Lu}\p{Ll}+)$/u.exec(shownJudge)!;
    expect([keyed, arbitrator]).toEqual([titled, arbitratorSurname]);
    expect(shownJudge).not.toMatch(/Oyelaran|Escobedo|Miriam/);
    // Round 9 red team: the surname's initial after a bracketed first name became a first name (`Tomek (Tomasz) W.` -> `Iris (Iris) Iris.`).
    const tomasz = createRecons({ secret: "s", vault: { patient_name: "Tomasz Wierzbicki" }, policy: { fields: { patient_name: { authorized: ["nurse"] } } } });
    const child = tomasz.sanitizeSync({ channel: "C2", content: "Child: (Tomasz) W., 6 yo; (T.) Wierzbicki", recipient: "x" }).content as string;
    const [, first, surname, initial, again] = /^Child: \((\p{Lu}\p{Ll}+)\) (\p{Lu}\p{Ll}+)\., 6 yo; \((\p{Lu}\p{Ll}+)\) (\p{Lu}\p{Ll}+)$/u.exec(child)!;
    expect([first, initial, surname]).toEqual([initial, first, again]);
    expect(first).not.toBe(surname);
    expect(tomasz.sanitizeSync({ channel: "C2", content: child, recipient: "nurse" }).content).toBe("Child: (Tomasz) Wierzbicki., 6 yo; (Tomasz) Wierzbicki");
    // Another first name is another person.
    expectNotFound(vault, ["Kelly Petrova is her sister.", "Ian Beard called"]);
    // A lowercase surname no dictionary lists is the person's anywhere (session 54: `query="oyelaran ..."`); one that is a word is not (below).
    expect(found(vault, "note: okafor called")).toEqual([["okafor", "pt", 0.6]]);
    expectNotFound(vaultOf({ patient: "Emily Long" }), ["see long-term.txt", "long_term_plan"]);
  });

  it("leaves a letter's closing that opens with the surname, even with the person named in full above it", () => {
    // `Best regards` became `Green regards`: a word no name, and the surrogate's mapping shown.
    const vault = vaultOf({ opposing_party: "Margie Best" });
    expect(found(vault, "We spoke with Margie Best yesterday. Best will respond.\n\nBest regards,\nAgent")).toEqual([
      ["Margie Best", "opposing_party", 1],
      ["Best", "opposing_party", 0.6],
    ]);
    expect(found(vaultOf({ opposing_party: "Tom Warm" }), "Tom Warm called.\nWarm wishes, Ann")).toEqual([["Tom Warm", "opposing_party", 1]]);
    // A common-word surname numbered is the word (`Day 1` became `Wood 1`, judges); a name word numbered is still the name.
    expect(found(vaultOf({ client_name: "Rose Day" }), "Rose Day starts Monday. Day 1: orientation. Day agreed.").map(([text]) => text)).toEqual(["Rose Day", "Day"]);
    expect(found(vaultOf({ client_name: "James Murray" }), "James Murray called. Murray 2 times").map(([text]) => text)).toEqual(["James Murray", "Murray"]);
    // The verb is no closing (dev replay): `If Rita wishes to ...` is the person.
    expect(found(vaultOf({ customer_name: "Rita Butler" }), "- If Rita wishes to increase her limit")).toEqual([["Rita", "customer_name", 0.5]]);
  });

  it("finds names reordered, with honorific, middle initial, without suffix, and parts under rules", () => {
    const vault = vaultOf({ patient_name: "Dwayne Sanchez MD" });
    expectFound(vault, "patient_name", ["Dwayne Sanchez MD", "Dwayne Sanchez", "Sanchez, Dwayne", "Ms. Sanchez", "Mr Sanchez", "Dr. Sanchez", "Dwayne J. Sanchez", "D. Sanchez", "Sanchez, D"]);
    expect(found(vault, "Dear Dwayne, thanks")).toEqual([["Dwayne", "patient_name", 0.5]]);
    expect(found(vault, "I told Sanchez about it")).toEqual([["Sanchez", "patient_name", 0.6]]);
    expectNotFound(vault, ["Kayla Sanchez called", "Dwayne Kowalczyk acts", "dwayne sanchezz"]);
    expect(found(vault, "Dwayne; Mr. Sanchez")).toEqual([["Dwayne", "patient_name", 0.5], ["Mr. Sanchez", "patient_name", 0.85]]);
    expect(found(vaultOf({ patient_name: "Dwayne Stuart Sanchez" }), "Seen by Dr. D. S. Sanchez.")).toEqual([["D. S. Sanchez", "patient_name", 0.75]]);
    // An unregistered middle initial after the first initial: the initials go with the surname.
    expect(found(vault, "Seen by D. J. Sanchez today")).toEqual([["D. J. Sanchez", "patient_name", 0.75]]);
    expect(found(vault, "Seen by A. J. Sanchez today")).toEqual([["Sanchez", "patient_name", 0.6]]);
  });

  it("keeps common-word surnames alone out unless they read as a name", () => {
    const vault = vaultOf({ patient_name: "Emily Long" });
    expectNotFound(vault, ["Long-term care is advised.", "How long will it take?", "The plan: Long waits."]);
    expect(found(vault, "We spoke with Long yesterday")).toEqual([["Long", "patient_name", 0.6]]);
    for (const text of ["- Patient name: Long", "- **Name:** Long", "Opposing party: Long"]) expect(found(vault, text), text).toEqual([["Long", "patient_name", 0.6]]);
    expectNotFound(vault, ["Duration: Long", "Plan name:\nLong waits."]);
    // A key that names a name part, as YAML, JSON or a form writes it.
    for (const text of ["last_name: Long", '{"last_name": "Long"}', '{"lastName":"Long"}', '{"first":"Emily","last":"Long"}', "Surname: Long", "family-name = Long"]) {
      expect(found(vault, text).filter(([span]) => span === "Long"), text).toEqual([["Long", "patient_name", 0.6]]);
    }
    expectNotFound(vault, ["last_updated: Long ago", "at last: Long waits", "lasting: Long"]);
    expect(found(vault, "In *Holmes v. Long*, the court")).toEqual([["Long", "patient_name", 0.6]]);
    expectNotFound(vault, ["See section v. Long waits follow.", "It was fine. Long waits followed."]);
    // A first name that is also a word, followed by another surname: someone else.
    expectNotFound(vaultOf({ patient_name: "Grant Long" }), ["Name: Grant Doe", "State v. Grant Doe"]);
    expect(found(vaultOf({ patient_name: "Grant Long" }), "Name: Grant")).toEqual([["Grant", "patient_name", 0.5]]);
    // Round 10 red team: a role's initials before a surname are no first name (`subject=CFO Rinaldi` passed); a name in capitals still is.
    const cfo = vaultOf({ cfo: "Marco Rinaldi" });
    expect(found(cfo, "subject=CFO Rinaldi; ask VP Rinaldi").map(([span]) => span)).toEqual(["Rinaldi", "Rinaldi"]);
    expectNotFound(cfo, ["JOHN RINALDI signed"]);
  });

  it("finds a form that needs words around it where a string is that form alone: a field's value or a table cell", () => {
    const vault = vaultOf({ credit_score: "580", client_name: "Ryan Brown", ssn: "985-71-8578", address: "587 Ayers Circles Suite 327, Nguyentown, FL 96861" });
    for (const [text, field] of [["580", "credit_score"], ["Brown", "client_name"], ["Ryan", "client_name"], [" Brown\n", "client_name"], ["8578", "ssn"], ["96861", "address"]]) {
      expect(found(vault, text).map(([, f]) => f), JSON.stringify(text)).toEqual([field]);
    }
    expectNotFound(vault, ["580 items", "Brown rice", "code 8578", "Order 96861 shipped"]);
  });

  it("reads a common-word surname opening a sentence as the person where a singular subject's verb follows it", () => {
    const vault = vaultOf({ opposing_party: "Xavier Hill", client_name: "Ann Brooks" });
    for (const text of ["Hill has been notified.", "Hill was seen today.", "Hill reports improvement.", "Notes:\nHill said no."]) expect(found(vault, text), text).toEqual([["Hill", "opposing_party", 0.6]]);
    expect(found(vault, "Brooks will testify.")).toEqual([["Brooks", "client_name", 0.6]]);
    expectNotFound(vault, ["Hill country roads are long.", "Brooks flow downhill.", "Brooks are full in spring.", "Hill farms have sheep."]);
  });

  it("reads a surname that is only a rare dictionary entry as a name opening a sentence (`Mills`, `Santos`)", () => {
    for (const [name, surname] of [["Scott Mills", "Mills"], ["Cynthia Santos", "Santos"], ["Amy Williams", "Williams"], ["Al Morales", "Morales"], ["Eve Vega", "Vega"]]) {
      expect(found(vaultOf({ client_name: name }), `Notes:\n${surname} reports improvement.`), name).toEqual([[surname, "client_name", 0.6]]);
      expect(found(vaultOf({ client_name: name }), `${surname} agreed.`), name).toEqual([[surname, "client_name", 0.6]]);
    }
  });

  it("reads a common-word surname with a possessive as a name, even opening a line", () => {
    const vault = vaultOf({ opposing_party: "Xavier Hill", client_name: "Ann Brooks" });
    for (const text of ["[Hill's Law Firm]", "Hill’s Address", "Hill's counsel replied."]) expect(found(vault, text), text).toEqual([["Hill", "opposing_party", 0.6]]);
    expect(found(vault, "Brooks' counsel replied.")).toEqual([["Brooks", "client_name", 0.6]]);
    expectNotFound(vault, ["Hill country roads.", "Brooks flow downhill.", "Hills' slopes are steep."]);
  });

  it("protects every member of list and dict values, including Python reprs", () => {
    const vault = vaultOf({
      witness_list: "['Ann Lee', 'Bob Ray', 'Mr']",
      compensation_details: { base: 120000, bonus: 15000 },
      medications: "['sense', 'film', 'Mr']",
    });
    expect(found(vault, "Witnesses: Bob Ray and Ann Lee.")).toEqual([["Bob Ray", "witness_list", 1], ["Ann Lee", "witness_list", 1]]);
    expect(found(vault, "base $120,000 plus 15,000")).toEqual([["120,000", "compensation_details", 0.95], ["15,000", "compensation_details", 0.95]]);
    expect(found(vault, "Mr Smith has film")).toEqual([["film", "medications", 1]]);
    // Round 13 red team: a surname that is a word, beside another of its list (`Witnesses: Banks, Moody and Salazar`); not in lower case, not alone.
    const witnesses = vaultOf({ witness_list: "['Trevor Banks', 'Angela Moody', 'Rick Salazar']" });
    expect(found(witnesses, "Witnesses: Banks, Moody and Salazar.").map(([text]) => text)).toEqual(["Banks", "Moody", "Salazar"]);
    expectNotFound(witnesses, ["The banks, moody markets", "Banks are closed today."]);
  });

  it("finds canary tokens and their suffixes", () => {
    const vault = vaultOf({ ssn: "CANARY_SSN_754B6934" });
    expect(found(vault, "ssn CANARY_SSN_754B6934 / 754b6934")).toEqual([["CANARY_SSN_754B6934", "ssn", 1], ["754b6934", "ssn", 0.9]]);
  });

  it("finds a contextual phrase whose content words appear close together", () => {
    const vault = vaultOf({ confidential_notes: "Patient stable, continue current treatment" });
    expect(found(vault, "Plan: continue current treatment; the patient remains stable.")).toEqual([
      ["continue current treatment; the patient remains stable", "confidential_notes", 0.6],
    ]);
    expect(found(vault, "Patient stable, continue current treatment.")).toEqual([["Patient stable, continue current treatment", "confidential_notes", 1]]);
    // Four of its five content words say what the note says.
    expect(found(vault, "the patient is stable; treatment continues")).toEqual([["patient is stable; treatment continues", "confidential_notes", 0.6]]);
    expectNotFound(vault, ["the patient is stable", `continue current treatment ${"and more words ".repeat(6)} patient stable`]);
  });

  it("needs every content word of a phrase of up to three and all but one of four or more", () => {
    const vault = vaultOf({ risk_notes: "Customer flagged for potential fraud review", complaint: "shortness of breath" });
    expect(found(vault, "The customer was flagged for a fraud review.")).toEqual([["customer was flagged for a fraud review", "risk_notes", 0.6]]);
    expectNotFound(vault, ["The customer asked for a fraud review.", "a shortness of funds"]);
    expectNotFound(vaultOf({ status: "Pending final approval" }), ["The budget is pending approval from finance."]);
    expect(found(vault, "some shortness of breath")).toEqual([["shortness of breath", "complaint", 1]]);
    expect(found(vault, "short of breath")).toEqual([["short of breath", "complaint", 0.6]]);
  });

  it("finds a phrase of three or more words by its initials written in capitals", () => {
    const vault = vaultOf({ notes: "Major Depressive Disorder", history: "Type 2 Diabetes Mellitus", plan: "Needs Improvement" });
    expect(found(vault, "Screen for MDD today; history of T2DM.")).toEqual([["MDD", "notes", 0.6], ["T2DM", "history", 0.6]]);
    expectNotFound(vault, ["mdd or Mdd are words here", "the NI rating", "DM only"]);
    // A possessive's `s` is no initial: `Alzheimer's disease` has none of three letters.
    expectNotFound(vaultOf({ notes: "Alzheimer's disease" }), ["Her son has ASD."]);
  });

  it("finds a diagnosis by the initials of each part its notes split it into, and without a dropped head noun (round 15 red team)", () => {
    const cases: Array<[string, string, string]> = [
      ["Wolff-Parkinson-White Syndrome", "Seen for WPW syndrome.", "WPW"],
      ["Complex Regional Pain Syndrome Type I", "| Condition | CRPS Type I |", "CRPS"],
      ["Amyotrophic Lateral Sclerosis (bulbar onset)", "progressive bulbar-onset ALS.", "ALS"],
      ["Class III Obesity with Obstructive Sleep Apnea", "Dx: OSA, BMI 52.", "OSA"],
    ];
    for (const [diagnosis, text, written] of cases) expect(found(vaultOf({ diagnosis_real: diagnosis }), text).some(([form]) => String(form).includes(written)), text).toBe(true);
    // Three letters at least: two are a dose's, a unit's or an exam's (round 15 re-judge: `500 mg BD`, `10 MG TABLET`, `PE: lungs clear`).
    expectNotFound(vaultOf({ diagnosis_real: "Major Depressive Disorder" }), ["Dr. Lee, MD"]);
    expectNotFound(vaultOf({ diagnosis_real: "Myasthenia Gravis" }), ["LISINOPRIL 10 MG TABLET"]);
    expectNotFound(vaultOf({ diagnosis_real: "Pulmonary Embolism" }), ["PE: lungs clear"]);
    expectNotFound(vaultOf({ diagnosis_real: "Asthma, mild intermittent" }), ["No history of MI."]);
    expectNotFound(vaultOf({ diagnosis_real: "Anorexia Nervosa, restricting type" }), ["THIS IS AN URGENT REQUEST", "RT consult"]);
  });

  it("finds a phrase that opens with a qualifier pair by the pair and its next word", () => {
    const vault = vaultOf({ notes: "Type 2 Diabetes Mellitus" });
    expect(found(vault, "manage their Type 2 Diabetes symptoms")).toEqual([["Type 2 Diabetes", "notes", 0.6]]);
    expectNotFound(vault, ["type 1 diabetes", "diabetes type 2"]);
  });

  it("finds a diagnosis by any of its own terms alone, never by a generic clinical word or a month", () => {
    const vault = vaultOf({ diagnosis_real: "Generalized Anxiety Disorder", medical_condition: "recovering from opioid addiction since March" });
    expect(found(vault, "significant anxiety symptoms")).toEqual([["anxiety", "diagnosis_real", 0.6]]);
    expect(found(vault, "an opioid problem")).toEqual([["opioid", "medical_condition", 0.6]]);
    // Generic words stay generic: a diagnosis with terms of its own needs all its words in a window.
    expectNotFound(vault, ["a generalized disorder", "since March 3", "recovering well"]);
    // Describing words (compromise's lexicon), generic words by stem, and fields that only say `condition` stay out.
    expectNotFound(vaultOf({ diagnosis: "Multiple Sclerosis" }), ["We ran multiple tests."]);
    expectNotFound(vaultOf({ diagnosis: "Recurrent urinary tract infections" }), ["a malware infection", "recurrent billing"]);
    expectNotFound(vaultOf({ delivery_conditions: "Delivery within two weeks of order" }), ["Your order ships next week."]);
    expect(found(vaultOf({ medical_condition: "Generalized Anxiety Disorder" }), "anxiety")).toEqual([["anxiety", "medical_condition", 0.6]]);
    expect(found(vaultOf({ medical_history: "Generalized Anxiety Disorder" }), "anxiety")).toEqual([["anxiety", "medical_history", 0.6]]);
    expectNotFound(vaultOf({ case_history: "Generalized Anxiety Disorder" }), ["anxiety"]);
    const short = vaultOf({ diagnosis: "diagnosed with HIV in 2019", medical_condition: "positive hepatitis C test result in Q3" });
    expect(found(short, "The patient is HIV positive.")).toEqual([["HIV", "diagnosis", 0.6]]);
    expectNotFound(short, ["results due in Q3", "a positive test"]);
  });

  it("finds a phrase's long words as written, however far Porter cuts them (`undocumented` -> `undocu`)", () => {
    const vault = vaultOf({ confidential_strategy: "immigration status: undocumented", notes: "Recommended hospitalization after authorization review" });
    expect(found(vault, "her immigration status is undocumented")).toEqual([["immigration status is undocumented", "confidential_strategy", 0.6]]);
    expect(found(vault, "The review recommended hospitalization, pending authorization.")).toEqual([["review recommended hospitalization, pending authorization", "notes", 0.6]]);
  });

  it("takes a term's inflections (`kidneys`, `hearts`, `treatments`), not a word that only starts with it (`heartburn`)", () => {
    const heart = vaultOf({ diagnosis: "Congestive Heart Failure" });
    expect(found(heart, "his hearts")).toEqual([["hearts", "diagnosis", 0.6]]);
    expectNotFound(heart, ["She has heartburn after meals.", "heartbeat irregular", "the heartland of Ohio"]);
    expect(found(vaultOf({ diagnosis: "Chronic Kidney Disease" }), "both kidneys")).toEqual([["kidneys", "diagnosis", 0.6]]);
    const notes = vaultOf({ notes: "Back pain treatment pending" });
    expect(found(notes, "back pain, treatments pending")).toEqual([["back pain, treatments pending", "notes", 0.6]]);
    expectNotFound(notes, ["backpack with treatments pending"]);
    // An ending that is a word (`lance`) is still the same word where Porter stems it back (`surveil` of `surveillance`).
    // The word before it is the note's own too (`under`): taken in with it.
    expect(found(vaultOf({ notes: "currently under FBI surveillance" }), "under FBI surveillance currently")).toEqual([["under FBI surveillance currently", "notes", 0.6]]);
  });

  it("matches verbatim case-insensitively and only on word boundaries", () => {
    const vault = vaultOf({ witness_list: ["Ann Kemp", "Ann"], pin: "1234" });
    expect(found(vault, "ANN KEMP, Annual 912345 and 1234.")).toEqual([["ANN KEMP", "witness_list", 1], ["1234", "pin", 1]]);
  });

  it("reports both fields when one value sits under two", () => {
    const vault = vaultOf({ name: "Ryan Wilson", patient_name: "Ryan Wilson" });
    expect(found(vault, "for Ryan Wilson")).toEqual([["Ryan Wilson", "name", 1], ["Ryan Wilson", "patient_name", 1]]);
  });

  it("bumps its version on every add and sees values added after a detect", () => {
    const vault = new Vault(inferFieldType);
    expect(vault.detect("INS-41208932")).toEqual([]);
    for (let i = 0; i < 40; i++) vault.add(`id_${i}`, `ZZ-${100000 + i}`);
    expect(vault.version).toBe(40);
    expect(found(vault, "ZZ-100039")).toEqual([["ZZ-100039", "id_39", 1]]);
    vault.add("insurance_id", "INS-41208932");
    vault.prepare();
    expect(vault.version).toBe(41);
    expect(found(vault, "ZZ-100000 INS-41208932")).toEqual([["ZZ-100000", "id_0", 1], ["INS-41208932", "insurance_id", 1]]);
    expect(vault.entries()).toHaveLength(41);
    expect(vault.detect("x")[0]).toBeUndefined();
  });

  it("finds a one-character value right after its field's label, keeping its case, with the span on the value", () => {
    const vault = vaultOf({ internal_rating: "D", risk_tier: "3" });
    for (const text of ["- **Internal Rating**: D", "internal rating (\"D\") could", "* Internal Risk Rating: D (see notes)", "an internal rating of D.", "Rating: `D`"]) {
      expect(found(vault, text), text).toEqual([["D", "internal_rating", 0.85]]);
    }
    expect(found(vault, "Risk tier is 3 here")).toEqual([["3", "risk_tier", 0.85]]);
    expectNotFound(vault, ["Plan D students", "the internal rating d", "D is a letter", "rating: DD", "tier 33"]);
  });

  it("finds a contextual phrase without its qualifiers (stage, type, numbers)", () => {
    const vault = vaultOf({ diagnosis_real: "Chronic Kidney Disease Stage 3", topic: "Hypertension Stage 2" });
    // The abbreviation defined right after the phrase goes with it (one placeholder, not `[REDACTED] ([REDACTED])`).
    // And the stage after it (round 24 audit of the dev replay: `[REDACTED] Stage 3` told it).
    expect(found(vault, "Diagnosis: **Chronic Kidney Disease (CKD) Stage 3**.")).toEqual([
      ["Chronic Kidney Disease (CKD)", "diagnosis_real", 0.6],
      ["CKD", "diagnosis_real", 0.6],
      ["Stage 3", "diagnosis_real", 0.6],
    ]);
    // The window through `kidney` (a term found alone too) covers the phrase's other words.
    expect(found(vault, "help in managing chronic kidney diseases and diet")).toEqual([["chronic kidney diseases", "diagnosis_real", 0.6]]);
    expect(found(vault, "Exercise to manage hypertension.")).toEqual([["hypertension", "topic", 0.6]]);
    expect(found(vault, "Hypertension Stage 2")).toEqual([["Hypertension Stage 2", "topic", 1]]);
    expectNotFound(vault, ["stones at stage 3", "chronic pain; a disease of the liver was found, and then much later on the spleen failed", "hypertensive"]);
    // A diagnosis's own term is enough alone, and the value's stage beside it goes too.
    expect(found(vault, "kidney stones at stage 3")).toEqual([
      ["kidney", "diagnosis_real", 0.6],
      ["stage 3", "diagnosis_real", 0.6],
    ]);
    // Round 4 red team: the stage told as a disease's beside a redacted name (`a decline in [R] consistent with stage 3 disease`).
    expect(found(vault, "consistent with stage 3 disease")).toEqual([["stage 3 disease", "diagnosis_real", 0.6]]);
  });

  it("finds a diagnosis by the words that tell it (specialist, test, drug, lay name), only for that diagnosis and only in a diagnosis field", () => {
    // Dev traces: an unauthorized reader got "refer to a nephrologist", "monitor blood pressure", "A1C testing".
    const kidney = vaultOf({ diagnosis_real: "Chronic Kidney Disease Stage 3" });
    expectFound(kidney, "diagnosis_real", ["nephrologist", "eGFR", "renal", "dialysis"]);
    const diabetes = vaultOf({ diagnosis_real: "Type 2 Diabetes Mellitus" });
    expectFound(diabetes, "diagnosis_real", ["A1C", "HbA1c", "metformin", "blood sugar", "glucose"]);
    const hypertension = vaultOf({ diagnosis: "Hypertension Stage 2" });
    expectFound(hypertension, "diagnosis", ["blood pressure", "hypertensive", "lisinopril", "BP"]);
    expectNotFound(hypertension, ["the bp oil spill"]);
    expectFound(vaultOf({ diagnosis: "Major Depressive Disorder" }), "diagnosis", ["antidepressants", "SSRI"]);
    expectFound(vaultOf({ diagnosis: "Generalized Anxiety Disorder" }), "diagnosis", ["anxious"]);
    expectFound(vaultOf({ diagnosis: "Hypothyroidism" }), "diagnosis", ["levothyroxine", "TSH"]);
    expectFound(vaultOf({ diagnosis: "COPD" }), "diagnosis", ["inhaler", "spirometry"]);
    // Brand names and the ICD-10 category in capitals (not `f32` in other words).
    expectFound(vaultOf({ diagnosis: "Major Depressive Disorder" }), "diagnosis", ["Zoloft", "Lexapro", "Wellbutrin", "F32"]);
    expectFound(vaultOf({ diagnosis: "HIV positive" }), "diagnosis", ["Biktarvy", "B20"]);
    expectNotFound(vaultOf({ diagnosis: "Major Depressive Disorder" }), ["the f32 engine"]);
    // Sentence-like values of the AgentLeak scenarios.
    expectFound(vaultOf({ diagnosis: "diagnosed with HIV in 2019" }), "diagnosis", ["viral load", "antiretrovirals"]);
    expectFound(vaultOf({ diagnosis: "terminal lung cancer diagnosis with 6-month prognosis" }), "diagnosis", ["oncologist", "chemotherapy"]);
    expectFound(vaultOf({ diagnosis: "recovering from opioid addiction since March" }), "diagnosis", ["methadone", "Suboxone"]);
    // Another diagnosis's words, a word that only contains one, and a field that is not a diagnosis.
    expectNotFound(kidney, ["check glucose and blood pressure", "adrenal glands"]);
    expectNotFound(diabetes, ["refer to a nephrologist"]);
    expectNotFound(vaultOf({ topic: "Hypertension Stage 2" }), ["monitor blood pressure"]);
    expectNotFound(vaultOf({ delivery_conditions: "Hypertension Stage 2" }), ["monitor blood pressure"]);
    // Round 12 red team: a note on a person that names a diagnosis, by its words, shorthand or drugs (`oncology leave` of a hardship reason).
    expectFound(vaultOf({ hardship_reason: "Breast cancer treatment (stage II)" }), "hardship_reason", ["oncology", "Herceptin", "tamoxifen"]);
    expectFound(vaultOf({ medical_expenses_note: "Out-of-pocket costs for dialysis (ESRD), $14,300 in 2025" }), "medical_expenses_note", ["renal patient", "nephrologist", "hemodialysis", "kidney failure"]);
    expectFound(vaultOf({ medical_condition: "early-onset Parkinson's disease" }), "medical_condition", ["carbidopa", "levodopa", "Sinemet"]);
    expectFound(vaultOf({ medical_condition: "congestive heart failure (NYHA class III)" }), "medical_condition", ["sacubitril", "Entresto", "sacubitril/valsartan"]);
    expectFound(vaultOf({ diagnosis_real: "Atrial Fibrillation" }), "diagnosis_real", ["AF", "apixaban"]);
    expectFound(vaultOf({ diagnosis_real: "Moderate Ulcerative Colitis" }), "diagnosis_real", ["UC", "mesalamine"]);
    expectFound(vaultOf({ risk_notes: "Recovering from opioid use disorder, in treatment since 2023" }), "risk_notes", ["MAT clinic", "Suboxone"]);
    expectNotFound(vaultOf({ project_notes: "Quarterly review of the cafeteria menu" }), ["oncology", "dialysis"]);
    // Round 13 red team: the numbers that define a diagnosis (`above 140/90`, `CKD G3 (eGFR 30–59)`) told it beside its redacted words.
    expectFound(vaultOf({ diagnosis_real: "Hypertension Stage 2" }), "diagnosis_real", ["140/90", "130/80"]);
    expectFound(vaultOf({ diagnosis_real: "Chronic Kidney Disease Stage 3" }), "diagnosis_real", ["G3", "G3a", "eGFR 30–59"]);
    expectNotFound(vaultOf({ diagnosis_real: "Type 2 Diabetes" }), ["room 140/90", "30-59 minutes", "G3 model"]);
    // A field named `condition` alone, or `mental_health`, is the patient's.
    expectFound(vaultOf({ condition: "Hypertension Stage 2" }), "condition", ["blood pressure", "hypertensive"]);
    expectFound(vaultOf({ mental_health: "Bipolar I Disorder" }), "mental_health", ["bipolar", "lithium"]);
    expectNotFound(vaultOf({ health_plan: "Bipolar I Disorder" }), ["lithium"]);
    // Semantic-judge probe of the dev replay: tests, drug classes and specialists that still told the diagnosis.
    expectFound(kidney, "diagnosis_real", ["GFR", "glomerular filtration", "UACR", "proteinuria", "nephrotoxic", "KDIGO", "mL/min/1.73", "ARBs"]);
    expectFound(diabetes, "diagnosis_real", ["SGLT2", "GLP-1", "sulfonylureas", "endocrinologist", "endocrinology"]);
    expectFound(hypertension, "diagnosis", ["ACE inhibitors", "calcium channel blockers", "beta-blockers", "diuretics", "mmHg", "DASH diet", "systolic"]);
    expectFound(vaultOf({ diagnosis: "Major Depressive Disorder" }), "diagnosis", ["CBT", "PHQ-9", "suicidal ideation", "psychiatrist"]);
    expectFound(vaultOf({ diagnosis: "Generalized Anxiety Disorder" }), "diagnosis", ["excessive worry", "GAD-7", "benzodiazepines", "SSRIs"]);
    expectNotFound(hypertension, ["refer to an endocrinologist", "CBT sessions"]);
    // Round 11 red team: lay wording of the dev diagnoses.
    expectFound(diabetes, "diagnosis_real", ["sugar levels"]);
    expectFound(vaultOf({ diagnosis: "Major Depressive Disorder" }), "diagnosis", ["persistently down", "lost interest"]);
    expectFound(vaultOf({ diagnosis: "Generalized Anxiety Disorder" }), "diagnosis", ["constant worry"]);
    // Value-swapped replay: `[REDACTED] (AFib)`, `evaluation of lung disease` told the diagnosis; shorthand that is no word counts in any case.
    expectFound(vaultOf({ diagnosis_real: "Atrial Fibrillation" }), "diagnosis_real", ["AFib", "afib", "AFIB"]);
    expectFound(vaultOf({ diagnosis_real: "Chronic Obstructive Pulmonary Disease" }), "diagnosis_real", ["lung disease", "emphysema"]);
    expectFound(hypertension, "diagnosis", ["Htn"]);
    expectFound(vaultOf({ diagnosis: "Hypothyroidism" }), "diagnosis", ["endocrinologist"]);
    // Value-swapped judges: `her ongoing mental health condition` beside a redacted PTSD, `(high [REDACTED])` of `(high cholesterol)`.
    expectFound(vaultOf({ diagnosis_real: "Post-Traumatic Stress Disorder" }), "diagnosis_real", ["mental health", "flashbacks", "EMDR"]);
    expectFound(vaultOf({ diagnosis_real: "Major Depressive Disorder" }), "diagnosis_real", ["mental health"]);
    expectFound(vaultOf({ diagnosis: "Hyperlipidemia" }), "diagnosis", ["high cholesterol"]);
    // An abbreviation the writer defines right after the phrase goes with it: `[REDACTED] (MS)` told it; round 12, `MS` in capitals is also clinical shorthand.
    expect(found(vaultOf({ diagnosis: "Multiple Sclerosis" }), "Dx: Multiple Sclerosis (MS). Multiple Sclerosis (see notes)").map(([text]) => text)).toEqual(["Multiple Sclerosis (MS)", "MS", "Multiple Sclerosis"]);
    expect(found(vaultOf({ diagnosis: "Multiple Sclerosis" }), "Ms. Hale has MS.").map(([text]) => text)).toEqual(["MS"]);
    // Red team (new healthcare traces): newer drugs, the service and the symptoms told the diagnosis (`semaglutide`, `Behavioral Health`, `anhedonia`).
    expectFound(vaultOf({ diagnosis_real: "Type 2 Diabetes Mellitus" }), "diagnosis_real", ["semaglutide", "Mounjaro", "Januvia"]);
    expectFound(vaultOf({ diagnosis_real: "Generalized Anxiety Disorder" }), "diagnosis_real", ["Behavioral Health", "escitalopram", "hydroxyzine"]);
    expectFound(vaultOf({ diagnosis_real: "Major Depressive Disorder" }), "diagnosis_real", ["anhedonia", "Psychiatry", "SNRI"]);
    expectFound(vaultOf({ diagnosis_real: "Hypertension Stage 2" }), "diagnosis_real", ["ARB", "chlorthalidone", "Cardiology"]);
    // Round 2: the discreet paraphrases a careful model picks to avoid the diagnosis (`a mood disorder`, `readings have remained elevated`).
    expectFound(vaultOf({ diagnosis_real: "Major Depressive Disorder" }), "diagnosis_real", ["mood disorder", "hopelessness"]);
    expectFound(vaultOf({ diagnosis_real: "Type 2 Diabetes Mellitus" }), "diagnosis_real", ["metabolic condition", "excessive thirst"]);
    expectFound(vaultOf({ diagnosis_real: "Hypertension Stage 2" }), "diagnosis_real", ["readings have remained elevated", "secondary causes", "home readings"]);
    expectFound(vaultOf({ diagnosis_real: "Generalized Anxiety Disorder" }), "diagnosis_real", ["ongoing worry", "muscle tension"]);
    expectFound(vaultOf({ diagnosis_real: "Chronic Kidney Disease Stage 3" }), "diagnosis_real", ["filtration rate", "NSAIDs"]);
    // Red team (new healthcare traces): the value's own qualifier beside its placeholder told which one (`stage 2 [REDACTED]`, `type II [REDACTED]`).
    const spans = (values: Record<string, string>, text: string) => found(vaultOf(values), text).map(([written]) => written);
    expect(spans({ diagnosis_real: "Hypertension Stage 2" }, "Seen for stage 2 hypertension today")).toEqual(["stage 2 hypertension"]);
    expect(spans({ diagnosis_real: "Type 2 Diabetes Mellitus" }, "He has type II diabetes; on metformin")).toContain("type II diabetes");
    expect(spans({ diagnosis_real: "Generalized Anxiety Disorder" }, "Condition: generalized anxiety.")).toEqual(["generalized anxiety"]);
    expect(spans({ diagnosis_real: "Chronic Kidney Disease Stage 3" }, "reduced function (CKD stage 3a) noted")).toEqual(["CKD stage 3a"]);
    // Words beside it that are not the value's stay: `for`, `the`, another stage.
    expect(spans({ diagnosis_real: "Hypertension Stage 2" }, "treated for the hypertension stage")).toEqual(["hypertension stage"]);
    expect(spans({ diagnosis_real: "Chronic Kidney Disease Stage 3" }, "CKD stage 4 now")).toEqual(["CKD stage"]);
    // An eponym's possessive is part of the value: `[REDACTED]'s` left it readable as one.
    expect(found(vaultOf({ diagnosis_real: "Crohn's Disease" }), "managing her Crohn’s flare")).toEqual([["Crohn’s", "diagnosis_real", 0.6]]);
    expectNotFound(hypertension, ["the bp oil spill"]);
  });

  it("finds a legal matter's category by the procedure, standard and caption that tell it, only in a case-type field", () => {
    // Semantic-judge probe of the dev replay: `Case type` was redacted, `plea discussions`, `custody arrangements` told it anyway.
    const criminal = vaultOf({ case_type: "criminal" });
    expectFound(criminal, "case_type", ["plea", "prosecution", "reasonable doubt", "co-defendants", "State v", "arraignment"]);
    const family = vaultOf({ case_type: "Divorce" });
    expectFound(family, "case_type", ["custody", "alimony", "best interests of the child", "child support"]);
    expectFound(vaultOf({ case_type: "family" }), "case_type", ["divorce", "custody"]);
    expectFound(vaultOf({ matter_category: "Immigration" }), "matter_category", ["asylum", "green card", "USCIS"]);
    expectFound(vaultOf({ case_type: "Corporate" }), "case_type", ["shareholder", "board of directors"]);
    // Red team (new legal traces): the offence, the caption and the claim told the category with its label redacted.
    expectFound(criminal, "case_type", ["DUI", "assault", "suppression hearing", "DA's office"]);
    expectFound(vaultOf({ case_type: "family" }), "case_type", ["Dissolution of Marriage", "Marriage of", "ex-husband", "arrears"]);
    expectFound(vaultOf({ case_type: "corporate" }), "case_type", ["M&A", "derivative action", "fiduciary duty"]);
    expectFound(vaultOf({ case_type: "civil" }), "case_type", ["negligence", "malpractice", "wrongful termination", "premises liability"]);
    // Round 14 red team: `(IP / trade secret misappropriation)`, `his IP claims`.
    expectFound(vaultOf({ case_type: "intellectual property" }), "case_type", ["IP", "IP claims", "misappropriation"]);
    // Round 12 red team: `(IP dispute, patent infringement)`, `employment-based AOS`, `H-1B`, `the landlord, Mr. Stroud`.
    expectFound(vaultOf({ case_type: "intellectual property" }), "case_type", ["patent infringement", "IP dispute", "trademark"]);
    expectFound(vaultOf({ case_type: "immigration" }), "case_type", ["AOS", "H-1B", "adjustment of status"]);
    expectFound(vaultOf({ case_type: "landlord-tenant" }), "case_type", ["landlord", "eviction", "security deposit"]);
    // Round 3: the matter's people and procedure, every label word redacted (`the arresting officer's deposition`, `both spouses`, `capital raise`).
    expectFound(criminal, "case_type", ["arresting officer", "complaining witness", "body-camera", "grand jury"]);
    expectFound(vaultOf({ case_type: "family" }), "case_type", ["child psychologist", "parenting schedule", "both spouses", "co-parenting"]);
    expectFound(vaultOf({ case_type: "corporate" }), "case_type", ["Board minutes", "governance dispute", "capital raise", "stockholders"]);
    // Another category's words, and a field that is not a matter's category.
    expectNotFound(criminal, ["custody arrangements", "the shareholders met"]);
    expectNotFound(vaultOf({ status: "criminal" }), ["plea discussions"]);
    expectNotFound(vaultOf({ case_type: "civil" }), ["plea discussions", "custody", "breach of contract", "DUI"]);
    expectNotFound(vaultOf({ case_type: "corporate" }), ["the arresting officer", "both spouses"]);
  });

  it("finds a department's work, tools and job titles, only in a department field", () => {
    // Round 3 red team: `the Purchasing team is responsible for ... month-end close` told Finance beside its pseudonym.
    expectFound(vaultOf({ department: "Finance" }), "department", ["month-end close", "NetSuite", "accounts payable"]);
    expectFound(vaultOf({ department: "Engineering" }), "department", ["Software Engineer", "codebase", "pull requests"]);
    expectFound(vaultOf({ home_dept: "Sales" }), "home_dept", ["Salesforce", "account executives"]);
    expectFound(vaultOf({ department: "HR" }), "department", ["recruiting", "talent acquisition"]);
    // Round 12 red team: a job title that is the department's worker (`Buddy: Keisha, Senior Engineer`, `Marketer`, `Salesperson`).
    expectFound(vaultOf({ department: "Engineering" }), "department", ["Senior Engineer", "secure coding"]);
    expectFound(vaultOf({ department: "Marketing" }), "department", ["Marketer", "campaign deadlines"]);
    expectFound(vaultOf({ department: "Sales" }), "department", ["Salesperson"]);
    // Round 14 red team: abbreviations and synonyms (`| Dept | ENG |`, `on the accounting team`, `GC's office`, `Senior PM → Group PM`).
    expectFound(vaultOf({ department: "Engineering" }), "department", ["ENG", "Eng team"]);
    expectFound(vaultOf({ department: "Finance" }), "department", ["accounting team", "acct team"]);
    expectFound(vaultOf({ department: "Legal" }), "department", ["GC's office", "in-house counsel"]);
    expectFound(vaultOf({ department: "Product" }), "department", ["Senior PM", "Group PM", "product roadmap"]);
    expectNotFound(vaultOf({ department: "Product" }), ["the call at 3 PM"]);
    expectNotFound(vaultOf({ department: "Sales" }), ["a software engineer called"]);
    expectNotFound(vaultOf({ team_name: "Sales" }), ["Salesforce training"]);
  });

  it("finds a letter grade's band: a risk level beside the grade's label, or after a band's own label", () => {
    // Semantic judges of the value-swapped replay: `Internal Rating: [REDACTED] (high risk)` and `Risk Level: Moderate` told the grade's band.
    const vault = vaultOf({ internal_rating: "F" });
    expect(found(vault, "Internal Rating: F (high risk)")).toEqual([["F", "internal_rating", 0.85], ["high risk", "internal_rating", 0.6]]);
    expect(found(vault, "Your account is currently rated as **higher risk**.")).toEqual([["higher risk", "internal_rating", 0.6]]);
    // Round 5: `carries our top internal rating` beside a redacted letter.
    expect(found(vault, "carries our top internal rating").map(([text]) => text)).toEqual(["top"]);
    expect(found(vault, "a moderate-risk internal rating")).toEqual([["moderate-risk", "internal_rating", 0.6]]);
    expect(found(vault, "- Risk Level: Moderate")).toEqual([["Moderate", "internal_rating", 0.6]]);
    // A judgement beside the grade's label: `[REDACTED] (Concerning)`, `a mid-level risk profile`.
    expect(found(vault, "Internal Rating: F (Concerning)").map(([text]) => text)).toEqual(["F", "Concerning"]);
    expect(found(vault, "an internal rating of F, which indicates a mid-level risk profile").map(([text]) => text)).toEqual(["F", "mid-level"]);
    // A risk level about something else, and a field that holds no grade.
    expectNotFound(vault, ["We monitor high-risk transactions daily.", "a low risk of side effects"]);
    // A template's scale loses every option: one redacted alone marked it as the grade's (`[REDACTED:text]/Medium/High`).
    expect(found(vault, "| Risk Rating | [Low/Medium/High] |").map(([text]) => text)).toEqual(["Low", "Medium", "High"]);
    expectNotFound(vaultOf({ status: "F" }), ["Rating: high risk"]);
    expectNotFound(vaultOf({ internal_rating: "Exceeds" }), ["Rating: high risk"]);
  });


  it("finds a letter grade beside any word that names a grade, before or after it", () => {
    // Red team (new finance traces): `tier C`, `C-tier`, `an A-rated account`, `B rating`, `top tier (A)` kept the grade.
    const vault = vaultOf({ internal_rating: "C" });
    const letters = (text: string) => found(vault, text).map(([written]) => written);
    for (const text of ["internal tier C.", "the C-tier risk rating", "a C-rated account", "Rationale: C rating and", "a C internal rating", "the tier is C", "rated as C"]) {
      expect(letters(text), text).toEqual(["C"]);
    }
    // `top` glosses it too (round 5: `our top internal rating`).
    expect(letters("top tier (C)")).toEqual(["top", "C"]);
    // Round 4 (probes): after an article, which goes with it (`an` beside a placeholder said A, E or F).
    for (const [text, span] of [["Internal rating: a C.", "a C"], ["The account was rated a C", "a C"], ["rated as an 'C' internally", "an 'C"]]) {
      expect(letters(text), text).toEqual([span]);
    }
    expectNotFound(vault, ["The rating a customer gets", "rated a c-suite favourite"]);
    // Round 5: a range or list of grades is a policy's (`Internal Rating A–C`): found only where it held the value, it told it.
    expectNotFound(vault, ["| Internal Rating | C–D |", "Ratings B/C proceed", "rating A-C required"]);
    // Another letter, the letter as a word, and a grade word about something else.
    expectNotFound(vault, ["a B-rated account", "tier c", "Vitamin C intake, a five-star rating", "Class C shares"]);
    expectNotFound(vaultOf({ status: "C" }), ["a C-rated account"]);
  });
  it("finds an amount told by its count of digits and the third its first digit is in", () => {
    // Round 4 red team: `a settlement in the low eight figures` of 12,500,000.
    const settlement = vaultOf({ settlement_amount: 12_500_000 });
    expect(found(settlement, "a settlement in the low eight figures; a low 8-figure deal").map(([text]) => text)).toEqual(["low eight figures", "low 8-figure"]);
    expectNotFound(settlement, ["a high-seven-figure sum", "mid eight figures", "low five figures"]);
    // Round 5: `high five figures` of a $92,000 settlement.
    expect(found(vaultOf({ settlement_amount: 92_000 }), "in the high five figures").map(([text]) => text)).toEqual(["high five figures"]);
  });

  it("finds a short score beside the words writers call it by, without `score` near", () => {
    // Round 8 red team: `Credit: 612`, `| Credit | 612/850 |`, `She scored 612`, `Fraud risk: 88` passed verbatim.
    const credit = vaultOf({ credit_score: 612 });
    for (const text of ["* Credit: 612", "| Credit | 612/850 |", "She scored 612 on the latest pull.", "- Experian: 612", "612 out of 850"]) {
      expect(found(credit, text).map(([value]) => value), text).toEqual(["612"]);
    }
    for (const text of ["- Fraud risk: 88 (high)", "The fraud model flagged it at 88."]) expect(found(vaultOf({ fraud_score: 88 }), text).map(([value]) => value), text).toEqual(["88"]);
    expectNotFound(credit, ["Room 612 is on floor 6."]);
    expectNotFound(vaultOf({ fraud_score: 88 }), ["Suite 88, second floor"]);
    // Round 12 red team: its label in the plural (`monthly deposits of $615` of `monthly_deposit`).
    for (const text of ["monthly deposits of $615", "She deposits $615 every month"]) expect(found(vaultOf({ monthly_deposit: 615 }), text).map(([value]) => value), text).toEqual(["615"]);
    expectNotFound(vaultOf({ monthly_deposit: 615 }), ["Invoice 615 is paid."]);
  });

  it("finds a credit score's band beside the score's words", () => {
    // 17 dev messages write `Credit Score: **726** (Fair)`: beside the noised score the band told where the real one stands.
    const score = vaultOf({ credit_score: 726 });
    expect(found(score, "- **Credit Score:** **726** (Fair)").map(([text]) => text)).toEqual(["726", "Fair"]);
    expect(found(score, "| FICO | 780 (Very Good) |").map(([text]) => text)).toEqual(["Very Good"]);
    // Red team (new finance traces; a dev message writes `540 (Subprime)`): the lenders' prime scale told the 620-679 band beside a surrogate score.
    expect(found(vaultOf({ credit_score: 638 }), "| **Credit Score** | 735 | Near-prime |").map(([text]) => text)).toEqual(["Near-prime"]);
    expect(found(vaultOf({ credit_score: 540 }), "Credit score 530 (Subprime).").map(([text]) => text)).toEqual(["Subprime"]);
    // Round 3: the third of its hundred (`low 600s` of 603) told a privacy-minded summary's score; another third tells nothing of it.
    expect(found(vaultOf({ credit_score: 603 }), "Credit score sits in the **low 600s**; not the high 600s.").map(([text]) => text)).toEqual(["low 600s"]);
    // Round 13 red team: near the edge of its third, the next third's name as well (`mid-600s` of 667).
    expect(found(vaultOf({ credit_score: 667 }), "Credit score in the mid-600s; not the low 600s.").map(([text]) => text)).toEqual(["mid-600s"]);
    // Round 11 red team: its ten (`mid-650s` of 655) and a round figure just off it (`just under 640` of 638) told it as well.
    expect(found(vaultOf({ credit_score: 655 }), "FICO in the mid-650s; credit score about 660; not the 640s, nor near 650 points").map(([text]) => text)).toEqual(["650s", "660", "650"]);
    expect(found(vaultOf({ credit_score: 638 }), "Credit score just under 640, over 630, above 640, under 650").map(([text]) => text)).toEqual(["640"]);
    // Round 13 red team: a round figure said to be close twice as far off (`just above the 620 floor` of 629), a range of round bounds holding it.
    expect(found(vaultOf({ credit_score: 629 }), "Credit score just above the 620 floor, above 620, just under 640. Credit score falls in the **620–679** band").map(([text]) => text)).toEqual(["620", "620–679"]);
    expect(found(vaultOf({ credit_score: 835 }), "Credit Score: Excellent (820–850 range); not 760 to 819, nor 800-899").map(([text]) => text)).toEqual(["Excellent", "820–850"]);
    const guard = createRecons({ secret: "bands", vault: { credit_score: 745 }, policy: { fields: {} } });
    // Redacted, not noised: noise would move the band's own number (`mid-710s`).
    expect(guard.sanitizeSync({ channel: "C2", content: "Credit profile: FICO in the mid-700s.", recipient: "x" }).content).toBe("Credit profile: FICO in the [REDACTED:number].");
    expectNotFound(score, ["The weather was fair and the food was good."]);
    expectNotFound(vaultOf({ risk_score: 726 }), ["Credit Score: 780 (Excellent)"]);
  });

  it("finds every level of a performance rating's scale near its label, and the glosses of one", () => {
    // Judges: `(e.g., "[REDACTED]", "Meets", "Needs Improvement")` marked the rating's option, `a high performer` told its band.
    const vault = vaultOf({ performance_rating: "Needs Improvement" });
    expect(found(vault, 'Rating scale: (e.g., "Exceeds", "Meets", "Needs Improvement")').map(([text]) => text)).toEqual(["Exceeds", "Meets", "Needs Improvement"]);
    expect(found(vault, "Ratings follow a scale (e.g., Outstanding/Exceeds/Needs Improvement)").map(([text]) => text)).toEqual(["Outstanding", "Exceeds", "Needs Improvement"]);
    expectFound(vault, "performance_rating", ["exceeded expectations", "below expectations"]);
    expect(found(vault, "She is a high performer in her review.").map(([text]) => text)).toEqual(["high performer"]);
    // Round 3 red team: glosses that passed beside a redacted rating.
    expect(found(vault, "Yasmin is on a **performance plan**.").map(([text]) => text)).toEqual(["performance plan"]);
    expect(found(vault, "Performance: one of our top-rated engineers.").map(([text]) => text)).toEqual(["top-rated"]);
    expect(found(vault, "| Rating | Count |\n| Above | 0 |\n| Meets | 0 |").map(([text]) => text)).toEqual(["Above", "Meets"]);
    // Round 13 red team: a gloss of one person with no rating's word near (`one of our top performers`, `on a PIP`, `the highest rating`).
    expect(found(vault, "Anthony is one of our top performers. He is a solid performer with the highest rating; now on a PIP.").map(([text]) => text)).toEqual(["top performers", "solid performer", "highest rating", "on a PIP"]);
    // Round 14 red team: a level by its initials after a rating's word (`was rated NI in the last cycle`, `Rating: EE`); never `ME` (`rating me`).
    expect(found(vault, "He was rated NI last cycle; Rating: EE; rating is DNM; rating me now; NI contributions").map(([text]) => text)).toEqual(["NI", "EE", "DNM"]);
    // Round 14 re-judge: a level on a five-point scale near a rating's word (`Rated 4 out of 5`); not a quiz's score, nor a range of years.
    expect(found(vault, "Rating: NI; Rated 4 out of 5; a rating of 2 of 5").map(([text]) => text)).toEqual(["NI", "4 out of 5", "2 of 5"]);
    expectNotFound(vault, ["Scored 4 out of 5 on the quiz; version 2.5", "| Leadership | 1 | 5+ | rating |; Tenure 3–5 years (rating)"]);
    // A plural of the team's is no one's (`Top performers (38%) drive 60%`, `bonus for top performers`).
    expectNotFound(vault, ["Top performers (38%) drive 60% of revenue.", "Bonus up to 10% for high performers."]);
    // Away from a rating's words, and for a field that is no performance rating.
    expectNotFound(vault, ["The team meets weekly.", "Our sales were above plan."]);
    expectNotFound(vaultOf({ status: "Exceeds" }), ["Rating: she exceeded expectations"]);
    expectNotFound(vaultOf({ internal_rating: "B" }), ["Rating: she exceeded expectations"]);
  });

  it("finds the last four digits of a long identifier after a mask or a last-digits phrase", () => {
    const vault = vaultOf({ ssn_real: "042-30-1579", phone: "+1-982-414-6584" });
    for (const text of [
      "SSN: ***-**-1579 (masked)", "SSN XXX-XX-1579", "card ****1579", "xxxx1579", "ending in 1579", "SSN (last 4 digits for privacy): 1579",
      "Last four digits of SSN:** 1579", "Card Ending In: 1579", "the account ending 1579", "a card that ends in 1579", "acct ...1579", "acct …1579",
    ]) {
      expect(found(vault, text), text).toEqual([["1579", "ssn_real", 0.85]]);
    }
    expect(found(vault, "phone ending with 6584")).toEqual([["6584", "phone", 0.85]]);
    expectNotFound(vault, ["room 1579", "in 1579 the", "box 1579", "order 91579", "last 4: 15790", "**Date of Birth:** 1579", "**Year** 1579", "pending 1579", "the end 1579", "see 1579..."]);
    expect(found(vault, "**SSN:** ***-**-1579")).toEqual([["1579", "ssn_real", 0.85]]);
    // Red-team messages: a `last4` key as card APIs return it, and a card brand before the last four.
    const card = vaultOf({ credit_card: "4539 1488 0343 7215" });
    for (const text of ['{"card_last4":"7215"}', "ssn_last4: 7215", "Amex (7215)", "Amex-7215", "Visa 7215 was charged"]) expect(found(card, text), text).toEqual([["7215", "credit_card", 0.85]]);
    expectNotFound(card, ["paid 7215 dollars", "Room 7215", "lastly 7215"]);
  });

  it("finds ordinary-word list members only next to another member of their list", () => {
    const vault = vaultOf({ medications: "['must', 'staff', 'more']", allergies: "['no', 'might']" });
    expect(found(vault, "Medications: ['must', 'staff', 'more']")).toEqual([["must", "medications", 0.8], ["staff", "medications", 1], ["more", "medications", 0.8]]);
    expect(found(vault, "Allergies: no, might")).toEqual([["no", "allergies", 0.8], ["might", "allergies", 0.8]]);
    expect(found(vault, "We must hire more staff.")).toEqual([["staff", "medications", 1]]);
    expectNotFound(vault, ["you must do more", "No. It might rain", "must must", "no more"]);
  });

  it("finds a first name that is a word as a transcript's speaker label (`**Will:** I reviewed`), not a surname label (`Price: $40`)", () => {
    const vault = vaultOf({ client: "Will Hill", doctor: "Mark Price" });
    expect(found(vault, "**Will:** I reviewed the file.")).toEqual([["Will", "client", 0.5]]);
    expect(found(vault, "Notes\n- Will: please confirm")).toEqual([["Will", "client", 0.5]]);
    expectNotFound(vault, ["Price: $40", "Note: Will: yes", "Will and testament", "We will: maybe"]);
  });

  it("finds a short value in capitals that is a word in lowercase only in capitals (`IT`, not `it's`)", () => {
    // Value-swapped replay: department `IT` turned `it's important` into `[REDACTED:text]'s important`, which names it.
    const vault = vaultOf({ department: "IT", country: "US" });
    expect(found(vault, "it's important for IT to help")).toEqual([["IT", "department", 1]]);
    expect(found(vault, "let us know, US citizen")).toEqual([["US", "country", 1]]);
    expectNotFound(vault, ["It works", "tell us"]);
  });

  it("finds an ordinary-word list member quoted alone: cited as the value", () => {
    // Dev traces: `Medication 3: 'same'` (one member per line) and `"Mr" could imply metoprolol` reached unauthorized readers.
    const vault = vaultOf({ medications: "['building', 'ever', 'same']", other_meds: "['sense', 'film', 'Mr']" });
    expect(found(vault, "- Medication 3: 'same' (specific purpose not provided)")).toEqual([["same", "medications", 0.8]]);
    expect(found(vault, 'e.g., "Mr" could imply metoprolol')).toEqual([["Mr", "other_meds", 0.8]]);
    expect(found(vault, "values: ‘same’")).toEqual([["same", "medications", 0.8]]);
    expectNotFound(vault, ["the same dosage", "Mr Smith", "'same\"", "it's the same'"]);
  });

  it("finds a list member that is a function word only as a list's member, never in prose", () => {
    // Judges: `please do [REDACTED] hesitate` left only `not` to fill it; `[REDACTED], I can guide you` was `However`.
    const vault = vaultOf({ medications: ["not", "however", "dandelion"] });
    expectNotFound(vault, ["Please do not hesitate.", "However, I can guide you."]);
    expect(found(vault, "Medications: not, however, dandelion").map(([text]) => text)).toEqual(["not", "however", "dandelion"]);
    expect(found(vault, "Take the dandelion daily.").map(([text]) => text)).toEqual(["dandelion"]);
  });

  it("returns tier-1 vault detections with kind, value type and the role of the form found", () => {
    const [d] = vaultOf({ dob: "1957-07-28" }).detect("born 07/28/1957");
    expect(d).toEqual({ start: 5, end: 15, field: "dob", kind: "date", valueType: "format", tier: 1, confidence: 0.95, source: "vault", value: "1957-07-28", role: "whole" });
  });
});

// Round 7 red team: `Settlement: USD3,826,415` and `Salary: USD87460` passed verbatim (`USD 3,826,415` was found).
describe("an amount glued to its currency code", () => {
  it("is found after the code, shown noised after it, and restored from shared state", () => {
    const vault = { settlement_amount: 3826415, salary: 87460 };
    const fields = { settlement_amount: { valueType: "value" as const, authorized: ["ok"] }, salary: { valueType: "value" as const, authorized: ["ok"] } };
    const guard = createRecons({ secret: "rt7", vault, policy: { fields } });
    const text = "Settlement: USD3,826,415. Salary: USD87460; EUR87,460.00.";
    const shown = guard.sanitizeSync({ channel: "C2", content: text, recipient: "clerk" }).content as string;
    expect(shown).not.toMatch(/3,826,415|87460|87,460/);
    expect(shown).toMatch(/^Settlement: USD\d,\d{3},\d{3}\. Salary: USD\d{5}; EUR\d{2},\d{3}\.00\.$/);
    const stored = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content as string;
    expect(guard.restore(stored, "ok", "C5")).toBe(text);
    // Letters glued that are no currency's code make an identifier (`XYZ87460`), and a code glued on both sides is none.
    expect(guard.sanitizeSync({ channel: "C2", content: "Code XYZ87460, order usd87460x.", recipient: "clerk" }).content).toBe("Code XYZ87460, order usd87460x.");
  });
});

// Round 7 red team: `Docket No. 582290` of CASE-1467-582290 passed; a dev message wrote `CASE-2-097681` for CASE-4982-097681.
describe("an identifier's long last group of digits alone", () => {
  it("is shown as the surrogate's last digits, restored from shared state; a short group alone is no one's", () => {
    const guard = createRecons({ secret: "rt7", vault: { case_number: "CASE-1467-582290", employee_id: "EMP-12-345" }, policy: { fields: { case_number: { authorized: ["ok"] }, employee_id: { authorized: ["ok"] } } } });
    const text = "Docket No. 582290, also CASE-2-582290; room 345.";
    const shown = guard.sanitizeSync({ channel: "C2", content: text, recipient: "clerk" }).content as string;
    expect(shown).not.toMatch(/582290/);
    expect(shown).toMatch(/^Docket No\. (\d{6}), also CASE-2-\1; room 345\.$/);
    const stored = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content as string;
    expect(guard.restore(stored, "ok", "C5")).toBe(text);
  });
});
