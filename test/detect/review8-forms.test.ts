import { describe, expect, it } from "vitest";
import type { ReconsGuard } from "../../src/guard.js";
import { deliverText, readerGuard } from "../helpers/reader-guard.js";

const guardFor = (vault: Record<string, string | number>, secret = "review8-secret") => readerGuard(vault, secret);
const deliver = (guard: ReconsGuard, content: string, recipient: string) => deliverText(guard, content, recipient, "C2");

/** `text` reaches an unauthorized reader without any of `raws`, and that output comes back as `text` to the authorized one. */
function expectHiddenThenRestored(vault: Record<string, string>, text: string, raws: string[]): void {
  const guard = guardFor(vault);
  const out = deliver(guard, text, "introduced");
  for (const raw of raws) expect(out).not.toContain(raw);
  expect(deliver(guard, out, "reader")).toBe(text);
}

describe("review 8: names of three words or more, read as given names and a surname of several words", () => {
  it.each([
    [{ patient_name: "Aimee Day Lewis" }, "Mr. Day Lewis has been under my care. Day Lewis's chart follows.", ["Day", "Lewis"]],
    [{ patient_name: "Helena Bonham Carter" }, "Ms. Bonham Carter has been under my care. Bonham Carter's records follow.", ["Bonham", "Carter"]],
    [{ patient_name: "Gabriel García Márquez" }, "Mr. García Márquez has been under my care.", ["García", "Márquez"]],
    [{ opposing_party: "Reed Le Roux" }, "Dear Mr. Le Roux,\n\nI hope this letter finds you well.", ["Le Roux", "Roux"]],
    [{ customer_name: "Mary Ann Grant" }, "Mary Ann Grant applied. Mary Ann has a substantial balance. Mary Ann's history is clean.", ["Mary", "Ann"]],
    [{ patient_name: "Maria de la Cruz" }, "I am referring Maria de la Cruz. Mr. de la Cruz has been under my care.", ["Maria", "Cruz"]],
  ])("%j: %s reaches an unauthorized reader without the name, and comes back whole to an authorized one", (vault, text, raws) => {
    expectHiddenThenRestored(vault, text, raws);
  });

  it("leaves the surname's words after another person's first name to that person (`Kailey Ruiz Zafón` beside `Myrtie Ruiz Zafón`), as it does a one-word surname", () => {
    const guard = guardFor({ patient_name: "Myrtie Ruiz Zafón", customer_name: "Jamarcus Mills" });
    expect(deliver(guard, "Signed: Kailey Ruiz Zafón and Shawn Mills.", "introduced")).toBe("Signed: Kailey Ruiz Zafón and Shawn Mills.");
    expect(deliver(guard, "Myrtie Ruiz Zafón called. Ruiz Zafón agreed.", "introduced")).not.toMatch(/Ruiz|Zafón/);
  });

  it("reads a degree after a surname as the degree, not the initial of a registered given name (`Hill, M.D.`)", () => {
    const guard = guardFor({ patient_name: "Mary Hill" });
    expect(deliver(guard, "Signed: John Hill, M.D.", "introduced")).toBe("Signed: John Hill, M.D.");
    expect(deliver(guard, "Hill, M. called; Mary Hill, R.N.", "introduced")).not.toMatch(/Hill|Mary/);
  });

  it("keeps a surname's lowercase particles as they are in the pseudonym (`de la`), not as lowercase first names", () => {
    const out = deliver(guardFor({ patient_name: "Maria de la Cruz" }), "Maria de la Cruz called.", "introduced");
    expect(out).toMatch(/^[A-Z][a-z]+ de la [A-Z][a-z]+ called\.$/);
  });
});

