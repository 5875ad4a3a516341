import { describe, expect, it } from "vitest";
import { PhoneRecognizer } from "../../../src/detect/recognizers/phone.js";
import { confidenceOf, found, itReportsItsIdentity, itTerminatesOnAdversarialInput } from "./helpers.js";

const phone = new PhoneRecognizer();

describe("PhoneRecognizer", () => {
  it("finds US numbers in the layouts LLMs write, extension included, offsets exact", () => {
    const text = "Phone: (894)764-7436x713 or 1-343-719-2797x6178.";
    expect(phone.detect(text).map((d) => [d.start, d.end])).toEqual([
      [7, 24],
      [28, 47],
    ]);
    for (const number of [
      "+1-982-414-6584x044",
      "001-809-474-9930x9728",
      "794.307.0164",
      "(448) 835-5054",
      "(909) 430-6853 x8909",
      "1-800-555-0199",
      "9599960438",
    ]) {
      expect(found(phone, `contact ${number} today`)).toEqual([number]);
    }
  });

  it("finds international numbers", () => {
    expect(found(phone, "London office +44 20 7946 0958.")).toEqual(["+44 20 7946 0958"]);
  });

  it("finds 7-digit local numbers only next to a phone word", () => {
    expect(found(phone, "or call 555-0174.")).toEqual(["555-0174"]);
    expect(confidenceOf(phone, "mobile: 555-0174", "555-0174")).toBeGreaterThan(0.5);
    expect(found(phone, "item 555-0174 in stock")).toEqual([]);
  });

  it("ignores ids, dates, SSNs, cards and amounts", () => {
    for (const text of [
      "case CASE-9934-787762",
      "ref 2021-544238",
      "born 1957-07-28",
      "SSN 121-83-2523",
      "card 4111 1111 1111 1111",
      "$1,286,841",
      "INS-43973597",
      "EMP-78236",
    ]) {
      expect(found(phone, text)).toEqual([]);
    }
  });

  it("validates its options", () => {
    expect(() => new PhoneRecognizer({ defaultCountry: "USA" })).toThrow();
    expect(found(new PhoneRecognizer({ defaultCountry: "GB" }), "ring 020 7946 0958")).toEqual(["020 7946 0958"]);
  });

  itReportsItsIdentity(phone, "tel 1-800-555-0199");
  itTerminatesOnAdversarialInput(phone);
});
