import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { glueLike, namePart, surnamePlural } from "../../../src/detect/vault/names.js";
import { createRecons } from "../../../src/guard.js";
import { createRedactOperator } from "../../../src/transform/operators/redact.js";

describe("namePart", () => {
  it("returns the first name or surname as written, without honorifics or suffixes", () => {
    expect(namePart("Dr. Émile Zola", "first-name")).toBe("Émile");
    expect(namePart("Dr. Émile Zola", "surname")).toBe("Zola");
    expect(namePart("Dwayne J. Sanchez MD", "surname")).toBe("Sanchez");
  });

  it("reads a lowercase note after the name as no part of it (round 14 red team: `Graham Marchbanks (husband)`)", () => {
    expect(namePart("Graham Marchbanks (husband)", "surname")).toBe("Marchbanks");
    expect(namePart("Soren Halvorsen (son)", "first-name")).toBe("Soren");
  });

  it("returns null for a value that is not a person name of two parts", () => {
    expect(namePart("Madonna", "first-name")).toBeNull();
    expect(namePart("ACC-0473033101", "surname")).toBeNull();
  });
});

describe("glueLike", () => {
  it("glues a name in the span's shape and letter case", () => {
    expect(glueLike("NeilPotter", "Ryan Wilson", "glued-name")).toBe("RyanWilson");
    expect(glueLike("neilpotter", "Ryan Wilson", "glued-name")).toBe("ryanwilson");
    expect(glueLike("Neilpotter", "Ryan Wilson", "glued-name")).toBe("Ryanwilson");
    expect(glueLike("NPOTTER", "Ryan Wilson", "glued-initial")).toBe("RWILSON");
    expect(glueLike("npotter", "Mary-Jane O'Brien", "glued-initial")).toBe("mobrien");
    expect(glueLike("x", "Madonna", "glued-name")).toBeNull();
  });
});

describe("a name glued into a handle", () => {
  const guard = (policy = {}) => createRecons({ secret: "glued-secret", vault: { patient: "Ryan Wilson" }, policy });
  const authorizing = { fields: { patient: { valueType: "value" as const, kind: "name", authorized: ["reader"] } } };
  const deliver = (g: ReturnType<typeof guard>, content: string, recipient: string) => g.sanitizeSync({ channel: "C2", content, recipient }).content as string;

  it.each([
    ["ping @ryanwilson today", "ryanwilson"],
    ["user RyanWilson logged in", "RyanWilson"],
    ["profile: https://x.com/ryanwilson", "ryanwilson"],
    ["login rwilson, reset requested", "rwilson"],
    ["RWILSON approved it", "RWILSON"],
    ["signed Ryan\u200bWilson", "ryanwilson"],
    ["signed Ryan\u2060Wilson", "ryanwilson"],
  ])("%s reaches no unauthorized reader", (text, raw) => {
    const out = deliver(guard(authorizing), text, "x").toLowerCase();
    expect(out.replace(/\p{Cf}/gu, "")).not.toContain(raw.toLowerCase());
    expect(out).not.toMatch(/ryan|wilson/);
  });

  it("shows the name's pseudonym glued the same way", () => {
    const g = guard(authorizing);
    const pseudonym = deliver(g, "Ryan Wilson", "x");
    const [first, surname] = pseudonym.split(" ");
    expect(deliver(g, "user RyanWilson logged in", "x")).toBe(`user ${first}${surname} logged in`);
    expect(deliver(g, "ping @ryanwilson", "x")).toBe(`ping @${(first + surname).toLowerCase()}`);
    expect(deliver(g, "login rwilson", "x")).toBe(`login ${(first.charAt(0) + surname).toLowerCase()}`);
  });

  it("gives an authorized reader the handle unchanged, and back from a reversible write", () => {
    const g = guard(authorizing);
    for (const text of ["user RyanWilson logged in", "ping @ryanwilson", "login rwilson now"]) {
      expect(deliver(g, text, "reader")).toBe(text);
      const stored = g.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content as string;
      expect(stored).not.toBe(text);
      expect(g.restore(stored, "reader", "C5")).toBe(text);
      expect(g.restore(stored, "x", "C5")).toBe(stored);
    }
  });

  it("redacts the handle where names are redacted", () => {
    const redact = createRedactOperator();
    const g = createRecons({ secret: "glued-secret", vault: { patient: "Ryan Wilson" }, policy: authorizing, operators: [{ ...redact, action: "pseudonymize" }] });
    expect(deliver(g, "user RyanWilson", "x")).toBe("user [REDACTED:name]");
  });

  it.each(["ryanwilson.com is a domain", "xryanwilson and ryanwilsonx", "ryanwilson2x", "Ryan Wilson"])("does not take %s for a glued name", (text) => {
    const found = guard().vault.detect(text).filter((d) => d.role?.startsWith("glued"));
    expect(found).toEqual([]);
  });

  it("makes no glued form that is a word or anyone's name", () => {
    const forms = (name: string) => createRecons({ secret: "s", vault: { p: name }, policy: { fields: { p: { kind: "name", valueType: "value" as const, authorized: [] } } } }).vault.detect(`${name.replace(" ", "")} ${name.charAt(0)}${name.split(" ")[1]}`).filter((d) => d.role?.startsWith("glued"));
    expect(forms("Ann Otate").map((d) => d.role)).toEqual(["glued-initial"]);
    expect(createRecons({ secret: "s", vault: { p: "Ann Otate" }, policy: {} }).vault.detect("annotate it")).toEqual([]);
    expect(forms("D. Lee")).toEqual([]);
    expect(forms("Ryan Wilson").map((d) => d.role)).toEqual(["glued-name", "glued-initial"]);
    const reversed = (name: string) => createRecons({ secret: "s", vault: { p: name }, policy: {} }).vault.detect("wilsonryan wilsonr").map((d) => d.role);
    expect(reversed("Ryan Wilson")).toEqual(["glued-surname-first", "glued-surname-initial"]);
  });
});

