import { describe, expect, it } from "vitest";
import { CYCLE_MARKER, mapStrings } from "../src/content.js";
import { createRecons } from "../src/guard.js";

/** Upper-cases values, leaves keys alone. */
const upper = (text: string, path: string) => (path.endsWith("#key") ? text : text.toUpperCase());

describe("mapStrings", () => {
  it("keeps the identity of untouched branches and copies changed ones", () => {
    const untouched = { n: 1 };
    const content = { a: "x", b: untouched, c: ["y"] };
    const result = mapStrings(content, (text) => (text === "x" ? "X" : text));
    expect(result).toEqual({ a: "X", b: { n: 1 }, c: ["y"] });
    expect(result.b).toBe(untouched);
    expect(result.c).toBe(content.c);
  });

  it("answers a shared (acyclic) object with the same copy", () => {
    const shared = { s: "x" };
    const result = mapStrings({ one: shared, two: shared }, upper);
    expect(result.one).toEqual({ s: "X" });
    expect(result.two).toBe(result.one);
  });

  it("keeps every value when two keys are rewritten to the same text (a later one gets a number)", () => {
    // Red-team payload: `{criminal: 1, "type 2 diabetes": 2}` came back as one `[REDACTED:text]` key, the first value lost.
    const result = mapStrings({ criminal: 1, other: 3, "type 2 diabetes": 2 }, (text, path) => (path.endsWith("#key") && text !== "other" ? "[REDACTED:text]" : text));
    expect(result).toEqual({ other: 3, "[REDACTED:text]": 1, "[REDACTED:text]#2": 2 });
  });

  it("replaces a reference back into a record or array being walked with the cycle marker", () => {
    const record: Record<string, unknown> = { note: "secret" };
    record.self = record;
    const result = mapStrings(record, upper) as Record<string, unknown>;
    expect(result.note).toBe("SECRET");
    expect(result.self).toBe(CYCLE_MARKER);
    const list: unknown[] = ["secret"];
    list.push(list);
    expect(mapStrings(list, upper)).toEqual(["SECRET", CYCLE_MARKER]);
  });

  it("lets no raw vault value escape through a cycle to an unauthorized recipient", () => {
    const guard = createRecons({ secret: "s", vault: { ssn: "123-45-6789" }, policy: { fields: { ssn: { valueType: "format", kind: "ssn", authorized: ["a"] } } } });
    const content: Record<string, unknown> = { note: "SSN 123-45-6789" };
    content.self = content;
    const result = guard.sanitizeSync({ channel: "C2", recipient: "b", content });
    expect(JSON.stringify(result.content)).not.toContain("123-45-6789");
    expect((result.content as Record<string, unknown>).self).toBe(CYCLE_MARKER);
  });
});

describe("mapStrings: text where no enumerable field shows it (review 7)", () => {
  const secret = "SSN 939-79-6410";
  const visit = (text: string, path: string) => (path.endsWith("#key") ? text : text.replace("939-79-6410", "[X]"));

  it("walks a URL and a boxed primitive as their text; untouched ones keep their identity", () => {
    const url = new URL("https://crm.test/patients?ssn=939-79-6410");
    const result = mapStrings({ url, boxed: new String(secret), plain: new URL("https://crm.test/") }, visit);
    expect(result.url).toBe("https://crm.test/patients?ssn=[X]");
    expect(result.boxed).toBe("SSN [X]");
    expect(result.plain).toBeInstanceOf(URL);
  });

  it("walks symbol-keyed and non-enumerable fields, keeping them so", () => {
    const note = Symbol("note");
    const hidden = { shown: "hi" };
    Object.defineProperty(hidden, "secret", { value: secret, enumerable: false });
    const result = mapStrings({ symbolic: { [note]: secret }, hidden }, visit);
    expect((result.symbolic as Record<symbol, string>)[note]).toBe("SSN [X]");
    expect((result.hidden as Record<string, string>).secret).toBe("SSN [X]");
    expect(Object.keys(result.hidden)).toEqual(["shown"]);
  });

  it("reads an own getter once: the copy holds what it returned, sanitized, not the getter (which would read the raw value again)", () => {
    const note = Symbol("note");
    const getters = { shown: "hi" };
    Object.defineProperty(getters, "hidden", { get: () => secret, enumerable: false });
    Object.defineProperty(getters, note, { get: () => secret, enumerable: true });
    const result = mapStrings(getters, visit) as Record<PropertyKey, unknown>;
    expect([result.hidden, result[note]]).toEqual(["SSN [X]", "SSN [X]"]);
  });

  it("reads a plain record's own toJSON as serialization does", () => {
    const result = mapStrings({ wrapped: { id: 1, toJSON: () => secret } }, visit);
    expect(JSON.stringify(result)).toBe('{"wrapped":"SSN [X]"}');
  });

  it("reads a class instance with toJSON as serialization does: private values that change replace it by its sanitized JSON", () => {
    class Patient {
      readonly #ssn = "939-79-6410";
      get ssn() {
        return this.#ssn;
      }
      toJSON() {
        return { ssn: this.#ssn };
      }
    }
    class Clean {
      toJSON() {
        return { ok: true };
      }
    }
    const clean = new Clean();
    const result = mapStrings({ patient: new Patient(), clean }, visit);
    expect(result.patient).toEqual({ ssn: "[X]" });
    expect(result.clean).toBe(clean);
  });
});
