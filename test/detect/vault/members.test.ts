import { describe, expect, it } from "vitest";
import { parseLiteral, vaultMembers } from "../../../src/detect/vault/members.js";

const values = (v: Parameters<typeof vaultMembers>[0]): string[] => vaultMembers(v).map((m) => m.value);

describe("vaultMembers", () => {
  it("expands lists, dicts and Python-repr strings, keeping dict keys", () => {
    expect(values(["Ann Lee", "Bob Ray"])).toEqual(["Ann Lee", "Bob Ray"]);
    expect(vaultMembers({ base: 120000, bonus: 15000 })).toEqual([
      { value: "120000", key: "base" },
      { value: "15000", key: "bonus" },
    ]);
    expect(values("['Melissa Murray', 'Mrs. Amy Cox']")).toEqual(["Melissa Murray", "Mrs. Amy Cox"]);
    expect(vaultMembers("[{'amount': 634.74, 'merchant': 'Patterson, Jones and Farrell'}]")).toEqual([
      { value: "634.74", key: "amount" },
      { value: "Patterson, Jones and Farrell", key: "merchant" },
    ]);
  });

  it("skips junk list members (short, stopwords, honorifics) and unprotectable scalars", () => {
    expect(values("['sense', 'film', 'Mr']")).toEqual(["sense", "film"]);
    expect(values("['movement', 'them', 'no']")).toEqual(["movement"]);
    expect(values("C")).toEqual([]);
    expect(values(true)).toEqual([]);
    expect(values("HR")).toEqual(["HR"]);
  });

  it("treats unparseable brackets as plain text", () => {
    expect(parseLiteral("[unclosed")).toBeUndefined();
    expect(values("[draft] memo")).toEqual(["[draft] memo"]);
  });
});