describe("a glued pseudonym too short to be looked for", () => {
  it("is sealed in shared state, so it restores exactly (`rolson` of Ryan Olson, whose glued pseudonym `jkhan` has five letters)", () => {
    const g = createRecons({ secret: "glued-property", vault: { client: "Ryan Olson" }, policy: { fields: { client: { kind: "name", valueType: "value", authorized: ["crm"] } } } });
    const shown = g.sanitizeSync({ channel: "C2", content: "ping @rolson today", recipient: "clerk" }).content;
    expect(shown).toMatch(/^ping @[a-z]{5} today$/);
    const stored = g.sanitizeSync({ channel: "C5", content: "ping @rolson today" }, { reversible: true }).content;
    expect(stored).toMatch(/^ping @\[REDACTED:name#[a-p]+~[a-p]+\] today$/);
    expect(g.restore(stored, "crm", "C5")).toBe("ping @rolson today");
  });
});

describe("property: a name glued into a handle", () => {
  it("reaches no unauthorized reader in any shape or case, and comes back exactly through a reversible write", () => {
    const firsts = ["Ryan", "Latoya", "Dwayne", "Gregory", "Kimberly", "Vincent"];
    const surnames = ["Wilson", "Ferguson", "Sanchez", "Olson", "Strickland", "Mckinney", "Mertz-Waters"];
    const contexts = [(h: string) => `ping @${h} today`, (h: string) => `user ${h} logged in`, (h: string) => `https://x.com/${h}`, (h: string) => `${h}: approved.`, (h: string) => `mail ${h}@corp.example`, (h: string) => `user ${h}85 logged in`];
    fc.assert(
      fc.property(fc.constantFrom(...firsts), fc.constantFrom(...surnames), fc.constantFrom(...contexts), fc.boolean(), fc.boolean(), fc.constantFrom("lower", "upper", "camel", "capital"), (first, surname, context, initial, surnameFirst, casing) => {
        const given = initial ? first.charAt(0) : first;
        const glued = surnameFirst ? `${surname}${given}` : `${given}${surname}`;
        const handle = casing === "lower" ? glued.toLowerCase() : casing === "upper" ? glued.toUpperCase() : casing === "capital" ? glued.charAt(0) + glued.slice(1).toLowerCase() : glued;
        const g = createRecons({ secret: "glued-property", vault: { client: `${first} ${surname}` }, policy: { fields: { client: { kind: "name", valueType: "value", authorized: ["crm"] } } } });
        const text = context(handle);
        expect(g.sanitizeSync({ channel: "C2", content: text, recipient: "clerk" }).content.toLowerCase()).not.toContain(glued.toLowerCase());
        expect(g.sanitizeSync({ channel: "C2", content: text, recipient: "crm" }).content).toBe(text);
        const stored = g.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content;
        expect(g.restore(stored, "crm", "C5")).toBe(text);
      }),
      { numRuns: 60 },
    );
  });
});

describe("property: a first name or surname spelled letter by letter", () => {
  it("reaches no unauthorized reader, shows the pseudonym's part spelled alike, and comes back exactly through a reversible write", () => {
    const firsts = ["Ryan", "Latoya", "Dwayne", "Gregory", "Kimberly", "Vincent"];
    const surnames = ["Wilson", "Ferguson", "Sanchez", "Olson", "Strickland", "Mckinney", "Mertz-Waters"];
    fc.assert(
      fc.property(fc.constantFrom(...firsts), fc.constantFrom(...surnames), fc.boolean(), fc.constantFrom("-", " ", ".", ". "), fc.boolean(), (first, surname, spellSurname, separator, upper) => {
        const g = createRecons({ secret: "spelled-property", vault: { client: `${first} ${surname}` }, policy: { fields: { client: { kind: "name", valueType: "value", authorized: ["crm"] } } } });
        const letters = (spellSurname ? surname : first).replace(/[^A-Za-z]/g, "");
        const spelled = [...(upper ? letters.toUpperCase() : letters.toLowerCase())].join(separator);
        const text = `It is spelled ${spelled} on the form.`;
        const shown = g.sanitizeSync({ channel: "C2", content: text, recipient: "clerk" }).content;
        expect(shown.replace(/[^A-Za-z]/g, "").toLowerCase()).not.toContain(letters.toLowerCase());
        const pseudonym = g.sanitizeSync({ channel: "C2", content: `${first} ${surname}`, recipient: "clerk" }).content;
        const part = (spellSurname ? pseudonym.slice(pseudonym.indexOf(" ") + 1) : pseudonym.slice(0, pseudonym.indexOf(" "))).replace(/[^A-Za-z]/g, "");
        expect(shown).toBe(`It is spelled ${[...(upper ? part.toUpperCase() : part.toLowerCase())].join(separator)} on the form.`);
        expect(g.sanitizeSync({ channel: "C2", content: text, recipient: "crm" }).content).toBe(text);
        const stored = g.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content;
        expect(g.restore(stored, "crm", "C5")).toBe(text);
      }),
      { numRuns: 60 },
    );
  });

  it("is sealed in shared state where the pseudonym's part is too short to be looked for (`A-M-Y`), so it still restores exactly", () => {
    const g = createRecons({ secret: "d44", vault: { client: "Amanda Wilson" }, policy: { fields: { client: { kind: "name", valueType: "value", authorized: ["crm"] } } } });
    const text = "spelled A-M-A-N-D-A ok";
    expect(g.sanitizeSync({ channel: "C2", content: "Amanda Wilson", recipient: "clerk" }).content).toMatch(/^Amy /);
    expect(g.sanitizeSync({ channel: "C2", content: text, recipient: "clerk" }).content).toBe("spelled A-M-Y ok");
    const stored = g.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content;
    expect(stored).toMatch(/^spelled \[REDACTED:name#[a-p]+~[a-p]+\] ok$/);
    expect(g.restore(stored, "crm", "C5")).toBe(text);
  });

  it("leaves letters spelled out that spell no registered name part, and three-letter parts", () => {
    const g = createRecons({ secret: "spelled", vault: { client: "Ryan Lee" }, policy: { fields: { client: { kind: "name", valueType: "value", authorized: ["crm"] } } } });
    for (const text of ["the A-B-C-D list", "L-E-E", "F-O-U-R"]) expect(g.sanitizeSync({ channel: "C2", content: text, recipient: "clerk" }).content).toBe(text);
  });
});

describe("a family named by its surname in the plural", () => {
  const guard = createRecons({ secret: "plural-secret", vault: { client: "Ryan Wilson", other: "Maria Jones" }, policy: { fields: { client: { authorized: ["crm"] }, other: { authorized: ["crm"] } } } });
  const deliver = (content: string, recipient: string) => guard.sanitizeSync({ channel: "C2", content, recipient }).content as string;

  it("is found and shown as the pseudonym's surname in the plural, and restored", () => {
    const surname = deliver("Mr. Wilson", "clerk").slice("Mr. ".length);
    for (const [text, shown] of [
      ["We visited the Wilsons' house.", `We visited the ${surname}s' house.`],
      ["The Wilsons declined.", `The ${surname}s declined.`],
      // Opening a sentence, the pseudonym's plural may be an ordinary word (`Potters`): it still comes back.
      ["Wilsons agreed to the terms.", `${surname}s agreed to the terms.`],
    ]) {
      expect(deliver(text, "clerk")).toBe(shown);
      expect(deliver(shown, "crm")).toBe(text);
      expect(deliver(text, "crm")).toBe(text);
    }
    const obrien = createRecons({ secret: "plural-secret", vault: { client: "Kate O'Brien" }, policy: { fields: { client: { authorized: ["crm"] } } } });
    const shownObrien = obrien.sanitizeSync({ channel: "C2", content: "We met the O'Briens.", recipient: "clerk" }).content as string;
    expect(shownObrien).not.toContain("Brien");
    expect(obrien.sanitizeSync({ channel: "C2", content: shownObrien, recipient: "crm" }).content).toBe("We met the O'Briens.");
    const jones = deliver("Ms. Jones", "clerk").slice("Ms. ".length);
    expect(deliver("dinner with the Joneses", "clerk")).toBe(`dinner with the ${surnamePlural(jones)}`);
  });

  it("plurals as English names a family", () => {
    expect(["Wilson", "Jones", "Sanchez", "Fitch", "Marsh", "Cox"].map(surnamePlural)).toEqual(["Wilsons", "Joneses", "Sanchezes", "Fitches", "Marshes", "Coxes"]);
  });

  it("is not taken for the plural of an ordinary word at a sentence's start", () => {
    const bell = createRecons({ secret: "plural-secret", vault: { client: "Ryan Bell" }, policy: {} });
    for (const text of ["Bells rang at noon.", "Bells' chimes rang."]) expect(bell.sanitizeSync({ channel: "C2", content: text, recipient: "clerk" }).content).toBe(text);
    expect(bell.sanitizeSync({ channel: "C2", content: "We met the Bells' lawyer.", recipient: "clerk" }).content).not.toContain("Bells");
  });
});

describe("a surname after a title (`Dr. Obrien`, `Attorney Vasquez`)", () => {
  const vault = { provider: "Dr. Obrien", attorney: "Attorney Vasquez" };
  const fields = { provider: { valueType: "value" as const, kind: "name", authorized: ["ok"] }, attorney: { valueType: "value" as const, kind: "name", authorized: ["ok"] } };
  const guard = createRecons({ secret: "rt3", vault, policy: { fields } });

  it("has no first name: the title alone, its initial or the surname before it name nobody", () => {
    const text = "The Attorney General said so. Attorney-client privilege holds. Ask Dr. O'Neill or Dr. Ortiz.";
    expect(guard.sanitizeSync({ channel: "C2", content: text, recipient: "clerk" }).content).toBe(text);
  });

  it("keeps its title in the pseudonym and restores from shared state, where `Dr. O'Neill` for `Dr. Obrien` was cut by the backstop", () => {
    for (const text of ["Seen by Dr. Obrien today.", "Attorney Vasquez filed the motion.", "Ask Mr. Vasquez."]) {
      const shown = guard.sanitizeSync({ channel: "C2", content: text, recipient: "clerk" }).content;
      expect(shown).not.toMatch(/Obrien|Vasquez/);
      expect(shown).not.toContain("[REDACTED");
      const stored = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content;
      expect(guard.restore(stored, "ok", "C5")).toBe(text);
    }
    expect(guard.sanitizeSync({ channel: "C2", content: "Attorney Vasquez filed it.", recipient: "clerk" }).content).toMatch(/^Attorney \p{Lu}\p{Ll}+ filed it\.$/u);
  });
});

// Round 7 red team: `Interviewers: Kline and Mathis III`, `Manager: Fitch MD`, `Approved by Pugh PhD` kept the surname beside its suffix.
describe("a surname alone with its name's suffix after it (`Mathis III`, `Fitch MD`)", () => {
  const vault = { employee_name: "Gregory Mathis III", manager: "Raymond Fitch MD", reviewer: "Brittany Pugh PhD" };
  const fields = Object.fromEntries(Object.keys(vault).map((field) => [field, { valueType: "value" as const, kind: "name", authorized: ["ok"] }]));
  const guard = createRecons({ secret: "rt7", vault, policy: { fields } });

  it("is the person's surname: shown as the pseudonym's with the suffix kept, restored from shared state", () => {
    const text = "Interviewers: Mathis III and Fitch MD. Approved by Pugh PhD; MATHIS III signed.";
    const shown = guard.sanitizeSync({ channel: "C2", content: text, recipient: "clerk" }).content as string;
    expect(shown).not.toMatch(/Mathis|MATHIS|Fitch|Pugh/);
    expect(shown).toMatch(/^Interviewers: \p{Lu}\p{Ll}+ III and \p{Lu}\p{Ll}+ MD\. Approved by \p{Lu}\p{Ll}+ PhD; \p{Lu}+ III signed\.$/u);
    const stored = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content as string;
    expect(guard.restore(stored, "ok", "C5")).toBe(text);
  });
});

describe("a surname registered without the apostrophe of its `O'` (`Oneill`, as generated data writes it)", () => {
  const vault = { witness: "Julie Oneill", provider: "Dr. Obrien" };
  const fields = { witness: { valueType: "value" as const, kind: "name", authorized: ["ok"] }, provider: { valueType: "value" as const, kind: "name", authorized: ["ok"] } };
  const guard = createRecons({ secret: "apostrophe", vault, policy: { fields } });
  const shown = (text: string, recipient = "clerk") => guard.sanitizeSync({ channel: "C2", content: text, recipient }).content as string;

  it("is found written with it again, whole: no `M’Neill` left of `Julie O’Neill`", () => {
    for (const text of ["Witnesses: Julie O’Neill, Shawn Hall.", "Ms. O'Neill testified.", "O’Neill, Julie", "Seen by Dr. O’Brien.", "O'Brien, MD signed."]) {
      const out = shown(text);
      expect(out, text).not.toMatch(/Neill|Brien/i);
      expect(out, text).not.toContain("[REDACTED");
      expect(shown(text, "ok"), text).toBe(text);
    }
  });

  it("leaves other people of the same prefix alone", () => {
    for (const text of ["Ask Dr. O'Connor today.", "Julie Osborne called.", "Dana O’Neal wrote."]) expect(shown(text), text).toBe(text);
  });
});

describe("a name written with its parts split or glued otherwise (`Mc Daniel` of `McDaniel`, `MaryKate` of `Mary Kate`)", () => {
  const vault = { patient: "Angela McDaniel", client: "Mary Kate Olsen", witness: "Ann-Marie Fox", counsel: "Rosa De Luca" };
  const fields = Object.fromEntries(Object.keys(vault).map((field) => [field, { valueType: "value" as const, kind: "name", authorized: ["ok"] }]));
  const guard = createRecons({ secret: "split-names", vault, policy: { fields } });
  const shown = (text: string, recipient = "clerk") => guard.sanitizeSync({ channel: "C2", content: text, recipient }).content as string;

  it("is found whole, and comes back for an authorized reader", () => {
    const cases: Array<[string, RegExp]> = [
      ["Patient Angela Mc Daniel was seen.", /Angela|Daniel/],
      ["Ms. Mc Daniel called back.", /Daniel/],
      ["Mac Daniel? No: Angela Mc Daniel.", /Angela|Mc Daniel/],
      ["Client MaryKate Olsen signed.", /MaryKate|Olsen/],
      ["Witness AnnMarie Fox testified.", /AnnMarie/],
      ["Counsel Rosa DeLuca objected.", /DeLuca/],
    ];
    for (const [text, raw] of cases) {
      const out = shown(text);
      expect(out, text).not.toMatch(raw);
      expect(shown(text, "ok"), text).toBe(text);
    }
  });

  it("leaves other people and words alone", () => {
    for (const text of ["Ask Dr. McDonald today.", "Daniel Craig wrote.", "Kate Winslet called.", "Marketing at McDaniel College."]) {
      const out = shown(text);
      if (text.startsWith("Marketing")) expect(out).toContain("Marketing");
      else expect(out, text).toBe(text);
    }
  });
});

describe("a first name that is also a verb opening an instruction (`Mark the calendar`)", () => {
  const vault = { client: "Mark Hill", witness: "Sue Carter" };
  const fields = Object.fromEntries(Object.keys(vault).map((field) => [field, { valueType: "value" as const, kind: "name", authorized: ["ok"] }]));
  const guard = createRecons({ secret: "imperatives", vault, policy: { fields } });
  const shown = (text: string) => guard.sanitizeSync({ channel: "C2", content: text, recipient: "clerk" }).content as string;

  it("is the imperative, left as written", () => {
    for (const text of ["Mark the calendar for Friday.", "- Mark your answers in blue.", "Sue the vendor if it fails.", "Done. Mark them as paid."]) expect(shown(text), text).toBe(text);
  });

  it("is still the person where it is not an instruction", () => {
    for (const text of ["Mark called yesterday.", "Sue said no.", "I met Mark the day before."]) expect(shown(text), text).not.toMatch(/Mark|Sue/);
    const mixed = shown("Mark Hill called. Mark the visit in the log.");
    expect(mixed).not.toContain("Hill");
    expect(mixed).toContain("Mark the visit in the log.");
  });
});

describe("a name with a note of who the person is (round 14 red team)", () => {
  it("keeps the relation word and protects the name, whatever the field", () => {
    const guard = createRecons({ secret: "s", vault: { emergency_contact: "Graham Marchbanks (husband)", guarantor: "Philippa Farrow (spouse)" }, policy: { fields: {} } });
    const text = "Lives with her husband Graham. Guarantor: Philippa Farrow; his wife Philippa agreed.";
    const { content } = guard.sanitizeSync({ channel: "C2", content: text, recipient: "outsider" });
    expect(content).toMatch(/^Lives with her husband \p{Lu}\p{Ll}+\. Guarantor: \p{Lu}\p{Ll}+ \p{Lu}\p{Ll}+; his wife \p{Lu}\p{Ll}+ agreed\.$/u);
    for (const real of ["Graham", "Philippa", "Farrow"]) expect(content).not.toContain(real);
    // The value written whole keeps its note as written (round 14 re-judge: `(spouse)` had come out `(iris)`).
    expect(guard.sanitizeSync({ channel: "C2", content: "Guarantor: Philippa Farrow (spouse)", recipient: "outsider" }).content).toMatch(/^Guarantor: \p{Lu}\p{Ll}+ \p{Lu}\p{Ll}+ \(spouse\)$/u);
  });
});
