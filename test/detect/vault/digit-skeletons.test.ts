import { describe, expect, it } from "vitest";
import { digitRuns, layIdentifier } from "../../../src/detect/vault/digit-skeletons.js";
import { Vault } from "../../../src/detect/vault/vault.js";
import { inferFieldType } from "../../../src/policy/infer.js";
import { createRecons } from "../../../src/guard.js";

function vaultOf(entries: Record<string, string>): Vault {
  const vault = new Vault(inferFieldType);
  for (const [field, value] of Object.entries(entries)) vault.add(field, value);
  return vault;
}

function found(vault: Vault, text: string): Array<[string | null, string]> {
  return vault.detect(text).map((detection) => [detection.field, text.slice(detection.start, detection.end)]);
}

describe("identifiers regrouped by the writer (digit skeletons)", () => {
  const vault = vaultOf({ account: "0012345678", mrn: "MRN-4471093", salary: "205902", dob: "1957-07-28" });

  it("finds an identifier in a grouping none of its variants has", () => {
    expect(found(vault, "Wire it to acct 0012-345-678 today.")).toEqual([["account", "0012-345-678"]]);
    expect(found(vault, "acct 00 1234 5678, ref 447 1093.")).toEqual([
      ["account", "00 1234 5678"],
      ["mrn", "447 1093"],
    ]);
    expect(found(vault, "acct 0012.345.678")).toEqual([["account", "0012.345.678"]]);
    // Read out digit by digit, groups set off by a spaced dash.
    expect(found(vault, "acct 0 0 1 2 - 3 4 5 - 6 7 8.")).toEqual([["account", "0 0 1 2 - 3 4 5 - 6 7 8"]]);
    expect(found(vault, "acct 0012 / 345 / 678")).toEqual([["account", "0012 / 345 / 678"]]);
  });

  it("claims a run only when its digits are exactly the identifier's, and never amounts, dates or short runs", () => {
    expect(found(vault, "call 0012-345-6789 or 10012 345 678")).toEqual([]);
    expect(found(vault, "ticket 4471 093 5")).toEqual([]);
    // An amount's digits and a date's digits say nothing on their own: their own forms cover them.
    expect(vaultOf({ salary: "2059021" }).detect("ids 2059-021 and 205 9021")).toEqual([]);
    expect(vaultOf({ hire_date: "1957-07-28" }).detect("code 195 707 28")).toEqual([]);
    expect(vaultOf({ pin: "44710" }).detect("pin 44-710")).toEqual([]);
  });

  it("claims a run of five or six digits only with the identifier's letter prefix written right before it", () => {
    const short = vaultOf({ patient_id: "PT-652250", note_id: "NOTE-306518" });
    expect(found(short, "Record PT-652-250 was reviewed.")).toEqual([["patient_id", "PT-652-250"]]);
    expect(found(short, "Record NOTE-306 518, pt 652.250")).toEqual([
      ["note_id", "NOTE-306 518"],
      ["patient_id", "pt 652.250"],
    ]);
    // No prefix, another prefix, or the prefix inside a longer word: six digits may be anything.
    expect(found(short, "Paid 652,250 for 652 250 items; XPT-652 250; ID-306-518")).toEqual([]);
  });

  it("does not add a second detection where a variant already matched", () => {
    expect(found(vault, "acct 0012345678")).toEqual([["account", "0012345678"]]);
  });

  it("marks such a match as the identifier's digits in the writer's grouping, which transforms lay back digit for digit", () => {
    expect(vault.detect("ref 447 1093").map((detection) => detection.role)).toEqual(["regrouped-digits"]);
    expect(vault.detect("ref MRN-4471093").map((detection) => detection.role)).toEqual(["whole"]);
    expect(layIdentifier("447 1093", "XQV-0891696")).toBe("089 1696");
    expect(layIdentifier("MRN 447 1093", "XQV-0891696")).toBe("XQV 089 1696");
    expect(layIdentifier("bqts 3187-8104", "ZYCP77548608")).toBe("zycp 7754-8608");
    expect(layIdentifier("447 1093", "089169")).toBeNull();
    expect(layIdentifier("MRN 447 1093", "0891696")).toBeNull();
  });

  it("starts the match at the value's own letter prefix when the writer put it right before the digits (a random prefix is part of the secret)", () => {
    const accounts = vaultOf({ account: "BQTS31878104802835", mrn: "MRN-4471093" });
    for (const written of ["BQTS 3187 8104 8028 35", "bqts-3187-8104-8028-35", "BQTS: 3187 8104 8028 35"]) {
      expect(found(accounts, `Account ${written}.`)).toEqual([["account", written]]);
    }
    expect(found(accounts, "chart MRN 447 1093")).toEqual([["mrn", "MRN 447 1093"]]);
    // Another word, or the prefix inside a longer one, is not the value's prefix.
    expect(found(accounts, "Account XBQTS 3187 8104 8028 35")).toEqual([["account", "3187 8104 8028 35"]]);
    expect(found(accounts, "Account ABCD 3187 8104 8028 35")).toEqual([["account", "3187 8104 8028 35"]]);
  });

  it("gives each vault its own identifiers when several read the same text in a row, and a new text its own runs", () => {
    const other = vaultOf({ policy: "4471093" });
    const text = "acct 00 1234 5678, ref 447 1093.";
    expect(found(vault, text)).toEqual([
      ["account", "00 1234 5678"],
      ["mrn", "447 1093"],
    ]);
    expect(found(other, text)).toEqual([["policy", "447 1093"]]);
    expect(found(other, "ref 4471-093")).toEqual([["policy", "4471-093"]]);
    expect(found(vault, "ref 4471-093")).toEqual([["mrn", "4471-093"]]);
  });
});