describe("review 8: a name of ordinary words is not read surname first out of ordinary lowercase words", () => {
  it.each([
    [{ employee_name: "Mark Price" }, "Check the price; mark it down. The price - mark it."],
    [{ client_name: "Will Young" }, "The young will inherit the earth."],
    [{ customer_name: "Chase Banks" }, "Many banks chase late payments."],
  ])("%j: %s stays as written for an unauthorized reader", (vault, text) => {
    expect(deliver(guardFor(vault), text, "introduced")).toBe(text);
  });

  it.each([
    "Grace\nHill", "| Grace |\n| Hill |", "- Grace\n- Hill", "Hill: Grace", "HILL: GRACE", "Hill; Grace", "Grace. Hill", "grace hill",
    "contact: grace hill", "hill, grace", "grace hill's file", "Grace hill", "grace Hill", "grace.hill", "grace_hill", "hill.grace", "q=grace+hill",
  ])("still takes Grace Hill written %j (a table, a speaker line, lowercase, a handle)", (text) => {
    const out = deliver(guardFor({ client_name: "Grace Hill" }), text, "introduced");
    expect(out).not.toMatch(/grace|hill/i);
  });

  it("takes the title and surname, not the ordinary word after them (`Mr. Young will attend`)", () => {
    const guard = guardFor({ client_name: "Will Young" });
    const text = "Mr. Young will attend the hearing.";
    const out = deliver(guard, text, "introduced");
    expect(out).toMatch(/^Mr\. [A-Z][a-z]+ will attend the hearing\.$/);
    expect(out).not.toContain("Young");
    expect(deliver(guard, out, "reader")).toBe(text);
  });
});

describe("review 8: a surname alone that opens a sentence", () => {
  it.each([
    [{ patient_name: "Sam Price" }, "Price testified on Monday. Price noted the delay. Price emailed us.", ["Price"]],
    [{ patient_name: "Grace Hill" }, "NOTE: HILL'S FILE IS HERE.", ["HILL"]],
    [{ patient_name: "Grace Hill" }, "In Acme Corp. v. Hill the court ruled.", ["Hill"]],
  ])("%j: %s reaches an unauthorized reader without the surname", (vault, text, raws) => {
    expectHiddenThenRestored(vault, text, raws);
  });
});

describe("review 8: an object key that is one ordinary lowercase word is structure, not a person's name part alone", () => {
  it.each([
    [{ employee_name: "Mark Price" }, { price: 40, quantity: 2 }],
    [{ client_name: "Will Young" }, { will: true, young: false }],
  ])("%j: %j reaches an unauthorized reader as it is", (vault, content) => {
    const guard = guardFor(vault);
    expect(guard.sanitizeSync({ channel: "C3", content, recipient: "introduced" }).content).toEqual(content);
  });

  it("still protects a key that is the name or another kind's value, and every string value (`{ gonzalez: ... }`, `{ diabetes: ... }`, `{ last_name: \"hill\" }`)", () => {
    const guard = guardFor({ patient_name: "Maria Gonzalez", employee_name: "Dwayne Sanchez", client_name: "Grace Hill", diagnosis: "diabetes", employer: "Acme Corp" });
    const content = { gonzalez: 1, Sanchez: 2, "grace hill": 3, diabetes: true, "patient has diabetes": 1, acme: 1, last_name: "hill", first_name: "grace", names: ["grace", "hill"] };
    const out = JSON.stringify(guard.sanitizeSync({ channel: "C3", content, recipient: "introduced" }).content);
    expect(out).not.toMatch(/gonzalez|sanchez|grace|hill|diabetes|acme/i);
  });

  it("keeps an identifier key whose word only tells a contextual value (`bail_usd` of a criminal case); the value's own words in a key are protected", () => {
    // Red-team tool call: `"bail_usd"` became `"[REDACTED:text]_usd"`, `custody_schedule` and `marital_assets` alike: the arguments broke.
    const guard = guardFor({ case_type: "criminal", matter_type: "divorce", diagnosis: "Type 2 Diabetes" });
    const content = { bail_usd: 5000, plea_offer: "none", custody_schedule: "alternate weeks", glucose_level: 140, note: "plea deal; glucose 140" };
    const out = guard.sanitizeSync({ channel: "C3", content, recipient: "introduced" }).content as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(["bail_usd", "plea_offer", "custody_schedule", "glucose_level", "note"]);
    expect(out.note).not.toMatch(/plea|glucose/);
    expect(JSON.stringify(guard.sanitizeSync({ channel: "C3", content: { "type 2 diabetes": 1 }, recipient: "introduced" }).content)).not.toMatch(/diabetes/i);
  });

  it("protects a key where restoring wrote the real value: a surrogate an agent put in a key never reaches another unauthorized agent as the real name", () => {
    const guard = guardFor({ client_name: "Will Price" });
    const seen = deliver(guard, "Client Will Price called.", "agent_a");
    const first = /Client (\w+) /.exec(seen)![1]!.toLowerCase();
    const forwarded = guard.sanitizeSync({ channel: "C3", content: { [first]: { balance: 40 } }, recipient: "agent_b" }).content;
    expect(JSON.stringify(forwarded)).not.toMatch(/will|price/i);
  });
});

