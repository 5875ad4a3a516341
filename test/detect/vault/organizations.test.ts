import { describe, expect, it } from "vitest";
import { createRecons } from "../../../src/guard.js";
import { organizationVariants } from "../../../src/detect/vault/organizations.js";

describe("organizationVariants", () => {
  it.each([
    ["mercer ltd", "mercer", "surname"],
    ["kelly sons", "kelly", "surname"],
    ["davis and sons", "davis", "surname"],
    ["skinner woods llc", "skinner woods", "whole"],
    ["northwind logistics group", "northwind logistics", "whole"],
  ])("%s without its legal form is %s (%s)", (normalized, form, role) => {
    expect(organizationVariants(normalized, normalized).map((v) => [v.form, v.role])[0]).toEqual([form, role]);
  });

  it("drops every legal form in turn; one word left, or a longer name's first word no dictionary lists, is found alone and with any legal form", () => {
    const forms = (normalized: string) => organizationVariants(normalized, normalized).map((v) => v.form);
    expect(forms("hartwell sons llc")).toEqual(expect.arrayContaining(["hartwell sons", "hartwell", "hartwell inc", "hartwell llc"]));
    expect(forms("brightwater analytics inc")).toEqual(expect.arrayContaining(["brightwater analytics", "brightwater", "brightwater ltd"]));
    expect(forms("mercer ltd")).toEqual(expect.arrayContaining(["mercer", "mercer inc"]));
    expect(forms("general motors corp")).toEqual(["general motors"]);
    expect(forms("northwind logistics group")).not.toContain("logistics");
  });

  it.each(["hernandez wong", "garcia smith and lopez", "ltd", "the group", "le inc", "unit 4 llc"])("%s has no shorter form", (normalized) => {
    expect(organizationVariants(normalized, normalized)).toEqual([]);
  });

  it("shortens a firm named for its partners by its first two, not any phrase with an `and`", () => {
    expect(organizationVariants("Harris, Abbott and Edwards", "harris abbott and edwards").map((v) => [v.form, v.role])).toEqual([
      ["harris abbott edwards", "whole"],
      ["harris abbott", "whole"],
      ["harris and abbott", "whole"],
      ["harris", "surname"],
    ]);
    expect(organizationVariants("Chest pain and fatigue", "chest pain and fatigue")).toEqual([]);
    // Round 6 red team: `the Whitfield charge` of `Whitfield, Crane and Obi` passed: a first partner no dictionary lists counts as a listed surname does.
    expect(organizationVariants("Whitfield, Crane and Obi", "whitfield crane and obi").at(-1)).toEqual({ form: "whitfield", confidence: expect.any(Number), role: "surname" });
    expect(organizationVariants("Grant, Crane and Obi", "grant crane and obi").some((v) => v.role === "surname" && v.form === "grant")).toBe(true);
    expect(organizationVariants("Summit, Crane and Obi", "summit crane and obi").some((v) => v.role === "surname")).toBe(false);
    // `and Daughters` ends a firm's name as `and Sons` does.
    expect(organizationVariants("Penhale and Daughters", "penhale and daughters").some((v) => v.form === "penhale" && v.role === "surname")).toBe(true);
  });

  it("names a firm of two listed surnames joined by a hyphen by its first partner alone, not a hyphenated term", () => {
    expect(organizationVariants("Lopez-Thompson", "lopez thompson").map((v) => [v.form, v.role])).toEqual([["lopez", "surname"]]);
    expect(organizationVariants("Non-Hodgkin", "non hodgkin")).toEqual([]);
    expect(organizationVariants("Post-Op", "post op")).toEqual([]);
  });
});

