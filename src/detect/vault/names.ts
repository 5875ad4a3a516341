import { NAME_PARTICLES, RELATION_NOTE } from "./name-parts.js";
import { nicknamesOf } from "./nicknames.js";
import { normalizeValue } from "./normalize.js";
import { NAME_SUFFIXES, TITLES, isDictionaryWord, isNameWord, isTitle } from "./words.js";
import { whole, type Variant } from "./variant.js";
import { isListedName } from "../../transform/operators/pseudonym.js";
import type { VaultEntry } from "./vault.js";

const CORE_CONFIDENCE = 0.95;
const REORDERED_CONFIDENCE = 0.9;
const TITLE_SURNAME_CONFIDENCE = 0.85;
const INITIAL_CONFIDENCE = 0.75;
/** A short form of the first name with the surname (`Greg Hill` of `Gregory Hill`). */
const NICKNAME_CONFIDENCE = 0.85;
/** A surname alone: found in dev traces mostly as references, but collides with namesakes. */
export const SURNAME_CONFIDENCE = 0.6;
/** A first name alone: frequent in letters (`Dear Emily,`) but shared by many people. */
export const FIRST_NAME_CONFIDENCE = 0.5;
/** Shorter name parts (`Le`, `Al`) are never matched alone. */
const MIN_PART_LENGTH = 3;
/** Titles a person is called by in a note about them (`Ms. D.`), not a clinician's or a court's. */
const PERSONAL_TITLES: readonly string[] = ["mr", "mrs", "ms", "miss", "mx"];
/** A name part spelled letter by letter from this length: `L-E-E` could be initials. */
const MIN_SPELLED_LETTERS = 4;
/** A name glued into a handle (`ryanwilson`, `rwilson`): as certain as an email's handle, another person can pick it too. */
const GLUED_CONFIDENCE = 0.85;
/** Shorter glued forms (`dlee`, `jli`) are anyone's. */
const MIN_GLUED_LENGTH = 6;

export interface PersonName {
  first: string;
  surname: string;
  /** All tokens kept after dropping honorifics and suffixes. */
  tokens: string[];
}

/** The surnames of the name entries among `all` that `keep` accepts, each beside the first entry with it. */
export function entriesBySurname(all: readonly VaultEntry[], keep: (surname: string) => boolean): Map<string, VaultEntry> {
  const surnames = new Map<string, VaultEntry>();
  for (const entry of all) {
    const surname = entry.kind === "name" ? parseName(normalizeValue(entry.value), entry.value)?.surname : undefined;
    if (surname !== undefined && keep(surname) && !surnames.has(surname)) surnames.set(surname, entry);
  }
  return surnames;
}

/**
 * First name and surname of a normalized person name, without honorifics (`mrs`) and suffixes (`ii`,
 * `md`). Given the name as written, a hyphenated or apostrophe part stays one part (`Mary-Jane
 * Watson-Parker`: first name `mary jane`, surname `watson parker`; `O'Brien`: `o brien`).
 */
export function parseName(normalized: string, written?: string): PersonName | null {
  const parts = written === undefined ? normalized.split(" ") : written.replace(RELATION_NOTE, "").trim().split(/\s+/).map(normalizeValue);
  const tokens = parts.filter((t) => t !== "");
  while (tokens.length > 2 && isTitle(tokens[0])) tokens.shift();
  while (tokens.length > 2 && NAME_SUFFIXES.has(tokens[tokens.length - 1])) tokens.pop();
  if (tokens.length < 2 || tokens.some((t) => /\d/.test(t))) return null;
  return { first: tokens[0], surname: tokens[tokens.length - 1], tokens };
}

