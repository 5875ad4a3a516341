/** Postal addresses as writers shorten them (`1234 Elm St.`, the street line alone, city + state + ZIP, the city alone). */
import streetTypes from "street-types";
import { cityVariants } from "./cities.js";
import { YEAR_LIKE } from "./dates.js";
import { normalizeValue } from "./normalize.js";
import { whole, type Variant } from "./variant.js";
import { isDictionaryWord, isNameWord } from "./words.js";
import { isListedName } from "../../transform/operators/pseudonym.js";

const STREET_LINE_CONFIDENCE = 0.9;
const LOCALITY_CONFIDENCE = 0.8;
/** The street without its house number (`Ayers Circles`): a street many people live on. */
const STREET_NAME_CONFIDENCE = 0.6;
/** City and state without the ZIP (`Nguyentown, FL`): the town a person lives in, which another person's text can name too. */
const CITY_STATE_CONFIDENCE = 0.7;
/** The ZIP with its state (`FL 96861`) or its label (`ZIP 96861`): an area of thousands of households. */
const ZIP_CONFIDENCE = 0.7;
/** The house number and the street's first word (`587 Ayers`): less than the street line, more than the street's name. */
const HOUSE_NUMBER_CONFIDENCE = 0.8;
/** Words that say a number is a ZIP (`ZIP code: 96861`, `postal code 96861`): a five-digit number alone may be anything. */
const ZIP_LABELS: readonly string[] = ["zip", "zipcode", "postal", "postcode"];

/** USPS unit and directional abbreviations (Publication 28), normalized: either form may be written. */
const ABBREVIATIONS: ReadonlyArray<readonly [string, string]> = [
  ["apartment", "apt"], ["suite", "ste"], ["building", "bldg"], ["floor", "fl"],
  ["north", "n"], ["south", "s"], ["east", "e"], ["west", "w"],
];
const LONG_FORM = new Map(ABBREVIATIONS.map(([long, short]) => [short, long]));
const SHORT_FORM = new Map(ABBREVIATIONS);

/** A street suffix (USPS Publication 28, C1, from `street-types`) by any of its written forms: its name and standard abbreviation, normalized (`brook`, `brk`). */
const STREET_TYPES: ReadonlyMap<string, { long: string; short: string }> = new Map(
  streetTypes.flatMap(({ suffix, abbrs, standardAbbr }) => {
    const type = { long: suffix.trim().toLowerCase(), short: standardAbbr.trim().toLowerCase() };
    return [...abbrs, suffix, standardAbbr].map((form) => [form.trim().toLowerCase(), type] as const);
  }),
);

/** Unit designators (normalized; `#` is a separator, so `#862` reads as the bare number). */
const UNIT_WORDS = new Set(["apt", "apartment", "suite", "ste", "unit", "room", "rm", "bldg", "building", "fl", "floor"]);
/** How a unit is written after the street: bare (`#862`), or with one of these words. */
const UNIT_FORMS = ["", "apt", "apartment", "suite", "ste", "unit"];

/** USPS state and territory codes, normalized, with the name: writers spell the state out as often as not. */
const STATES = new Map(
  Object.entries({
    al: "alabama", ak: "alaska", az: "arizona", ar: "arkansas", ca: "california", co: "colorado", ct: "connecticut", de: "delaware",
    dc: "district of columbia", fl: "florida", ga: "georgia", hi: "hawaii", id: "idaho", il: "illinois", in: "indiana", ia: "iowa",
    ks: "kansas", ky: "kentucky", la: "louisiana", me: "maine", md: "maryland", ma: "massachusetts", mi: "michigan", mn: "minnesota",
    ms: "mississippi", mo: "missouri", mt: "montana", ne: "nebraska", nv: "nevada", nh: "new hampshire", nj: "new jersey",
    nm: "new mexico", ny: "new york", nc: "north carolina", nd: "north dakota", oh: "ohio", ok: "oklahoma", or: "oregon",
    pa: "pennsylvania", ri: "rhode island", sc: "south carolina", sd: "south dakota", tn: "tennessee", tx: "texas", ut: "utah",
    vt: "vermont", va: "virginia", wa: "washington", wv: "west virginia", wi: "wisconsin", wy: "wyoming", pr: "puerto rico",
    as: "american samoa", fm: "federated states of micronesia", gu: "guam", mh: "marshall islands", mp: "northern mariana islands",
    pw: "palau", vi: "virgin islands",
  }),
);

/** The street line without its unit (`466 winters brook` of `466 winters brook apt 862`) and the unit's number, or null. */
/** A street line's first part that is its unit (`apt 4c`, `unit 12`, `suite 300`). */
const UNIT_FIRST = /^(?:apt|apartment|unit|suite|ste|no)\s\S+$/;

function splitUnit(street: string): { base: string; unit: string } | null {
  const words = street.split(" ");
  const at = words.findIndex((word, index) => index > 1 && UNIT_WORDS.has(word));
  if (at === -1 || at === words.length - 1) return null;
  return { base: words.slice(0, at).join(" "), unit: words.slice(at + 1).join(" ") };
}

