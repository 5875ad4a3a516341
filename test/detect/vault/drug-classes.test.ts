import { describe, expect, it } from "vitest";
import { allergyVariants, isAllergyField, medicationVariants } from "../../../src/detect/vault/drug-classes.js";
import { createRecons } from "../../../src/guard.js";

const sanitized = (vault: Record<string, string>, text: string) =>
  createRecons({ secret: "drug-classes", vault, policy: { fields: {} } }).sanitizeSync({ channel: "C2", content: text, recipient: "scheduler" }).content as string;

describe("an allergy told by its drug class", () => {
  it("reads allergy fields by their names", () => {
    expect(["allergies", "drug_allergies", "knownAllergens", "allergy_list"].map(isAllergyField)).toEqual([true, true, true, true]);
    expect(["medications", "allergist_name_x"].map(isAllergyField)).toEqual([false, false]);
  });

  it("gives an allergen's plural and its class's members and reaction", () => {
    const forms = allergyVariants("lisinopril").map((variant) => variant.form);
    expect(forms).toEqual(expect.arrayContaining(["ace inhibitors", "enalapril", "ramipril", "benazepril", "angioedema"]));
    expect(allergyVariants("penicillin").map((variant) => variant.form)).toContain("penicillins");
    // An allergen of no class known here, and the ordinary words many listed allergies are (dev's `['detail', 'note']`): nothing.
    expect([...allergyVariants("latex"), ...allergyVariants("detail")]).toEqual([]);
  });

  it("keeps an allergy answer's class words from a reader the allergy is kept from", () => {
    // Round 3 red team (new healthcare traces): 10 lines in 3 allergy checks named the class members to avoid beside the redacted allergen.
    const lisinopril = sanitized({ allergies: "['Lisinopril', 'Latex']" }, "Reactions recur across the class (especially angioedema): enalapril, ramipril and benazepril should also be avoided.");
    expect(lisinopril).not.toMatch(/angioedema|enalapril|ramipril|benazepril/i);
    const penicillin = sanitized({ allergies: "['Penicillin', 'Sulfa drugs']" }, "Avoid penicillins (e.g., amoxicillin) and sulfonamide antibiotics (e.g., trimethoprim-sulfamethoxazole).");
    expect(penicillin).not.toMatch(/penicillins|amoxicillin|sulfonamide|sulfamethoxazole/i);
    // Round 13 red team: `Sulfa drugs` named by its first word, the class's own name (`Penicillin + Sulfa`).
    expect(sanitized({ allergies: "['Penicillin', 'Sulfa drugs']" }, "Allergies: Penicillin + Sulfa")).not.toMatch(/sulfa/i);
    const codeine = sanitized({ allergies: "['Codeine']" }, "Use caution with related opioids such as hydrocodone and morphine.");
    expect(codeine).not.toMatch(/opioids|hydrocodone|morphine/i);
    // Another allergy's class stays as written.
    expect(sanitized({ allergies: "['Codeine']" }, "No penicillins were given.")).toBe("No penicillins were given.");
  });

  it("keeps a dosed medication's name alone from a reader the medication list is kept from", () => {
    // Round 4 red team: the vault's `trazodone 50 mg` passed as `Trazodone` without its dose.
    // Session 58 probe: with the generic name as Spanish, Italian, Portuguese and French spell it (`Metformina`, `trazodona`).
    expect(medicationVariants("trazodone 50 mg").map((variant) => variant.form)).toEqual(["trazodone", "desyrel", "trazodona", "trazodono"]);
    expect(medicationVariants("metformin 500mg twice daily").map((variant) => variant.form)).toEqual(["metformin", "glucophage", "biguanide", "diabetes medication", "diabetes medicine", "diabetes pill", "diabetes meds", "metformina", "metformino", "metformine"]);
    expect(medicationVariants("ondansetron 4 mg").map((variant) => variant.form)).toEqual(["ondansetron", "ondansetrona", "ondansetrono", "ondansetrone"]);
    // Dev's lists are ordinary words without a dose: nothing more than the word itself.
    expect(medicationVariants("music")).toEqual([]);
    expect(sanitized({ medications: "['trazodone 50 mg']" }, "Continue Trazodone at bedtime.")).not.toMatch(/trazodone/i);
    // Round 12 red team: a drug named by its first word (`on morphine` of `Morphine sulfate ER 30 mg`) or with a percent strength.
    expect(medicationVariants("morphine sulfate er 30 mg").map((variant) => variant.form)).toEqual(["morphine sulfate er", "morphine", "mso4", "ms contin", "morphina", "morphino"]);
    expect(medicationVariants("latanoprost 0.005 eye drops").map((variant) => variant.form)).toEqual(["latanoprost", "latanoprosta", "latanoprosto", "latanoproste"]);
    expect(medicationVariants("iron sulfate 325 mg").map((variant) => variant.form)).toEqual(["iron sulfate"]);
    expect(sanitized({ drug_requested: "Dupixent 300 mg q2w" }, "PA for Dupixent, 300 mg every two weeks")).not.toMatch(/dupixent/i);
    expect(sanitized({ medications: "['Morphine sulfate ER 30 mg']" }, "Pain at rest on morphine twice daily.")).not.toMatch(/morphine/i);
    expect(sanitized({ medications: "['Latanoprost 0.005% eye drops']" }, "Refill latanoprost nightly.")).not.toMatch(/latanoprost/i);
    // The order's window wins over the drug's name inside it (round 12 re-judge: `[REDACTED] soln 5 mg q2h PRN` showed the dose).
    expect(sanitized({ medications: "['Morphine oral solution 5 mg q2h PRN', 'Riluzole 50 mg']" }, "Meds: morphine oral soln 5 mg q2h PRN dyspnea.")).toBe("Meds: [REDACTED:text] dyspnea.");
  });

  it("keeps a medication's brand name (or its generic one) and a dose written with a slash from such a reader", () => {
    // Round 9 red team: `on Singulair ... Lasix 20 ... Toprol-XL 50 ... Lovenox 40`, `on Symbicort 2 puffs` passed.
    const medications = "['Montelukast 10 mg', 'Furosemide 20 mg', 'Metoprolol succinate 50 mg', 'Enoxaparin 40 mg SC daily', 'Symbicort 160/4.5 mcg']";
    const out = sanitized({ medications }, "On Singulair, Lasix 20, Toprol-XL 50 and Lovenox 40; Symbicort 2 puffs; budesonide.");
    expect(out).not.toMatch(/singulair|lasix|toprol|lovenox|symbicort|budesonide/i);
    expect(sanitized({ medications: "['Zoloft']" }, "Continue sertraline.")).not.toMatch(/sertraline/i);
    expect(sanitized({ medications }, "Zoloft and Lipitor are other people's.")).toBe("Zoloft and Lipitor are other people's.");
  });

  it("keeps a registered drug's clinical shorthand from such a reader (round 14 red team: `on HU 1000 daily + folate`, `LEV/LCM`, `IFX + AZA`)", () => {
    expect(sanitized({ medications: "['Hydroxyurea 1000 mg daily', 'Folic acid 1 mg daily']" }, "on HU 1000 daily + folate")).not.toMatch(/\bHU\b|folate/);
    expect(sanitized({ medications: "['Levetiracetam 1000 mg BID', 'Lacosamide 200 mg BID']" }, "LEV/LCM, Vimpat")).not.toMatch(/LEV|LCM|Vimpat/);
    expect(sanitized({ medications: "['Infliximab 5 mg/kg q8w', 'Azathioprine 100 mg']" }, "IFX + AZA")).not.toMatch(/IFX|AZA/);
    expect(sanitized({ medications: "['Montelukast 10 mg']" }, "LEV/LCM, IFX + AZA are other people's.")).toBe("LEV/LCM, IFX + AZA are other people's.");
  });
});
