/** Postal addresses as writers shorten them (`1234 Elm St.`, the street line alone, city + state + ZIP). */
import { normalizeValue } from "./normalize.js";
import { whole, type Variant } from "./variant.js";

const STREET_LINE_CONFIDENCE = 0.9;
const LOCALITY_CONFIDENCE = 0.8;

/** USPS street-suffix and unit abbreviations (Publication 28), normalized: either form may be written. */
const ABBREVIATIONS: ReadonlyArray<readonly [string, string]> = [
  ["street", "st"], ["avenue", "ave"], ["road", "rd"], ["boulevard", "blvd"], ["drive", "dr"], ["lane", "ln"],
  ["court", "ct"], ["place", "pl"], ["terrace", "ter"], ["parkway", "pkwy"], ["highway", "hwy"], ["circle", "cir"],
  ["square", "sq"], ["apartment", "apt"], ["suite", "ste"], ["building", "bldg"], ["floor", "fl"],
  ["north", "n"], ["south", "s"], ["east", "e"], ["west", "w"],
];
const LONG_FORM = new Map(ABBREVIATIONS.map(([long, short]) => [short, long]));
const SHORT_FORM = new Map(ABBREVIATIONS);

/** A normalized street line with every suffix written long, and with every one written short. */
function spellings(line: string): string[] {
  const words = line.split(" ");
  return [...new Set([line, words.map((word) => LONG_FORM.get(word) ?? word).join(" "), words.map((word) => SHORT_FORM.get(word) ?? word).join(" ")])];
}

/**
 * Forms of an address (`1234 Elm Street, Springfield, IL 62704`): the whole with its street
 * suffixes long or short, the street line alone when it holds a house number, and city, state and
 * ZIP together.
 */
export function addressVariants(value: string): Variant[] {
  const parts = value.split(/[,\n]/).map(normalizeValue).filter((part) => part !== "");
  if (parts.length === 0) return [];
  const [street, ...rest] = parts;
  const locality = rest.join(" ");
  const variants: Variant[] = [];
  for (const line of spellings(street)) {
    if (locality !== "") variants.push(whole(`${line} ${locality}`, STREET_LINE_CONFIDENCE));
    if (/\d/.test(line) && line.includes(" ")) variants.push(whole(line, STREET_LINE_CONFIDENCE));
  }
  if (rest.length >= 2 && /\d/.test(locality)) variants.push(whole(locality, LOCALITY_CONFIDENCE));
  return variants;
}
