import { describe, expect, it } from "vitest";
import { createRecons } from "../../src/guard.js";

/** Every field authorized for `reader` only. */
function guardFor(vault: Record<string, string | number>, secret = "rvC-secret") {
  const fields = Object.fromEntries(Object.keys(vault).map((field) => [field, { authorized: ["reader"] }]));
  return createRecons({ secret, vault, policy: { fields } });
}
const deliver = (guard: ReturnType<typeof guardFor>, content: string, recipient: string) => guard.sanitizeSync({ channel: "C2", content, recipient }).content;

describe("review 6: detection on held-out-like text", () => {
  it("an address's keyed-tag surrogate leaves the word 'address' alone, and the tag still restores", () => {
    // Under this secret the address's pseudonym tag was ADDRESS-78548508 while tags were hex: its address-shaped variants held the bare word.
    const address = "108 Elm St, Austin, TX 78701";
    const guard = guardFor({ home_address: address });
    const text = "Please verify the address. Address: on file.";
    expect(deliver(guard, text, "reader")).toBe(text);
    expect(deliver(guard, text, "introduced")).toBe(text);
    const stored = guard.sanitizeSync({ channel: "C5", content: `Lives at ${address}.`, recipient: "memory" }, { reversible: true }).content;
    expect(stored).not.toContain("Elm St");
    expect(deliver(guard, stored, "reader")).toBe(`Lives at ${address}.`);
  });

  it("finds values joined by commas without spaces (CSV rows, compact JSON arrays), and keeps grouped numbers whole", () => {
    const guard = guardFor({ employee_id: "EMP-44120", hire_date: "2018-06-05", salary: 118300, income: 88400, balance: 15230.55, credit_score: 702 });
    for (const [text, raws] of [
      ["EMP-44120,2018-06-05,118300", ["44120", "2018-06-05", "118300"]],
      ["employee_id,hire_date\nEMP-44120,2018-06-05", ["44120", "2018-06-05"]],
      ["88400,15230.55,702", ["88400", "15230.55", "702"]],
      ["[88400,702]", ["88400", "702"]],
      // Round 5 red team: a date ending in two digits before a comma and two more (`2018-06-05,66`, an age column) read as `05,66`, a decimal number.
      ["Name,2018-06-05,66", ["2018-06-05"]],
    ] as const) {
      const out = deliver(guard, text, "introduced");
      for (const raw of raws) expect(out, text).not.toContain(raw);
      expect(deliver(guard, text, "reader")).toBe(text);
    }
    // Grouping and decimal commas still make one number: 118,300 is the salary, 1,234,567 is not 234 or 567.
    expect(deliver(guard, "Salary: $118,300 per year", "introduced")).not.toContain("118,300");
    const other = createRecons({ secret: "s", vault: { code: "567" }, policy: { fields: { code: { kind: "id", authorized: ["reader"] } } } });
    expect(deliver(other as ReturnType<typeof guardFor>, "Population 1,234,567 in 2020", "introduced")).toBe("Population 1,234,567 in 2020");
  });
});

describe("review 6: decision paths", () => {
  it("a key that is itself a protected value is named by position in the decisions taken on it and its value", () => {
    const guard = guardFor({ patient_name: "Tanya Bryant", ssn: "939-79-6410" });
    const { content, decisions } = guard.sanitizeSync({ channel: "C2", recipient: "introduced", content: { notes: { tanya_bryant: "SSN 939-79-6410" } } });
    expect(JSON.stringify(content)).not.toMatch(/tanya|bryant|939-79-6410/i);
    expect(decisions.length).toBeGreaterThan(0);
    for (const decision of decisions) expect(decision.path).not.toMatch(/tanya|bryant/i);
  });
});

describe("review 6: identifier digits without their prefix", () => {
  it("finds 5 digits or more of a prefixed ID written alone, shows the surrogate's digits, and restores them", () => {
    const guard = guardFor({ employee_id: "EMP-61844", mrn: "MRN-5520917" });
    for (const text of ["Employee ID: 61844", "employee number 61844 (EMP-61844)", "mrn: 5520917"]) {
      const out = deliver(guard, text, "introduced");
      expect(out, text).not.toMatch(/61844|5520917/);
      // Same digit count, written where the writer put them.
      expect(out.replace(/\D/g, "").length, text).toBe(text.replace(/\D/g, "").length);
      const stored = guard.sanitizeSync({ channel: "C5", content: text, recipient: "memory" }, { reversible: true }).content;
      expect(deliver(guard, stored, "reader")).toBe(text);
    }
    // Four digits alone stay a number like any other.
    expect(deliver(guardFor({ employee_id: "EMP-6184" }), "Room 6184", "introduced")).toBe("Room 6184");
  });
});

describe("review 6: double-barrelled surnames", () => {
  it("a title with one part of a hyphenated surname names the person, and restores", () => {
    const guard = guardFor({ employee_name: "Latoya Ferguson-Reyes" });
    const text = "Ms. Ferguson will report to HR. Ms. Reyes agreed.";
    const out = deliver(guard, text, "introduced");
    expect(out).not.toMatch(/Ferguson|Reyes/);
    const stored = guard.sanitizeSync({ channel: "C5", content: text, recipient: "memory" }, { reversible: true }).content;
    expect(deliver(guard, stored, "reader")).toBe(text);
  });

  it("the first name with one part of a hyphenated surname names the person, and restores", () => {
    const guard = guardFor({ employee_name: "Keisha Holloway-Grant" });
    const text = "Keisha Grant signed; Keisha Holloway countersigned.";
    const out = deliver(guard, text, "introduced");
    expect(out).not.toMatch(/Keisha|Holloway|Grant/);
    const stored = guard.sanitizeSync({ channel: "C5", content: text, recipient: "memory" }, { reversible: true }).content;
    expect(deliver(guard, stored, "reader")).toBe(text);
  });
});
