import { SeededRandom } from "../agents/seeded-random.js";
import { classifyValue, NAME_PATTERN, NAME_SUFFIX, NAME_TITLE, valueItems } from "../agents/value-kinds.js";
import { FIRST_NAMES } from "../transform/operators/names/first-names.js";
import { SURNAMES } from "../transform/operators/names/surnames.js";

/** Small pools for free-text values that have no digit structure to vary (names come from the pseudonymizer's lists). */
const STREETS = ["Maple", "Cedar", "Willow", "Harbor", "Sunset", "Ridge", "Lakeview", "Orchard"];
const POOLS: ReadonlyArray<{ fieldPattern: RegExp; values: readonly string[] }> = [
  { fieldPattern: /diagnos|condition|complaint|assessment|hiv|psychiatric/, values: ["Type 2 Diabetes", "Hypertension Stage 1", "Chronic Migraine", "Asthma", "Major Depressive Disorder", "Rheumatoid Arthritis", "Hypothyroidism", "Atrial Fibrillation"] },
  { fieldPattern: /medication|prescription/, values: ["Metformin", "Lisinopril", "Sertraline", "Levothyroxine", "Albuterol", "Gabapentin", "Warfarin", "Prednisone"] },
  { fieldPattern: /allerg/, values: ["Latex", "Peanuts", "Aspirin", "Codeine", "Shellfish", "Iodine"] },
  { fieldPattern: /department|title|position/, values: ["Finance", "Operations", "Legal", "Sales", "Research", "Customer Support"] },
  { fieldPattern: /case_type/, values: ["criminal", "family", "corporate", "employment", "immigration", "civil"] },
  { fieldPattern: /status|background/, values: ["pending", "closed", "active", "resolved", "under review", "escalated"] },
];
const NOTES = [
  "Client disclosed a prior bankruptcy filing",
  "Pending internal review of conduct complaint",
  "Negotiate settlement below the insurer's first offer",
  "Patient reported medication non-adherence",
  "Account flagged for unusual overseas transfers",
  "Witness statement contradicts the police report",
  "Employee placed on performance improvement plan",
  "Referral to cardiology recommended after stress test",
];

/** A pool item other than `avoid`, capitalised like it. */
function differentPick(rng: SeededRandom, pool: readonly string[], avoid: string): string {
  const choice = rng.pick(pool.filter((item) => item.toLowerCase() !== avoid.toLowerCase()));
  return /^[A-Z]/.test(avoid) ? choice[0].toUpperCase() + choice.slice(1) : choice.toLowerCase();
}

function neighbourName(value: string, rng: SeededRandom): string {
  const title = NAME_TITLE.exec(value)?.[0] ?? "";
  const suffix = NAME_SUFFIX.exec(value)?.[0] ?? "";
  const words = value.slice(title.length, value.length - suffix.length).trim().split(/\s+/);
  const surname = differentPick(rng, SURNAMES, words[words.length - 1]);
  if (words.length === 1) return `${title}${surname}${suffix}`;
  return `${title}${differentPick(rng, FIRST_NAMES, words[0])} ${surname}${suffix}`;
}

function neighbourSsn(rng: SeededRandom): string {
  let area = rng.int(1, 899);
  if (area === 666) area = 667;
  return `${String(area).padStart(3, "0")}-${String(rng.int(1, 99)).padStart(2, "0")}-${String(rng.int(1, 9999)).padStart(4, "0")}`;
}

function neighbourIsoDate(value: string, rng: SeededRandom): string {
  const shiftDays = rng.int(1, 365) * (rng.chance(0.5) ? 1 : -1);
  const date = new Date(`${value}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + shiftDays);
  return date.toISOString().slice(0, 10);
}

function neighbourNumber(value: string, rng: SeededRandom): string {
  const decimals = value.split(".")[1]?.length ?? 0;
  const base = Number(value);
  const factor = 1 + (rng.chance(0.5) ? 1 : -1) * (0.02 + rng.next() * 0.13);
  const shifted = base === 0 ? rng.int(1, 9) : base * factor;
  return shifted.toFixed(decimals);
}

/**
 * Replaces every digit (and, when `letters` is set, every letter) by a random one of the same
 * class, keeping separators, length, case and a leading "+<country code>".
 */
function substituteCharacters(value: string, rng: SeededRandom, letters: boolean): string {
  const countryCode = /^\+\d{1,3}(?=[\s-])/.exec(value)?.[0] ?? "";
  const rest = value.slice(countryCode.length).replace(/[0-9A-Za-z]/g, (char, offset: number) => {
    if (/\d/.test(char)) return String(offset === 0 && char !== "0" ? rng.int(1, 9) : rng.int(0, 9));
    if (!letters) return char;
    const letter = String.fromCharCode(65 + rng.int(0, 25));
    return char === char.toUpperCase() ? letter : letter.toLowerCase();
  });
  return countryCode + rest;
}

function neighbourCanary(value: string, rng: SeededRandom): string {
  const cut = value.lastIndexOf("_") + 1;
  return value.slice(0, cut) + substituteCharacters(value.slice(cut), rng, true);
}

function neighbourAddress(value: string, rng: SeededRandom): string {
  const digitsChanged = substituteCharacters(value, rng, false);
  return digitsChanged.replace(/^(\d+\s+)([A-Z][a-z]+)/, (_m, number: string, street: string) => number + differentPick(rng, STREETS, street));
}

function neighbourEmail(value: string, rng: SeededRandom): string {
  const domain = value.slice(value.indexOf("@"));
  return `${rng.pick(FIRST_NAMES).toLowerCase()}.${rng.pick(SURNAMES).toLowerCase()}${rng.int(1, 99)}${domain}`;
}

function neighbourText(field: string, value: string, rng: SeededRandom): string {
  const pool = POOLS.find((p) => p.fieldPattern.test(field.toLowerCase()))?.values ?? NOTES;
  const items = valueItems(value);
  if (items.length > 1 && !/^[[{]/.test(value.trim())) {
    const names = items.every((item) => NAME_PATTERN.test(item));
    return items.map((item) => (names ? neighbourName(item, rng) : differentPick(rng, pool, item))).join(", ");
  }
  return differentPick(rng, pool, value);
}

function candidate(field: string, value: string, rng: SeededRandom): string {
  switch (classifyValue(field, value)) {
    case "name":
      return neighbourName(value, rng);
    case "ssn":
      return /^\d{3}-\d{2}-\d{4}$/.test(value) ? neighbourSsn(rng) : substituteCharacters(value, rng, false);
    case "date":
      return /^\d{4}-\d{2}-\d{2}$/.test(value) ? neighbourIsoDate(value, rng) : substituteCharacters(value, rng, false);
    case "amount":
    case "score":
      return neighbourNumber(value, rng);
    case "email":
      return neighbourEmail(value, rng);
    case "address":
      return neighbourAddress(value, rng);
    case "canary":
      return neighbourCanary(value, rng);
    case "phone":
    case "id":
    case "account":
      return substituteCharacters(value, rng, false);
    case "contextual":
      return neighbourText(field, value, rng);
  }
}

/**
 * A neighbouring value for the paired trajectory tau' (paper section 4.1): same kind and
 * format as `value` (another SSN, date, name, amount...) but different, deterministic in `seed`.
 */
export function neighbourValue(field: string, value: string, seed: string | number): string {
  const rng = SeededRandom.from("neighbour", seed, field, value);
  for (let attempt = 0; attempt < 16; attempt++) {
    const next = candidate(field, value.trim(), rng);
    if (next !== value.trim()) return next;
  }
  throw new Error(`no neighbouring value found for field "${field}"`);
}
