import { createFf1, type Ff1 } from "../../crypto/ff1.js";
import { keyedLetterTag, keyedTag } from "../../crypto/keys.js";
import { OperatorError, type Operator, type OperatorInput, type OperatorOutput } from "../base.js";
import { FIRST_NAMES } from "./names/first-names.js";
import { SURNAMES } from "./names/surnames.js";
import { DEPARTMENT_KIND, departmentPseudonym } from "./names/departments.js";
import { memoize } from "./format.js";
import { TITLES as DETECTED_TITLES, isNameWord, lexiconTag, opensAsWord, transliterated } from "../../detect/vault/words.js";
import { NAME_PARTICLES, RELATION_NOTE } from "../../detect/vault/name-parts.js";
import { withoutAccents } from "../../detect/vault/normalize.js";

/** Letters of the keyed tag that stands for a value of a kind with no surrogate list (`ADDRESS-dpjkcbam`). */
const KEYED_TAG_LETTERS = 8;
const KEYED_TAG = new RegExp(`^[A-Z][A-Z_]*-[a-p]{${KEYED_TAG_LETTERS}}$`);

/** Whether `surrogate` is such a keyed tag: an identifier, whatever the kind of the value behind it. */
export function isKeyedTag(surrogate: string): boolean {
  return KEYED_TAG.test(surrogate);
}

/**
 * Keyed, deterministic, realistic pseudonyms that reverse without shared state.
 *
 * A name token found in a bundled list is replaced by the list entry at FF1(index), a keyed
 * permutation of the list (cycle-walking over radix ceil(sqrt(n)), length 2), so replicas with the
 * same secret agree and `reverse` applies FF1^-1. The lists are disjoint, so a token's list is known
 * from the token alone: `Dwayne Sanchez` and `Mr. Sanchez` map `Sanchez` alike. Titles and particles
 * are kept, a suffix becomes another of its class (`SuffixShift`), and the token's capitalization style (ALL CAPS, lower) is copied. An initial is kept
 * too, unless the span renders a known registered name (`M. Miller` of `Michelle Miller`): then it
 * becomes the initial of the matching token of that name's pseudonym (`E. Ward` of `Edward Ward`),
 * and back.
 * Tokens outside the lists get a keyed choice among the last RESERVED entries of the list of their
 * position, which the permutation never outputs, so `reverse` knows them and refuses. So does a
 * token whose surrogate is a name the input says to avoid (another protected person's name): only
 * the guard that registered both names can restore it (by its surrogate index).
 * A listed department (kind `department`) becomes another of its shape (`HR` -> `QA`), not reversible.
 * Values of other kinds become keyed tags (`ADDRESS-3f9a21c0`, emails `user.3f9a21c0@example.com`),
 * consistent across a run and not reversible.
 */

