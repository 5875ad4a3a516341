/** The city of an address named alone (`lives in Nguyentown`): a quasi-identifier where its name is one few towns bear. */
import { whole, type Variant } from "./variant.js";
import { isDictionaryWord, isNameWord, lexiconTags } from "./words.js";

/** Above the policy's minimum confidence (an authorized reader keeps it), below the city with its state: the name alone is less certain. */
const CITY_CONFIDENCE = 0.6;
/** Words that call a town by what it is (`City: Springfield`, `the town of Salem`). */
const CITY_LABELS: readonly string[] = ["city", "town"];

/** Names that many US towns share (normalized; those that are also a person's name, `Franklin`, are never found alone): naming one says little about where a person lives. */
const COMMON_TOWNS: ReadonlySet<string> = new Set([
  "washington", "springfield", "greenville", "bristol", "fairview", "salem", "georgetown", "arlington", "ashland", "dover",
  "oxford", "burlington", "manchester", "newport", "auburn", "dayton", "lexington", "milford", "riverside", "cleveland",
  "centerville", "kingston", "mount vernon", "oakland", "winchester", "hudson", "jamestown", "lebanon", "woodville",
  "greenwood", "lakewood",
]);

/** A town name's opening direction or place word and its abbreviation (normalized; round 5 of the probe: `Lk Cherylside`). */
const OPENING_WORD_SHORT: ReadonlyMap<string, string> = new Map([["north", "n"], ["south", "s"], ["east", "e"], ["west", "w"], ["lake", "lk"], ["port", "pt"], ["mount", "mt"], ["fort", "ft"]]);

/** compromise lexicon tags of places anyone's text names (`Boston`, `Salt Lake City`, `New York`). */
const PLACE_TAGS: ReadonlySet<string> = new Set(["City", "Place", "Region", "Country"]);

export function isWellKnownTown(city: string): boolean {
  if (COMMON_TOWNS.has(city)) return true;
  return lexiconTags(city).some((tag) => PLACE_TAGS.has(tag));
}

/**
 * Whether a normalized city name is no phrase of ordinary text: one word that is no English word
 * (`Nguyentown`; not `Lake`), or several of which one is no English word or is a person's name
 * (`East Alexis`, `Port Chad`; not `New Hope`).
 */
function isDistinctive(city: string): boolean {
  const words = city.split(" ");
  const unusual = (word: string) => /^[a-z]{4,}$/.test(word) && !isDictionaryWord(word);
  if (words.length === 1) return unusual(city);
  return words.some((word) => unusual(word) || isNameWord(word));
}

/**
 * The city alone: by itself where it is distinctive and no well-known town; a well-known town only
 * labelled as one or beside another value of the vault (`near-label`); a person's name (`Jackson`:
 * beside a value, it reads as a person) or an ordinary word never.
 */
export function cityVariants(city: string): Variant[] {
  if (isNameWord(city)) return [];
  if (isWellKnownTown(city)) return [{ form: city, confidence: CITY_CONFIDENCE, role: "near-label", labels: CITY_LABELS }];
  if (!isDistinctive(city)) return [];
  const [first, ...rest] = city.split(" ");
  const short = OPENING_WORD_SHORT.get(first);
  if (short === undefined || rest.length === 0) return [whole(city, CITY_CONFIDENCE)];
  // A town that opens with a direction or place word is written with it shortened (`N. Brandonfort`, `Lk Cherylside`), or without it where the rest is distinctive and no person's name (session 53 probe).
  const name = rest.join(" ");
  return [whole(city, CITY_CONFIDENCE), whole(`${short} ${name}`, CITY_CONFIDENCE), ...(isDistinctive(name) && !isNameWord(name) ? [whole(name, CITY_CONFIDENCE)] : [])];
}