/** A person name's first name or surname as written in it (`Émile` of `Dr. Émile Zola`, `Mary-Jane`); null if not such a name. */
export function namePart(value: string, part: "first-name" | "surname"): string | null {
  const name = parseName(normalizeValue(value), value);
  if (!name) return null;
  const written = value.trim().split(/\s+/);
  const normalized = written.map(normalizeValue);
  // Honorifics are dropped only before the first name and suffixes only after the surname.
  const index = part === "first-name" ? normalized.indexOf(name.first) : normalized.lastIndexOf(name.surname);
  return index === -1 ? null : written[index].replace(/^[^\p{L}]+|[^\p{L}\p{M}]+$/gu, "");
}

/** Dotted pairs that are abbreviations first (`a.m.`, `U.S.`, `M.D.`), not a person's initials. */
const DOTTED_ABBREVIATIONS: ReadonlySet<string> = new Set(["am", "pm", "us", "uk", "dc", "la", "ny", "eu", "un", "md", "rn", "np", "pa", "jd", "do", "od", "ba", "bs", "ma", "ms", "ii", "it", "hr", "ps", "qa", "ok", "ad", "bc", "pt", "ot", "rt", "ie", "eg", "vs", "po", "co"]);
/** Fewer initials than this (`OF`, `JS`) name too many people. */
const MIN_NAME_INITIALS = 3;

/** A person's initials, each token's first letter, the surname's parts too (`lac` of `Lionel Abernathy-Cole`). */
export function nameInitials({ tokens }: PersonName): string {
  return tokens.flatMap((token) => token.split(" ")).map((token) => token.charAt(0)).join("");
}

/**
 * The initials of the person name `value` laid out as `span` writes them (`LAC` -> `PMB`), as many as the span has: a
 * name with fewer parts goes on with its surname's next letters (`MOR` of a pseudonym `Anna McCann` -> `AMC`), one with
 * more keeps its surname's last (`AB` of `Peter M. Brown` -> `PB`); null for no person name.
 */
export function initialsLike(span: string, value: string): string | null {
  const name = parseName(normalizeValue(value), value);
  if (name === null) return null;
  const needed = (span.match(/\p{L}/gu) ?? []).length;
  const initials = nameInitials(name);
  const surname = name.surname.replaceAll(" ", "");
  // Written with a double-barrelled surname's hyphen (`M.O.-B.`, `C-M`), the last two are the barrels' initials, the given names' before them.
  const barrels = name.surname.split(" ");
  const given = nameInitials({ ...name, tokens: name.tokens.slice(0, -1) });
  const letters = (
    barrels.length === 2 && /-[ \t]*\p{L}\.?$/u.test(span) && given.length >= needed - 2
      ? given.slice(0, needed - 2) + barrels[0].charAt(0) + barrels[1].charAt(0)
      : initials.length >= needed
        ? initials.slice(0, needed - 1) + initials.slice(-1)
        : initials + surname.slice(1, 1 + needed - initials.length)
  ).toUpperCase();
  if (letters.length !== needed) return null;
  let next = 0;
  return span.replace(/\p{L}/gu, () => letters.charAt(next++));
}

/** The parts of a multi-word surname long enough to name the person after a title; none for a one-word surname. */
function surnameParts(surname: string): string[] {
  const parts = surname.split(" ");
  return parts.length > 1 ? parts.filter((part) => part.length >= MIN_PART_LENGTH) : [];
}

/**
 * Person-name renderings: without honorific/suffix, first + last without middle names, reordered
 * (`Sanchez, Dwayne`), honorific + surname (`Ms. Walker`), initials (`D. Sanchez`, `Emily L.`, `D. S. Sanchez`),
 * a short first name with the surname (`Greg Hill`), and the first name (or a short form of it that is no
 * ordinary word) and surname as parts the matcher may accept alone or pair around a middle name.
 */
