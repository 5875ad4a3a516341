import { describe, expect, it } from "vitest";
import { addressVariants } from "../../../src/detect/vault/addresses.js";
import { inferFieldType } from "../../../src/policy/infer.js";

describe("addresses", () => {
  it("are inferred from the field name as their own contextual kind (redacted or rewritten, never letter-shuffled)", () => {
    expect(inferFieldType("home_address", "1234 Elm Street, Springfield, IL 62704")).toEqual({ kind: "address", valueType: "contextual" });
    expect(inferFieldType("email_address", "a@b.co")).toEqual({ kind: "email", valueType: "format" });
  });

  it("are found with street suffixes long or short, by the street line alone and by city, state and ZIP", () => {
    const forms = addressVariants("1234 Elm Street, Springfield, IL 62704").map((variant) => variant.form);
    expect(forms).toEqual(expect.arrayContaining(["1234 elm st springfield il 62704", "1234 elm street", "1234 elm st", "springfield il 62704"]));
    // A street line without a house number is too common alone.
    expect(addressVariants("Main Street, Springfield, IL 62704").map((variant) => variant.form)).not.toContain("main street");
  });
});
