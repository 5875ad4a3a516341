import { describe, expect, it } from "vitest";
import { SsnRecognizer, ssnRulesValid } from "../../../src/detect/recognizers/ssn.js";
import { confidenceOf, found, itReportsItsIdentity, itTerminatesOnAdversarialInput } from "./helpers.js";

const ssn = new SsnRecognizer();

describe("SsnRecognizer", () => {
  it("finds dashed and spaced SSNs with exact offsets", () => {
    const text = "SSN: 121-83-2523 and also 635 88 3946.";
    const hits = ssn.detect(text);
    expect(hits.map((d) => [d.start, d.end])).toEqual([
      [5, 16],
      [26, 37],
    ]);
  });

  it("is more confident next to a label", () => {
    expect(confidenceOf(ssn, "Social Security Number: 678-34-4025", "678-34-4025")).toBeGreaterThan(
      confidenceOf(ssn, "reference 678-34-4025", "678-34-4025"),
    );
  });

  it("finds bare and dotted 9-digit SSNs only with a context word", () => {
    expect(found(ssn, "SSN 121832523")).toEqual(["121832523"]);
    expect(found(ssn, "social security no. 121.83.2523")).toEqual(["121.83.2523"]);
    expect(found(ssn, "order 121832523 shipped")).toEqual([]);
    expect(found(ssn, "version 121.83.2523")).toEqual([]);
  });

  it("applies the area/group/serial rules", () => {
    for (const bad of ["000-12-3456", "666-12-3456", "900-12-3456", "999-12-3456", "123-00-4567", "123-45-0000"]) {
      expect(found(ssn, `ref ${bad}`)).toEqual([]);
    }
    expect(ssnRulesValid("899", "01", "0001")).toBe(true);
  });

  it("flags a rule-breaking number after an SSN label at low confidence", () => {
    expect(confidenceOf(ssn, "SSN: 987-65-4321", "987-65-4321")).toBeLessThan(0.5);
  });

  it("ignores phone numbers, zip+4, order ids and longer digit runs", () => {
    for (const text of [
      "call 555-123-4567",
      "+1-343-719-2797x6178",
      "ZIP 12345-6789",
      "order ORD-123-45-6789",
      "id 123-45-67890",
      "ref 1123-45-6789",
      "mixed 123-45 6789",
      "masked ***-**-1579",
      "date 2021-05-12",
    ]) {
      expect(found(ssn, text)).toEqual([]);
    }
  });

  itReportsItsIdentity(ssn, "SSN: 121-83-2523");
  itTerminatesOnAdversarialInput(ssn);
});