/**
 * The street named without its house number (`ayers circles` of `587 ayers circles`, the street
 * line without its unit), in its spellings, where a word of its name is no ordinary word (`Ayers`; not `Main Street`,
 * `Winters Brook`: anyone's street) and its suffix is no name (`Daniel Glen`, `Karen Hill` read as
 * people).
 */
function streetNames(base: string): string[] {
  const words = base.split(" ");
  if (!/^\d+$/.test(words[0] ?? "") || words.length < 3) return [];
  const name = words.slice(1);
  const suffix = name.findLastIndex((word) => STREET_TYPES.has(word));
  const suffixName = suffix === -1 ? undefined : STREET_TYPES.get(name[suffix])!.long;
  if (suffixName === undefined) return [];
  const naming = name.filter((word, index) => index !== suffix && !LONG_FORM.has(word) && !SHORT_FORM.has(word));
  // A name's suffix after a first name reads as a person (`Daniel Glen`, `Karen Hill`); after another word it is a street (`Wexford Lane`).
  if ((isNameWord(suffixName) || isListedName(suffixName)) && naming.some((word) => isNameWord(word) || isListedName(word))) return [];
  // Round 12 red team: ordinary words name a street too (`Linden Avenue`, `Cobblestone Way`, `Larkspur Ct`), but for the commonest.
  const named = naming.some((word) => word.length >= 4 && /^[a-z]+$/.test(word) && (!isDictionaryWord(word) || !COMMON_STREET_WORDS.has(word)));
  return named ? spellings(name.join(" ")) : [];
}

/** Words of so many towns' streets that the street alone names no one's (`Main Street`, `Park Avenue`, `Lake Drive`). */
const COMMON_STREET_WORDS: ReadonlySet<string> = new Set(["main", "park", "lake", "hill", "high", "church", "center", "centre", "market", "spring", "ridge", "river", "broad", "maple", "cedar", "pine", "elm", "oak", "washington", "lincoln", "jefferson", "franklin", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "north", "south", "east", "west", "state", "school", "mill", "forest", "sunset", "highland", "view", "meadow", "valley", "college", "university", "railroad", "water", "bridge", "union", "front", "green", "walnut", "willow", "cherry", "chestnut", "spruce", "poplar", "birch", "ash", "dogwood", "magnolia", "lakeview", "hillside", "country", "club", "airport", "industrial", "commerce", "mountain", "summit", "orchard", "garden", "grove", "madison", "adams", "jackson", "monroe", "wilson"]);

/** A house number long enough that, before the street's word, it counts nothing (`1142 Orchard`, not `12 Lake`). */
const LONG_HOUSE_NUMBER = /^\d{3,}$/;

/**
 * The house number with the first word of the street's name (`587 ayers` of `587 ayers circles`),
 * in its spellings, where that word is no ordinary word (not `466 winters`, `12 Lake`: a count of
 * things) or, capitalized, follows three digits or more (`1142 Orchard`: round 10 red team), and the number no year.
 */
function numberedFirstWords(base: string): Variant[] {
  const words = base.split(" ");
  const at = words.findIndex((word, index) => index > 0 && !LONG_FORM.has(word) && !SHORT_FORM.has(word));
  if (!/^\d+$/.test(words[0] ?? "") || YEAR_LIKE.test(words[0]) || at === -1 || at === words.length - 1 || !/^[a-z]{3,}$/.test(words[at])) return [];
  const ordinary = isDictionaryWord(words[at]);
  if (ordinary && !LONG_HOUSE_NUMBER.test(words[0])) return [];
  // An ordinary word counts only capitalized, as a street's name is written (`1142 Orchard`, not `466 winters of history`).
  return spellings(words.slice(0, at + 1).join(" ")).map((form) => ({ ...whole(form, HOUSE_NUMBER_CONFIDENCE), capitalized: ordinary || undefined }));
}

interface Locality {
  city: string;
  code: string;
  state: string;
  zip: string;
}

/** City, state (code and name) and ZIP of the parts after the street line (`east alexis`, `al 35871`); null for no US locality (`dpo ap 56557`). */
function parseLocality(rest: string[]): Locality | null {
  const last = /^([a-z]{2}) (\d{5}(?: \d{4})?)$/.exec(rest[rest.length - 1]);
  const state = last ? STATES.get(last[1]) : undefined;
  if (!last || !state || rest.length < 2) return null;
  return { city: rest.slice(0, -1).join(" "), code: last[1], state, zip: last[2] };
}

/**
 * The locality as written (`east alexis al 35871`) and with the state spelled out; with labels
 * (`city east alexis state al zip 35871`: a form, a JSON record); and without its ZIP, the city with
 * the state's code or name (`east alexis al`, `east alexis alabama`).
 */
