import { ToWords } from "to-words";
import { describe, expect, it } from "vitest";
import { deriveKeys } from "../../src/crypto/keys.js";
import { Vault } from "../../src/detect/vault/vault.js";
import { createMeasure } from "../../src/eval/measure.js";
import { createRecons } from "../../src/guard.js";
import { inferFieldType } from "../../src/policy/infer.js";
import { reconsOptionsSchema } from "../../src/policy/options.js";
import { createOperators } from "../../src/transform/operators/index.js";
import { FIRST_NAMES } from "../../src/transform/operators/names/first-names.js";
import { SURNAMES } from "../../src/transform/operators/names/surnames.js";
import { isWordLike, listedNameTokens } from "../../src/transform/operators/pseudonym.js";
import { SurrogateIndex } from "../../src/transform/surrogates.js";

const SECRET = "surrogate-index-test";
const keys = deriveKeys(SECRET);
const operators = createOperators(keys, reconsOptionsSchema.parse({}));

function indexOf(entries: Array<[string, string]>): SurrogateIndex {
  const vault = new Vault(inferFieldType);
  for (const [field, value] of entries) vault.add(field, value);
  return new SurrogateIndex(vault, operators, keys.hmac);
}

function surrogate(action: "pseudonymize" | "fpe", field: string, value: string): string {
  const type = inferFieldType(field, value);
  const output = operators.get(action)!.apply({ value, field, kind: type.kind, valueType: type.valueType });
  if (output instanceof Promise) throw new Error("sync operator expected");
  return output.text;
}

const name = "Michelle Miller";
const pseudonym = surrogate("pseudonymize", "patient_name", name);

describe("SurrogateIndex.restore", () => {
  it("restores a surrogate once when its value is registered under several fields", () => {
    // Tools re-register the records they return, so one value ends up under `patient_name#3` and `patient_name`.
    const index = indexOf([
      ["patient_name#3", name],
      ["patient_name", name],
    ]);
    expect(pseudonym).not.toBe(name);
    expect(index.restore(`- Patient name: ${pseudonym}\n- Phone: 555`, () => true)).toBe(`- Patient name: ${name}\n- Phone: 555`);
  });

  it("restores every occurrence of several such values, each exactly once", () => {
    const other = "Gregory Olson";
    const index = indexOf([
      ["patient_name#1", other],
      ["patient_name#3", name],
      ["patient_name", other],
      ["patient_name", name],
    ]);
    const text = `${surrogate("pseudonymize", "patient_name", other)} and ${pseudonym}; again ${pseudonym}, ${surrogate("pseudonymize", "patient_name", other)}`;
    expect(index.restore(text, () => true)).toBe(`${other} and ${name}; again ${name}, ${other}`);
  });

  it("restores through the one field the reader may see and keeps the surrogate when it may see none", () => {
    const index = indexOf([
      ["patient_name#3", name],
      ["patient_name", name],
    ]);
    expect(index.restore(pseudonym, (field) => field === "patient_name")).toBe(name);
    expect(index.restore(pseudonym, (field) => field === "patient_name#3")).toBe(name);
    expect(index.restore(pseudonym, () => false)).toBe(pseudonym);
  });

  it("gives the guard the real value, not a longer word around it, for a value under two fields", () => {
    const guard = createRecons({ secret: SECRET, vault: { "patient_name#3": name, patient_name: name } });
    expect(guard.revealAll({ note: `Patient name: ${pseudonym}.` })).toEqual({ note: `Patient name: ${name}.` });
  });

  it("applies the operators through the apply it is given (the guard's memo), so what it indexes is what was applied", () => {
    const vault = new Vault(inferFieldType);
    vault.add("patient_name", name);
    const applied: string[] = [];
    const index = new SurrogateIndex(vault, operators, keys.hmac, (operator, input) => {
      applied.push(`${operator.action}:${input.value}`);
      return input.value === name && operator.action === "pseudonymize" ? { text: "Zed Quill" } : operator.apply(input);
    });
    expect(index.restore("Zed Quill called", () => true)).toBe(`${name} called`);
    expect(applied).toContain(`pseudonymize:${name}`);
  });
});

