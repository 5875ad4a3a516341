import { describe, expect, it } from "vitest";
import { Icd10Recognizer } from "../../../src/detect/recognizers/icd10.js";
import { confidenceOf, found, itReportsItsIdentity, itTerminatesOnAdversarialInput } from "./helpers.js";

const icd = new Icd10Recognizer();

describe("Icd10Recognizer", () => {
  it("finds codes next to a context word, offsets exact", () => {
    const text = "Type 2 Diabetes (ICD-10: E11.9), hypertension dx I10";
    expect(icd.detect(text).map((d) => [d.start, d.end])).toEqual([
      [25, 30],
      [49, 52],
    ]);
    expect(found(icd, "diagnosis code F32.A noted")).toEqual(["F32.A"]);
  });

  it("flags a dotted code without context at low confidence and ignores undotted ones", () => {
    expect(confidenceOf(icd, "noted E11.9 earlier", "E11.9")).toBeLessThan(0.5);
    expect(found(icd, "Vitamin B12 and an F16 jet")).toEqual([]);
  });

  it("ignores agent ids, U codes, lower case and longer tokens", () => {
    expect(found(icd, "diagnosis by A1 and A2")).toEqual([]);
    expect(found(icd, "ICD U07.1")).toEqual([]);
    expect(found(icd, "ICD e11.9")).toEqual([]);
    expect(found(icd, "ICD code E110X")).toEqual([]);
    expect(found(icd, "code CASE-E11")).toEqual([]);
  });

  itReportsItsIdentity(icd, "ICD-10 E11.9");
  itTerminatesOnAdversarialInput(icd);
});
