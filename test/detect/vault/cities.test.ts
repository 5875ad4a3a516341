import { describe, expect, it } from "vitest";
import { cityVariants } from "../../../src/detect/vault/cities.js";

const roles = (city: string) => cityVariants(city).map((variant) => variant.role);

describe("a city named alone", () => {
  it("is found by itself where no ordinary text uses its name", () => {
    for (const city of ["nguyentown", "walterschester"]) expect(roles(city), city).toEqual(["whole"]);
    // A place word opening it is written clipped too (session 54: `Lk Cherylside`); `chad` and `benjamin` alone are persons' names.
    expect(cityVariants("port chad").map((variant) => variant.form)).toEqual(["port chad", "pt chad"]);
    expect(cityVariants("lake benjamin").map((variant) => variant.form)).toEqual(["lake benjamin", "lk benjamin"]);
    expect(cityVariants("lake cherylside").map((variant) => variant.form)).toEqual(["lake cherylside", "lk cherylside", "cherylside"]);
    // A direction opening it is written shortened too; without it, `alexis` is a person's name, `brandonfort` a town's alone.
    expect(cityVariants("east alexis").map((variant) => variant.form)).toEqual(["east alexis", "e alexis"]);
    expect(cityVariants("north brandonfort").map((variant) => variant.form)).toEqual(["north brandonfort", "n brandonfort", "brandonfort"]);
  });

  it("is found only labelled or beside another value where many towns bear its name or compromise lists it", () => {
    for (const city of ["springfield", "woodville", "mount vernon", "boston", "salt lake city"]) {
      expect(cityVariants(city), city).toEqual([expect.objectContaining({ role: "near-label", labels: ["city", "town"] })]);
    }
  });

  it("is not found alone where its name is an English word or a person's name", () => {
    for (const city of ["lake", "port", "jackson", "new hope", "lake park"]) expect(roles(city), city).toEqual([]);
  });

  it("keeps an authorized reader's text: its confidence is at least the policy's default minimum (0.5)", () => {
    for (const variant of [...cityVariants("nguyentown"), ...cityVariants("springfield")]) expect(variant.confidence).toBeGreaterThanOrEqual(0.5);
  });
});