/** Tail of each list kept for surrogates of unknown names. */
export const RESERVED = 32;
/** Name parts shorter than this (`Li`, `Wu`) are not looked for alone (names.ts), so a pseudonym this short could not be restored from a partial rendering. */
const MIN_FINDABLE = 3;
const NAME_KINDS = new Set(["name", "person", "full_name", "first_name", "last_name", "given_name", "family_name", "surname"]);
/** The titles the detector reads before a surname (`Doctor Wilson`) and other honorifics: kept, never taken for a first name. */
const TITLES = new Set([...DETECTED_TITLES, "mister", "dame", "rev", "fr", "capt", "sgt", "lt", "col", "gen", "hon"]);
/** A name's suffixes by class, in their usual spelling: a generation, a credential. */
const SUFFIX_CLASSES: ReadonlyArray<readonly string[]> = [
  ["Jr", "Sr", "II", "III", "IV", "V"],
  ["MD", "PhD", "DDS", "DMD", "RN", "NP", "Esq", "CPA", "DVM", "MBA", "PE"],
];
const SUFFIXES = new Set(SUFFIX_CLASSES.flat().map((suffix) => suffix.toLowerCase()));
/** A status after a name (`Hon. Miriam Escobedo (Ret.)`): kept, no surname. */
const STATUS_WORDS = new Set(["ret"]);
/** A name word: letters with their combining marks (Devanagari vowel signs, NFD accents), so `राहुल` is one word, not initials. */
const WORD = /[\p{L}\p{M}]+(?:['’][\p{L}\p{M}]+)*/gu;

const lookupKey = (token: string): string => token.toLowerCase().replace(/['’]/g, "");

/**
 * A name that is foremost an ordinary word (`Best`, `Hill`, `Joy`): the detector takes it for a name
 * where it opens a sentence only in a name's context (name-parts.ts), so it is the pseudonym of such
 * a name alone. A pseudonym `Best` of `Diaz` would turn `Best regards` into `Diaz regards` for the
 * readers who get real values back.
 */
export function isWordLike(name: string): boolean {
  const lower = lookupKey(name);
  return opensAsWord(lower) && !isNameWord(lower);
}

/** The walk's class of a name: findable alone (MIN_FINDABLE letters) or not, word-like or not (FINDABLE_CLASS_MASK), and for a first name its gender. */
function nameClass(name: string, gendered: boolean): number {
  return (lookupKey(name).length >= MIN_FINDABLE ? 1 : 0) | (isWordLike(name) ? 2 : 0) | (gendered ? genderOf(name) << 2 : 0);
}
const FINDABLE_CLASS_MASK = 3;

/**
 * A first name's gender as the lexicon knows it (1 a man's, 2 a woman's, 0 either or unknown): a pseudonym of the other's had
 * `Dear Ms. Larson` and `her dispute` tell the real customer's (round 24 audit of the dev replay: `Jennifer` had come out `Lance`).
 */
function genderOf(name: string): number {
  const tag = lexiconTag(lookupKey(name));
  return tag === "MaleName" ? 1 : tag === "FemaleName" ? 2 : 0;
}

/** The reserved entries a vault's unlisted tokens were given (`given`, by token key) and their keys (`taken`). */
interface ReservedApart {
  given: ReadonlyMap<string, string>;
  taken: ReadonlySet<string>;
}

/** A bundled list with a keyed FF1 permutation over its first `permuted` entries. */
class NameList {
  private readonly index = new Map<string, number>();
  private readonly permuted: number;
  /** Per entry, its nameClass: the walk keeps a name in its class. */
  private readonly classes: number[];
  private readonly radix: number;
  private readonly ff1: Ff1;

  /** In a #private field: an operator printed or serialized must not show it. */
  readonly #key: Uint8Array;

  constructor(
    readonly label: string,
    private readonly names: readonly string[],
    key: Uint8Array,
  ) {
    this.#key = key;
    names.forEach((name, i) => this.index.set(lookupKey(name), i));
    this.permuted = names.length - RESERVED;
    this.classes = names.map((name) => nameClass(name, label === "first"));
    this.radix = Math.ceil(Math.sqrt(this.permuted));
    this.ff1 = createFf1(this.radix, key, new TextEncoder().encode(`pseudonym:${label}`));
  }

  has(token: string): boolean {
    return this.index.has(lookupKey(token));
  }

  /**
   * The surrogate of a listed token, or a reserved entry for an unlisted or reserved one, and for a fixed point of the
   * permutation or a name holding the token (round 15 red team: `Regina` had come out `Reginald`), which would show it.
   */
  surrogate(token: string, avoid?: ReadonlySet<string>): string {
    const i = this.index.get(lookupKey(token));
    if (i !== undefined && i < this.permuted) {
      const j = this.walk(i, "encrypt");
      if (j !== i && !resembles(this.names[j], token)) return this.names[j];
    }
    return this.reserved(token, avoid);
  }

  /**
   * A keyed choice among the reserved entries, which the permutation never outputs: never the token itself nor a name to avoid,
   * and for an unlisted token of the vault (`VaultNameTokens`), one no other of them has.
   */
  reserved(token: string, avoid?: ReadonlySet<string>): string {
    const key = lookupKey(token);
    const apart = avoid instanceof VaultNameTokens ? this.reservedApart(avoid) : undefined;
    const own = apart?.given.get(key);
    if (own !== undefined) return own;
    const entry = this.firstFree(key, (entryKey) => avoid?.has(entryKey) === true || apart?.taken.has(entryKey) === true);
    if (entry === undefined) throw new OperatorError("no reserved pseudonym differs from the name and the names to avoid", "pseudonym-exhausted");
    return entry;
  }

  /** The first reserved entry from the token's keyed pick that is findable, not like the token and not `skipped`. */
  private firstFree(key: string, skipped: (entryKey: string) => boolean): string | undefined {
    const pick = parseInt(keyedTag(this.#key, `${this.label}:${key}`, 8), 16) % RESERVED;
    // Of the token's gender where both are known, else of any.
    const gender = this.label === "first" ? genderOf(key) : 0;
    for (const sameGender of gender === 0 ? [false] : [true, false]) {
      for (let step = 0; step < RESERVED; step++) {
        const index = this.permuted + ((pick + step) % RESERVED);
        const entryKey = lookupKey(this.names[index]);
        const entryGender = this.classes[index] >> 2;
        if (sameGender && entryGender !== 0 && entryGender !== gender) continue;
        // Findable and not word-like: found again by the rules of any name (`Zamora regards` is no greeting).
        if (!resembles(entryKey, key) && (this.classes[index] & FINDABLE_CLASS_MASK) === 1 && !skipped(entryKey)) return this.names[index];
      }
    }
    return undefined;
  }

  private readonly apart = new WeakMap<VaultNameTokens, ReservedApart>();

  /**
   * A reserved entry for each unlisted token of a vault, none shared, given in the order of their keys (any guard of the vault
   * assigns alike); a token past the entries left gets none here.
   */
  reservedApart(names: VaultNameTokens): ReservedApart {
    let assigned = this.apart.get(names);
    if (assigned !== undefined) return assigned;
    const given = new Map<string, string>();
    const taken = new Set<string>();
    for (const key of [...names.unlisted].sort()) {
      const entry = this.firstFree(key, (entryKey) => names.has(entryKey) || taken.has(entryKey));
      if (entry === undefined) continue;
      given.set(key, entry);
      taken.add(lookupKey(entry));
    }
    assigned = { given, taken };
    this.apart.set(names, assigned);
    return assigned;
  }

  original(token: string): string {
    const i = this.index.get(lookupKey(token));
    if (i === undefined || i >= this.permuted) {
      throw new OperatorError("pseudonym of a name outside the bundled lists is not reversible", "pseudonym-not-reversible");
    }
    return this.names[this.walk(i, "decrypt")];
  }

  /**
   * Cycle-walks FF1 until it lands on a permuted entry of the same class as entry `i` (nameClass).
   * Each class is closed under the walk, so it stays a permutation: a findable name never gets a
   * pseudonym too short to be found again, and only a word-like name gets a word-like one.
   */
  private walk(i: number, direction: "encrypt" | "decrypt"): number {
    const nameClass = this.classes[i];
    let x = i;
    do {
      const [high, low] = this.ff1[direction]([Math.floor(x / this.radix), x % this.radix]);
      x = high * this.radix + low;
    } while (x >= this.permuted || this.classes[x] !== nameClass);
    return x;
  }
}

/**
 * A name's suffix as another of its class (`II` -> `IV`, `DDS` -> `RN`), by a keyed shift within the
 * class: never itself (a kept `DDS` or `II` told a real part of the name), and reversed by the
 * opposite shift.
 */
class SuffixShift {
  private readonly shifts: number[];

  constructor(key: Uint8Array) {
    this.shifts = SUFFIX_CLASSES.map((suffixes, index) => 1 + (parseInt(keyedTag(key, `suffix:${index}`, 8), 16) % (suffixes.length - 1)));
  }

  surrogate(suffix: string): string {
    return this.shifted(suffix, 1);
  }

  original(suffix: string): string {
    return this.shifted(suffix, -1);
  }

  private shifted(suffix: string, direction: 1 | -1): string {
    const lower = suffix.toLowerCase();
    for (const [index, suffixes] of SUFFIX_CLASSES.entries()) {
      const at = suffixes.findIndex((entry) => entry.toLowerCase() === lower);
      if (at >= 0) return suffixes[(at + direction * this.shifts[index] + suffixes.length) % suffixes.length];
    }
    throw new OperatorError("not a name suffix", "pseudonym-not-reversible");
  }
}

/** Every entry of both bundled lists, by lookup key. */
const LISTED: ReadonlySet<string> = new Set([...FIRST_NAMES, ...SURNAMES].map(lookupKey));

const LISTED_FIRST: ReadonlySet<string> = new Set(FIRST_NAMES.map(lookupKey));

/** Whether `word` is an entry of the bundled first-name list (any case). */
export function isListedFirstName(word: string): boolean {
  return LISTED_FIRST.has(lookupKey(word));
}

/** Whether `word` is an entry of the bundled first-name or surname list (any case). */
export function isListedName(word: string): boolean {
  return LISTED.has(lookupKey(word));
}

type Role = "keep" | "suffix" | "first" | "surname";
interface Token {
  start: number;
  end: number;
  text: string;
  role: Role;
}

/** Splits a name into tokens and gives each a role: kept (title, initial, particle), a suffix, or a name. */
function parseName(value: string): Token[] {
  const tokens: Token[] = [...value.matchAll(WORD)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    text: m[0],
    role: "first" as Role,
  }));
  // A note of who the person is (`(spouse)`) is kept as written: round 14 re-judge, it came out `(iris)`.
  const note = RELATION_NOTE.exec(value)?.index ?? value.length;
  tokens.forEach((token, i) => {
    const lower = token.text.toLowerCase();
    // `V` ends a name as its generation (`David Green V`, round 25 audit: it had been kept as an initial); elsewhere it is an initial.
    const isSuffix = SUFFIXES.has(lower) && i > 0 && (lower !== "v" || i === tokens.length - 1);
    const isInitial = token.text.length === 1 && !isSuffix;
    // Titles are listed without accents (`Señora` is `senora`).
    const isTitle = TITLES.has(withoutAccents(lower)) && (i < tokens.length - 1 || value[token.end] === ".");
    // A surname's particle written in lowercase (`de la Cruz`, `van der Berg`) is no name of its own.
    // `St.` of `St. Clair` too, capitalized: `Katie. Sierra` garbled it.
    const isParticle = (NAME_PARTICLES.has(token.text) || (lower === "st" && value[token.end] === ".")) && i < tokens.length - 1;
    if (isInitial || isTitle || isParticle || token.start >= note || (STATUS_WORDS.has(lower) && i > 0)) token.role = "keep";
    else if (isSuffix) token.role = "suffix";
  });
  const names = tokens.filter((t) => t.role !== "keep" && t.role !== "suffix");
  const comma = value.indexOf(",");
  const reordered = comma >= 0 && names.length > 1 && names[0].end <= comma && names[names.length - 1].start > comma;
  // "Sanchez, Dwayne" names the surname first; otherwise the last name token is the surname.
  for (const token of names) token.role = reordered ? (token.end <= comma ? "surname" : "first") : "first";
  if (!reordered && names.length > 0) names[names.length - 1].role = "surname";
  // A hyphenated part is one name (`Mertz-Waters`): its words take the role of its last word, in either order.
  for (let i = names.length - 2; i >= 0; i--) if (/^[-‐‑]$/.test(value.slice(names[i].end, names[i + 1].start))) names[i].role = names[i + 1].role;
  return tokens;
}

/** `tokens` (the same array when nothing changes) with each name token of `registered` in the role it has there. */
function withRegisteredRoles(tokens: Token[], registered: string | undefined): Token[] {
  if (registered === undefined) return tokens;
  const roles = new Map(parseName(registered).flatMap((token) => (token.role === "first" || token.role === "surname" ? [[lookupKey(token.text), token.role] as const] : [])));
  const named = (token: Token) => (token.role === "first" || token.role === "surname") && roles.has(lookupKey(token.text)) && roles.get(lookupKey(token.text)) !== token.role;
  return tokens.some(named) ? tokens.map((token) => (named(token) ? { ...token, role: roles.get(lookupKey(token.text))! } : token)) : tokens;
}

/** `name` in the capitalization style of `pattern` (ALL CAPS, lower, else as written). */
export function copyCase(pattern: string, name: string): string {
  // A script without case (Devanagari, Hangul) says nothing about style: the name as listed.
  if (pattern.toUpperCase() === pattern.toLowerCase()) return name;
  // One capital (`T.`) is a capitalized word's, not capitals.
  if (pattern.replace(/\P{L}/gu, "").length > 1 && pattern === pattern.toUpperCase()) return name.toUpperCase();
  if (pattern === pattern.toLowerCase()) return name.toLowerCase();
  return name;
}

/**
 * `span` (a rendering of the name whose tokens are `from`) with each initial replaced by the initial
 * of the token of `to` at the position of the `from` token it abbreviates. Whole words are aligned
 * first, then initials with the tokens left: `M.` in `Dominic M. Madden` is not `Madden`, which is
 * written out, so it stays as it is both ways. Each goes to the next `from` token equal to it or,
 * for an initial, starting with it; where none follows (`Wilson, R.`), to any such token not taken.
 */
function mapInitials(span: string, from: readonly string[], to: readonly string[]): string {
  const tokens = parseName(span);
  const at = tokens.map(() => -1);
  const used = new Set<number>();
  for (const initials of [false, true]) {
    let next = 0;
    tokens.forEach((token, k) => {
      if (at[k] >= 0) next = at[k] + 1;
      if (at[k] >= 0 || (token.text.length === 1) !== initials) return;
      const lower = lookupKey(token.text);
      const stands = (name: string, i: number) => !used.has(i) && (initials ? lookupKey(name).startsWith(lower) : lookupKey(name) === lower);
      // In order, else (a reordered `Wilson, R.`) any token not taken yet.
      let found = from.findIndex((name, i) => i >= next && stands(name, i));
      if (found === -1) found = from.findIndex(stands);
      if (found === -1) return;
      used.add(found);
      at[k] = found;
      next = found + 1;
    });
  }
  let text = "";
  let last = 0;
  tokens.forEach((token, k) => {
    if (token.text.length !== 1 || at[k] < 0) return;
    text += span.slice(last, token.start) + copyCase(token.text, to[at[k]].charAt(0));
    last = token.end;
  });
  return text + span.slice(last);
}

/** Letters of a name another one must hold to show it. */
const MIN_SHOWN_NAME = 3;

/** Whether one name holds the other, whatever the case (`Reginald` and `Regina`, `Ann` and `Joanna`): the one shows the other. Two letters show nothing (`Li` in `Lindsey`). */
function resembles(name: string, token: string): boolean {
  const [a, b] = [lookupKey(name), lookupKey(token)];
  return a === b || (b.length >= MIN_SHOWN_NAME && a.includes(b)) || (a.length >= MIN_SHOWN_NAME && b.includes(a));
}

/** Whether `text` has a word whose lookup key is in `keys`. */
function holdsWordOf(text: string, keys: ReadonlySet<string>): boolean {
  return keys.size > 0 && [...text.matchAll(WORD)].some(([word]) => keys.has(lookupKey(word)));
}

/**
 * The vault's name tokens pseudonyms keep apart, as `OperatorInput.avoid`: its listed ones (the set: never shown as another's
 * pseudonym) and the unlisted ones of its names (`unlisted`), each given a reserved entry of its own (round 22 red team:
 * `Marlowe v. Dunbar` came back `Hendrix v. Hendrix`, two unlisted surnames drawn onto one of the RESERVED entries).
 */
export class VaultNameTokens extends Set<string> {
  constructor(
    listed: Iterable<string>,
    readonly unlisted: ReadonlySet<string>,
  ) {
    super(listed);
  }
}

/** The name tokens of a vault's `values` to keep apart; `names` are the values that are names. */
export function vaultNameTokens(values: Iterable<string>, names: Iterable<string>): VaultNameTokens {
  const unlisted = new Set<string>();
  for (const name of names) {
    for (const token of parseName(name)) if ((token.role === "first" || token.role === "surname") && !isListedName(token.text)) unlisted.add(lookupKey(token.text));
  }
  return new VaultNameTokens(listedNameTokens(values), unlisted);
}

/** The tokens of `values` that are in the bundled name lists, as `OperatorInput.avoid` holds them. */
export function listedNameTokens(values: Iterable<string>): Set<string> {
  const listed = new Set<string>();
  for (const value of values) {
    for (const [word] of value.matchAll(WORD)) if (isListedName(word)) listed.add(lookupKey(word));
  }
  return listed;
}

/** The name tokens, suffixes and initials of a name (titles and particles left out). */
function nameWords(value: string): string[] {
  return parseName(value)
    .filter((token) => token.role !== "keep" || token.text.length === 1)
    .map((token) => token.text);
}

function hasInitial(value: string): boolean {
  return parseName(value).some((token) => token.text.length === 1);
}

/** A surrogate token in the case of the token it replaces; a suffix in its own spelling unless written in lowercase (`II` -> `Jr`, not `JR`). */
function casedAs(token: Token, surrogate: string): string {
  return token.role === "suffix" && token.text !== token.text.toLowerCase() ? surrogate : copyCase(token.text, surrogate);
}

function replaceTokens(value: string, tokens: Token[], replace: (token: Token) => string): string {
  let text = "";
  let last = 0;
  for (const token of tokens) {
    text += value.slice(last, token.start) + (token.role === "keep" ? token.text : casedAs(token, replace(token)));
    last = token.end;
  }
  return text + value.slice(last);
}


/**
 * `value` with each token that spells a token of the registered name another way (`Mueller` or `Muller`
 * of `Müller`) written as the registered token, in the span's case: one person, one pseudonym.
 */
function asRegisteredSpelling(value: string, registered: string): string {
  const known = [...registered.matchAll(WORD)].map(([word]) => word);
  return value.replace(WORD, (token) => {
    if (known.includes(token)) return token;
    // Accents dropped (`Muller`) or umlauts written as two letters (`Mueller`).
    const match = known.find((word) => withoutAccents(word) === withoutAccents(token) || withoutAccents(transliterated(word)) === withoutAccents(transliterated(token)));
    return match === undefined ? token : copyCase(token, match);
  });
}

/** The words of a name's surname with the particles before it (`van`, `der`, `Berg` of `Joost van der Berg`), which handles glue; null without particles. */
function particleSurname(name: string): string[] | null {
  const tokens = parseName(name);
  const surname = tokens.findLastIndex((token) => token.role === "surname");
  let start = surname;
  while (start > 0 && tokens[start - 1].role === "keep" && tokens[start - 1].text.length > 1) start--;
  return surname > 0 && start < surname ? tokens.slice(start, surname + 1).map((token) => token.text) : null;
}

/** `words` glued as `pattern` writes a glued surname: in capitals, in lowercase, else each word capitalized (`VanDerBerg`). */
function gluedAs(pattern: string, words: readonly string[]): string {
  const glued = words.join("");
  if (pattern === pattern.toUpperCase() || pattern === pattern.toLowerCase()) return copyCase(pattern, glued);
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join("");
}

/**
 * `text`, the token-by-token rendering of `value`, with each token of `value` that is the surname `from` glued written as `to`
 * glued alike (session 58 probe: `VANDERBERG_J` of Joost van der Berg shows the pseudonym's `VANDERHUNT`).
 */
function withJoinedSurname(value: string, text: string, from: readonly string[] | null, to: readonly string[] | null): string {
  if (from === null || to === null) return text;
  const key = lookupKey(from.join(""));
  const [inValue, inText] = [[...value.matchAll(WORD)], [...text.matchAll(WORD)]];
  if (inValue.length !== inText.length || !inValue.some(([token]) => lookupKey(token) === key)) return text;
  let out = "";
  let last = 0;
  inValue.forEach(([token], k) => {
    if (lookupKey(token) !== key) return;
    out += text.slice(last, inText[k].index) + gluedAs(token, to);
    last = inText[k].index + inText[k][0].length;
  });
  return out + text.slice(last);
}

export function createPseudonymOperator(key: Uint8Array): Operator {
  const first = new NameList("first", FIRST_NAMES, key);
  const surname = new NameList("surname", SURNAMES, key);
  // Membership decides the list (they are disjoint); the position only places unknown tokens.
  const listOf = (token: Token): NameList =>
    first.has(token.text) ? first : surname.has(token.text) ? surname : token.role === "first" ? first : surname;
  const suffixes = new SuffixShift(key);
  const surrogateOf = (token: Token): string => (token.role === "suffix" ? suffixes.surrogate(token.text) : listOf(token).surrogate(token.text));
  const originalOf = (token: Token): string => (token.role === "suffix" ? suffixes.original(token.text) : listOf(token).original(token.text));

  const nameTokens = (value: string): Token[] => {
    const tokens = parseName(value);
    if (tokens.every((t) => t.role === "keep" || t.role === "suffix")) throw new OperatorError("no name to pseudonymize", "pseudonym-empty");
    return tokens;
  };

  // Deterministic, so a name repeated across messages is enciphered once.
  const plainPseudonymOf = memoize((value: string): string => replaceTokens(value, nameTokens(value), surrogateOf));
  /** A rendering's pseudonym keyed by `registered\0value`, its tokens in their roles in the registered name. */
  const registeredPseudonymOf = memoize((key: string): string => {
    const [registered, value] = key.split("\u0000") as [string, string];
    return replaceTokens(value, withRegisteredRoles(nameTokens(value), registered), surrogateOf);
  });
  /**
   * Whether the memoized pseudonym `text` of `value` is drawn again against `avoid`: it shows a name to avoid, or the vault gave its
   * unlisted tokens entries apart and `value` holds one of them, or `text` one of those entries (a name registered later would share it).
   */
  const drawnAgain = (text: string, value: string, avoid: ReadonlySet<string>): boolean => {
    if (holdsWordOf(text, avoid)) return true;
    if (!(avoid instanceof VaultNameTokens) || avoid.unlisted.size === 0) return false;
    return holdsWordOf(value, avoid.unlisted) || holdsWordOf(text, first.reservedApart(avoid).taken) || holdsWordOf(text, surname.reservedApart(avoid).taken);
  };
  /**
   * The pseudonym, with a reserved entry for any token whose surrogate is a name to avoid (rare: not memoized). A token of the
   * `registered` name takes the role it has there: `Lindqvist; Beatrice` (no comma to tell the order) came back `Julian; Lori`
   * beside `Lori Dickson`, the surname enciphered as a first name.
   */
  const pseudonymOf = (value: string, avoid: ReadonlySet<string> | undefined, registered?: string): string => {
    const text = registered === undefined ? plainPseudonymOf(value) : registeredPseudonymOf(`${registered}\u0000${value}`);
    if (avoid === undefined || !drawnAgain(text, value, avoid)) return text;
    return replaceTokens(value, withRegisteredRoles(nameTokens(value), registered), (token) => {
      if (token.role === "suffix") return surrogateOf(token);
      const list = listOf(token);
      const surrogate = list.surrogate(token.text, avoid);
      return avoid.has(lookupKey(surrogate)) ? list.reserved(token.text, avoid) : surrogate;
    });
  };

  /** The name tokens of `registered` and of its pseudonym, position by position; null if they do not align. */
  const alignedWords = (registered: string, avoid: ReadonlySet<string> | undefined): { real: string[]; surrogate: string[] } | null => {
    const real = nameWords(registered);
    const surrogate = nameWords(pseudonymOf(registered, avoid));
    return real.length === surrogate.length ? { real, surrogate } : null;
  };
  return {
    action: "pseudonymize",
    name: "pseudonym",
    apply(input: OperatorInput): OperatorOutput {
      if (input.kind === DEPARTMENT_KIND) {
        const department = departmentPseudonym(key, input.registered ?? input.value);
        if (department === null) throw new OperatorError("not a listed department", "department-not-listed");
        return { text: copyCase(input.value, department) };
      }
      if (!NAME_KINDS.has(input.kind)) {
        const tag = keyedLetterTag(key, `${input.kind}:${input.value}`, KEYED_TAG_LETTERS);
        return { text: input.kind === "email" ? `user.${tag}@example.com` : `${input.kind.toUpperCase()}-${tag}` };
      }
      // A rendering of a registered name shows the initials of that name's pseudonym.
      const words = input.registered !== undefined && hasInitial(input.value) ? alignedWords(input.registered, input.avoid) : null;
      const spelled = input.registered !== undefined ? asRegisteredSpelling(input.value, input.registered) : input.value;
      const value = words ? mapInitials(spelled, words.real, words.surrogate) : spelled;
      const text = pseudonymOf(value, input.avoid, input.registered);
      if (input.registered === undefined) return { text };
      return { text: withJoinedSurname(value, text, particleSurname(input.registered), particleSurname(pseudonymOf(input.registered, input.avoid, input.registered))) };
    },
    reverse(transformed: string, input: Omit<OperatorInput, "value">): string {
      if (!NAME_KINDS.has(input.kind)) {
        throw new OperatorError(`keyed ${input.kind} tags are not reversible`, "pseudonym-not-reversible");
      }
      const words = input.registered !== undefined ? alignedWords(input.registered, input.avoid) : null;
      if (!words) return replaceTokens(transformed, nameTokens(transformed), originalOf);
      const span = hasInitial(transformed) ? mapInitials(transformed, words.surrogate, words.real) : transformed;
      // A token of the registered name's own pseudonym maps back to the registered token (reserved ones too).
      const known = new Map(words.surrogate.map((word, i) => [lookupKey(word), words.real[i]]));
      // The pseudonym's surname glued to its particles maps back to the registered one glued alike.
      const [glued, real] = [particleSurname(pseudonymOf(input.registered!, input.avoid, input.registered)), particleSurname(input.registered!)];
      const restored = (token: Token) => (glued !== null && real !== null && lookupKey(token.text) === lookupKey(glued.join("")) ? gluedAs(token.text, real) : undefined);
      return replaceTokens(span, nameTokens(span), (token) => restored(token) ?? known.get(lookupKey(token.text)) ?? originalOf(token));
    },
  };
}
