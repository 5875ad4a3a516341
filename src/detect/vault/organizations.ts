/** Company names as writers shorten them: the legal form dropped (`Mercer` of `Mercer Ltd`, `Kelly` of `Kelly & Sons`). */
import { isListedFirstName, isListedName } from "../../transform/operators/pseudonym.js";
import { SURNAME_CONFIDENCE } from "./names.js";
import { whole, type Variant } from "./variant.js";
import { isWellKnownTown } from "./cities.js";
import { fieldNameWords, isDictionaryWord, isStopword, LEGAL_FORMS } from "./words.js";

/** The legal form or trading suffix a normalized name ends in (`james group`, `kelly sons`): a company's, not a person's. */
export function legalFormOf(normalized: string): string | undefined {
  return LEGAL_FORMS.find((suffix) => normalized.endsWith(` ${suffix}`));
}

/** A name of several words without its legal form (`Skinner Woods` of `Skinner Woods LLC`): distinctive written together. */
const STEM_CONFIDENCE = 0.85;
/** Shorter one-word names (`Lee`, `Ng`) are never matched alone. */
const MIN_STEM_LENGTH = 3;

/** A firm named for its partners (Faker's `{last_name}, {last_name} and {last_name}`: `Harris, Abbott and Edwards`). */
const FIRM_OF_PARTNERS = /^(\p{Lu}\p{L}+), (\p{Lu}\p{L}+),? (?:and|&) (\p{Lu}\p{L}+)$/u;

/** A firm of two partners joined by a hyphen (Faker's `{last_name}-{last_name}`: `Lopez-Thompson`), by its first partner alone. */
const FIRM_OF_TWO = /^(\p{Lu}\p{L}+)-(\p{Lu}\p{L}+)$/u;

/**
 * Written without its `and` (`Harris, Abbott, Edwards`) or by its first two partners, as writers shorten it (`Harris, Abbott & Co.`,
 * `Harris & Abbott`), or by its first partner alone, a listed surname, under the rules of a surname alone (`Payment went to Harris.`).
 */
function firmVariants(first: string, second: string, third: string): Variant[] {
  const alone = isSurnameLike(first) ? stemAlone(first) : [];
  return [whole(`${first} ${second} ${third}`, STEM_CONFIDENCE), whole(`${first} ${second}`, STEM_CONFIDENCE), whole(`${first} and ${second}`, STEM_CONFIDENCE), ...alone];
}

/**
 * A partner's name in a firm's shape: a listed surname, or a word no dictionary lists (round 6 red team: `the Whitfield
 * charge` of `Whitfield, Crane and Obi`, `Delgado` of `Delgado-Finch`; `Post-Op` is no firm).
 */
function isSurnameLike(word: string): boolean {
  return isListedName(word) || !isDictionaryWord(word);
}

/** Whether one word can stand for the company: short words and stopwords never. */
function canStandAlone(stem: string): boolean {
  return stem.length >= MIN_STEM_LENGTH && !isStopword(stem);
}

/** One word standing for the company, under the partial-name rules of a surname alone. */
function stemAlone(stem: string): Variant[] {
  return canStandAlone(stem) ? [{ form: stem, confidence: SURNAME_CONFIDENCE, role: "surname" }] : [];
}

/** One word standing for the company, alone and followed by any legal form (`Hartwell`, `Hartwell Inc`). */
function stemForms(stem: string): Variant[] {
  return canStandAlone(stem) ? [...stemAlone(stem), ...LEGAL_FORMS.map((form) => whole(`${stem} ${form}`, STEM_CONFIDENCE))] : [];
}

/**
 * The name without its legal forms: several words as a whole form; one word (a founder's surname,
 * Faker's `{last_name} Ltd`), or the first of several that no dictionary lists, under the
 * partial-name rules of a surname alone (capitalized, not part of another name: `Mercer` counts,
 * `David Mercer` and `Perez-Mercer` do not) and with any legal form after it.
 */
