import { readFileSync } from "node:fs";
import nlp from "compromise";
import wordListPath from "word-list";
import { eng as englishStopwords } from "stopword";

/** Honorifics written before a surname (`Ms. Walker`); normalized (no dot). */
export const TITLES: readonly string[] = [
  "mr", "mrs", "ms", "miss", "mx", "dr", "prof", "professor", "doctor", "sir", "madam", "attorney", "judge", "hon", "rev",
  // Immigration and administrative law judges (`IJ Patricia Oyelaran`: round 10 red team, `IJ` had been her first name).
  "ij", "alj",
  // Other languages' courtesy titles, normalized (`Señora` reads `senora`, `Mme` and `Herr` as written).
  "senor", "senora", "senorita", "sra", "srta", "mme", "mlle", "madame", "monsieur", "herr", "frau",
  // Clergy and officers (round 15 red team: `Pastor Ho` had been read as a first name and replaced, `Ho` kept).
  "pastor", "reverend", "fr", "rabbi", "imam", "officer", "detective", "sgt", "sergeant", "lt", "capt", "captain",
];

/** Legal forms and trading suffixes that end a company's name, normalized (`& Sons` normalizes to `sons`). */
export const LEGAL_FORMS: readonly string[] = [
  "ltd", "limited", "llc", "inc", "incorporated", "plc", "corp", "corporation", "co", "company", "group", "holdings",
  "gmbh", "ag", "llp", "lp", "sons", "daughters", "grp", "hldgs", "bros",
];

/** Name suffixes dropped before matching (`Dwayne Sanchez MD` ~ `Dwayne Sanchez`); normalized. */
export const NAME_SUFFIXES: ReadonlySet<string> = new Set([
  "jr", "sr", "ii", "iii", "iv", "v", "md", "phd", "dds", "dmd", "esq", "cpa", "rn", "np", "dvm", "do", "pa", "ret",
]);

const STOPWORDS: ReadonlySet<string> = new Set(englishStopwords);

/** Whether normalized text holds `phrase` as whole words (`back pain` in `chronic back pain`, not `pain` in `painful`). */
export function namesPhrase(normalized: string, phrase: string): boolean {
  return ` ${normalized} `.includes(` ${phrase} `);
}

/** Words of field names split so far: field names are few and asked of at every detection. */
const fieldWords = new Map<string, readonly string[]>();
/** Above a large vault's field count (10,000 values, a field each): a bound under it cleared the map before any name was asked again. */
const FIELD_WORDS_LIMIT = 32_768;

/** The lowercase words of a field name (`medical_condition`, `diagnosisReal`, `account_last4`). */
export function fieldNameWords(field: string): readonly string[] {
  let words = fieldWords.get(field);
  if (words === undefined) {
    if (fieldWords.size >= FIELD_WORDS_LIMIT) fieldWords.clear();
    words = Object.freeze(splitFieldName(field));
    fieldWords.set(field, words);
  }
  return words;
}

function splitFieldName(field: string): string[] {
  return (
    field
      .replace(/([a-z])([A-Z])/g, "$1_$2")
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      // A numbered field is its word's too (`phone2`, `email_3`, `address2`), the token kept (`last4`).
      .flatMap((word) => {
        const numbered = /^([a-z]{2,})\d+$/.exec(word);
        return numbered ? [word, numbered[1]] : [word];
      })
  );
}

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word);
}

export function isTitle(word: string): boolean {
  return TITLES.includes(word);
}

let dictionary: ReadonlySet<string> | null = null;

/** Whether a lowercase word is an ordinary English word (the `word-list` dictionary: no proper nouns). */
export function isDictionaryWord(word: string): boolean {
  dictionary ??= new Set(readFileSync(wordListPath, "utf8").split("\n"));
  return dictionary.has(word);
}

let lexicon: Record<string, string | undefined> | undefined;

