import { describe, expect, it } from "vitest";
import { decidingGroups, type Detection } from "../../src/detect/base.js";

function detection(start: number, end: number, field: string | null, confidence = 0.9): Detection {
  return { start, end, field, kind: field ?? "phone", valueType: "format", tier: field ? 1 : 2, confidence, source: field ? "vault" : "phone" };
}

describe("decidingGroups", () => {
  it("groups every vault detection of a kept span, in input order", () => {
    const a = detection(0, 5, "ssn");
    const b = detection(0, 5, "tax_id");
    const inside = detection(1, 3, "zip");
    expect(decidingGroups([a, inside, b])).toEqual([[a, b]]);
  });

  it("keeps an unregistered hit alone and orders groups by start", () => {
    const hit = detection(10, 20, null);
    const vault = detection(0, 4, "name");
    expect(decidingGroups([hit, vault])).toEqual([[vault], [hit]]);
  });

  it("drops empty spans like resolveOverlaps", () => {
    expect(decidingGroups([detection(3, 3, "x")])).toEqual([]);
  });
});