export function nameVariants(name: PersonName): Variant[] {
  const { first, surname, tokens } = name;
  // `Dr. Byrd` has no first name to reorder, shorten or find alone: `byrd dr`, `dr b` (any `Dr. B…`, `Dr. O'Neill` too) and `Attorney` name nobody.
  const titled = isTitle(first);
  const orderedForms = titled
    ? []
    : [
        whole(`${surname} ${first}`, REORDERED_CONFIDENCE),
        // Surname first before every given name (`VUONG, Phuong Linh`: session 57 probe); the same form as the one above without a middle name.
        whole(`${surname} ${tokens.slice(0, tokens.length - surname.split(" ").length).join(" ")}`, REORDERED_CONFIDENCE),
        whole(`${first.charAt(0)} ${surname}`, INITIAL_CONFIDENCE),
        whole(`${first} ${surname.charAt(0)}`, INITIAL_CONFIDENCE),
        whole(`${surname} ${first.charAt(0)}`, INITIAL_CONFIDENCE),
        // Every given name as an initial (`D. S. Sanchez` of `Dwayne Stuart Sanchez`): only names with a middle name add a form.
        whole(`${tokens.slice(0, -1).map((token) => token.charAt(0)).join(" ")} ${surname}`, INITIAL_CONFIDENCE),
      ];
  const variants = [
    whole(tokens.join(" "), CORE_CONFIDENCE),
    whole(`${first} ${surname}`, CORE_CONFIDENCE),
    ...orderedForms,
    ...TITLES.map((title) => whole(`${title} ${surname}`, TITLE_SURNAME_CONFIDENCE)),
    // A double-barrelled surname is often shortened to one of its parts after a title or the first name (`Ms. Ferguson`, `Latoya Reyes`).
    ...surnameParts(surname).flatMap((part) => [...TITLES.map((title) => whole(`${title} ${part}`, TITLE_SURNAME_CONFIDENCE)), whole(`${first} ${part}`, TITLE_SURNAME_CONFIDENCE)]),
  ];
  // A personal title and the surname's initial (`Ms. D.` of Angela Duarte, `Mr. R.`: rounds 18-20 red team); not a doctor's (`Dr. R.` is the clinician).
  if (!titled) variants.push(...PERSONAL_TITLES.map((title) => ({ ...whole(`${title} ${surname.charAt(0)}`, INITIAL_CONFIDENCE), role: "title-initial" as const })));
  // A surname of parts written as one word (`OBrien` of `O'Brien`, the apostrophe dropped; `vanderberg` of `van der Berg`: session 58 probe).
  const compound = withParticles(tokens);
  const joined = compound.replaceAll(" ", "");
  if (joined !== surname) {
    variants.push(whole(`${first} ${joined}`, TITLE_SURNAME_CONFIDENCE), ...TITLES.map((title) => whole(`${title} ${joined}`, TITLE_SURNAME_CONFIDENCE)));
    // Keys and file names put it first or beside an initial (`oneill_s_visit.pdf`, `DeLaCruz_M`, `VANDERBERG_J`).
    if (!titled) variants.push(whole(`${joined} ${first}`, REORDERED_CONFIDENCE), whole(`${joined} ${first.charAt(0)}`, INITIAL_CONFIDENCE), whole(`${first.charAt(0)} ${joined}`, INITIAL_CONFIDENCE));
  }
  // A part too short to be looked for alone (`Jo`, `Li`) cannot pair around a middle name: each middle initial is a form of its own (`Jo E. Johns`).
  if (first.length < MIN_PART_LENGTH || surname.length < MIN_PART_LENGTH) {
    for (const letter of "abcdefghijklmnopqrstuvwxyz") variants.push(whole(`${first} ${letter} ${surname}`, INITIAL_CONFIDENCE));
  }
  if (!titled) variants.push(...multiWordParts(tokens));
  // Three initials or more, in capitals (`LAC` of `Lionel Abernathy-Cole`, `GFH` of `Gordon F. Hale`: round 9 red team); two are anyone's.
  const initials = nameInitials(name);
  if (!titled && initials.length >= MIN_NAME_INITIALS) variants.push({ form: initials, confidence: INITIAL_CONFIDENCE, role: "acronym" });
  // Initials each with its period, two of them too (`R.Q. (peer)`, `Complainant (Y.H.)`, `L.A.C.`: round 12 red team): how minors,
  // complainants and peers are written. Found only as capitals each with its period, and not as a common abbreviation (`P.M.`).
  const spaced = [...initials].join(" ");
  if (!titled && initials.length >= 2 && !DOTTED_ABBREVIATIONS.has(initials)) variants.push({ form: spaced, confidence: INITIAL_CONFIDENCE, role: "acronym" });
  // Two that also abbreviate a word (`R.T.`, `P.A.`) name the person after a personal title (round 10 of the probe: `Ms. R.T.`).
  if (!titled && initials.length === 2 && DOTTED_ABBREVIATIONS.has(initials)) variants.push(...PERSONAL_TITLES.map((title) => ({ ...whole(`${title} ${spaced}`, INITIAL_CONFIDENCE), role: "title-initial" as const })));
  // Two initials written together (`Mr. DW`): found only after a title (vault.ts), where they name the person (round 12 red team).
  if (!titled && initials.length === 2) variants.push({ form: initials, confidence: INITIAL_CONFIDENCE, role: "acronym" });
  if (first.length >= MIN_PART_LENGTH && !titled) variants.push({ form: first, confidence: FIRST_NAME_CONFIDENCE, role: "first-name" });
  for (const nickname of titled ? [] : nicknamesOf(first)) {
    variants.push(whole(`${nickname} ${surname}`, NICKNAME_CONFIDENCE), whole(`${nickname} ${surname.charAt(0)}`, INITIAL_CONFIDENCE));
    // Alone, a short form that is foremost a word (`Will`, `Bill`, `Pat`) opens headings and titles (`Last Will`, `Bill Payment`);
    // one the lexicon knows first as a name (`Peggy`, `Maggie`, `Bobby`) is taken alone by the rules of a first name.
    if (nickname.length < MIN_PART_LENGTH) continue;
    const word = isDictionaryWord(nickname) && !isNameWord(nickname);
    variants.push({ form: nickname, confidence: FIRST_NAME_CONFIDENCE, role: word ? "word-nickname" : "first-name" });
  }
  // A middle name the person goes by (session 58 probe: `T. Edward Pryce-Jones — everyone calls him Edward`, `signs letters "Jo Oyelaran"`
  // of Margaret Josephine Oyelaran): with the surname, as are its short forms; alone only where the text gives it as the name.
  for (const middle of titled ? [] : middleNames(tokens)) {
    // Someone else's beside another name word (`Kailey Ruiz Zafón` of a `Myrtie Ruiz Zafón`, whose `Ruiz` may be a surname's).
    const named = (form: string): Variant => ({ ...whole(form, NICKNAME_CONFIDENCE), nameWords: true });
    variants.push(named(`${middle} ${surname}`), ...nicknamesOf(middle).map((nickname) => named(`${nickname} ${surname}`)));
    variants.push({ form: middle, confidence: FIRST_NAME_CONFIDENCE, role: "middle-name" });
  }
  // A double-barrelled surname cut to its first part and the second's initial (session 58 probe: `Quiroga-L.`, `A.-M. Dufresne-W.`, `Anne-Marie D.-W.`).
  const barrels = surname.split(" ");
  if (!titled && barrels.length === 2 && barrels.every((part) => /^[a-z]+$/.test(part))) {
    const cut = `${barrels[0]} ${barrels[1].charAt(0)}`;
    const firstInitials = first.split(" ").map((part) => part.charAt(0)).join(" ");
    variants.push(
      whole(cut, INITIAL_CONFIDENCE),
      whole(`${firstInitials} ${cut}`, INITIAL_CONFIDENCE),
      whole(`${first} ${barrels[0].charAt(0)} ${barrels[1].charAt(0)}`, INITIAL_CONFIDENCE),
      ...TITLES.map((title) => whole(`${title} ${cut}`, TITLE_SURNAME_CONFIDENCE)),
      // The barrels' initials alone, after a title (`Ms. C-M`, `Ms. CM`: found only there, vault.ts).
      { form: `${barrels[0].charAt(0)} ${barrels[1].charAt(0)}`, confidence: INITIAL_CONFIDENCE, role: "acronym" },
      { form: `${barrels[0].charAt(0)}${barrels[1].charAt(0)}`, confidence: INITIAL_CONFIDENCE, role: "acronym" },
    );
  }
  if (!titled) variants.push(...clippedFirstNameForms(first, surname));
  if (surname.length >= MIN_PART_LENGTH) variants.push({ form: surname, confidence: SURNAME_CONFIDENCE, role: "surname" });
  // Each barrel of a double-barrelled surname alone, as the surname is (session 59 probe: `Okonkwo signed` of `Okonkwo-Ferris`).
  if (barrels.length === 2 && barrels.every((part) => part.length >= MIN_PART_LENGTH && /^[a-z]+$/.test(part))) {
    variants.push(...barrels.map((part): Variant => ({ form: part, confidence: SURNAME_CONFIDENCE, role: "surname" })));
  }
  // The family by its name (`the Wilsons' house`, `the O'Donnells`): the surname's last word in the plural.
  const lastWord = surname.slice(surname.lastIndexOf(" ") + 1);
  if (lastWord.length >= MIN_PART_LENGTH && /^[a-z]+$/.test(lastWord)) {
    variants.push({ form: surname.slice(0, surname.length - lastWord.length) + surnamePlural(lastWord), confidence: SURNAME_CONFIDENCE, role: "surname-plural" });
  }
  if (!titled) variants.push(...gluedVariants(first, surname), ...(compound === surname ? [] : gluedVariants(first, compound)));
  // Spelled out letter by letter, as call transcripts write a name (`W-I-L-S-O-N`, `W I L S O N`).
  for (const part of new Set(titled ? [surname.replaceAll(" ", "")] : [first, surname.replaceAll(" ", "")])) {
    if (part.length >= MIN_SPELLED_LETTERS && /^[a-z]+$/.test(part)) variants.push({ form: [...part].join(" "), confidence: GLUED_CONFIDENCE, role: "spelled-letters" });
  }
  // Two words of the name written as one (`MaryKate Olsen`, `AnnMarie Fox` of `Ann-Marie Fox`, `Rosa DeLuca` of `Rosa De Luca`).
  const words = tokens.join(" ").split(" ");
  if (!titled && words.length > 2 && words.length <= MAX_GLUED_PAIR_WORDS) {
    for (let index = 0; index + 1 < words.length; index++) {
      variants.push(whole([...words.slice(0, index), words[index] + words[index + 1], ...words.slice(index + 2)].join(" "), CORE_CONFIDENCE));
    }
  }
  // A surname whose prefix is written apart: `O’Neill` of a registered `Oneill` (generated data drops the apostrophe), `Mc Daniel` of `McDaniel`.
  const prefixed = PREFIXED_SURNAME.exec(surname);
  if (prefixed) {
    const split = `${prefixed[1]} ${prefixed[2]}`;
    variants.push(...nameVariants({ first, surname: split, tokens: [...tokens.slice(0, -1), split] }));
  }
  return variants;
}