describe("review 8: an authorized reader's text keeps ordinary words a pseudonym shares (no real name where the writer put none)", () => {
  // Under this secret the pseudonyms are word-like: Karen Brown -> Ricardo Day, Grace Hill -> Dennis Page, Will Young -> Lena House, Joy Love -> Jean Strong.
  const SECRET = "s30-words-probe-secret-0001";
  it.each([
    [{ patient_name: "Karen Brown" }, "First Day Agenda. First 30 Days: onboarding. Labor Day is a holiday. **First-Day Checklist**"],
    [{ patient_name: "Grace Hill" }, "See Page 5. Pages 3-4 are missing. Exhibit A, Page 5."],
    [{ client_name: "Will Young" }, "The House Committee met. Medications: Alone, House, Continue"],
    [{ patient_name: "Joy Love" }, "Credit Score: (Strong/Good/Fair) | Strong liquidity |"],
    [{ employee_name: "Mark Price" }, "I am writing to refer Emily Long, a patient under my care."],
  ])("%j: %s reaches the authorized reader as written", (vault, text) => {
    expect(deliver(guardFor(vault, SECRET), text, "reader")).toBe(text);
  });

  it("still gives the authorized reader the real name where the surrogate stands for the person", () => {
    const guard = guardFor({ patient_name: "Karen Brown" }, SECRET);
    const text = "Karen Brown arrived. Dr. Brown called. Brown testified on Monday. BROWN'S FILE is here. We met the Browns.";
    const out = deliver(guard, text, "introduced");
    expect(out).not.toMatch(/Karen|Brown|BROWN/);
    expect(deliver(guard, out, "reader")).toBe(text);
    const alone = deliver(guard, "Brown testified on Monday.", "introduced");
    expect(deliver(guard, alone, "reader")).toBe("Brown testified on Monday.");
  });

  it("leaves a month beside a day or year to the date, not the person named April May", () => {
    const text = "Scheduled for April 2026, then on May 5 and 5 May.";
    expect(deliver(guardFor({ patient_name: "April May" }), text, "introduced")).toBe(text);
    expect(deliver(guardFor({ patient_name: "April May" }), "April May was seen.", "introduced")).not.toContain("April");
  });

  it.each(["Patient: June 47F", "Name: June 34", "I called June 2 times.", "Bed 4 June is stable.", "Client June 2x daily", "Met June 3 times."])(
    "still takes the person June Okafor in %j (a number beside the name that is no date)",
    (text) => {
      expect(deliver(guardFor({ patient_name: "June Okafor" }), `June Okafor was admitted. ${text}`, "introduced")).not.toContain("June");
    },
  );
});

describe("review 8: a name of ordinary words under a role field, kind left to inference", () => {
  it.each([
    ["account_holder", "Bill Porter", "Transfer from Bill Porter. Dear Mr. Porter, Porter, Bill. B. Porter signed.", ["Bill", "Porter"]],
    ["payee", "Tom Hill", "Please send it to Mr. Hill today. T. Hill confirmed.", ["Hill"]],
    ["judge", "Hon. Ruth Park", "Ruth Park ruled. Judge Park ruled.", ["Ruth", "Park"]],
    ["therapist", "Jo Smith", "Ms. Smith said so.", ["Smith"]],
  ])("%s = %s: every form reaches an unauthorized reader pseudonymized", (field, value, text, raws) => {
    const out = deliver(guardFor({ [field]: value }), text, "introduced");
    for (const raw of raws) expect(out).not.toContain(raw);
  });
});

describe("review 8: a first name of ordinary words after an addressing label (cc:, To:, From:, Owner:, Assignee:)", () => {
  it("reaches an unauthorized reader pseudonymized, and comes back whole to an authorized one", () => {
    expectHiddenThenRestored({ client_name: "Will Young", patient_name: "Hope Summers" }, "To: Will\nFrom: Hope\ncc: Will\n- Owner: Will\nAssignee: Hope", ["Will", "Hope"]);
  });
});
