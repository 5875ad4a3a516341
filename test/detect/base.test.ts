import { describe, expect, it } from "vitest";
import { decidingGroups, resolveOverlaps, type Detection } from "../../src/detect/base.js";

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

describe("resolveOverlaps: a vault value inside an unregistered hit", () => {
  const hit = (start: number, end: number, kind: string): Detection => ({ start, end, field: null, kind, valueType: "format", tier: 2, confidence: 0.95, source: kind });
  const vault = (start: number, end: number, kind: string, role?: Detection["role"]): Detection => ({ start, end, field: kind, kind, valueType: "format", tier: 1, confidence: 1, source: "vault", role });

  it("loses to a wider hit of another kind (a surname inside an email, a last four inside a card): the rest of it would stay", () => {
    const email = hit(6, 28, "email");
    expect(resolveOverlaps([vault(14, 18, "name", "surname"), email])).toEqual([email]);
    const card = hit(5, 24, "card");
    expect(resolveOverlaps([card, vault(20, 24, "id")])).toEqual([card]);
  });

  it("wins over a hit of its own kind, of an equal span, or where it is a name glued into the handle", () => {
    const own = vault(4, 12, "phone");
    expect(resolveOverlaps([hit(0, 12, "phone"), own])).toEqual([own]);
    const ner = vault(4, 9, "name", "surname");
    expect(resolveOverlaps([hit(0, 9, "person"), ner])).toEqual([ner]);
    const equal = vault(0, 8, "id");
    expect(resolveOverlaps([hit(0, 8, "account"), equal])).toEqual([equal]);
    const handle = vault(5, 15, "name", "glued-name");
    expect(resolveOverlaps([hit(5, 32, "email"), handle])).toEqual([handle]);
  });

  it("finds the holder of another kind among several hits before it", () => {
    const email = hit(0, 40, "email");
    const inner = vault(10, 14, "name", "surname");
    expect(resolveOverlaps([email, hit(8, 20, "name"), inner])).toEqual([email]);
  });
});
