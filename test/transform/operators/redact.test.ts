import { describe, expect, it } from "vitest";
import { createRedactOperator, redactionKeepingStructure, redactionPlaceholder } from "../../../src/transform/operators/redact.js";

describe("redact operator", () => {
  it("replaces the value by a typed placeholder", () => {
    const operator = createRedactOperator();
    expect(operator.apply({ value: "939-79-6410", field: "ssn", kind: "ssn", valueType: "format" })).toEqual({ text: "[REDACTED:ssn]" });
    expect(redactionPlaceholder("diagnosis")).toBe("[REDACTED:diagnosis]");
    expect(operator.reverse).toBeUndefined();
  });
});

describe("redactionKeepingStructure", () => {
  it("redacts each piece of a span that runs across cells, fields or elements, and keeps what separates them", () => {
    const cases: Array<[string, string]> = [
      ["14 Rathmines Road Lower,,Dublin 6", "[R],,[R]"],
      ['1600 Amphitheatre Pkwy","city":"Mountain View","zip":"94043', '[R]","city":"[R]","zip":"[R]'],
      ["1600 Amphitheatre Pkwy</street><city>Mountain View", "[R]</street><city>[R]"],
      ["1600 Amphitheatre Pkwy\ncity: Mountain View", "[R]\ncity: [R]"],
      ["1600 Amphitheatre Pkwy | Mountain View", "[R] | [R]"],
      ["Jonathan\tOkafor", "[R]\t[R]"],
    ];
    for (const [span, expected] of cases) expect(redactionKeepingStructure(span, "[R]"), span).toBe(expected);
  });

  it("keeps a prose comma inside the value's one placeholder, and a key that is no identifier inside a placeholder", () => {
    expect(redactionKeepingStructure("Adams, Gutierrez and Turner", "[R]")).toBe("[R]");
    // Split at the bare comma only: the quoted key that is a value part goes into a placeholder.
    expect(redactionKeepingStructure('Pkwy","Mountain View":"x', "[R]")).toBe("[R],[R]");
  });

  it("keeps a thousands mark inside the placeholder, a CSV comma between digits outside it", () => {
    // Red team: `$[REDACTED],[REDACTED]` told the amount had four digits or more.
    expect(redactionKeepingStructure("2,982", "[R]")).toBe("[R]");
    expect(redactionKeepingStructure("1,220.75", "[R]")).toBe("[R]");
    expect(redactionKeepingStructure("7,94043", "[R]")).toBe("[R],[R]");
    expect(redactionKeepingStructure("12,5", "[R]")).toBe("[R],[R]");
  });
});