describe("digitRuns", () => {
  it("finds what /\\d(?:(?: ?[\\-./] ?| )?\\d){4,}/g matches, each run with its digits alone", () => {
    const pattern = /\d(?:(?: ?[\-./] ?| )?\d){4,}/g;
    let seed = 11;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const texts = ["acct 00 1234 5678, ref 447 1093.", "9 3 9 - 7 9 - 6 4 1 0", "1 -  2345678", "1--2345678", "12345 6-7", "-1234567 8", "1 2 3 4 5 6", "x 555-123-4567x 99"];
    for (let k = 0; k < 2000; k++) texts.push(Array.from({ length: 30 }, () => "0123456789 -./x"[Math.floor(random() * 15)]).join(""));
    for (const text of texts) {
      const expected = [...text.matchAll(pattern)].map((m) => ({ start: m.index, end: m.index + m[0].length, digits: m[0].replace(/\D/g, "") }));
      expect(digitRuns(text)).toEqual(expected);
    }
  });
});

describe("a regrouped identifier through the guard", () => {
  it("gives an unauthorized reader none of the written random prefix or digits, and an authorized reader the exact text back", () => {
    const cases: Array<[string, string, string, string]> = [
      ["account_number", "BQTS31878104802835", "Account: BQTS 3187 8104 8028 35, ok.", "BQTS"],
      ["mrn", "QX-4471093", "Chart QX 447 1093 (record 447-1093)", "QX"],
      ["account_number", "bqts31878104802835", "acct Bqts-3187-8104-8028-35", "Bqts"],
    ];
    for (const [field, value, text, prefix] of cases) {
      const guard = createRecons({ secret: "skeletons", vault: { [field]: value }, policy: { fields: { [field]: { authorized: ["reader"] } } } });
      const direct = guard.sanitizeSync({ channel: "C2", content: text, recipient: "other" }).content as string;
      const written = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content as string;
      for (const out of [direct, written]) {
        expect(out, out).not.toContain(prefix);
        expect(out.replace(/\D/g, "")).not.toContain(value.replace(/\D/g, ""));
      }
      // The surrogate keeps the writer's layout: letters where the prefix was, in its case.
      expect(direct.length).toBe(text.length);
      expect(guard.sanitizeSync({ channel: "C5", content: written, recipient: "reader" }).content).toBe(text);
      expect(guard.restore(direct, "reader", "C2")).toBe(text);
    }
  });
  it("keeps a type label (`MRN`) in every written form, with the same surrogate digits, and restores them", () => {
    const guard = createRecons({ secret: "skeletons", vault: { mrn: "MRN-4471093" }, policy: { fields: { mrn: { authorized: ["reader"] } } } });
    const text = "Chart MRN 447 1093 (record MRN-4471093, mrn: 4471093)";
    const out = guard.sanitizeSync({ channel: "C2", content: text, recipient: "other" }).content as string;
    const digits = [...out.matchAll(/MRN[ -]|mrn: /g)].map((m) => out.slice(m.index + m[0].length).replace(/[ -]/g, "").slice(0, 7));
    expect(digits).toHaveLength(3);
    expect(new Set(digits).size).toBe(1);
    expect(digits[0]).not.toBe("4471093");
    expect(guard.restore(out, "reader", "C2")).toBe(text);
  });
});
