import { describe, expect, it } from "vitest";
import { createRecons } from "../src/guard.js";

const vault = { patient_name: "Dwayne Sanchez", ssn: "939-79-6410", dob: "1957-07-28" };
const policy = {
  fields: { patient_name: { kind: "name", authorized: ["intake"] }, ssn: { kind: "ssn", authorized: ["intake"] } },
  positions: { intake: "original", auditor: "introduced" },
};
const options = { secret: "guard-setup-test-secret", vault, policy };
const text = "Dwayne Sanchez (SSN 939-79-6410) met Priscilla Hargreave, account ACC-7734-931.";

function fieldsFound(guard: ReturnType<typeof createRecons>, input: string): (string | null)[] {
  return guard.detect(input).map((detection) => detection.field);
}

describe("guards built alike share their prepared setup", () => {
  it("sanitize alike, whether built first or from the shared setup", () => {
    const first = createRecons(options);
    const second = createRecons(options);
    const event = { channel: "C2" as const, content: text, recipient: "auditor" };
    const result = first.sanitizeSync(event);
    expect(second.sanitizeSync(event)).toEqual(result);
    expect(second.revealAll(result.content)).toBe(first.revealAll(result.content));
  });

  it("never shows one guard's run-time additions to another guard", () => {
    const adding = createRecons(options);
    const other = createRecons(options);
    adding.vault.add("contact_name", "Priscilla Hargreave");
    adding.vault.add("account", "ACC-7734-931");
    const later = createRecons(options);
    expect(fieldsFound(adding, text)).toEqual(["patient_name", "ssn", "contact_name", "account"]);
    for (const guard of [other, later]) {
      expect(fieldsFound(guard, text)).toEqual(["patient_name", "ssn"]);
      expect(guard.vault.entries().map((entry) => entry.field)).toEqual(["patient_name", "ssn", "dob"]);
    }
    // Nor the surrogates of those values: only the adding guard restores them.
    const sanitized = adding.sanitizeSync({ channel: "C2", content: text, recipient: "auditor" }).content;
    expect(adding.revealAll(sanitized)).toBe(text);
    expect(later.revealAll(sanitized)).not.toContain("Priscilla Hargreave");
    expect(later.revealAll(sanitized)).not.toContain("ACC-7734-931");
  });

  it("builds its own setup where the field types, the vault or the secret differ", () => {
    const base = createRecons(options);
    const typed = createRecons({ ...options, policy: { ...policy, fields: { ...policy.fields, dob: { kind: "text", valueType: "contextual" } } } });
    const otherSecret = createRecons({ ...options, secret: "another-guard-setup-secret" });
    const event = { channel: "C2" as const, content: "born 1957-07-28, SSN 939-79-6410", recipient: "auditor" };
    expect(typed.detect("born 1957-07-28")[0]?.kind).toBe("text");
    expect(base.detect("born 1957-07-28")[0]?.kind).toBe("date");
    expect(otherSecret.sanitizeSync(event).content).not.toBe(base.sanitizeSync(event).content);
  });
});
