import { describe, expect, it } from "vitest";
import { CardRecognizer } from "../../../src/detect/recognizers/card.js";
import { confidenceOf, found, itReportsItsIdentity, itTerminatesOnAdversarialInput } from "./helpers.js";

const card = new CardRecognizer();

describe("CardRecognizer", () => {
  it("finds Luhn-valid cards in 4-4-4-4 grouping, contiguous, and Amex 4-6-5, with exact offsets", () => {
    const text = "Visa 4111 1111 1111 1111, MC 5500-0000-0000-0004, Amex 3782 822463 10005, plain 6011677871924972.";
    expect(card.detect(text).map((d) => text.slice(d.start, d.end))).toEqual([
      "4111 1111 1111 1111",
      "5500-0000-0000-0004",
      "3782 822463 10005",
      "6011677871924972",
    ]);
    expect(card.detect(text)[0]).toMatchObject({ start: 5, end: 24 });
  });

  it("finds 13- and 19-digit cards and Diners 4-6-4", () => {
    expect(found(card, "card 4222222222222")).toEqual(["4222222222222"]);
    expect(found(card, "card 4119324671999275234")).toEqual(["4119324671999275234"]);
    expect(found(card, "diners 3056 930902 5904")).toEqual(["3056 930902 5904"]);
  });

  it("rejects invalid Luhn, short numbers, mixed separators and all-zero runs", () => {
    for (const text of [
      "card 4111 1111 1111 1112",
      "card 378282246310006",
      "card 4111 1111 1111",
      "card 4111-1111 1111-1111",
      "card 0000000000000000",
      "ref CASE-4111111111111111",
    ]) {
      expect(found(card, text)).toEqual([]);
    }
  });

  it("needs a context word for a Luhn-valid number without an issuer prefix", () => {
    const unknownIssuer = "8000000000000003";
    expect(found(card, `id ${unknownIssuer}`)).toEqual([]);
    expect(confidenceOf(card, `credit card ${unknownIssuer}`, unknownIssuer)).toBeLessThan(0.9);
  });

  it("does not cut a card out of a longer digit run", () => {
    expect(found(card, "41111111111111110000000")).toEqual([]);
  });

  itReportsItsIdentity(card, "4111 1111 1111 1111");
  itTerminatesOnAdversarialInput(card);
});
