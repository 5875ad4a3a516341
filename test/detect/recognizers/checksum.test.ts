import { describe, expect, it } from "vitest";
import { abaChecksumValid, digitsOf, luhnValid } from "../../../src/detect/recognizers/checksum.js";

describe("checksums", () => {
  it("luhn", () => {
    expect(luhnValid("4111111111111111")).toBe(true);
    expect(luhnValid("378282246310005")).toBe(true);
    expect(luhnValid("4111111111111112")).toBe(false);
    expect(luhnValid("")).toBe(false);
    expect(luhnValid("41111a1111111111")).toBe(false);
  });

  it("ABA 3-7-1", () => {
    expect(abaChecksumValid("021000021")).toBe(true);
    expect(abaChecksumValid("011000015")).toBe(true);
    expect(abaChecksumValid("021000022")).toBe(false);
    expect(abaChecksumValid("02100002")).toBe(false);
  });

  it("digitsOf drops separators", () => {
    expect(digitsOf("(555) 123-4567")).toBe("5551234567");
  });
});
