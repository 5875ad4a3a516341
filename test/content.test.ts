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