export function organizationVariants(value: string, normalized: string, field = ""): Variant[] {
  const partners = FIRM_OF_PARTNERS.exec(value.trim());
  if (partners) return firmVariants(partners[1].toLowerCase(), partners[2].toLowerCase(), partners[3].toLowerCase());
  // Both partners listed surnames: `Non-Hodgkin` or `Post-Op` is no firm.
  const pair = FIRM_OF_TWO.exec(value.trim());
  if (pair && isSurnameLike(pair[1].toLowerCase()) && isSurnameLike(pair[2].toLowerCase())) return stemAlone(pair[1].toLowerCase());
  let form = legalFormOf(normalized);
  if (form === undefined) return isOrganizationField(field) ? namedOrganizationVariants(value, normalized.split(" ")) : [];
  // Each legal form and trading suffix that ends it dropped in turn, with an `and` before one (`Hartwell & Sons LLC`: `Hartwell Sons`, `Hartwell`).
  const words = normalized.split(" ");
  const variants: Variant[] = [];
  for (; form !== undefined && words.length > 1; form = legalFormOf(words.join(" "))) {
    words.pop();
    if (words.at(-1) === "and") words.pop();
    if (words.length === 0 || words.some((word) => /\d/.test(word))) return variants;
    if (words.length > 1) variants.push(whole(words.join(" "), STEM_CONFIDENCE));
    // The one word left, with a legal form other than its own too (`Hartwell LLC` of `Hartwell & Sons LLC`).
    else variants.push(...stemForms(words[0]));
  }
  // The line of business that ends it dropped too, where two words are left (session 58 probe: `Tallis Ridge` of `Tallis Ridge Apartments LP`).
  if (words.length > 2 && TRADING_NOUNS.has(words.at(-1)!)) variants.push(whole(words.slice(0, -1).join(" "), STEM_CONFIDENCE));
  // A longer name's distinctive word alone too (`Brightwater` of `Brightwater Analytics Inc.`, `Schwab` of `Charles Schwab & Co.`).
  if (words.length > 1) variants.push(...distinctiveWords(words).flatMap(stemForms));
  return variants;
}

/** Words naming a company's line of business at the end of its name, before its legal form (`Apartments`, `Logistics`). */
const TRADING_NOUNS: ReadonlySet<string> = new Set([
  "apartments", "properties", "realty", "partners", "associates", "enterprises", "industries", "logistics", "services", "solutions", "systems",
  "technologies", "capital", "ventures", "management", "construction", "consulting", "freight", "trucking", "foods", "motors", "labs",
]);

/**
 * Words of a company's name that stand for it alone: none any dictionary lists (not `General` of `General Motors`),
 * no given name (`Charles` of `Charles Schwab`) and no place (`Philadelphia`, `Texas`).
 */
function distinctiveWords(words: readonly string[]): string[] {
  return words.filter((word) => !isDictionaryWord(word) && !isListedFirstName(word) && !isWellKnownTown(word));
}

/** Field-name words of an organization (`employer`, `referring_hospital`, `client_company`, `insurer`). */
const ORGANIZATION_FIELD_WORDS: ReadonlySet<string> = new Set([
  "company", "firm", "employer", "bank", "lender", "vendor", "supplier", "insurer", "carrier", "hospital", "clinic", "pharmacy", "merchant",
  "agency", "organization", "organisation", "institution", "school", "university", "brokerage", "custodian", "payer", "payor", "practice",
  "facility", "retailer", "manufacturer", "contractor", "licensee", "licensor", "acquirer", "buyer", "seller", "counterparty", "business",
  "entity", "store",
]);

/** Whether a field holds an organization's name: its last word names one (`client_company`, `referring_hospital`), or the one before `name` (`vendor_name`, `bank_name`). */
export function isOrganizationField(field: string): boolean {
  const words = fieldNameWords(field);
  const head = words.at(-1) === "name" ? words.at(-2) : words.at(-1);
  return ORGANIZATION_FIELD_WORDS.has(head ?? "");
}

/** Initials of three or more words, written in capitals (`CHOP` of `Children's Hospital of Philadelphia`, `BOA` of `Bank of America`). */
const MIN_ORGANIZATION_INITIALS = 3;

/**
 * A name under an organization's field without a legal form (`Children's Hospital of Philadelphia`, `Parallax Data Systems`):
 * its distinctive words alone and its initials, with and without its small words (round 10 red team: `CHOP`, `Parallax`).
 */
function namedOrganizationVariants(value: string, words: readonly string[]): Variant[] {
  if (words.length < 2 || words.some((word) => /\d/.test(word))) return [];
  const variants = distinctiveWords(words).flatMap(stemAlone);
  const written = value.split(/[\s-]+/).filter((word) => /^\p{L}/u.test(word));
  const initials = new Set([written.map((word) => word[0]).join(""), written.filter((word) => /^\p{Lu}/u.test(word)).map((word) => word[0]).join("")]);
  for (const letters of initials) {
    if (letters.length >= MIN_ORGANIZATION_INITIALS) variants.push({ form: letters.toLowerCase(), confidence: STEM_CONFIDENCE, role: "acronym" });
  }
  return variants;
}
