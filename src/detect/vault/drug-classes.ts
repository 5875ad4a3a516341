import { WINDOW_CONFIDENCE } from "./context.js";
import type { Variant } from "./variant.js";
import { fieldNameWords, namesPhrase } from "./words.js";

const ALLERGY_WORDS: ReadonlySet<string> = new Set(["allergy", "allergies", "allergic", "allergen", "allergens", "intolerances"]);
const MEDICATION_WORDS: ReadonlySet<string> = new Set(["medication", "medications", "meds", "drug", "drugs", "prescription", "prescriptions", "rx"]);
/**
 * A drug with its dose (`trazodone 50 mg`, `metformin 500mg twice daily`, `Symbicort 160/4.5 mcg`): group 1 is the drug; or
 * with a strength whose percent sign normalizing dropped (`latanoprost 0.005 eye drops`): group 2.
 */
const DOSED = /^([a-z][a-z -]*[a-z]) \d+(?:[.,]\d+)?(?: \d+(?:[.,]\d+)?)? ?(?:mg|mcg|ug|g|ml|units?|iu|meq)\b|^([a-z][a-z -]*[a-z]) \d*[.,]\d+ (?=[a-z])/;
/** A dosed drug's first word shorter than this (`iron`, `zinc`) is too common to stand for it. */
const MIN_DRUG_WORD = 5;

/**
 * Brand names of common generic drugs, and pharmacy shorthand (normalized): a note names a drug either
 * way (round 9 red team: `on Singulair ... Lasix 20 ... Lovenox 40` of montelukast, furosemide,
 * enoxaparin). Hand-written like the drug classes: no maintained brand/generic table is on npm.
 */
const BRAND_NAMES: ReadonlyArray<readonly [generic: string, brands: readonly string[]]> = [
  ["montelukast", ["singulair"]], ["furosemide", ["lasix"]], ["metoprolol", ["toprol", "toprol xl", "lopressor"]], ["enoxaparin", ["lovenox"]],
  ["atorvastatin", ["lipitor"]], ["rosuvastatin", ["crestor"]], ["simvastatin", ["zocor"]], ["pravastatin", ["pravachol"]],
  ["lisinopril", ["zestril", "prinivil"]], ["amlodipine", ["norvasc"]], ["losartan", ["cozaar"]], ["valsartan", ["diovan"]], ["carvedilol", ["coreg"]],
  ["hydrochlorothiazide", ["hctz", "microzide"]], ["spironolactone", ["aldactone"]], ["metformin", ["glucophage"]], ["levothyroxine", ["synthroid", "levoxyl"]],
  ["omeprazole", ["prilosec"]], ["pantoprazole", ["protonix"]], ["esomeprazole", ["nexium"]], ["sertraline", ["zoloft"]], ["fluoxetine", ["prozac"]],
  ["escitalopram", ["lexapro"]], ["citalopram", ["celexa"]], ["bupropion", ["wellbutrin"]], ["venlafaxine", ["effexor"]], ["duloxetine", ["cymbalta"]],
  ["trazodone", ["desyrel"]], ["mirtazapine", ["remeron"]], ["alprazolam", ["xanax"]], ["lorazepam", ["ativan"]], ["clonazepam", ["klonopin"]],
  ["zolpidem", ["ambien"]], ["gabapentin", ["neurontin"]], ["pregabalin", ["lyrica"]], ["warfarin", ["coumadin"]], ["apixaban", ["eliquis"]],
  ["rivaroxaban", ["xarelto"]], ["clopidogrel", ["plavix"]], ["albuterol", ["proair", "ventolin"]], ["tiotropium", ["spiriva"]],
  ["budesonide", ["symbicort", "pulmicort"]], ["fluticasone", ["advair", "flovent", "flonase"]], ["tamsulosin", ["flomax"]], ["finasteride", ["proscar"]],
  ["insulin glargine", ["lantus", "basaglar", "toujeo"]], ["semaglutide", ["ozempic", "wegovy", "rybelsus"]], ["empagliflozin", ["jardiance"]],
  ["dapagliflozin", ["farxiga"]], ["sitagliptin", ["januvia"]], ["quetiapine", ["seroquel"]], ["aripiprazole", ["abilify"]], ["risperidone", ["risperdal"]],
  ["olanzapine", ["zyprexa"]], ["lamotrigine", ["lamictal"]], ["levetiracetam", ["keppra"]], ["topiramate", ["topamax"]], ["lithium", ["lithobid"]],
  ["divalproex", ["depakote"]], ["methylphenidate", ["ritalin", "concerta"]], ["lisdexamfetamine", ["vyvanse"]], ["guanfacine", ["intuniv", "tenex"]],
  ["oxycodone", ["oxycontin", "roxicodone"]], ["hydrocodone", ["vicodin", "norco"]], ["tramadol", ["ultram"]], ["cyclobenzaprine", ["flexeril"]],
  ["meloxicam", ["mobic"]], ["celecoxib", ["celebrex"]], ["methotrexate", ["mtx", "trexall"]], ["adalimumab", ["humira"]], ["etanercept", ["enbrel"]],
  ["donepezil", ["aricept"]], ["memantine", ["namenda"]], ["allopurinol", ["zyloprim"]], ["valacyclovir", ["valtrex"]], ["azithromycin", ["zithromax", "z pak"]],
  ["amoxicillin", ["amoxil"]], ["ciprofloxacin", ["cipro"]], ["levofloxacin", ["levaquin"]], ["doxycycline", ["vibramycin"]], ["prednisone", ["deltasone"]],
  ["buprenorphine", ["suboxone", "subutex"]], ["naltrexone", ["vivitrol"]], ["emtricitabine", ["truvada", "descovy"]], ["bictegravir", ["biktarvy"]],
  // Round 14 red team: the clinic's shorthand and brands of a registered list (`on HU 1000 daily + folate`, `LEV/LCM`, `IFX + AZA`, `bup/nal 16/4`).
  ["hydroxyurea", ["hu", "hydrea", "droxia", "siklos"]], ["folic acid", ["folate"]], ["lacosamide", ["lcm", "vimpat"]], ["levetiracetam", ["lev"]],
  ["infliximab", ["ifx", "remicade", "inflectra"]], ["azathioprine", ["aza", "imuran"]], ["buprenorphine naloxone", ["bup nal", "suboxone", "zubsolv"]],
  ["ocrelizumab", ["ocrevus"]], ["dimethyl fumarate", ["dmf", "tecfidera"]], ["morphine", ["mso4", "ms contin"]], ["hydromorphone", ["dilaudid"]],
  ["carbamazepine", ["cbz", "tegretol"]], ["oxcarbazepine", ["oxc", "trileptal"]], ["phenytoin", ["dilantin"]], ["natalizumab", ["tysabri"]],
  ["fingolimod", ["gilenya"]], ["mesalamine", ["lialda", "asacol", "pentasa"]], ["ustekinumab", ["stelara"]], ["vedolizumab", ["entyvio"]],
  // Session 58: the chart's abbreviations of common list members (`continue ASA 81 mg and KCl 20 mEq`).
  ["aspirin", ["asa", "ecasa"]], ["potassium chloride", ["kcl", "klor con"]], ["acetaminophen", ["apap", "tylenol"]], ["nitroglycerin", ["ntg", "nitrostat"]],
  ["magnesium sulfate", ["mgso4"]], ["sodium bicarbonate", ["nahco3"]], ["ibuprofen", ["advil", "motrin"]], ["naproxen", ["aleve", "naprosyn"]],
];