/** Letters left off a clipped first name at least (`Marc` of `Marcus`): fewer, and it is the name misspelled. */
const MIN_CLIPPED_LETTERS = 2;

/**
 * The first name cut after its first letters, with the surname's initial (round 22 red team: `Marc W.` of Marcus Whitfield, `Des O.`
 * of Desmond Okafor, `Mari Q.`): how badges and caches shorten a name the nickname table does not list. Not a word of the dictionary
 * (`Car W.`), which is anyone's.
 */
function clippedFirstNameForms(first: string, surname: string): Variant[] {
  const forms: Variant[] = [];
  for (let length = MIN_PART_LENGTH; length <= first.length - MIN_CLIPPED_LETTERS; length++) {
    const clipped = first.slice(0, length);
    if (!/^[a-z]+$/.test(clipped) || (isDictionaryWord(clipped) && !isNameWord(clipped))) continue;
    forms.push({ ...whole(`${clipped} ${surname.charAt(0)}`, INITIAL_CONFIDENCE), endsName: true });
  }
  return forms;
}

/** Shortest ending of a given name read as a short form of it (`Lena` of `Elena`; `Ian` of `Brian` is a name of its own). */
const MIN_GIVEN_ENDING = 4;
/** Letters a short or pet form shares with the start of its given name (`Gabi`, `Kev`, `Steph`, `Gracie`). */
const GIVEN_PREFIX = 3;
/** Longest pet form matched by its first two letters or an inner syllable (`Evie` of `Evangeline`, `Gus` of `Augustin`). */
const MAX_PET_FORM = 6;

