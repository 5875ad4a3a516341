import { describe, expect, it } from "vitest";
import { AccountRecognizer } from "../../../src/detect/recognizers/account.js";
import { confidenceOf, found, itReportsItsIdentity, itTerminatesOnAdversarialInput } from "./helpers.js";

const account = new AccountRecognizer();

describe("AccountRecognizer", () => {
  it("finds account numbers next to a context word, offsets exact", () => {
    const text = "Account Number: BQTS31878104802835, a/c 12345678";
    expect(account.detect(text).map((d) => [d.start, d.end])).toEqual([
      [16, 34],
      [40, 48],
    ]);
    expect(found(account, "acct # 12345678901234567")).toEqual(["12345678901234567"]);
  });

  it("finds ids with an account prefix without other context", () => {
    expect(confidenceOf(account, "see ACC-12345678", "ACC-12345678")).toBeGreaterThanOrEqual(0.9);
    expect(found(account, "ref ACCT87654321.")).toEqual(["ACCT87654321"]);
  });

  it("needs context for bare digits and other prefixes", () => {
    expect(found(account, "order 12345678 shipped")).toEqual([]);
    expect(found(account, "insurance INS-67737826")).toEqual([]);
  });

  it("ignores amounts, short and long runs, and glued ids", () => {
    for (const text of [
      "account balance $12345678",
      "account total 12345678.90",
      "account 1234567",
      "account 123456789012345678",
      "account xACC-12345678",
      "account ab12345678",
    ]) {
      expect(found(account, text)).toEqual([]);
    }
  });

  itReportsItsIdentity(account, "account 12345678");
  itTerminatesOnAdversarialInput(account);
});
