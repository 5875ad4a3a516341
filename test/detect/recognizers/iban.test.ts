import { describe, expect, it } from "vitest";
import { IbanRecognizer } from "../../../src/detect/recognizers/iban.js";
import { found, itReportsItsIdentity, itTerminatesOnAdversarialInput } from "./helpers.js";

const iban = new IbanRecognizer();

describe("IbanRecognizer", () => {
  it("finds electronic and printed IBANs with exact offsets", () => {
    const text = "Pay DE89370400440532013000 or GB29 NWBK 6016 1331 9268 19.";
    expect(iban.detect(text).map((d) => [d.start, d.end])).toEqual([
      [4, 26],
      [30, 57],
    ]);
  });

  it("accepts lower case and stops at the country length", () => {
    expect(found(iban, "iban de89 3704 0044 0532 0130 00")).toEqual(["de89 3704 0044 0532 0130 00"]);
    expect(found(iban, "DE89 3704 0044 0532 0130 00 THEN PAY")).toEqual(["DE89 3704 0044 0532 0130 00"]);
  });

  it("rejects a wrong check digit, an unknown country and a glued token", () => {
    expect(found(iban, "DE88370400440532013000")).toEqual([]);
    expect(found(iban, "QQ89370400440532013000")).toEqual([]);
    expect(found(iban, "XDE89370400440532013000")).toEqual([]);
    expect(found(iban, "DE89370400440532013000X")).toEqual([]);
  });

  it("takes an IBAN whose national check digit is wrong (mod 97 right), at lower confidence", () => {
    // faker's Serbian and Norwegian IBANs: mod 97 right, the account's own check digits random.
    for (const text of ["RS29065240055005005004", "NO9363633003674"]) expect(iban.detect(text)).toMatchObject([{ start: 0, end: text.length, confidence: 0.85 }]);
    expect(iban.detect("DE89370400440532013000")).toMatchObject([{ confidence: 0.95 }]);
  });

  itReportsItsIdentity(iban, "DE89370400440532013000");
  itTerminatesOnAdversarialInput(iban);
});
