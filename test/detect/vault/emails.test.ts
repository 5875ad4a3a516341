import { describe, expect, it } from "vitest";
import { createRecons } from "../../../src/guard.js";
import { emailVariants, isDistinctiveLocalPart, isWrittenHandle, layHandle, spelledLike } from "../../../src/detect/vault/emails.js";

describe("isDistinctiveLocalPart", () => {
  it.each(["maria.gonzalez", "maria_gonzalez", "j-smith", "jkowalski77", "john1990", "mgonzalez", "kowalskij"])("%s tells its owner apart", (local) => {
    expect(isDistinctiveLocalPart(local)).toBe(true);
  });

  it.each(["maria", "christopher", "gonzalez", "marketing", "sales.team", "no-reply", "info", "a1", "j.s", "12345", "maria+news", "jo..hn"])("%s does not", (local) => {
    expect(isDistinctiveLocalPart(local)).toBe(false);
  });

  it("makes an unlabelled local-part form only of a distinctive local part", () => {
    expect(emailVariants("maria.gonzalez@example.com").filter((v) => v.role === "local-part").map((v) => v.form)).toEqual(["maria gonzalez"]);
    // Not distinctive alone: its local-part form needs a handle's label near.
    expect(emailVariants("maria@example.com").filter((v) => v.role === "local-part").map((v) => v.labels !== undefined)).toEqual([true]);
  });
});

describe("isWrittenHandle", () => {
  const at = (text: string, handle: string) => {
    const start = text.indexOf(handle);
    return isWrittenHandle(text, start, start + handle.length);
  };

  it.each([
    ["contact maria.gonzalez for details", "maria.gonzalez"],
    ["@jkowalski77 on chat", "jkowalski77"],
    ["user (jkowalski77).", "jkowalski77"],
    ["ask maria.gonzalez.", "maria.gonzalez"],
    // An address's local part: cut short, or at another domain.
    ["mail maria.gonzalez@example", "maria.gonzalez"],
    ["write jkowalski77@gmail.com", "jkowalski77"],
    // In a file's name, `_` and `-` part its words (round 10 red team: `gthibodeaux_personnel_2011-2025.pdf` kept the name).
    ["see gthibodeaux_personnel_2011-2025.pdf", "gthibodeaux"],
    ["RKowalczyk_W2_2024.pdf attached", "RKowalczyk"],
  ])("%s: %s stands alone", (text, handle) => expect(at(text, handle)).toBe(true));

  it("is no part of a longer word in a file's name, and outside a file name `_` still joins", () => {
    expect(at("see xgthibodeaux_personnel.pdf", "gthibodeaux")).toBe(false);
    expect(at("gthibodeaux_personnel notes", "gthibodeaux")).toBe(false);
  });

  it.each([
    ["Maria Gonzalez called", "Maria Gonzalez"],
    ["x.maria.gonzalez", "maria.gonzalez"],
    ["maria.gonzalez.com", "maria.gonzalez"],
    ["maria.gonzalez_old", "maria.gonzalez"],
    ["foo@jkowalski77", "jkowalski77"],
  ])("%s: %s is part of something else", (text, handle) => expect(at(text, handle)).toBe(false));
});

describe("layHandle", () => {
  it("lays a handle's letters and digits into the writer's separators and case", () => {
    expect(layHandle("Maria_Gonzalez", "nzpzx.zovudzsp")).toBe("Nzpzx_Zovudzsp");
    expect(layHandle("jkowalski77", "abc")).toBeNull();
  });
});

describe("an email's local part written alone", () => {
  const vault = { email: "maria.gonzalez@example.com", contact: "jkowalski77@mailbox.org" };
  const guard = (policy = {}) => createRecons({ secret: "emails-secret", vault, policy });
  const authorizing = { fields: { email: { authorized: ["reader"] }, contact: { authorized: ["reader"] } } };
  const deliver = (g: ReturnType<typeof guard>, content: string, recipient: string) => g.sanitizeSync({ channel: "C2", content, recipient }).content as string;

  it.each([
    ["contact maria.gonzalez for details", "maria.gonzalez"],
    ["her handle maria.gonzalez", "maria.gonzalez"],
    ["Her handle is Maria_Gonzalez.", "Maria_Gonzalez"],
    ["user jkowalski77 logged in", "jkowalski77"],
    ["@jkowalski77 on chat", "jkowalski77"],
    ["Mail maria.gonzalez@example today", "maria.gonzalez"],
    ["old address jkowalski77@gmail.com", "jkowalski77"],
  ])("%s reaches no unauthorized reader", (text, raw) => {
    expect(deliver(guard(), text, "x")).not.toContain(raw);
  });

  it("shows the local part of the email's surrogate, in the writer's layout", () => {
    const g = guard();
    const email = deliver(g, "write maria.gonzalez@example.com", "x").slice("write ".length);
    const local = email.slice(0, email.indexOf("@"));
    expect(deliver(g, "contact maria.gonzalez for details", "x")).toBe(`contact ${local} for details`);
    expect(deliver(g, "handle: maria_gonzalez", "x")).toBe(`handle: ${local.replace(".", "_")}`);
    expect(deliver(g, "user jkowalski77 logged in", "x")).toMatch(/^user [a-z]{9}\d\d logged in$/);
  });

  it("gives an authorized reader the handle unchanged, and back from a reversible write", () => {
    const g = guard(authorizing);
    for (const text of ["contact maria.gonzalez for details", "@jkowalski77 on chat", "Mail maria.gonzalez@example today"]) {
      expect(deliver(g, text, "reader")).toBe(text);
      const stored = g.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content as string;
      expect(stored).not.toBe(text);
      expect(g.restore(stored, "reader", "C5")).toBe(text);
      expect(g.restore(stored, "x", "C5")).toBe(stored);
    }
  });

  it.each([
    "maria is here",
    "Maria Gonzalez called",
    "see x.maria.gonzalez and maria.gonzalez.com",
    "jkowalski 77 and jkowalski77x",
    "Dear Maria, the marketing team meets at 10.",
  ])("leaves %s alone", (text) => {
    expect(deliver(guard(), text, "x")).toBe(text);
  });
});

