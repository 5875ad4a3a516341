import { keyedTag } from "../../../crypto/keys.js";
import { departmentNamedLike, isDepartmentField, isOtherDepartmentName } from "../../../detect/vault/department-work.js";

/** The kind a department is pseudonymized as (`departmentPseudonym`), whatever its field was inferred as. */
export const DEPARTMENT_KIND = "department";

/** Departments written as initials (`HR`, `IT`): one stands for another of its kind. */
const ACRONYM_DEPARTMENTS: readonly string[] = ["HR", "IT", "PR", "QA", "R&D"];

/** Departments written as words, each as organisations commonly name it. */
const WORD_DEPARTMENTS: readonly string[] = [
  "Human Resources", "Information Technology", "Engineering", "Sales", "Marketing", "Finance", "Accounting", "Legal", "Operations",
  "Customer Success", "Customer Service", "Customer Support", "Product", "Product Management", "Research and Development",
  "Research & Development", "Quality Assurance", "Supply Chain", "Logistics", "Procurement", "Purchasing", "Public Relations",
  "Communications", "Business Development", "Facilities", "Compliance", "Administration", "Data Science", "Analytics",
  "Manufacturing", "Payroll", "Risk Management", "Internal Audit", "Treasury",
];

/**
 * Departments that do the same kind of work (`Finance` and `Accounting`, `Marketing` and `Public
 * Relations`): one shown for another told the real one as well as its name (round 2 red team).
 */
const KINDRED_DEPARTMENTS: ReadonlyArray<readonly string[]> = [
  ["Finance", "Accounting", "Treasury", "Payroll", "Internal Audit", "Risk Management"],
  ["Marketing", "Public Relations", "PR", "Communications", "Business Development", "Sales"],
  ["Human Resources", "HR", "Payroll", "Administration"],
  ["Information Technology", "IT", "Engineering", "Data Science", "Analytics", "Research and Development", "Research & Development", "R&D", "Product", "Product Management"],
  ["Customer Success", "Customer Service", "Customer Support"],
  ["Operations", "Supply Chain", "Logistics", "Procurement", "Purchasing", "Facilities", "Manufacturing"],
  ["Legal", "Compliance", "Risk Management", "Internal Audit"],
  ["Quality Assurance", "QA", "Engineering", "Manufacturing"],
];

const lookupKey = (name: string): string => name.toLowerCase().replace(/\s+/g, " ").trim();
const ACRONYMS: ReadonlySet<string> = new Set(ACRONYM_DEPARTMENTS.map(lookupKey));
const WORDS: ReadonlySet<string> = new Set(WORD_DEPARTMENTS.map(lookupKey));

export { departmentNamedLike, isDepartmentField, isOtherDepartmentName };

/** Whether `value` names a department of the bundled lists (`HR`, `Customer Success`, any case). */
export function isListedDepartment(value: string): boolean {
  const key = lookupKey(value);
  return ACRONYMS.has(key) || WORDS.has(key);
}

/**
 * Another department of the same shape as `registered` (initials for initials, words for words), no
 * word in common with it and of another kind of work (`KINDRED_DEPARTMENTS`), a keyed choice that the registered department always gets, in every
 * replica with the same key: `HR` reads as `QA` wherever it is written, as a pseudonym does. Null
 * for a department not listed. Not reversible: common words (`Finance`, `Sales`) written by anyone
 * would restore to the real one.
 */
export function departmentPseudonym(key: Uint8Array, registered: string): string | null {
  const own = lookupKey(registered);
  const list = ACRONYMS.has(own) ? ACRONYM_DEPARTMENTS : WORDS.has(own) ? WORD_DEPARTMENTS : null;
  if (list === null) return null;
  const kindred = new Set(KINDRED_DEPARTMENTS.filter((group) => group.some((department) => lookupKey(department) === own)).flat().map(lookupKey));
  const others = list.filter((department) => !sharesWord(department, registered) && !kindred.has(lookupKey(department)));
  return others[parseInt(keyedTag(key, `department:${own}`, 8), 16) % others.length];
}

/** Whether two departments share a word (`Customer Service` of `Customer Success`, `Research and Development` of `Business Development`): the shared word would tell the real one. */
function sharesWord(a: string, b: string): boolean {
  const words = (name: string) => lookupKey(name).replace(/&/g, " ").split(/[\s&]+/).filter((word) => word.length > 0 && word !== "and");
  const theirs = new Set(words(b));
  return words(a).some((word) => theirs.has(word));
}
