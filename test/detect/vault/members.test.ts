import { describe, expect, it } from "vitest";
import { parseLiteral, vaultMembers } from "../../../src/detect/vault/members.js";

const values = (v: Parameters<typeof vaultMembers>[0]): string[] => vaultMembers(v).map((m) => m.value);
/** `value:use` of every member. */
const uses = (v: Parameters<typeof vaultMembers>[0]): string[] => vaultMembers(v).map((m) => `${m.value}:${m.use}`);

describe("vaultMembers", () => {
  it("expands lists, dicts and Python-repr strings, keeping dict keys", () => {
    expect(values(["Ann Lee", "Bob Ray"])).toEqual(["Ann Lee", "Bob Ray"]);
    expect(vaultMembers({ base: 120000, bonus: 15000 })).toEqual([
      { value: "120000", normalized: "120000", key: "base", use: "alone" },
      { value: "15000", normalized: "15000", key: "bonus", use: "alone" },
    ]);
    expect(values("['Melissa Murray', 'Mrs. Amy Cox']")).toEqual(["Melissa Murray", "Mrs. Amy Cox"]);
    expect(vaultMembers("[{'amount': 634.74, 'merchant': 'Patterson, Jones and Farrell'}]")).toEqual([
      { value: "634.74", normalized: "634.74", key: "amount", use: "alone" },
      { value: "Patterson, Jones and Farrell", normalized: "patterson jones and farrell", key: "merchant", use: "alone" },
    ]);
  });

  it("marks ordinary-word list members as in-list, one-character scalars as after-label, and skips the rest", () => {
    expect(uses("['sense', 'film', 'Mr']")).toEqual(["sense:alone", "film:alone", "Mr:in-list"]);
    expect(uses("['movement', 'them', 'no', 'x']")).toEqual(["movement:alone", "them:in-list", "no:in-list"]);
    expect(uses("C")).toEqual(["C:after-label"]);
    expect(values(true)).toEqual([]);
    expect(values("--")).toEqual([]);
    expect(uses("HR")).toEqual(["HR:alone"]);
  });

  it("treats unparseable brackets as plain text", () => {
    expect(parseLiteral("[unclosed")).toBeUndefined();
    expect(values("[draft] memo")).toEqual(["[draft] memo"]);
  });
});