describe("SurrogateIndex.restore of a partial rendering", () => {
  const ssn = "939-79-6410";
  const ssnSurrogate = surrogate("fpe", "ssn", ssn);
  const surrogateTail = ssnSurrogate.slice(-4);

  it("restores the masked tail of a surrogate to the real value's tail, never to the whole value", () => {
    const index = indexOf([["ssn", ssn]]);
    expect(surrogateTail).not.toBe("6410");
    expect(index.restore(`Account ending in ****${surrogateTail}.`, () => true)).toBe("Account ending in ****6410.");
    expect(index.restore(`SSN: ***-**-${surrogateTail}`, () => true)).toBe("SSN: ***-**-6410");
  });

  it("keeps the surrogate's tail for a reader who may not see the value", () => {
    const index = indexOf([["ssn", ssn]]);
    expect(index.restore(`SSN: ***-**-${surrogateTail}`, (field) => field !== "ssn")).toBe(`SSN: ***-**-${surrogateTail}`);
  });

  it("gives the guard's authorized reader the real tail and an unauthorized one neither the tail nor the value", () => {
    const guard = createRecons({ secret: SECRET, vault: { ssn }, policy: { fields: { ssn: { valueType: "format", kind: "ssn", authorized: ["ok"] } } } });
    const text = `SSN on file: ***-**-${surrogateTail}.`;
    expect(guard.restore(text, "ok", "C2")).toBe("SSN on file: ***-**-6410.");
    expect(guard.restore(text, "other", "C2")).toBe(text);
    const denied = guard.sanitizeSync({ channel: "C2", content: text, recipient: "other" }).content;
    expect(denied).not.toContain("6410");
    expect(denied.replace(/\D/g, "")).not.toContain("939796410");
  });

  it("shows an unauthorized reader of a real masked tail the tail of the value's surrogate, and an authorized one the real tail again", () => {
    const guard = createRecons({ secret: SECRET, vault: { ssn }, policy: { fields: { ssn: { valueType: "format", kind: "ssn", authorized: ["ok"] } } } });
    const denied = guard.sanitizeSync({ channel: "C2", content: `SSN ${ssn}, ending in 6410.`, recipient: "other" });
    expect(denied.content).toBe(`SSN ${ssnSurrogate}, ending in ${surrogateTail}.`);
    expect(denied.decisions.map((d) => [d.action, d.reason])).toEqual([["fpe", "recipient-unauthorized"], ["fpe", "recipient-unauthorized"]]);
    expect(guard.sanitizeSync({ channel: "C2", content: denied.content, recipient: "ok" }).content).toBe(`SSN ${ssn}, ending in 6410.`);
  });

  it("gives an unauthorized reader of an initial and surname the pseudonym's initial, which an authorized reader restores", () => {
    const guard = createRecons({ secret: SECRET, vault: { patient_name: name }, policy: { fields: { patient_name: { valueType: "value", kind: "name", authorized: ["ok"] } } } });
    const [first, last] = surrogate("pseudonymize", "patient_name", name).split(" ");
    const denied = guard.sanitizeSync({ channel: "C2", content: "Seen by M. Miller today.", recipient: "other" }).content;
    expect(denied).toBe(`Seen by ${first.charAt(0)}. ${last} today.`);
    expect(guard.sanitizeSync({ channel: "C2", content: denied, recipient: "ok" }).content).toBe("Seen by M. Miller today.");
    const withMiddle = guard.sanitizeSync({ channel: "C2", content: "Seen by M. Q. Miller today.", recipient: "other" }).content;
    expect(withMiddle).toBe(`Seen by ${first.charAt(0)}. Q. ${last} today.`);
    expect(guard.sanitizeSync({ channel: "C2", content: withMiddle, recipient: "ok" }).content).toBe("Seen by M. Q. Miller today.");
  });

  it("never gives one person's pseudonym another protected person's real name, and still restores it", () => {
    const policy = { fields: { patient_name: { valueType: "value" as const, kind: "name", authorized: ["ok"] }, witness: { valueType: "value" as const, kind: "name", authorized: ["ok"] } } };
    const [, last] = pseudonym.split(" ");
    // The witness's real surname is the patient's plain pseudonym surname.
    const guard = createRecons({ secret: SECRET, vault: { patient_name: name, witness: `John ${last}` }, policy });
    for (const text of [`Patient ${name} came.`, "Ms. Miller came."]) {
      const denied = guard.sanitizeSync({ channel: "C2", content: text, recipient: "other" }).content;
      expect(denied).not.toContain(last);
      expect(denied).not.toContain("Miller");
      expect(guard.sanitizeSync({ channel: "C2", content: denied, recipient: "ok" }).content).toBe(text);
    }
  });

  it("never restores a first name two names' pseudonyms share to either person, and seals it in shared state", () => {
    // Unlisted first names share 32 reserved entries; those of the vault at setup get one each, but two registered later can meet:
    // under this secret both women become `Lena` (`Lena Bush`, `Lena Rangel`).
    const vault = { patient_name: "Kristine Jackson", contact: "Marisol Lewis" };
    const fields = Object.fromEntries(Object.keys(vault).map((field) => [field, { valueType: "value" as const, kind: "name", authorized: ["ok"] }]));
    const guard = createRecons({ secret: "rt", vault: {}, policy: { fields } });
    for (const [field, value] of Object.entries(vault)) guard.vault.add(field, value);
    const denied = ["Dear Kristine,", "Dear Marisol,"].map((text) => guard.sanitizeSync({ channel: "C2", content: text, recipient: "other" }).content);
    expect(denied[0]).toBe(denied[1]);
    // Echoed back by the reader who got it, it names nobody for certain: left as the pseudonym, never the other person.
    expect(guard.restore(denied[0], "ok", "C2")).toBe(denied[0]);
    expect(guard.restore(`${denied[0]} Lena Rangel and Lena Bush.`, "ok", "C2")).toBe(`${denied[0]} Marisol Lewis and Kristine Jackson.`);
    for (const text of ["Dear Kristine,", "Dear Marisol,", "K-R-I-S-T-I-N-E", "M-A-R-I-S-O-L"]) {
      const stored = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content;
      expect(stored).toContain("[REDACTED:name#");
      expect(guard.restore(stored, "ok", "C5")).toBe(text);
    }
  });

  it("restores a pseudonym's first name or surname alone to the real first name or surname", () => {
    const [first, last] = pseudonym.split(" ");
    const index = indexOf([["patient_name", name]]);
    expect(index.restore(`Dear ${first}, thanks.`, () => true)).toBe("Dear Michelle, thanks.");
    expect(index.restore(`Regards to ${last}.`, () => true)).toBe("Regards to Miller.");
    expect(index.restore(`Regards to ${last.toUpperCase()}.`, () => true)).toBe("Regards to MILLER.");
  });

  it("restores a name part to the same real part when the real name is outside the pseudonym lists", () => {
    // An unlisted first name gets a reserved pseudonym that does not reverse: the part must not become the whole name.
    const unlisted = "Zorblaxine Miller";
    const [first] = surrogate("pseudonymize", "patient_name", unlisted).split(" ");
    const index = indexOf([["patient_name", unlisted]]);
    expect(index.restore(`Dear ${first}, thanks.`, () => true)).toBe("Dear Zorblaxine, thanks.");
  });
});