/** What a patient-facing note calls any drug for blood pressure (round 2 of the probe: `two BP meds`). */
const BLOOD_PRESSURE_MEDICINE = ["blood pressure medication", "blood pressure medicine", "blood pressure meds", "blood pressure pill", "bp meds", "bp medication"];

/**
 * The class a common drug is named by instead of its name (`a statin`, `her SSRI`, `CCB continued`): a summary that generalizes a
 * registered drug still tells it (session 53 probe; round 2: lay names, `a cholesterol pill`, `an acid reducer`). Normalized forms;
 * hand-written like the brand names.
 */
const MEDICATION_CLASSES: ReadonlyArray<readonly [generics: readonly string[], classes: readonly string[]]> = [
  [["atorvastatin", "rosuvastatin", "simvastatin", "pravastatin", "lovastatin"], ["statin", "statins", "statin therapy", "cholesterol medication", "cholesterol medicine", "cholesterol pill", "cholesterol drug", "cholesterol meds"]],
  [["lisinopril", "enalapril", "ramipril", "benazepril", "captopril", "quinapril"], ["ace inhibitor", "ace inhibitors", "acei", ...BLOOD_PRESSURE_MEDICINE]],
  [["losartan", "valsartan", "irbesartan", "olmesartan", "telmisartan"], ["arb", "arbs", "angiotensin receptor blocker", "angiotensin receptor blockers", ...BLOOD_PRESSURE_MEDICINE]],
  [["sertraline", "fluoxetine", "escitalopram", "citalopram", "paroxetine"], ["ssri", "ssris", "antidepressant", "antidepressants", "depression medication"]],
  [["venlafaxine", "duloxetine", "desvenlafaxine"], ["snri", "snris", "antidepressant", "antidepressants"]],
  [["omeprazole", "pantoprazole", "esomeprazole", "lansoprazole", "rabeprazole"], ["ppi", "ppis", "proton pump inhibitor", "proton pump inhibitors", "acid reducer", "acid reflux medication", "reflux medication"]],
  [["metoprolol", "atenolol", "carvedilol", "propranolol", "bisoprolol"], ["beta blocker", "beta blockers", ...BLOOD_PRESSURE_MEDICINE]],
  [["amlodipine", "nifedipine", "diltiazem", "verapamil"], ["calcium channel blocker", "calcium channel blockers", "ccb", "ccbs", ...BLOOD_PRESSURE_MEDICINE]],
  [["gabapentin", "pregabalin"], ["gabapentinoid", "anticonvulsant", "anticonvulsants", "nerve pain medication", "nerve pain medicine"]],
  [["metformin"], ["biguanide", "diabetes medication", "diabetes medicine", "diabetes pill", "diabetes meds"]],
  [["levothyroxine"], ["thyroid hormone", "thyroid replacement"]],
  [["hydrochlorothiazide", "chlorthalidone", "furosemide"], ["diuretic", "diuretics", "water pill"]],
  [["alprazolam", "lorazepam", "clonazepam", "diazepam"], ["benzodiazepine", "benzodiazepines", "benzo", "benzos"]],
  [["warfarin", "apixaban", "rivaroxaban"], ["anticoagulant", "anticoagulants", "blood thinner", "blood thinners"]],
];

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
    ["pcn", "penicillins", "amoxicillin", "ampicillin", "augmentin", "amoxicillin clavulanate", "dicloxacillin", "nafcillin", "piperacillin", "beta lactam", "beta lactams"],
  ],
  [
    ["sulfa", "sulfa drugs", "sulfonamide", "sulfonamides", "sulfamethoxazole", "bactrim"],
    ["sulfa", "sulfa drugs", "sulfonamide", "sulfonamides", "sulfonamide antibiotics", "sulfamethoxazole", "trimethoprim sulfamethoxazole", "bactrim", "septra", "tmp smx", "smx tmp"],
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

/** A dosed drug by its name alone (`trazodone` of `trazodone 50 mg`) and by its other names (`desyrel`): answers name the drug without its dose. */
export function medicationVariants(normalized: string): Variant[] {
  const dosed = DOSED.exec(normalized);
  const drug = dosed?.[1] ?? dosed?.[2];
  // The drug's other names, whether the value names it by its generic or by its brand (`montelukast` <-> `singulair`).
  const named = (name: string) => namesPhrase(drug ?? normalized, name);
  const listed = BRAND_NAMES.filter(([generic, brands]) => named(generic) || brands.some(named));
  const others = listed.flatMap(([generic, brands]) => [generic, ...brands]);
  const generics = new Set([drug ?? normalized, ...others]);
  others.push(...MEDICATION_CLASSES.filter(([members]) => members.some((member) => generics.has(member))).flatMap(([, classes]) => classes));
  // Its first word alone too (`morphine` of `Morphine sulfate ER 30 mg`: round 12 red team), a drug's name, not a salt or a release form.
  const first = drug?.split(" ")[0];
  const forms = new Set([...(drug === undefined ? [] : [drug]), ...(first !== undefined && first !== drug && first.length >= MIN_DRUG_WORD ? [first] : []), ...others.filter((name) => name !== normalized)]);
  // Its generic names as other languages spell them; brands are not respelled.
  for (const generic of [drug ?? normalized, ...listed.map(([generic]) => generic)]) for (const spelled of romanceSpellings(generic)) forms.add(spelled);
  return [...forms].map((form) => ({ form, confidence: WINDOW_CONFIDENCE, role: "indicator" }));
}

/** Shortest drug name spelled the Romance languages' way: a shorter one so spelled is too often a word. */
const MIN_ROMANCE_DRUG = 6;

/**
 * A one-word drug's names in Spanish, Italian, Portuguese and French (session 58 probe: `Metformina`, `bisoprololo`, `pénicilline`
 * of Metformin, Bisoprolol, Penicillin): an ending vowel added, or its final `e` as `a` or `o` (`amlodipino` of amlodipine).
 */
function romanceSpellings(drug: string): string[] {
  if (drug.length < MIN_ROMANCE_DRUG || !/^[a-z]+$/.test(drug)) return [];
  return drug.endsWith("e") ? [`${drug.slice(0, -1)}a`, `${drug.slice(0, -1)}o`] : [`${drug}a`, `${drug}o`, `${drug}e`];
}

/**
 * A known allergen's class words (its plural among them: `penicillins` passed where `Penicillin` was
 * redacted), as indicators of it. Only a table's: most listed allergies are ordinary words (`notes`).
 */
export function allergyVariants(normalized: string): Variant[] {
  const classes = DRUG_CLASSES.filter(([allergens]) => allergens.includes(normalized));
  // A known allergen's own name as other languages spell it (`pénicilline`); most listed allergies are words (`detail`), not respelled.
  const forms = [...classes.flatMap(([, indicators]) => indicators), ...(classes.length > 0 ? romanceSpellings(normalized) : [])];
  return [...new Set(forms)].filter((form) => form !== normalized).map((form) => ({ form, confidence: WINDOW_CONFIDENCE, role: "indicator" }));
}