/**
 * Whether the normalized word `word` reads as a form of the given name `first` that NICKNAMES does not
 * list: it opens with the name's first letters (`Gabi` of `Gabriela`, `Kev` of `Kevin`, `Gracie` of
 * `Grace`) or is its ending (`Lena` of `Elena`, `Xander` of `Alexander`). Written before the person's
 * surname, it names the person.
 */
export function isGivenNameForm(word: string, first: string): boolean {
  if (word === first || word.length < GIVEN_PREFIX || !/^[a-z]+$/.test(word)) return false;
  if ((first.length >= GIVEN_PREFIX && word.startsWith(first.slice(0, GIVEN_PREFIX))) || (word.length >= MIN_GIVEN_ENDING && first.endsWith(word))) return true;
  // A pet form: short, with the given name's first two letters (`Evie`, `Iggy`, `Roz`) or a syllable from inside it (`Gus`, `Tillie`).
  const stem = word.replace(/(?:ie|y)$/, "");
  return word.length <= MAX_PET_FORM && ((first.length > word.length && word.startsWith(first.slice(0, 2))) || (stem.length >= GIVEN_PREFIX && first.includes(stem.slice(0, GIVEN_PREFIX))));
}

/**
 * A name of three words or more read as given names and a surname of several words: its last words
 * after a title or alone (`Mr. Day Lewis`, `Bonham Carter`, `Mr. García Márquez`, `Mr. de la Cruz`)
 * and its first words (`Mary Ann` of `Mary Ann Grant`). Which words are the surname the value does
 * not say; each split is a rendering of the one person.
 */