describe("a stored surrogate written in another layout than the registered value", () => {
  const guard = createRecons({
    secret: SECRET,
    vault: { salary: "205902", account: "0012345678" },
    policy: { fields: { salary: { kind: "amount", authorized: ["payroll"] }, account: { kind: "id", authorized: ["payroll"] } } },
  });
  const stored = (text: string) => guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content;
  const read = (text: string, recipient: string) => guard.sanitizeSync({ channel: "C5", content: text, recipient }).content;

  it.each([
    "Salary $205,902 a year.",
    "Salary 205,902 dollars.",
    "Wire to acct 0012-345-678.",
    "Wire to acct 00 1234 5678.",
  ])("%s: the shared state holds a surrogate the authorized reader gets back exactly; the others never get the value", (text) => {
    const held = stored(text);
    expect(held).not.toBe(text);
    expect(held).not.toMatch(/205,?902|0012|1234 5678/);
    expect(read(held, "payroll")).toBe(text);
    // Others: the same FPE surrogate for the account, metric-DP noise around the amount (never the value).
    expect(read(held, "marketing")).not.toMatch(/205,?902|0012|1234 5678/);
  });
});

describe("an amount in shared state that FPE cannot keep readable", () => {
  const guard = createRecons({ secret: SECRET, vault: { salary: "45000", deal: "4500000" }, policy: { fields: { salary: { kind: "amount", authorized: ["payroll"] }, deal: { kind: "amount", authorized: ["payroll"] } } } });

  it.each([
    ["Salary $45,000 a year.", "45,000"],
    ["Deal size $4.5M.", "4.5M"],
  ])("%s is sealed (not padded to a phone-like number or spelled in letters); the authorized reader gets the text back exactly", (text, amount) => {
    const { content, decisions } = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true });
    // The placeholder carries the span it replaced, AES-GCM-sealed: its tag names the field, only the key opens it.
    expect(content).toMatch(/\[REDACTED:amount#[a-p]{16}~[a-p]+\]/);
    expect(content).not.toContain(amount);
    expect(decisions.map((decision) => [decision.action, decision.fallback])).toEqual([["redact", "fpe-sealed-not-format-preserving"]]);
    expect(guard.sanitizeSync({ channel: "C5", content, recipient: "payroll" }).content).toBe(text);
    const other = guard.sanitizeSync({ channel: "C5", content, recipient: "marketing" }).content;
    expect(other).not.toContain(amount);
    expect(other).not.toContain("45000");
  });
});