function localities(rest: string[], locality: Locality | null): { places: string[]; towns: string[] } {
  const written = rest.join(" ");
  if (locality === null) return { places: [written], towns: [] };
  const { city, code, state, zip } = locality;
  return {
    places: [written, `${city} ${state} ${zip}`, `city ${city} state ${code} zip ${zip}`, `city ${city} state ${state} zip ${zip}`, `city ${city} state ${code} zip code ${zip}`],
    towns: [`${city} ${code}`, `${city} ${state}`],
  };
}

/**
 * A normalized street line as written, with its directionals and units long and short, and with its
 * street suffix (the last word that is one: `park` of `lake park drive` is a name) as its USPS name
 * or standard abbreviation, or as the singular's where the suffix is a plural (`ayers cir` of
 * `Ayers Circles`: writers shorten to the common form).
 */
function spellings(line: string): string[] {
  const words = line.split(" ");
  const lists = [words, words.map((word) => LONG_FORM.get(word) ?? word), words.map((word) => SHORT_FORM.get(word) ?? word)];
  const at = words.findLastIndex((word, index) => index > 0 && STREET_TYPES.has(word));
  if (at === -1) return [...new Set(lists.map((list) => list.join(" ")))];
  const type = STREET_TYPES.get(words[at])!;
  const singular = type.long.endsWith("s") ? STREET_TYPES.get(type.long.slice(0, -1)) : undefined;
  const suffixes = [words[at], type.long, type.short, ...(singular ? [singular.long, singular.short] : [])];
  return [...new Set(lists.flatMap((list) => suffixes.map((suffix) => list.with(at, suffix).join(" "))))];
}

/** The locality's parts named apart: state and ZIP (`fl 96861`, `florida 96861`), the ZIP after its label, the city alone. */
function localityParts({ city, code, state, zip }: Locality): Variant[] {
  // A ZIP+4 written as its five digits too (`ZIP 83714` of `83714-2209`: round 10 red team).
  return [...new Set([zip, zip.slice(0, 5)])].flatMap((digits): Variant[] => [
    whole(`${code} ${digits}`, ZIP_CONFIDENCE),
    whole(`${state} ${digits}`, ZIP_CONFIDENCE),
    { form: digits, confidence: ZIP_CONFIDENCE, role: "near-label", labels: ZIP_LABELS },
  ]).concat(cityVariants(city));
}

/**
 * Forms of an address (`1234 Elm Street, Springfield, IL 62704`): the whole with its street
 * suffixes long or short, also without the ZIP or the state, the street line alone when it holds a
 * house number (with its unit, and without it), city, state and ZIP together (the state as a code
 * or spelled out, or labelled), city and state without the ZIP, state and ZIP, the ZIP after its
 * label, the city alone, the house number with the street's first word, and the unit by its word and number.
 */
export function addressVariants(value: string): Variant[] {
  const parts = value.split(/[,\n]/).map(normalizeValue).filter((part) => part !== "");
  if (parts.length === 0) return [];
  // A unit written first (`Apt 4C, 1187 Linden Avenue, ...`: round 12 red team) goes after its street line, as splitUnit reads it.
  if (parts.length > 1 && UNIT_FIRST.test(parts[0]) && /^\d/.test(parts[1])) parts.splice(0, 2, `${parts[1]} ${parts[0]}`);
  const [street, ...rest] = parts;
  const locality = rest.length > 0 ? parseLocality(rest) : null;
  const { places, towns } = rest.length > 0 ? localities(rest, locality) : { places: [], towns: [] };
  // The street line before the city alone too (`466 Winters Brook #862, East Alexis`): one span, whatever the city's name.
  const after = [...places, ...towns, ...(locality ? [locality.city] : [])];
  // The street line as registered, and, for one with a unit, without it and with the unit written another way (`#862`, `Unit 862`).
  const unit = splitUnit(street);
  const lines = unit ? [street, unit.base, ...UNIT_FORMS.map((word) => `${unit.base} ${word} ${unit.unit}`.replace("  ", " "))] : [street];
  const variants: Variant[] = [];
  for (const line of new Set(lines.flatMap(spellings))) {
    for (const place of after) variants.push(whole(`${line} ${place}`, STREET_LINE_CONFIDENCE));
    if (/\d/.test(line) && line.includes(" ")) variants.push(whole(line, STREET_LINE_CONFIDENCE));
  }
  if (rest.length >= 2 && /\d/.test(rest.join(" "))) for (const place of places) variants.push(whole(place, LOCALITY_CONFIDENCE));
  for (const town of towns) variants.push(whole(town, CITY_STATE_CONFIDENCE));
  for (const name of streetNames(unit?.base ?? street)) variants.push(whole(name, STREET_NAME_CONFIDENCE));
  variants.push(...numberedFirstWords(unit?.base ?? street));
  // The unit alone by its word and number (round 5 of the probe: `Suite 402 on Bianca Trail` kept the suite with the street redacted).
  if (unit && /\d/.test(unit.unit)) for (const word of UNIT_FORMS) if (word !== "") variants.push(whole(`${word} ${unit.unit}`, STREET_NAME_CONFIDENCE));
  if (locality) variants.push(...localityParts(locality));
  return variants;
}