function multiWordParts(tokens: readonly string[]): Variant[] {
  const variants: Variant[] = [];
  for (let split = 1; split < tokens.length - 1; split++) {
    const tail = tokens.slice(split).join(" ");
    variants.push({ ...whole(tail, SURNAME_CONFIDENCE), nameWords: true }, ...TITLES.map((title) => whole(`${title} ${tail}`, TITLE_SURNAME_CONFIDENCE)));
  }
  for (let end = 2; end < tokens.length; end++) {
    const lastGiven = tokens[end - 1];
    if (lastGiven.length >= MIN_PART_LENGTH && !NAME_PARTICLES.has(lastGiven)) variants.push({ ...whole(tokens.slice(0, end).join(" "), FIRST_NAME_CONFIDENCE), nameWords: true });
  }
  return variants;
}

/** The surname (normalized) with the particles written before it (`van der berg` of `Joost van der Berg`, `da silva`), else the surname. */
function withParticles(tokens: readonly string[]): string {
  return tokens.slice(surnameStart(tokens)).join(" ");
}

/** Where the surname begins among a name's tokens, with the particles before it. */
function surnameStart(tokens: readonly string[]): number {
  let start = tokens.length - 1;
  while (start > 1 && NAME_PARTICLES.has(tokens[start - 1])) start--;
  return start;
}

/** The given names between the first name and the surname (`edward` of `Thomas Edward Pryce-Jones`), not initials or particles. */
function middleNames(tokens: readonly string[]): string[] {
  return tokens.slice(1, surnameStart(tokens)).filter((token) => token.length >= MIN_PART_LENGTH && /^[a-z]+$/.test(token) && !NAME_PARTICLES.has(token));
}