describe("a sealed placeholder's ciphertext", () => {
  it("is one word of letters a-p, in which no detector finds a value (base64url's `-` and `_` cut words out of it)", () => {
    // Dev-mix sweep: `…WT6hJ8nS29CTdVu6Vo_PHIl-5N3n…` was measured as `Phil` of the opposing party Phillip Allen.
    const vault = { opposing_party: "Phillip Allen", strategy: "Attorney work product - privileged", client: "Amy King" };
    const guard = createRecons({ secret: SECRET, vault, policy: { fields: { opposing_party: { authorized: ["counsel"] }, strategy: { authorized: ["counsel"] }, client: { authorized: ["counsel"] } } } });
    const measure = createMeasure(vault);
    const texts = Array.from({ length: 150 }, (_, i) => `Note ${i}: Attorney work product - privileged (${"x".repeat(i % 17)})`);
    for (const text of texts) {
      const { content } = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true });
      const seals = [...(content as string).matchAll(/\[REDACTED:[\w-]+#([a-p]+)~([^\]]*)\]/g)];
      expect(seals.length).toBe(1);
      expect(seals[0]![2]).toMatch(/^[a-p]+$/);
      expect([...measure.recoverable(content)]).toEqual([]);
      expect(guard.sanitizeSync({ channel: "C5", content, recipient: "counsel" }).content).toBe(text);
    }
  });
});

describe("a phone number written with or without its country code", () => {
  it.each(["(415) 555-0132", "+14155550132"])("registered as %s: every form keeps its country code, stays dialable and restores", (registered) => {
    const guard = createRecons({ secret: SECRET, vault: { phone: registered }, policy: { fields: { phone: { kind: "phone", authorized: ["nurse"] } } } });
    const forms = ["call +1 415 555 0132", "call +14155550132", "tel:1-415-555-0132", "call (415) 555-0132", "call 415.555.0132 ext. 12"];
    const national = new Set<string>();
    for (const text of forms) {
      const held = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content;
      expect(held).not.toContain("555");
      expect(held.replace(/\D/g, "").length).toBe(text.replace(/\D/g, "").length);
      if (/\+1|1-/.test(text)) expect(held).toMatch(/\+1|1-/);
      national.add(held.replace(/ ext\. 12$/, "").replace(/\D/g, "").slice(-10));
      expect(guard.sanitizeSync({ channel: "C5", content: held, recipient: "nurse" }).content).toBe(text);
    }
    // One surrogate number, whichever form the reader got.
    expect(national.size).toBe(1);
  });

  it("written as its local number alone (no area code): the surrogate phone's local number, restored as written", () => {
    const guard = createRecons({ secret: SECRET, vault: { phone: "(415) 555-0132" }, policy: { fields: { phone: { kind: "phone", authorized: ["nurse"] } } } });
    const whole = guard.sanitizeSync({ channel: "C5", content: "call (415) 555-0132" }, { reversible: true }).content;
    for (const text of ["Dial 555-0132 today.", "Dial 555.0132 today.", "Dial 555 0132 today."]) {
      const held = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content;
      expect(held).not.toContain("0132");
      // The last seven digits of the whole phone's surrogate, in the writer's layout.
      expect(held.replace(/\D/g, "")).toBe(whole.replace(/\D/g, "").slice(-7));
      expect(guard.sanitizeSync({ channel: "C5", content: held, recipient: "nurse" }).content).toBe(text);
      expect(guard.sanitizeSync({ channel: "C2", content: text, recipient: "billing" }).content).not.toContain("0132");
    }
    // Seven bare digits could be any number: only a phone's layouts count.
    expect(guard.sanitizeSync({ channel: "C2", content: "Ref 5550132.", recipient: "billing" }).content).toBe("Ref 5550132.");
  });
});

describe("a long shared text holding many values of several kinds", () => {
  it("comes back exactly for the authorized reader (surrogates and sealed phrases interleaved), and to no one else", () => {
    const guard = createRecons({ secret: SECRET, vault: { ssn: "939-79-6410", patient: "Ryan Wilson", diagnosis: "type 2 diabetes" }, policy: { fields: { ssn: { kind: "ssn", authorized: ["nurse"] }, patient: { kind: "name", authorized: ["nurse"] }, diagnosis: { valueType: "contextual", authorized: ["nurse"] } } } });
    const text = Array.from({ length: 300 }, (_, i) => `Row ${i}: Ryan Wilson, SSN 939-79-6410, has type 2 diabetes; Mr. Wilson.`).join("\n");
    const stored = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content;
    expect(stored).not.toMatch(/Wilson|6410|diabetes/);
    expect(guard.sanitizeSync({ channel: "C2", content: stored, recipient: "nurse" }).content).toBe(text);
    expect(guard.sanitizeSync({ channel: "C2", content: stored, recipient: "billing" }).content).not.toMatch(/Wilson|6410|diabetes/);
  });
});

describe("a surrogate's part inside another registered value's form", () => {
  it("is that value's, not a surrogate to turn back (`Oct 21` of a surrogate date inside `Oct 21 '25`)", () => {
    // Under this secret 2025-04-29 enciphers to 2043-10-21, whose yearless form is the other date's.
    const guard = createRecons({ secret: "probe", ageReference: "2026-01-01", vault: { filing_date: ["2025-04-29", "2025-10-21"] }, policy: { fields: { filing_date: { authorized: ["doc"] } } } });
    expect(guard.sanitizeSync({ channel: "C2", content: "A 2025-04-29", recipient: "x" }).content).toBe("A 2043-10-21");
    expect(guard.sanitizeSync({ channel: "C2", content: "Visit on Oct 21 '25 went well.", recipient: "doc" }).content).toBe("Visit on Oct 21 '25 went well.");
    expect(guard.sanitizeSync({ channel: "C2", content: "Visit on Oct 21 '25 went well.", recipient: "x" }).content).not.toMatch(/Oct 21|'25/);
    // The surrogate itself still comes back.
    const stored = guard.sanitizeSync({ channel: "C5", content: "Filed 2025-04-29." }, { reversible: true }).content as string;
    expect(stored).toBe("Filed 2043-10-21.");
    expect(guard.sanitizeSync({ channel: "C5", content: stored, recipient: "doc" }).content).toBe("Filed 2025-04-29.");
  });
});

describe("a pseudonym's part inside another registered value's form", () => {
  it("is that value's too (a surname's pseudonym inside an email's domain, written in capitals)", () => {
    const guard = createRecons({ secret: "probe", vault: { references: ["Jason Summers", "Steven Hall"] }, policy: { fields: { references: { kind: "name", authorized: ["doc"] }, email: { kind: "email", authorized: ["doc"] } } } });
    // The surname's pseudonym alone: restoring turns it back into `Hall` wherever it stands as a surname.
    const surname = (guard.sanitizeSync({ channel: "C2", content: "Steven Hall", recipient: "x" }).content as string).split(" ")[1]!;
    expect(surname).toMatch(/^[A-Z][a-z]+$/);
    guard.vault.add("email", `penny57@hall-${surname.toLowerCase()}.org`);
    for (const text of [`Email PENNY57@HALL-${surname.toUpperCase()}.ORG today.`, `Email Penny57@Hall-${surname}.org today.`]) {
      expect(guard.sanitizeSync({ channel: "C2", content: text, recipient: "doc" }).content).toBe(text);
      expect(guard.sanitizeSync({ channel: "C2", content: text, recipient: "x" }).content).not.toMatch(/penny57|hall/i);
    }
    // The pseudonym standing alone as a surname still comes back.
    expect(guard.sanitizeSync({ channel: "C2", content: `Mr. ${surname} called.`, recipient: "doc" }).content).toBe("Mr. Hall called.");
  });
});

describe("ordinary words that are names too", () => {
  const wordLike = [...FIRST_NAMES, ...SURNAMES].filter(isWordLike);
  const text = wordLike.map((word) => `All the ${word}. ${word} regards,`).join("\n");

  it("reach the readers who get real values back as written: no pseudonym of a registered name is one (`Best` of `Diaz`)", () => {
    // The probe's case: `Diaz` got `Best`, and `Best regards` came back as `Diaz regards`.
    const probe = createRecons({ secret: "probe", vault: { name: "Alexandra Diaz MD" }, policy: { fields: { name: { authorized: ["doc"] } } } });
    expect(probe.sanitizeSync({ channel: "C2", content: "Best regards,\nAll the Best", recipient: "doc" }).content).toBe("Best regards,\nAll the Best");
    const names = FIRST_NAMES.filter((name) => !isWordLike(name)).slice(0, 60).map((first, i) => `${first} ${SURNAMES.filter((name) => !isWordLike(name))[i * 7]}`);
    for (const secret of ["probe", "sweep", "s3"]) {
      const guard = createRecons({ secret, vault: { names }, policy: { fields: { names: { kind: "name", authorized: ["doc"] } } } });
      expect(guard.sanitizeSync({ channel: "C2", content: text, recipient: "doc" }).content).toBe(text);
      expect(guard.sanitizeSync({ channel: "C2", content: text, recipient: "clerk" }).content).toBe(text);
    }
  });
});

describe("a pseudonym's surname as the head of a compound", () => {
  it("is the phrase for readers who get real values back (`Banks-check` beside `Chloe Banks`); a real one is still transformed", () => {
    // Dev-mix sweep: an agent's own `Cross-check the details` beside the pseudonym `… Cross` came back as `Hill-check`, the surname of another client.
    const guard = createRecons({ secret: "s0", vault: { client_name: "Leslie Hill" }, policy: { fields: { client_name: { authorized: ["doc"] } } } });
    const pseudonym = guard.sanitizeSync({ channel: "C2", content: "Leslie Hill", recipient: "clerk" }).content as string;
    const surname = pseudonym.split(" ")[1]!;
    const held = `- Name: ${pseudonym}\n\n2. ${surname}-check the details. ${surname} said so.`;
    expect(guard.sanitizeSync({ channel: "C2", content: held, recipient: "doc" }).content).toBe(`- Name: Leslie Hill\n\n2. ${surname}-check the details. Hill said so.`);
    expect(guard.sanitizeSync({ channel: "C2", content: "- Name: Leslie Hill\n\n2. Hill-check the details.", recipient: "clerk" }).content).not.toMatch(/Hill/);
  });
});

describe("an identifier read out digit by digit", () => {
  const guard = createRecons({ secret: SECRET, vault: { ssn: "939-79-6410", phone: "(415) 555-0132" }, policy: { fields: { ssn: { kind: "ssn", authorized: ["nurse"] }, phone: { kind: "phone", authorized: ["nurse"] } } } });
  const spokenWords = (text: string) => text.match(/\b(?:zero|one|two|three|four|five|six|seven|eight|nine)\b/gi) ?? [];

  it.each([
    ["SSN nine three nine, seven nine, six four one zero.", "939-79-6410"],
    ["Call Four One Five, five five five, zero one three two.", "(415) 555-0132"],
    ["Call four one five 555-0132.", "(415) 555-0132"],
    ["Call (415) five-five-five, 0132.", "(415) 555-0132"],
    ["SSN 939 79 six four one zero.", "939-79-6410"],
  ])("%s: the surrogate read out alike, in the writer's case and punctuation, restored as written", (text, written) => {
    const surrogateDigits = (guard.sanitizeSync({ channel: "C2", content: written, recipient: "x" }).content as string).replace(/\D/g, "");
    const held = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content as string;
    const words = spokenWords(held);
    // Digits as written (words or figures), reading the surrogate's digits: not letters enciphered into noise.
    const digitWords = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
    const readDigits = (held.match(/\d|\b(?:zero|one|two|three|four|five|six|seven|eight|nine)\b/gi) ?? []).map((token) => (/\d/.test(token) ? token : String(digitWords.indexOf(token.toLowerCase())))).join("");
    expect(readDigits).toBe(surrogateDigits);
    expect(words.length).toBe(spokenWords(text).length);
    const layout = (written: string) => written.replace(/\b[a-z]+\b/gi, "w").replace(/\d/g, "d");
    expect(layout(held)).toBe(layout(text));
    expect(guard.sanitizeSync({ channel: "C5", content: held, recipient: "nurse" }).content).toBe(text);
    expect(guard.sanitizeSync({ channel: "C2", content: text, recipient: "billing" }).content).not.toBe(text);
    expect(guard.sanitizeSync({ channel: "C2", content: text, recipient: "nurse" }).content).toBe(text);
  });

  it("a zero read out as `oh` (round 10 red team: `oh-one-three-two` passed): the surrogate read out, restored with the digit's word", () => {
    const text = "Call four-one-five, five-five-five, oh-one-three-two.";
    const shown = guard.sanitizeSync({ channel: "C2", content: text, recipient: "billing" }).content as string;
    expect(shown).not.toMatch(/four-one-five|one-three-two/);
    expect(shown).toMatch(/^Call (?:[a-z]+-){2}[a-z]+, (?:[a-z]+-){2}[a-z]+, (?:[a-z]+-){3}[a-z]+\.$/);
    const held = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content as string;
    expect(guard.sanitizeSync({ channel: "C5", content: held, recipient: "nurse" }).content).toBe("Call four-one-five, five-five-five, zero-one-three-two.");
  });

  it("a phone registered with its country code, read out without it: its national number's surrogate, restored", () => {
    const withCode = createRecons({ secret: SECRET, vault: { phone: "+1 (415) 555-0132" }, policy: { fields: { phone: { kind: "phone", authorized: ["nurse"] } } } });
    const text = "Call four one five five five five zero one three two, or four one five 555 0132.";
    const held = withCode.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content as string;
    expect(spokenWords(held)).toHaveLength(spokenWords(text).length);
    expect(held).not.toMatch(/0132|zero one three two/);
    expect(withCode.sanitizeSync({ channel: "C5", content: held, recipient: "nurse" }).content).toBe(text);
  });

  it("a seven-digit phone with no area code (the corpus's `555-0174`), read out: the surrogate read out alike, restored", () => {
    const local = createRecons({ secret: SECRET, vault: { phone: "555-0174" }, policy: { fields: { phone: { kind: "phone", authorized: ["nurse"] } } } });
    for (const text of ["Call five five five, zero one seven four.", "Call five-five-five zero-one-seven-four."]) {
      expect(local.sanitizeSync({ channel: "C2", content: text, recipient: "billing" }).content).not.toMatch(/five five five|five-five-five/);
      const held = local.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content as string;
      expect(spokenWords(held)).toHaveLength(spokenWords(text).length);
      expect(held).not.toMatch(/zero.one.seven.four/);
      expect(local.sanitizeSync({ channel: "C5", content: held, recipient: "nurse" }).content).toBe(text);
    }
  });

  it("other numbers next to digit words are left alone", () => {
    const text = "Room 12, one of 2 patients; call 3 times between one 2 three 4 five 6 seven.";
    expect(guard.sanitizeSync({ channel: "C2", content: text, recipient: "billing" }).content).toBe(text);
  });
});

describe("placeholder tags", () => {
  it("are 64 bits; a tag two values of different fields share opens for the readers of neither", () => {
    const vault = new Vault(inferFieldType);
    for (let i = 0; i < 20; i++) {
      vault.add("salary", `$${10_000 + i * 37}`);
      vault.add("member_id", `MBR-${1_150_000 + i * 53}`);
    }
    // One letter (a hex digit's worth): sixteen tags for forty values, so some are shared.
    const short = new SurrogateIndex(vault, operators, keys.hmac, undefined, keys.aes, undefined, 1);
    short.prepare();
    const entries = vault.entries();
    const tagOf = (entry: (typeof entries)[number]) => short.sealTag(entry.field, entry.value);
    const salary = entries.find((entry) => entry.field === "salary" && entries.some((other) => other.field === "member_id" && tagOf(other) === tagOf(entry)))!;
    const placeholder = short.placeholder("amount", salary.field, salary.value, salary.value);
    for (const field of ["salary", "member_id"]) expect(short.restore(`pay ${placeholder}`, (allowed) => allowed === field)).toBe(`pay ${placeholder}`);

    const full = new SurrogateIndex(vault, operators, keys.hmac, undefined, keys.aes);
    const sealed = full.placeholder("amount", salary.field, salary.value, salary.value);
    expect(full.sealTag(salary.field, salary.value)).toMatch(/^[a-p]{16}$/);
    expect(full.restore(`pay ${sealed}`, (field) => field === "salary")).toBe(`pay ${salary.value}`);
    expect(full.restore(`pay ${sealed}`, (field) => field === "member_id")).toBe(`pay ${sealed}`);
  });

  it("no longer collide for a pair whose 32-bit tags did (salary $15,808 and member MBR-1150248 under one secret)", () => {
    const guard = createRecons({
      secret: "review-secret",
      vault: { salary: "$15,808", member_id: "MBR-1150248" },
      policy: { fields: { salary: { authorized: ["hr"], kind: "amount" }, member_id: { authorized: ["billing"], kind: "id" } } },
    });
    const written = guard.sanitizeSync({ channel: "C5", content: "Offer: base salary $15,808 per year." }, { reversible: true }).content;
    expect(guard.restore(written, "billing", "C5")).not.toContain("15,808");
    expect(guard.restore(written, "hr", "C5")).toBe("Offer: base salary $15,808 per year.");
  });

  it("hold no digits, nor do keyed pseudonyms: a reader or a detector never takes one for a number (`#729ad8...` read as a credit score of 729)", () => {
    const scores = Array.from({ length: 551 }, (_, k) => String(300 + k));
    const index = indexOf(scores.map((score, k) => [`credit_score#${k}`, score]));
    for (const [k, score] of scores.entries()) {
      const tag = index.sealTag(`credit_score#${k}`, score);
      expect(tag).toMatch(/^[a-p]{16}$/);
      const placeholder = index.placeholder("number", `credit_score#${k}`, score, score);
      expect(createMeasure({ credit_score: score }).recoverable(`score: ${placeholder}`).size, placeholder).toBe(0);
      expect(surrogate("pseudonymize", "account_ref", `ACCT-${score}`)).toMatch(/^ID-[a-p]{8}$/);
    }
  });
});

describe("a pseudonym two registered names share", () => {
  // Unlisted names draw from 32 reserved list entries, one each for those of the vault at setup; these two relatives, registered
  // later, get one pseudonym under this secret.
  const policy = { fields: { patient_name: { authorized: ["doctor"], kind: "name" }, guardian_name: { authorized: ["doctor"], kind: "name" } } };
  const relatives = { patient_name: "Xochitl Quispe", guardian_name: "Teyacapan Quispe" };
  const guard = createRecons({ secret: "review-secret", vault: {}, policy });
  for (const [field, value] of Object.entries(relatives)) guard.vault.add(field, value);

  it("is not drawn for names of the vault at setup: each unlisted name its own reserved entry", () => {
    const atSetup = createRecons({ secret: "review-secret", vault: relatives, policy });
    const shown = Object.values(relatives).map((text) => atSetup.sanitizeSync({ channel: "C2", content: text, recipient: "billing" }).content);
    expect(shown[0]).not.toContain("[REDACTED");
    expect(shown[0].split(" ")[0]).not.toBe(shown[1].split(" ")[0]);
    for (const [k, text] of Object.values(relatives).entries()) expect(atSetup.restore(shown[k], "doctor", "C2")).toBe(text);
  });

  it.each(["Guardian Teyacapan Quispe signed the consent form.", "Patient Xochitl Quispe was seen."])("is sealed instead, and each reader restores the right person: %s", (text) => {
    const { content, decisions } = guard.sanitizeSync({ channel: "C2", content: text, recipient: "billing" });
    expect(decisions.map((d) => [d.action, d.fallback])).toEqual([["redact", "pseudonym-shared"]]);
    expect(content).not.toMatch(/Xochitl|Teyacapan|Quispe/);
    expect(guard.restore(content, "doctor", "C2")).toBe(text);
    expect(guard.sanitizeSync({ channel: "C2", content, recipient: "doctor" }).content).toBe(text);
  });

  it("does not tell the length of what it seals: names of 6 and 15 letters give placeholders of one length", () => {
    // Round 4 red team: `[REDACTED:name#...~...]` grew with the span, so `Marchetti` (9) and `Marta Marchetti` (15) could be told apart by length.
    const sealed = ["Guardian Teyacapan Quispe signed.", "Guardian Quispe signed."].map((text) => guard.sanitizeSync({ channel: "C2", content: text, recipient: "billing" }).content as string);
    const [long, short] = sealed.map((text) => /\[REDACTED:name#[a-p]+~([a-p]+)\]/.exec(text)![1]);
    expect(long.length).toBe(short.length);
    expect(guard.restore(sealed[1], "doctor", "C2")).toBe("Guardian Quispe signed.");
  });

  it("is restored to neither where it appears anyway", () => {
    const theirs = createOperators(deriveKeys("review-secret"), reconsOptionsSchema.parse({})).get("pseudonymize")!;
    const avoid = listedNameTokens(["Xochitl Quispe", "Teyacapan Quispe"]);
    const [patient, guardian] = ["Xochitl Quispe", "Teyacapan Quispe"].map((value) => (theirs.apply({ value, field: "patient_name", kind: "name", valueType: "value", avoid }) as { text: string }).text);
    expect(patient).toBe(guardian);
    const text = `Seen by ${patient} today.`;
    expect(guard.restore(text, "doctor", "C2")).toBe(text);
  });
});

describe("partial forms of a birth date, a masked account number and a canary token", () => {
  const policy = { fields: { dob: { authorized: ["ok"] }, account_last4: { authorized: ["ok"] }, confidential_notes: { authorized: ["ok"] } } };
  const guard = () => createRecons({ secret: SECRET, vault: { dob: "1948-08-24", account_last4: "****3304", confidential_notes: "CANARY_CONF_NOTE_PLA0PKXC" }, policy });
  const texts = ["Jane Roe (b. 1948) called.", "DOB: 1948", "a 1948 birth cohort", "DOB 08/24", "Birthday: 8/24.", "Her birthday is 24/08.", "Card x3304 was charged.", "Note code PLA0PKXC."];

  it("show an unauthorized reader the same part of the value's surrogate", () => {
    const g = guard();
    const year = g.sanitizeSync({ channel: "C2", content: "born in 1948", recipient: "other" }).content.slice("born in ".length);
    const [, month, day] = /(\d+)\/(\d+)/.exec(g.sanitizeSync({ channel: "C2", content: "DOB 08/24/1948", recipient: "other" }).content)!;
    expect(g.sanitizeSync({ channel: "C2", content: "Jane Roe (b. 1948), DOB 08/24, a 1948 birth cohort", recipient: "other" }).content).toBe(`Jane Roe (b. ${year}), DOB ${month}/${day}, a ${year} birth cohort`);
    const card = g.sanitizeSync({ channel: "C2", content: "Card ending in 3304", recipient: "other" }).content.slice(-4);
    expect(g.sanitizeSync({ channel: "C2", content: "Card x3304 was charged.", recipient: "other" }).content).toBe(`Card x${card} was charged.`);
  });

  it("restore exactly for an authorized reader of shared state, and for nobody else", () => {
    const g = guard();
    for (const text of texts) {
      const written = g.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content;
      expect(written, text).not.toBe(text);
      expect(g.sanitizeSync({ channel: "C5", content: written, recipient: "ok" }).content, text).toBe(text);
      expect(g.sanitizeSync({ channel: "C5", content: written, recipient: "other" }).content, text).toBe(written);
    }
  });
});

describe("SurrogateIndex.restore of a rounded amount", () => {
  const balance = "342,995.17";
  const shown = surrogate("fpe", "account_balance", balance);
  const amount = Number(shown.replace(/,/g, ""));
  const index = indexOf([["account_balance", balance]]);
  const thousands = (value: number) => Math.round(value / 1000);

  it("gives the authorized reader the real amount rounded, scaled or cut as the surrogate was, never a decipherment of the rounding", () => {
    expect(amount).not.toBe(342995.17);
    const forms: Array<[written: string, real: string]> = [
      [`$${thousands(amount)}K`, "$343K"],
      [`${thousands(amount)} thousand`, "343 thousand"],
      [`$${(amount / 1e6).toFixed(3)}M`, "$0.343M"],
      [`~$${(thousands(amount) * 1000).toLocaleString("en-US")}`, "~$343,000"],
      [String(Math.floor(amount)), "342995"],
    ];
    for (const [written, real] of forms) expect(index.restore(`The balance is ${written} today.`, () => true), written).toBe(`The balance is ${real} today.`);
  });

  it("leaves a figure of fewer than three significant digits as written: far more often the writer's own than a surrogate's rounding", () => {
    for (const written of [`$${(amount / 1e6).toFixed(2)}M`, `$${Math.round(amount / 1e4) * 10}K`, (Math.round(amount / 1e4) * 1e4).toLocaleString("en-US")]) {
      expect(index.restore(`The limit is ${written} today.`, () => true), written).toBe(`The limit is ${written} today.`);
    }
  });

  it("gives the exact amount back in the layout the surrogate was written in", () => {
    const [units, cents] = shown.split(".");
    expect(index.restore(`Balance: $${shown}.`, () => true)).toBe(`Balance: $${balance}.`);
    expect(index.restore(`Balance: ${shown.replace(/,/g, "")}`, () => true)).toBe("Balance: 342995.17");
    expect(index.restore(`Saldo: ${units.replace(/,/g, ".")},${cents} EUR`, () => true)).toBe("Saldo: 342.995,17 EUR");
  });

  it("gives a padded short amount's rounding (three digits shown) as the real amount rounded to the digits shown, and amounts in words as words", () => {
    const small = "4650";
    const padded = surrogate("fpe", "fee_amount", small);
    const smallIndex = indexOf([["fee_amount", small]]);
    expect(padded.replace(/\D/g, "").length).toBeGreaterThan(6);
    const digits = padded.replace(/\D/g, "");
    const threeDigits = `${Math.round(Number(digits) / 10 ** (digits.length - 3))}${"0".repeat(digits.length - 3)}`;
    expect(smallIndex.restore(`Fee: ${threeDigits}.`, () => true)).toBe(`Fee: ${String(Math.round(4650 / 10) * 10)}.`);
    const words = new ToWords({ localeCode: "en-US" });
    expect(index.restore(`In words: ${words.convert(Math.floor(amount)).toLowerCase()} dollars.`, () => true)).toBe("In words: three hundred forty two thousand nine hundred ninety five dollars.");
  });
});
