import { describe, expect, it } from "vitest";
import { attribution, createMeasure, flattenContent } from "../../src/eval/measure.js";

const vault = { patient_name: "Maria Lopez", ssn: "219-09-9999", dob: "1957-07-28", flag: "true", salary: "205902" };

describe("createMeasure", () => {
  const measure = createMeasure(vault);

  it("finds rewritten forms the recipient can read", () => {
    expect(measure.recoverable("Ms. Lopez was born on July 28, 1957.")).toEqual(new Set(["patient_name", "dob"]));
    expect(measure.recoverable("SSN 219 09 9999, pay $205,902")).toEqual(new Set(["ssn", "salary"]));
  });

  it("reads every string of structured content", () => {
    expect(measure.recoverable({ args: { who: "Maria Lopez", n: 1 }, list: ["219-09-9999"] })).toEqual(new Set(["patient_name", "ssn"]));
    expect(flattenContent({ a: "x", b: ["y", 3] }).split("\n")).toEqual(expect.arrayContaining(["x", "y", "3"]));
  });

  it("does not count surrogates, redactions or unmeasurable values", () => {
    expect(measure.recoverable("Patient [REDACTED:name], SSN 471-23-5566, consent true")).toEqual(new Set());
    expect(measure.fields).not.toContain("flag");
  });

  it("attributes recognizer hits to the vault field they spell", () => {
    const hits = measure.hits("call about 219-09-9999");
    expect(hits.filter((h) => h.field === "ssn").map((h) => h.source)).toEqual(expect.arrayContaining(["recognizer", "meter"]));
  });

  it("recoverable is the set of fields of the hits, in the same order, whatever was asked before", () => {
    const fresh = createMeasure(vault);
    const texts = ["Ms. Lopez was born on July 28, 1957.", "SSN 219 09 9999, pay $205,902", "call about 219-09-9999 for Maria Lopez", "", "no one"];
    for (const text of [...texts, ...texts]) expect([...fresh.recoverable(text)], text).toEqual([...new Set(createMeasure(vault).hits(text).map((hit) => hit.field))]);
  });
});

describe("attribution", () => {
  const attribute = attribution({ ssn: "219-09-9999", patient_name: "Maria Lopez", code: "AB12" });
  const substrings = (text: string) => [...text].flatMap((_, start) => [...text].map((__, end) => text.slice(start, end + 1)).filter((s) => s.length > 0));

  it("attributes a hit to the field whose digits or text it spells", () => {
    expect(attribute.fieldsOf("219 09 9999")).toEqual(["ssn"]);
    expect(attribute.fieldsOf(" MARIA LOPEZ ")).toEqual(["patient_name"]);
    expect(attribute.fieldsOf("555-0100")).toEqual([]);
  });

  it("lets the recognizers be skipped only where no part of the text could be attributed", () => {
    expect(attribute.possibleIn("call 219-09-9999 now")).toBe(true);
    expect(attribute.possibleIn("call 1219099999 now")).toBe(true);
    expect(attribute.possibleIn("ask MARIA LOPEZ")).toBe(true);
    expect(attribute.possibleIn("Zürich, 555-0100")).toBe(true); // not ASCII: always run
    for (const text of ["call 555-0100 or 2190 999", "Maria called Lopez", "ab 12 and a b12"]) {
      expect(attribute.possibleIn(text), text).toBe(false);
      for (const hit of substrings(text)) expect(attribute.fieldsOf(hit), `${text}: ${hit}`).toEqual([]);
    }
  });
});