/** Names of up to this many words get a form with each pair of neighbouring words glued. */
const MAX_GLUED_PAIR_WORDS = 5;
/** A one-word surname with a prefix before a word of its own: `O'` or `D'` whose apostrophe was dropped (`oneill`), `Mc`/`Mac` (`mcdaniel`; not `mack`, `macy`). */
const PREFIXED_SURNAME = /^(o|d|mc|mac)([a-z]{3,})$/;

/**
 * The name glued into one token as handles and user names write it (`ryanwilson`, `RyanWilson`,
 * `rwilson`, `wilsonryan`, `wilsonr`; a double-barrelled surname joined or with its hyphen,
 * `helenmertz-waters`), where the token names nobody else: long enough, and no word or common name
 * of its own (`annotate` of `Ann Otate`).
 */
function gluedVariants(first: string, surname: string): Variant[] {
  const bare = first.replaceAll(" ", "");
  const joined = surname.replaceAll(" ", "");
  // `wilsons` of Sam Wilson names the family (`the Wilsons`), not Sam.
  const plural = surnamePlural(joined);
  const forms = (parts: string) => GLUED_SHAPES.map((shape) => ({ form: glue(bare, parts, shape), confidence: GLUED_CONFIDENCE, role: shape }));
  return [...forms(joined), ...(joined === surname ? [] : forms(surname))].filter(({ form }) => isGluedForm(form.replaceAll(" ", "")) && form !== plural);
}

/** Whether `handle`, a glued name as written, is a form the matcher looks for of the person name `name`: else it could not be found again to restore. */
export function isGluedFormOf(handle: string, name: string): boolean {
  const parsed = parseName(normalizeValue(name), name);
  const form = normalizeValue(handle);
  return parsed !== null && [parsed.surname, withParticles(parsed.tokens)].some((surname) => gluedVariants(parsed.first, surname).some((variant) => variant.form === form));
}

/** Whether a normalized token is looked for as a glued name (`rwilson`): long enough, letters only, no word or common name. */
function isGluedForm(form: string): boolean {
  return form.length >= MIN_GLUED_LENGTH && /^[a-z]+$/.test(form) && !isDictionaryWord(form) && !isNameWord(form) && !isListedName(form);
}

/** How a handle glues a name: first name or its initial, before or after the surname. */
const GLUED_SHAPES = ["glued-name", "glued-initial", "glued-surname-first", "glued-surname-initial"] as const;
export type GluedShape = (typeof GLUED_SHAPES)[number];

export function isGluedShape(role: string | undefined): role is GluedShape {
  return (GLUED_SHAPES as readonly string[]).includes(role ?? "");
}

function glue(first: string, surname: string, shape: GluedShape): string {
  switch (shape) {
    case "glued-name":
      return first + surname;
    case "glued-initial":
      return first.charAt(0) + surname;
    case "glued-surname-first":
      return surname + first;
    case "glued-surname-initial":
      return surname + first.charAt(0);
  }
}

/** The part of a person name (as written) that a name-part role shows: its first name, surname, or surname in the plural (`Wilsons`); null if not such a name. */
export function roleNamePart(name: string, role: "first-name" | "surname" | "surname-plural"): string | null {
  const part = namePart(name, role === "first-name" ? role : "surname");
  return part !== null && role === "surname-plural" ? surnamePlural(part) : part;
}

/** Whether `word` is one of the middle names of the person name `value` (`Josephine` of Margaret Josephine Oyelaran). */
export function isMiddleName(value: string, word: string): boolean {
  const name = parseName(normalizeValue(value), value);
  return name !== null && middleNames(name.tokens).includes(normalizeValue(word));
}

