import { describe, expect, it } from "vitest";
import { createRedactOperator, redactionPlaceholder } from "../../../src/transform/operators/redact.js";

describe("redact operator", () => {
  it("replaces the value by a typed placeholder", () => {
    const operator = createRedactOperator();
    expect(operator.apply({ value: "939-79-6410", field: "ssn", kind: "ssn", valueType: "format" })).toEqual({ text: "[REDACTED:ssn]" });
    expect(redactionPlaceholder("diagnosis")).toBe("[REDACTED:diagnosis]");
    expect(operator.reverse).toBeUndefined();
  });
});