describe("a company's name without its legal form", () => {
  const vault = { transaction_history: "[{'amount': 634.74, 'merchant': 'Mercer Ltd'}, {'amount': 99.0, 'merchant': 'Daniels & Sons'}]" };
  const guard = () =>
    createRecons({
      secret: "organizations-secret",
      vault,
      policy: { fields: { transaction_history: { valueType: "contextual", kind: "text", authorized: ["auditor"] } } },
    });
  const deliver = (content: string, recipient: string) => guard().sanitizeSync({ channel: "C2", content, recipient }).content as string;

  it.each([
    ["A purchase at Mercer of $634.74.", "Mercer"],
    ["Recent merchants: Mercer, then others.", "Mercer"],
    ["- **Merchant:** Mercer", "Mercer"],
    ["She paid Daniels twice.", "Daniels"],
    ["Daniels agreed to refund it.", "Daniels"],
  ])("%s: %s is protected, kept for an authorized recipient", (text, stem) => {
    expect(deliver(text, "intruder")).not.toContain(stem);
    expect(deliver(text, "auditor")).toBe(text);
  });

  it.each([
    ["Merchant: Harris, Abbott & Co.", "Harris, Abbott"],
    ["paid Harris & Abbott twice", "Harris & Abbott"],
    ["Harris and Abbott refunded it.", "Harris and Abbott"],
    ["Harris, Abbott, Edwards: $329.26", "Harris, Abbott, Edwards"],
    ["Payment went to Harris.", "Harris"],
  ])("%s: the firm's partners are protected, kept for an authorized recipient", (text, shown) => {
    const firm = () =>
      createRecons({
        secret: "organizations-secret",
        vault: { transaction_history: "[{'amount': 329.26, 'merchant': 'Harris, Abbott and Edwards'}]" },
        policy: { fields: { transaction_history: { valueType: "contextual", kind: "text", authorized: ["auditor"] } } },
      });
    expect(firm().sanitizeSync({ channel: "C2", content: text, recipient: "intruder" }).content).not.toContain(shown);
    expect(firm().sanitizeSync({ channel: "C2", content: text, recipient: "auditor" }).content).toBe(text);
  });

  it.each([
    ["She works at Hartwell.", "Hartwell"],
    ["Hartwell LLC sent it.", "Hartwell"],
    ["She joined Brightwater in 2019.", "Brightwater"],
  ])("%s: a company's one distinctive word is protected (employer `Hartwell & Sons LLC`, `Brightwater Analytics Inc.`)", (text, stem) => {
    const employer = () =>
      createRecons({ secret: "organizations-secret", vault: { employer: "Hartwell & Sons LLC", company: "Brightwater Analytics Inc." }, policy: { fields: { employer: { authorized: ["hr"] }, company: { authorized: ["hr"] } } } });
    expect(employer().sanitizeSync({ channel: "C2", content: text, recipient: "intruder" }).content).not.toContain(stem);
    expect(employer().sanitizeSync({ channel: "C2", content: text, recipient: "hr" }).content).toBe(text);
  });

  it.each(["David Mercer called.", "Perez-Mercer billed it.", "The mercer sold cloth."])("%s names someone or something else", (text) => {
    expect(deliver(text, "intruder")).toBe(text);
  });
});

describe("an organization under a field named for one (round 10 red team)", () => {
  const guard = createRecons({
    secret: "organizations-secret",
    vault: { custodian: "Charles Schwab & Co.", referring_hospital: "Children's Hospital of Philadelphia", client_company: "Meridian Freight Co." },
    policy: { fields: {} },
  });
  const deliver = (content: string) => guard.sanitizeSync({ channel: "C2", content, recipient: "intruder" }).content as string;

  it("is text, not a person to pseudonymize", () => {
    expect(guard.vault.entries().map((entry) => [entry.field, entry.kind])).toEqual([["custodian", "text"], ["referring_hospital", "text"], ["client_company", "text"]]);
    // Rejudge: a company under `<organization>_name` had become a person (`Rodney Iris Novak`), a store number's name letter noise.
    const named = createRecons({ secret: "s", vault: { vendor_name: "Parallax Data Systems", bank_name: "JPMorgan Chase Bank, N.A.", pharmacy: "CVS Pharmacy #4471", provider_name: "Anne Lee" }, policy: { fields: {} } });
    expect(named.vault.entries().map((entry) => entry.kind)).toEqual(["text", "text", "text", "name"]);
  });

  it("is found by its distinctive word (no given name, no place) and by its initials in capitals", () => {
    expect(deliver("Schwab acct ending 9182; referral from CHOP.")).toBe("[REDACTED:text] acct ending 9182; referral from [REDACTED:text].");
    expect(deliver("Charles called from Philadelphia; chop the onions.")).toBe("Charles called from Philadelphia; chop the onions.");
  });
});
