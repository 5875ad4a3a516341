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

  it("know every USPS street suffix (street-types), a plural's singular form, and only the street's own suffix", () => {
    const forms = (value: string) => addressVariants(value).map((variant) => variant.form);
    expect(forms("294 Runolfsson Manors Apt. 207, Carmelaside, IN 42655")).toEqual(expect.arrayContaining(["294 runolfsson mnrs apt 207", "294 runolfsson mnrs", "294 runolfsson mnr", "294 runolfsson manor ste 207"]));
    expect(forms("587 Ayers Circles Suite 327, Nguyentown, FL 96861")).toEqual(expect.arrayContaining(["587 ayers cirs", "587 ayers cir ste 327", "587 ayers circle"]));
    // street-types writes some entries with a trailing space (`KNL `, `CURVE `).
    expect(forms("829 Nathanial Knoll Suite 658, Myrafield, NM 82430")).toEqual(expect.arrayContaining(["829 nathanial knl ste 658", "829 nathanial knl"]));
    expect(forms("12 Elm Curve, Myrafield, NM 82430")).toEqual(expect.arrayContaining(["12 elm curv", "12 elm curve"]));
    expect(forms("466 Winters Brook, East Alexis, AL 35871")).toEqual(expect.arrayContaining(["466 winters brk", "466 winters brk east alexis al 35871"]));
    // `Park` names the street here: only `Drive` is its suffix.
    const lakePark = forms("12 Lake Park Drive, Springfield, IL 62704");
    expect(lakePark).toEqual(expect.arrayContaining(["12 lake park dr", "12 lake park drive"]));
    expect(lakePark).not.toContain("12 lk prk dr");
  });

  it("are found by the street without its house number where its name is no ordinary word and its suffix no name", () => {
    const forms = (value: string) => addressVariants(value).map((variant) => variant.form);
    expect(forms("587 Ayers Circles Suite 327, Nguyentown, FL 96861")).toEqual(expect.arrayContaining(["ayers circles", "ayers cir"]));
    expect(forms("80064 Gina Vista Apt. 192, North Lisa, HI 16022")).toContain("gina vista");
    // Anyone's street, or a street that reads as a person.
    expect(forms("466 Winters Brook, East Alexis, AL 35871")).not.toContain("winters brook");
    expect(forms("12 Main Street, Springfield, IL 62704")).not.toContain("main street");
    expect(forms("5185 Daniel Glen, Port Lisahaven, WV 70991")).not.toContain("daniel glen");
  });

  it("are found by the city with its state, without the ZIP, alone or after the street line", () => {
    const forms = addressVariants("587 Ayers Circles Suite 327, Nguyentown, FL 96861").map((variant) => variant.form);
    expect(forms).toEqual(expect.arrayContaining(["nguyentown fl", "nguyentown florida", "587 ayers circles nguyentown fl", "587 ayers cir ste 327 nguyentown florida"]));
    // A military address's last part is no city and state.
    expect(addressVariants("USS Kelly, FPO AP 52313").map((variant) => variant.form)).not.toContain("uss kelly fpo");
  });
});