/** The tag compromise's lexicon gives a word, if it lists it (its typings call the model `object`). */
export function lexiconTag(word: string): string | undefined {
  lexicon ??= (nlp.model() as { one: { lexicon: Record<string, string | undefined> } }).one.lexicon;
  return lexicon[word];
}

/** Every tag the lexicon gives a word (some words have several: `was` is Copula and PastTense); none if it does not list it. */
export function lexiconTags(word: string): readonly string[] {
  const tags: unknown = lexiconTag(word);
  return Array.isArray(tags) ? tags : tags === undefined ? [] : [tags as string];
}

/** Lexicon tags of closed-class and adverbial words (`not`, `please`, `however`, `always`): never what a sentence names. */
const FUNCTION_TAGS: ReadonlySet<string> = new Set(["Negative", "Expression", "Conjunction", "Preposition", "Modal", "Determiner", "Pronoun", "Adverb"]);

/** Whether the lexicon lists a lowercase word only as a function word or adverb (`not`, `please`, `always`; not `see`, `recent`). */
export function isFunctionWord(word: string): boolean {
  const tags = lexiconTags(word);
  return tags.length > 0 && tags.every((tag) => FUNCTION_TAGS.has(tag));
}

/** compromise lexicon tags of words that are foremost names (`James`, `Corey`, `Murray`, `Collins`). */
const NAME_TAGS: ReadonlySet<string> = new Set(["FirstName", "MaleName", "FemaleName", "LastName", "Person"]);

/** Lexicon tags of proper nouns: a word tagged so is no ordinary word. */
const PROPER_TAGS: ReadonlySet<string> = new Set([...NAME_TAGS, "City", "Country", "Place", "Region", "Organization", "Company", "SportsTeam"]);

/** Whether compromise's lexicon lists a lowercase word as an ordinary word (`brook`, `field`), not a proper noun. */
function isOrdinaryWord(word: string): boolean {
  const tag = lexiconTag(word);
  return tag !== undefined && !PROPER_TAGS.has(tag);
}

/**
 * Whether a lowercase word opening a sentence reads first as a word (`Best`, `Hill`, `Banks`,
 * `Grant`): the dictionary has it and compromise's lexicon lists it or its singular. A rare
 * dictionary entry (`vega`, `mills`, `mercer`) opening a sentence is a name.
 */
export function opensAsWord(word: string): boolean {
  return isDictionaryWord(word) && (lexiconTag(word) !== undefined || (word.endsWith("s") && lexiconTag(word.slice(0, -1)) !== undefined));
}

/**
 * Whether a lowercase word is foremost a person's name, though a dictionary may list it (`james`,
 * `murray`, `williams`): not a surname that is also a common noun's plural (`brooks`, `fields`).
 */
export function isNameWord(word: string): boolean {
  const tag = lexiconTag(word);
  if (tag === undefined || !NAME_TAGS.has(tag)) return false;
  return !(tag === "LastName" && word.endsWith("s") && isOrdinaryWord(word.slice(0, -1)));
}

const TRANSLITERATIONS: Readonly<Record<string, string>> = { ä: "ae", ö: "oe", ü: "ue", Ä: "Ae", Ö: "Oe", Ü: "Ue", ß: "ss" };

/** `value` with its umlauts and `ß` written as two letters, as German typing without them does (`Mueller` of `Müller`). */
export function transliterated(value: string): string {
  return value.replace(/[äöüÄÖÜß]/g, (char) => TRANSLITERATIONS[char]);
}

const UMLAUTS: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(TRANSLITERATIONS).map(([umlaut, letters]) => [letters, umlaut]));

/** `value` with two-letter spellings written as umlauts and `ß` (`Müller` of `Mueller`, `Strauß` of `Strauss`): the German spelling a value typed without them stands for. */
export function withUmlauts(value: string): string {
  return value.replace(/[aouAOU]e|ss/g, (letters) => UMLAUTS[letters]);
}