describe("a short local part with a handle's label near", () => {
  const g = createRecons({ secret: "emails-secret", vault: { email: "cmartin@example.net", team: "sales@acme.com" }, policy: { fields: { email: { authorized: ["reader"] }, team: { authorized: ["reader"] } } } });
  const deliver = (content: string, recipient: string) => g.sanitizeSync({ channel: "C2", content, recipient }).content as string;

  it("makes a labelled local-part form of a local part too short to tell its owner apart alone", () => {
    expect(emailVariants("cmartin@example.net").filter((v) => v.role === "local-part")).toEqual([expect.objectContaining({ form: "cmartin", labels: expect.arrayContaining(["username", "login"]) })]);
    expect(emailVariants("sales@acme.com").some((v) => v.role === "local-part")).toBe(false);
  });

  it.each(["Her username is cmartin.", "Login: @cmartin", '{"user":"cmartin","domain":"example.net"}'])("%s reaches no unauthorized reader; the authorized one gets it as written, also back from shared state", (text) => {
    expect(deliver(text, "x")).not.toContain("cmartin");
    expect(deliver(text, "reader")).toBe(text);
    const stored = g.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content as string;
    expect(stored).not.toContain("cmartin");
    expect(g.restore(stored, "reader", "C5")).toBe(text);
  });

  it("is protected where a string is that handle alone (a field's value: `{ user: \"cmartin\" }`)", () => {
    expect(g.sanitizeSync({ channel: "C3", content: { user: "cmartin", domain: "example.net" }, recipient: "x" }).content).not.toEqual(expect.objectContaining({ user: "cmartin" }));
    expect(g.sanitizeSync({ channel: "C3", content: { user: "cmartin", domain: "example.net" }, recipient: "reader" }).content).toEqual({ user: "cmartin", domain: "example.net" });
  });

  it("leaves a name alone as a string to its own field: `Maria Gonzalez` is no handle of maria.gonzalez@", () => {
    const named = createRecons({
      secret: "emails-secret",
      vault: { patient_name: "Maria Gonzalez", email: "maria.gonzalez@example.com" },
      policy: { fields: { patient_name: { kind: "name", authorized: ["reader"] }, email: { kind: "email", authorized: [] } } },
    });
    expect(named.sanitizeSync({ channel: "C2", content: { patient_name: "Maria Gonzalez" }, recipient: "reader" }).content).toEqual({ patient_name: "Maria Gonzalez" });
    expect(named.sanitizeSync({ channel: "C2", content: "maria.gonzalez", recipient: "reader" }).content).not.toBe("maria.gonzalez");
  });

  it.each(["cmartin called", "username: cmartinez", "login: sales"])("leaves %s alone (no label, another handle, an ordinary word)", (text) => {
    expect(deliver(text, "x")).toBe(text);
  });
});

describe("an email spelled out to fool scrapers", () => {
  const guard = createRecons({ secret: "emails-secret", vault: { email: "maria.gonzalez@example.com" }, policy: { fields: { email: { authorized: ["reader"] } } } });
  const deliver = (content: string, recipient: string) => guard.sanitizeSync({ channel: "C2", content, recipient }).content as string;

  it("shows the surrogate email spelled the same way, which restores", () => {
    const surrogate = deliver("maria.gonzalez@example.com", "x");
    const [local, domain] = surrogate.split("@");
    const dotted = (part: string) => part.split(".").join(" dot ");
    for (const [text, shown] of [
      ["write to maria dot gonzalez at example dot com", `write to ${dotted(local)} at ${dotted(domain)}`],
      ["maria.gonzalez [at] example [dot] com", `${local} [at] ${domain.replace(".", " [dot] ")}`],
      ["MARIA.GONZALEZ (at) EXAMPLE.COM", `${local.toUpperCase()} (at) ${domain.toUpperCase()}`],
    ]) {
      expect(deliver(text, "x")).toBe(shown);
      expect(deliver(shown, "reader")).toBe(text);
      const stored = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content as string;
      expect(guard.restore(stored, "reader", "C5")).toBe(text);
    }
  });

  it("lays one email's runs into another's spelling, or says it cannot", () => {
    expect(spelledLike("a dot b at c dot d", "a.b@c.d", "w.x@y.z")).toBe("w dot x at y dot z");
    expect(spelledLike("a dot b at c", "a.b@c.d", "w.x@y.z")).toBeNull();
    expect(spelledLike("a dot b at c dot d", "a.b@c.d", "w@y.z")).toBeNull();
  });
});
