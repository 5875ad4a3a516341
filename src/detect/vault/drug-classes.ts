import { WINDOW_CONFIDENCE } from "./context.js";
import type { Variant } from "./variant.js";
import { fieldNameWords } from "./words.js";

const ALLERGY_WORDS: ReadonlySet<string> = new Set(["allergy", "allergies", "allergic", "allergen", "allergens", "intolerances"]);
const MEDICATION_WORDS: ReadonlySet<string> = new Set(["medication", "medications", "meds", "drugs", "prescription", "prescriptions", "rx"]);
/** A drug with its dose (`trazodone 50 mg`, `metformin 500mg twice daily`): group 1 is the drug. */
const DOSED = /^([a-z][a-z -]*[a-z]) \d+(?:[.,]\d+)? ?(?:mg|mcg|ug|g|ml|units?|iu|meq)\b/;

/** Whether a field holds a person's allergies (`allergies`, `drug_allergies`, `knownAllergens`), by the words of its name. */
export function isAllergyField(field: string): boolean {
  return fieldNameWords(field).some((word) => ALLERGY_WORDS.has(word));
}

/**
 * What an allergy answer writes beside the allergen it avoids naming: the drug's class and its members,
 * the reaction the class is known for (`enalapril, ramipril and benazepril should also be avoided` of a
 * lisinopril allergy, `penicillins (e.g., amoxicillin)`). Normalized forms; hand-written like the
 * clinical indicators (no maintained table of drug classes is on npm).
 */
const DRUG_CLASSES: ReadonlyArray<readonly [allergens: readonly string[], indicators: readonly string[]]> = [
  [
    ["penicillin", "penicillins", "amoxicillin", "ampicillin"],
    ["penicillins", "amoxicillin", "ampicillin", "augmentin", "amoxicillin clavulanate", "dicloxacillin", "nafcillin", "piperacillin", "beta lactam", "beta lactams"],
  ],
  [
    ["sulfa", "sulfa drugs", "sulfonamide", "sulfonamides", "sulfamethoxazole", "bactrim"],
    ["sulfonamide", "sulfonamides", "sulfonamide antibiotics", "sulfamethoxazole", "trimethoprim sulfamethoxazole", "bactrim", "septra", "tmp smx", "smx tmp"],
  ],
  [
    ["codeine", "morphine", "hydrocodone", "oxycodone", "opioids"],
    ["opioid", "opioids", "opiate", "opiates", "codeine", "morphine", "hydrocodone", "oxycodone", "tramadol"],
  ],
  [
    ["lisinopril", "enalapril", "ramipril", "benazepril", "ace inhibitors"],
    ["ace inhibitor", "ace inhibitors", "lisinopril", "enalapril", "ramipril", "benazepril", "captopril", "quinapril", "angioedema"],
  ],
  [
    ["aspirin", "ibuprofen", "naproxen", "nsaids"],
    ["nsaid", "nsaids", "aspirin", "ibuprofen", "naproxen", "advil", "motrin", "aleve", "salicylate", "salicylates"],
  ],
  [
    ["cephalexin", "cephalosporins", "keflex"],
    ["cephalosporin", "cephalosporins", "cephalexin", "keflex", "cefazolin", "ceftriaxone"],
  ],
  [["shellfish"], ["shrimp", "crab", "lobster", "crustaceans", "shellfish free"]],
  [["peanuts", "peanut"], ["peanut", "peanuts", "tree nuts", "peanut oil"]],
];

/** Whether a field holds a person's medications (`medications`, `current_meds`, `prescriptions`), by the words of its name. */
export function isMedicationField(field: string): boolean {
  return fieldNameWords(field).some((word) => MEDICATION_WORDS.has(word));
}

/** A dosed drug by its name alone (`trazodone` of `trazodone 50 mg`): answers name the drug without its dose. */
export function medicationVariants(normalized: string): Variant[] {
  const drug = DOSED.exec(normalized)?.[1];
  return drug === undefined ? [] : [{ form: drug, confidence: WINDOW_CONFIDENCE, role: "indicator" }];
}

/**
 * A known allergen's class words (its plural among them: `penicillins` passed where `Penicillin` was
 * redacted), as indicators of it. Only a table's: most listed allergies are ordinary words (`notes`).
 */
export function allergyVariants(normalized: string): Variant[] {
  const forms = DRUG_CLASSES.filter(([allergens]) => allergens.includes(normalized)).flatMap(([, indicators]) => indicators);
  return [...new Set(forms)].filter((form) => form !== normalized).map((form) => ({ form, confidence: WINDOW_CONFIDENCE, role: "indicator" }));
}
