import { describe, expect, it } from "vitest";
import { createMeasure } from "../../../src/eval/measure.js";
import { createRecons } from "../../../src/guard.js";
import { Vault } from "../../../src/detect/vault/vault.js";
import { inferFieldType } from "../../../src/policy/infer.js";

const VAULT = { patient: "Valerie Stokes", merchant: "James Grant", ssn: "123-45-6789", insurance_id: "INS-67737826", visit_date: "2026-01-14", account_number: "KTVM52817730264419", diagnosis: "Hypertension Stage 2" };
const guard = () =>
  createRecons({
    secret: "cut-secret",
    vault: VAULT,
    policy: { fields: { merchant: { valueType: "value", kind: "name", authorized: ["auditor"] }, ssn: { authorized: ["auditor"] }, insurance_id: { authorized: ["auditor"] } } },
  });

function vault(): Vault {
  const matcher = new Vault(inferFieldType);
  for (const [field, value] of Object.entries(VAULT)) matcher.add(field, value);
  return matcher;
}

describe("a value cut off where its text ends (log previews, memory excerpts)", () => {
  it.each([
    ["[turn 2] worker report | Merchant: James Gr...", "merchant", "James Gr"],
    ["Cache: the SSN on file is 123-45-67", "ssn", "123-45-67"],
    ["Insurance INS-6773…", "insurance_id", "INS-6773"],
    ["Paid to James Gran**", "merchant", "James Gran"],
    // Round 4 red team: a memory write cut after a date's month kept the real year and month.
    ["Cache: patient seen on 2026-01-", "visit_date", "2026-01"],
    // Round 13 red team: a 300-character memory write cut an account number after its sixth character (its letters and digits are no word).
    ["Cache: - Account Number: KTVM52", "account_number", "KTVM52"],
    ["- Account Number: KTVM5281\n- Balance: $4,210", "account_number", "KTVM5281"],
    // And a value's long first word (two thirds of it), a surname after its title (`Ms. Fost` of James Grant's `Mr. Gra`).
    ["Cache: - **Diagnosis:** **Hyperten", "diagnosis", "Hyperten"],
    ["Cache: the merchant was Mr. Gra", "merchant", "Mr. Gra"],
    // Round 16 red team: a cache line cut a first name after five of its seven letters.
    ["Cache: - **Patient Name:** Valer", "patient", "Valer"],
  ])("%s: the cut piece is found as its value", (text, field, piece) => {
    // An identifier's head before an ellipsis is a masked head too (`ERQO...9899`): found either way.
    const found = vault().detect(text).filter((d) => d.role === "cut-tail" || d.role === "masked-head");
    expect(found.map((d) => [d.field, text.slice(d.start, d.end)])).toEqual([[field, piece]]);
  });

  it.each([
    "Talk to Jam...", // too short to tell from ordinary text
    "He met James Gr. on Monday", // not at the end
    "Ask James Gr.", // a period ends a sentence (an abbreviation), not a cut
    "The Grand...", // not the start of any value
    "We saw James", // a whole token: the first-name rules decide, not this one
    "SSN on file: 123\n\n45 6...", // over a line break: two texts, not one cut value
    "Budget 2026-", // digits between groups fewer than a year and a month
    "Account KTVM5", // an identifier's head of five: too short to tell
    "Order KTVM52 shipped", // not at the end
    "Cache: the Hypert", // less than two thirds of the word
    "Cache: a hyperbo", // not the value's start
    "Cache: see Mr. Gr", // two letters of a surname after a title
    "Cache: patient Vale", // four letters of a seven-letter first name
  ])("%s: no cut value", (text) => {
    expect(vault().detect(text).filter((d) => d.role === "cut-tail")).toEqual([]);
  });

  // Round 6 red team: a memory write cut inside a grouped number kept its digits (dev trace ...afcaa60d's `Income**: $52,41`).
  it.each([
    ["Cache: x\n- **Income**: $52,41", "income", "52,41"],
    ["Cache: x\n- **Balance**: $267,015.8", "balance", "267,015.8"],
    ["Cache: x\n- **Balance**: $267,01", "balance", "267,01"],
    ["Cache: x\n- **Card**: 6011 3902 4558 77", "card", "6011 3902 4558 77"],
    ["Cache: x\n- **Account**: PLMA 8330 2174 65", "account", "PLMA 8330 2174 65"],
    ["Offer:\n- Base: $52,41\n- Bonus: 10%\nthanks", "income", "52,41"],
    // Round 11 red team: three of its five digits (`$93,1` of 93,197) pin an amount within 0.2 %.
    ["Cache: x\n- **Income**: $52,4", "income", "52,4"],
    ["Profile: income $52,4", "income", "52,4"],
    // Round 15 red team: half an amount's units, its cents aside (`$48,1` of 48,123.55: three of its five).
    ["Cache: balance of $48,1", "savings", "48,1"],
    // Round 16 red team: an amount grouped with commas, three digits of seven (`$8,21` of 8,216,490).
    ["Cache: Settlement: $8,21", "settlement", "8,21"],
  ])("%s: a number or identifier cut inside its groups is found as its value", (text, field, piece) => {
    const grouped = new Vault(inferFieldType);
    for (const [name, value] of Object.entries({ income: "52416", balance: "267015.88", card: "6011390245587713", account: "PLMA83302174659021", savings: "48123.55", settlement: "8216490" })) grouped.add(name, value);
    const found = grouped.detect(text).filter((d) => d.role === "cut-tail");
    expect(found.map((d) => [d.field, text.slice(d.start, d.end)])).toEqual([[field, piece]]);
  });

  it.each([
    "Balance: $2,670", // grouped unlike the balance (267,015.88): another number
    "Balance: $26,70", // the same
    "Time: 52.41", // a period where the income has none
    "Income: $52,", // two of its five digits
    "Income: $5241", // not grouped: the whole-token rules decide
  ])("%s: no grouped number cut", (text) => {
    const grouped = new Vault(inferFieldType);
    for (const [name, value] of Object.entries({ income: "52416", balance: "267015.88" })) grouped.add(name, value);
    expect(grouped.detect(text).filter((d) => d.role === "cut-tail")).toEqual([]);
  });

  it("finds a value cut where a labelled line ends inside the text (an excerpt's cut line quoted on), the piece after the colon", () => {
    const text = "**Relevant details:**\n- Tool: credit_check\n- Merchant: James G\n- SSN: 123-45-6...\n\n1. Review the records: all of them.\n";
    const found = vault().detect(text).filter((d) => d.role === "cut-tail");
    expect(found.map((d) => [d.field, text.slice(d.start, d.end)])).toEqual([["merchant", "James G"], ["ssn", "123-45-6"]]);
    const unchanged = guard().sanitizeSync({ channel: "C6", content: text, recipient: "log" }).content as string;
    expect(unchanged).not.toMatch(/James G\n|123-45-6/);
    expect(unchanged).toContain("\n\n1. Review the records: all of them.\n");
  });

  it.each([
    "- Merchant: James\n- Status: open", // a whole token: no cut
    "- Note: He met James Gr. on Monday\nok", // not at the line end
    "- Note: Talk to Jam\nok", // too short
    "- Note: ask James Gr\nok", // the cut is not the label's whole value (one reading `James Gr...` at the text's end is)
  ])("%s: no cut value at a labelled line end", (text) => {
    expect(vault().detect(text).filter((d) => d.role === "cut-tail")).toEqual([]);
  });

  it("finds a value cut where an ellipsis marks it inside the text", () => {
    // Round 9 red team: `ins=UHC-9021…` with a line after it, `Anthem (ANT-YRK88401…) requires` kept the digits shown.
    const text = "ins=INS-6773…\nnext line. Payee (James Gr...) requires; SSN 123-45-6... on file; James... said etc...";
    const found = vault().detect(text).filter((d) => d.role === "cut-tail" || d.role === "masked-head");
    expect(found.map((d) => [d.field, text.slice(d.start, d.end)])).toEqual([["insurance_id", "INS-6773"], ["merchant", "James Gr"], ["ssn", "123-45-6"]]);
    expect(guard().sanitizeSync({ channel: "C2", content: text, recipient: "worker" }).content).not.toMatch(/6773|James Gr|123-45-6/);
  });

  it("finds no value cut inside a leading title (`Attorne` of `Attorney Lee`: the title names nobody), and one cut inside the surname", () => {
    const titled = new Vault(inferFieldType);
    titled.add("attorney", "Attorney Lee");
    expect(titled.detect("- Attorney: Attorne").filter((d) => d.role === "cut-tail")).toEqual([]);
    expect(titled.detect("- Attorney: Attorney L").filter((d) => d.role === "cut-tail").map((d) => d.field)).toEqual(["attorney"]);
  });

  it("finds none at the end of a window of a longer text (the backstop's), which is no cut", () => {
    expect(vault().detect("[turn 2] worker report | Merchant: James Gr...", false).filter((d) => d.role === "cut-tail")).toEqual([]);
  });

  it("shows the same start of the whole value's surrogate to an unauthorized reader, in the piece's layout", () => {
    const g = guard();
    const whole = (text: string) => g.sanitizeSync({ channel: "C6", content: text, recipient: "log" }).content as string;
    const [first, last] = whole("Merchant: James Grant").slice("Merchant: ".length).split(" ");
    expect(whole("Merchant: James Gr...")).toBe(`Merchant: ${first} ${last.slice(0, 2)}...`);
    const ssn = whole("SSN 123-45-6789").slice(4).replace(/\D/g, "");
    expect(whole("Cache: SSN 123 45 67")).toBe(`Cache: SSN ${ssn.slice(0, 3)} ${ssn.slice(3, 5)} ${ssn.slice(5, 7)}`);
    for (const text of ["Merchant: James Gr...", "Cache: SSN 123 45 67"]) expect(whole(text)).not.toMatch(/James Gr|123 45 67/);
  });

  it("redacts a cut whose surrogate shows the same piece (`Attorney T` of `Attorney Thompson` and of a surrogate `Attorney T...`)", () => {
    const titledGuard = (secret: string) =>
      createRecons({ secret, vault: { attorney: "Attorney Thompson" }, policy: { fields: { attorney: { authorized: ["auditor"] } } } });
    const toLog = (g: ReturnType<typeof titledGuard>, text: string) => g.sanitizeSync({ channel: "C6", content: text, recipient: "log" });
    // The first secret whose pseudonym of the surname starts with a T too (deterministic: the same secret every run).
    const secret = Array.from({ length: 400 }, (_, k) => `cut-${k}`).find((candidate) => /^- Attorney: Attorney T/.test(toLog(titledGuard(candidate), "- Attorney: Attorney Thompson").content as string));
    expect(secret).toBeDefined();
    const g = titledGuard(secret!);
    const cut = toLog(g, "- Attorney: Attorney T");
    expect(cut.content).not.toContain("Attorney T");
    expect(cut.decisions.map((d) => d.fallback)).toEqual(["surrogate-part-shows-the-value"]);
    const written = g.sanitizeSync({ channel: "C5", content: "- Attorney: Attorney T" }, { reversible: true }).content as string;
    expect(written).not.toContain("Attorney T");
    expect(g.sanitizeSync({ channel: "C5", content: written, recipient: "auditor" }).content).toBe("- Attorney: Attorney T");
  });

  it("redacts a cut whose surrogate's piece is another registered value's cut (`Attorney C` of a surrogate `Attorney C...` and of `Attorney Cole`)", () => {
    // Dev-mix sweep at horizon 20: `Attorney M` of `Attorney Morton` became `Attorney C`, which the measure read as `Attorney Cole`.
    const vault = { attorney: "Attorney Morton", "attorney#2": "Attorney Cole" };
    const titledGuard = (secret: string) => createRecons({ secret, vault, policy: { fields: { attorney: { authorized: ["auditor"] }, "attorney#2": { authorized: ["auditor"] } } } });
    const toLog = (g: ReturnType<typeof titledGuard>, text: string) => g.sanitizeSync({ channel: "C6", content: text, recipient: "log" });
    const secret = Array.from({ length: 400 }, (_, k) => `cut-${k}`).find((candidate) => /^Attorney C/.test(toLog(titledGuard(candidate), "Attorney Morton").content as string));
    expect(secret).toBeDefined();
    const cut = toLog(titledGuard(secret!), "- Attorney: Attorney Morton\n- Attorney: Attorney M");
    expect(cut.content).toMatch(/\n- Attorney: \[REDACTED:name\]$/);
    expect(cut.decisions.map((d) => d.fallback)).toContain("surrogate-part-shows-another-value");
    expect([...createMeasure(vault).recoverable(cut.content)]).toEqual([]);
  });

  it("is sealed in shared state and restores to the cut value for an authorized reader", () => {
    const g = guard();
    const text = "Cache: refund approved for James Gr";
    const written = g.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content as string;
    expect(written).not.toContain("James Gr");
    expect(g.sanitizeSync({ channel: "C5", content: written, recipient: "auditor" }).content).toBe(text);
    expect(g.sanitizeSync({ channel: "C5", content: written, recipient: "intruder" }).content).not.toContain("James Gr");
  });

  it("shows a surname cut after its title as the pseudonym's surname cut alike, the title kept (round 13 red team: `Ms. Fost`)", () => {
    const g = guard();
    const text = "Cache: refund approved; Mr. Gran";
    const shown = g.sanitizeSync({ channel: "C5", content: text, recipient: "intruder" }).content as string;
    expect(shown).toMatch(/^Cache: refund approved; Mr\. [A-Z][a-z]{3}$/);
    expect(shown).not.toContain("Gran");
    const written = g.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content as string;
    expect(g.sanitizeSync({ channel: "C5", content: written, recipient: "auditor" }).content).toBe(text);
  });
});