/** The middle name of the person name `to` (as written) in the place `span`, a middle name of `from`, has among its middle names; null if none. */
export function middleNameLike(span: string, from: string, to: string): string | null {
  const middlesOf = (value: string) => {
    const name = parseName(normalizeValue(value), value);
    const written = value.trim().split(/\s+/);
    const normalized = written.map(normalizeValue);
    return name === null ? [] : middleNames(name.tokens).flatMap((middle) => written[normalized.indexOf(middle)]?.replace(/^[^\p{L}]+|[^\p{L}\p{M}]+$/gu, "") ?? []);
  };
  const place = middlesOf(from).findIndex((middle) => normalizeValue(middle) === normalizeValue(span));
  return middlesOf(to)[Math.max(0, place)] ?? null;
}

/** A surname in the plural, as English names a family: `-es` after a hiss (`Joneses`, `Sanchezes`), else `-s` (`Wilsons`). */
export function surnamePlural(surname: string): string {
  return /(?:s|x|z|ch|sh)$/i.test(surname) ? `${surname}es` : `${surname}s`;
}

/**
 * `name` (a person name as written) glued in `shape` with the letter case of `span`, another name
 * glued so: all lowercase, all capitals or only the first letter capitalized as `span`, else each
 * part capitalized as the name writes it (`NeilPotter` + `Ryan Wilson` -> `RyanWilson`, `npotter`
 * -> `rwilson`, `Neilpotter` -> `Ryanwilson`); null if not such a name.
 */
export function glueLike(span: string, name: string, shape: GluedShape): string | null {
  // A double-barrelled surname keeps its hyphen where the span has one (`helenmertz-waters`).
  const surnameLetters = span.includes("-") ? /[^\p{L}\p{M}-]/gu : /[^\p{L}\p{M}]/gu;
  const first = namePart(name, "first-name")?.replace(/[^\p{L}\p{M}]/gu, "");
  const surname = surnameWithParticles(name)?.replace(surnameLetters, "");
  if (!first || !surname) return null;
  const glued = glue(first, surname, shape);
  if (span === span.toLowerCase()) return glued.toLowerCase();
  if (span === span.toUpperCase()) return glued.toUpperCase();
  if (span.slice(1) === span.slice(1).toLowerCase()) return glued.charAt(0).toUpperCase() + glued.slice(1).toLowerCase();
  return glued;
}

/** A person name's surname as written with the particles before it (`van der Berg` of `Joost van der Berg`): what a handle glues; null if not such a name. */
function surnameWithParticles(value: string): string | null {
  const name = parseName(normalizeValue(value), value);
  if (!name) return null;
  const written = value.trim().split(/\s+/);
  const end = written.map(normalizeValue).lastIndexOf(name.surname);
  if (end === -1) return null;
  const particles = name.tokens.length - 1 - surnameStart(name.tokens);
  return written.slice(Math.max(0, end - particles), end + 1).join(" ").replace(/^[^\p{L}]+|[^\p{L}\p{M}]+$/gu, "");
}

/** Whether a name part spelled letter by letter (`P-O-T-T-E-R`) is long enough for the matcher to look for it: else it could not be found again to restore. */
export function isSpelledFindable(span: string): boolean {
  return span.replace(/[^\p{L}]/gu, "").length >= MIN_SPELLED_LETTERS;
}

/**
 * `span`, a first name or surname of `from` spelled letter by letter (`W-I-L-S-O-N`), with the same
 * part of `to` spelled in its place: joined by the span's first separator, in capitals where the
 * span is, else in lowercase; null when the span spells neither part.
 */
export function spelledLettersLike(span: string, from: string, to: string): string | null {
  const letters = span.replace(/[^\p{L}]/gu, "");
  const written = normalizeValue(letters);
  const part = (["first-name", "surname"] as const).find((role) => normalizeValue(namePart(from, role) ?? "").replaceAll(" ", "") === written);
  const shown = part && namePart(to, part)?.replace(/[^\p{L}]/gu, "");
  if (!shown) return null;
  const separator = /^\p{L}([^\p{L}]+)\p{L}/u.exec(span)?.[1] ?? " ";
  const upper = letters === letters.toUpperCase();
  return [...shown].map((letter) => (upper ? letter.toUpperCase() : letter.toLowerCase())).join(separator);
}
