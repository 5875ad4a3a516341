import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createRecons } from "../../../../src/guard.js";
import { departmentPseudonym, isDepartmentField, isListedDepartment } from "../../../../src/transform/operators/names/departments.js";

describe("department pseudonyms", () => {
  it("gives a listed department another of its shape, with no word in common, the same one for every key alike", () => {
    for (let round = 0; round < 50; round++) {
      const key = randomBytes(32);
      const acronym = departmentPseudonym(key, "HR")!;
      expect(["IT", "PR", "QA", "R&D"]).toContain(acronym);
      expect(departmentPseudonym(key, "hr")).toBe(acronym);
      const words = departmentPseudonym(key, "Business Development")!;
      expect(isListedDepartment(words) && !/development|business/i.test(words)).toBe(true);
      expect(departmentPseudonym(key, "Customer Success")).not.toMatch(/customer|success/i);
    }
    expect(departmentPseudonym(randomBytes(32), "Underwater Basket Weaving")).toBeNull();
    expect(isDepartmentField("home_dept")).toBe(true);
    expect(isDepartmentField("departure_city")).toBe(false);
  });

  it("never gives a department one of the same kind of work (Finance as Accounting, Marketing as Public Relations)", () => {
    const kindred: Record<string, string[]> = { Finance: ["Accounting", "Treasury", "Payroll"], Marketing: ["Public Relations", "Communications", "Sales"], Engineering: ["Information Technology", "Research and Development", "Data Science"] };
    for (let round = 0; round < 200; round++) {
      for (const [department, near] of Object.entries(kindred)) expect(near).not.toContain(departmentPseudonym(randomBytes(32), department));
    }
  });

  it("shows an unauthorized reader another department where a placeholder left one to fill it, and seals it in shared state", () => {
    // Judges: `[REDACTED] Support`, `an [REDACTED] employee` could only be IT.
    const guard = createRecons({ secret: "departments", vault: { department: "IT" }, policy: { fields: { department: { authorized: ["it_desk"] } } } });
    // `it` in lowercase is the pronoun: a value written in capitals that is a word matches only in capitals.
    const text = "Contact the IT Support desk; she is an IT employee. it team";
    const result = guard.sanitizeSync({ channel: "C2", content: text, recipient: "other" });
    const [, first, second] = /^Contact the (\S+) Support desk; she is an? (\S+) employee\. it team$/.exec(result.content as string)!;
    expect(first).toBe(second);
    expect(["HR", "PR", "QA", "R&D"]).toContain(first);
    expect(result.decisions.filter((decision) => decision.field === "department").map((decision) => [decision.action, decision.fallback])).toEqual([
      ["pseudonymize", "department-pseudonym"],
      ["pseudonymize", "department-pseudonym"],
    ]);
    expect(guard.sanitizeSync({ channel: "C2", content: text, recipient: "it_desk" }).content).toBe(text);
    // Shared state: sealed (a common word restored would turn everyone's `QA` into `IT`), and restored exactly for the authorized reader.
    const written = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content as string;
    expect(written).toMatch(/\[REDACTED:text#/);
    expect(guard.sanitizeSync({ channel: "C5", content: written, recipient: "it_desk" }).content).toBe(text);
  });

  it("finds a department by its other name (`Human Resources` of `HR`, `R&D` of `Research & Development`) and shows the pseudonym's name of that style", () => {
    // Round 6 red team: `**Department:** Human Resources` passed for a department registered as `HR` (3 dev messages write it).
    const guard = createRecons({ secret: "departments", vault: { department: "HR" }, policy: { fields: { department: { authorized: ["hr_desk"] } } } });
    const text = "Department: Human Resources (HR). Welcome to the Human Resources team!";
    const out = guard.sanitizeSync({ channel: "C2", content: text, recipient: "other" }).content as string;
    const [, words, initials, again] = /^Department: (.+) \((\S+)\)\. Welcome to the (.+) team!$/.exec(out)!;
    expect(out).not.toMatch(/human resources|\bHR\b/i);
    expect([words, again]).toEqual([{ IT: "Information Technology", PR: "Public Relations", QA: "Quality Assurance", "R&D": "Research and Development" }[initials], words]);
    expect(guard.sanitizeSync({ channel: "C2", content: text, recipient: "hr_desk" }).content).toBe(text);
    const spelled = createRecons({ secret: "departments", vault: { department: "Research & Development" }, policy: { fields: {} } });
    const shown = spelled.sanitizeSync({ channel: "C2", content: "Moved from R&D (Research and Development).", recipient: "other" }).content as string;
    expect(shown).not.toMatch(/R&D|Research/);
  });
});
