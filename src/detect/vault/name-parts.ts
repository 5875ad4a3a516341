import { unescapedText } from "./normalize.js";
import { isDictionaryWord, isNameWord, isTitle, LEGAL_FORMS, lexiconTags, NAME_SUFFIXES, opensAsWord } from "./words.js";


/**
 * A note in lowercase words after a name (`Graham Marchbanks (husband)`, `Soren Halvorsen (son)`): who the person is, no
 * part of the name (round 14 red team: `husband` read as the surname turned `her husband Graham` into a pseudonym's pieces).
 */
export const RELATION_NOTE = /\s*\((?:\p{Ll}[\p{Ll} -]*)\)\s*$/u;
/** Characters that join two words into one name (`Jane Smith`, `Smith-Jones`). */
const JOINER = /[ \t-]/;
/** Markup skipped when looking for the start of a sentence (`- **Price**:`). */
const MARKUP = /[\s*#_>\-•"“'‘`([]/;
const SENTENCE_END = /[.!?:;]/;
const LETTER = /\p{L}/u;
/**
 * A label naming a person or a company (`Patient name:`, `- **Opposing party:**`, `Merchants:`, `cc:`, `To:`, `Owner:`), also as
 * a key (`last_name: Brown`, `"lastName": "Brown"`; `last` alone only quoted, `"last": "Brown"`, not `at last: Long waits`): what follows on its line is a name, even an ordinary word.
 */
const NAMING_LABEL =
  /(?:(?<![A-Za-z0-9])(?:surname|(?:last|family|first|given|middle|full)[_ -]?name|name|party|client|patient|customer|employee|candidate|applicant|witness|plaintiff|defendant|counsel|attorney|provider|physician|doctor|contact|merchant|vendor|payee|employer|company|owner|assignee|reviewer|author|sender|recipient|attn|b?cc|to|from)s?["']?|["'](?:last|first|given|family)["'])[*_]*[ \t]*[:=][*_]*[ \t]*["']?$/i;
/** The `v.` of a case name (`Holmes v. Butler`): the parties are names, and its dot ends no sentence. */
const VERSUS = /\p{Lu}\p{L}*\.?[*_]*[ \t]+(?:v|vs)\.[ \t]*[*_]*$/u;
/** A possessive right after a word (`Hill's`, `Brooks'`): common nouns seldom take one, people often do. */
export const POSSESSIVE = /^['’]s(?!\p{L})/iu;
const PLURAL_POSSESSIVE = /^['’](?!\p{L})/u;
/** How far back on its line a naming label is looked for. */
const LABEL_LOOKBEHIND = 40;

export function isCapitalized(word: string): boolean {
  const first = word.charAt(0);
  return first !== first.toLowerCase();
}

/** JOINER and LETTER at `at`, ASCII decided without a regex: a Unicode-property test per character was most of these walks. */
function isJoinerAt(source: string, at: number): boolean {
  const code = source.charCodeAt(at);
  return code < 128 ? code === 32 || code === 9 || code === 45 : JOINER.test(source.charAt(at));
}

function isLetterAt(source: string, at: number): boolean {
  const code = source.charCodeAt(at);
  return code < 128 ? (code >= 65 && code <= 90) || (code >= 97 && code <= 122) : LETTER.test(source.charAt(at));
}

function wordBefore(source: string, start: number): string {
  let end = start;
  while (end > 0 && isJoinerAt(source, end - 1)) end--;
  if (end === start) return "";
  let begin = end;
  while (begin > 0 && isLetterAt(source, begin - 1)) begin--;
  return source.slice(begin, end);
}

function wordAfter(source: string, end: number): string {
  let begin = end;
  while (begin < source.length && isJoinerAt(source, begin)) begin++;
  if (begin === end) return "";
  let stop = begin;
  while (stop < source.length && isLetterAt(source, stop)) stop++;
  return source.slice(begin, stop);
}

/** A short aside in parentheses right after a word (`Daisy (43 y/o) has`): group 0 ends where the next word may start. */
const ASIDE_AFTER = /^[ \t]*\([^()\n]{1,40}\)/;

/** The word after a short aside in parentheses that follows source[.., end); empty where none follows. */
function wordAfterAside(source: string, end: number): string {
  const aside = ASIDE_AFTER.exec(source.slice(end, end + 48));
  return aside === null ? "" : wordAfter(source, end + aside[0].length);
}

/** Verbs a singular subject comes before whatever their tense (`Hill has`, `Best will`); `are`, `have` follow a plural (`Banks are closed`). */
const SINGULAR_VERBS: ReadonlySet<string> = new Set(["is", "was", "has", "had", "does", "did", "will", "would", "can", "could", "should", "may", "might", "must"]);

/**
 * Whether `word` makes the word before it a singular subject (`Hill was seen`, `King said`, `Brown
 * reports`): a verb that agrees with one, not the noun or plural verb after an ordinary word
 * (`Green tea`, `Best regards`, `Brooks flow`).
 */
function isSingularSubjectVerb(word: string): boolean {
  const lower = word.toLowerCase();
  if (SINGULAR_VERBS.has(lower)) return true;
  const tags = lexiconTags(lower);
  // The lexicon lists few regular past tenses (`testified`, `emailed`, `noted` are missing or adjectives).
  return tags.includes("PastTense") || (tags.includes("PresentTense") && lower.endsWith("s")) || (lower.length > 4 && lower.endsWith("ed") && isDictionaryWord(lower));
}

/** Days and months: capitalized, but never part of a person's name (`On Monday Ralph will testify`). */
const CALENDAR_WORDS = new Set([
  "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
  "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
]);

/** A capitalized word that is not an ordinary English word, a day or month, or an honorific: part of another name. */
function isOtherNamePart(word: string): boolean {
  const lower = word.toLowerCase();
  // A role's shorthand before a name is no first name (round 5 of the probe: `Pt Jimenez`, `Atty Salcedo`).
  if (ROLE_SHORTHAND.has(lower)) return false;
  // A letter's salutation in any language is no first name (session 58 probe: `Estimada Valentina:`).
  if (SALUTATIONS.has(lower)) return false;
  // A role's or a unit's initials (`CFO Rinaldi`, `HR`: round 10 red team) are no one's name.
  if (ACRONYM.test(word) && !isNameWord(lower)) return false;
  // A suffix is the name's own (`Mathis III`, `Fitch MD`: round 7 red team, the surname passed beside it).
  return word.length > 1 && isCapitalized(word) && (!isDictionaryWord(lower) || isNameWord(lower)) && !isTitle(lower) && !CALENDAR_WORDS.has(lower) && !NAME_SUFFIXES.has(lower.replace(/\./g, ""));
}

/** Shorthand for a person's role that clinical, legal and HR notes put before a name (`Pt`: patient). */
const ROLE_SHORTHAND: ReadonlySet<string> = new Set(["pt", "pts", "atty", "cust", "cand", "emp", "empl", "mgr", "clt"]);

/** Capitals only, two to five (`CFO`, `VP`, `HR`). */
const ACRONYM = /^\p{Lu}{2,5}$/u;

/** Nouns that end a firm's name besides its legal forms (`Bauer Keller Construction`, `the Bauer Keller partnership`). */
const FIRM_NOUNS: ReadonlySet<string> = new Set(["construction", "partners", "partnership", "associates", "law", "firm", "consulting", "capital", "industries", "enterprises", "properties", "realty", "ventures", "pllc"]);
/** The next word of a firm's name: after spaces, `&`, `and`, a comma, period or hyphen (group 1). */
const FIRM_WORD = /[ \t]*(?:&|and\b|[,.-])?[ \t]*(\p{L}[\p{L}'’]*)/uy;
/** Capitalized words before the one that ends a firm's name: its other partners. */
const MAX_PARTNERS_AFTER = 3;

/**
 * Whether a surname at source[start, end) is one of the partners' surnames a firm is named by (round 17 red team: `Bauer` of
 * Richard Bauer in `Bauer Keller Construction`), not the first name of a person named by the capitalized word after it. A
 * surname's only: a first name so placed is the firm's (round 17 re-judge: `Grant Thornton LLP` of a client Grant Ellis).
 */
export function isFirmPartner(source: string, start: number, end: number): boolean {
  if (!isCapitalized(source.slice(start, end))) return false;
  FIRM_WORD.lastIndex = end;
  for (let partners = 0; partners <= MAX_PARTNERS_AFTER; partners++) {
    const word = FIRM_WORD.exec(source)?.[1];
    if (word === undefined) return false;
    if (FIRM_NOUNS.has(word.toLowerCase()) || LEGAL_FORMS.includes(word.toLowerCase())) return true;
    if (!isCapitalized(word)) return false;
  }
  return false;
}

/** Whether another person's name word stands right before or after source[start, end) (`Kailey` of `Kailey Ruiz Zafón`). */
export function besideOtherName(source: string, start: number, end: number): boolean {
  return isOtherNamePart(wordBefore(source, start)) || isOtherNamePart(wordAfter(source, end));
}

const YEAR_AFTER = /^[ \t]+(?:19|20)\d\d(?!\d)/;
const DAY_AFTER = /^[ \t]+(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?(?![\p{L}\d])/u;
const PREPOSITION_BEFORE = /\b(?:on|in|by|until|till|since|from|of|before|after|through)[ \t]+$/i;
const DAY_BEFORE = /(?<!\d)(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?[ \t]+$/;

/**
 * Whether a month name at source[start, end) is a date's (`April 2026`, `on May 5`, `5 May.`), not
 * the person named so (`Met April 3 times`, `Patient: June 47F`, `Bed 4 June is stable`).
 */
function isDateMonth(source: string, start: number, end: number): boolean {
  const after = source.slice(end, end + 8);
  const before = source.slice(Math.max(0, start - 12), start);
  if (YEAR_AFTER.test(after)) return true;
  if (DAY_AFTER.test(after)) return PREPOSITION_BEFORE.test(before);
  return DAY_BEFORE.test(before) && !/^[ \t]*\p{L}/u.test(after);
}

function isPossessive(source: string, end: number): boolean {
  const rest = source.slice(end, end + 3);
  return POSSESSIVE.test(rest) || (/s$/i.test(source.slice(end - 1, end)) && PLURAL_POSSESSIVE.test(rest));
}

function startsSentence(source: string, start: number): boolean {
  let at = start;
  while (at > 0 && MARKUP.test(source.charAt(at - 1)) && source.charAt(at - 1) !== "\n") at--;
  return at === 0 || source.charAt(at - 1) === "\n" || SENTENCE_END.test(source.charAt(at - 1));
}

/** The rest of a letter's closing after its adjective (`Best| regards,`, `Warm| wishes!`): the word before it is no name. */
const CLOSING = /^[ \t]+(?:regards|wishes)[ \t]*(?:[,.!]|\r?\n|$)/i;
const CLOSING_LOOKAHEAD = 16;
/** A number right after a word (`Day 1`, `Step 3`). */
const NUMBERED = /^[ \t]\d/;

/** First names that are foremost names in the lexicon but also verbs an instruction opens with. */
const IMPERATIVE_NAMES: ReadonlySet<string> = new Set(["mark", "grant", "sue", "pat", "rob", "chase", "wade", "jack"]);
/** Words that open the object of a verb (`the`, `your`, `them`): after a sentence's first word, they make it an imperative. */
const OBJECT_OPENERS: ReadonlySet<string> = new Set([
  "the", "a", "an", "your", "my", "our", "their", "his", "her", "its", "this", "that", "these", "those",
  "all", "each", "every", "any", "both", "it", "them", "him", "me", "us",
]);

/**
 * Whether a first name or surname found alone at source[start, end) refers to the person: it is
 * capitalized, it is not glued to another capitalized non-dictionary word (`Jane Smith` for the
 * surname Smith, `Thomas Greene` for the surname Thomas), and if it opens a sentence it is not a
 * common English word (`Long-term`, `Hill`; `opensAsWord`: a rare one, `Mills`, is a name) unless
 * a singular subject's verb follows it (`Hill was seen`), a naming label (person or company) or a case name's `v.` precedes it
 * (`Patient name: Hill`, `Holmes v. Hill`), a possessive follows it (`[Hill's Law Firm]`), the
 * word is foremost a name (`James was born`, `Murray was seen`: compromise's lexicon), or the
 * person is named in full in the same text (`namedInFull`: `Dwayne Hill ... Hill agreed`).
 */
export function isStandaloneNameReference(source: string, start: number, end: number, namedInFull: () => boolean = () => false): boolean {
  const word = source.slice(start, end);
  if (!isCapitalized(word)) return false;
  const after = wordAfter(source, end);
  if (isOtherNamePart(wordBefore(source, start)) || isOtherNamePart(after)) return false;
  const lower = word.toLowerCase();
  if (CALENDAR_WORDS.has(lower) && isDateMonth(source, start, end)) return false;
  // A verb opening an instruction (`Mark the calendar`, `Sue the vendor`, `Grant them access`): the imperative, not the person.
  if (IMPERATIVE_NAMES.has(lower) && OBJECT_OPENERS.has(after.toLowerCase()) && startsSentence(source, start)) return false;
  // A letter's closing (`Best regards,`, `Warm wishes!`), even with the person named in full above it; not `Rita wishes to ...`.
  if (CLOSING.test(source.slice(end, end + CLOSING_LOOKAHEAD))) return false;
  // An ordinary word numbered is the word (`Day 1:`, `Page 2`), even with the person named in full.
  if (NUMBERED.test(source.slice(end, end + 3)) && isOrdinaryNameWord(word)) return false;
  // A name word followed by another capitalized word is someone else's first name (`Grant Doe`).
  // Decided first: most references stand mid-sentence, and need no look at the label patterns.
  if (!startsSentence(source, start) || !opensAsWord(lower) || (isNameWord(lower) && !isCapitalized(after))) return true;
  // The subject of a verb (`Hill has been notified.`), not an adjective or noun before its own (`Green tea`, `Best regards`), an
  // aside in parentheses between them too (round 8 of the probe: `Daisy (43 y/o) has kidney disease`).
  if (isSingularSubjectVerb(after) || isSingularSubjectVerb(wordAfterAside(source, end))) return true;
  if (followsNamingLabel(source, start, after)) return true;
  return isPossessive(source, end) || namedInFull();
}

/** What joins the words of a file name, path or handle (`okafor-referral.docx`, `reports/okafor.pdf`). */
const PATH_JOINER = /[-_./\\]/;
const PATH_CHARACTER = /[A-Za-z0-9]/;
/** Shortest lowercase surname taken inside a path (`lee`, `fox` name too much else). */
const MIN_PATH_SURNAME = 4;
/**
 * The rest of a document's file name that opens with the surname (`kirby.pdf`, `KIRBY.pdf`, `grant_summary.pdf`): a file named
 * for the person, in any case and whatever else the word means (round 8 red team: `kirby.pdf`, `long.pdf` passed).
 */
const DOCUMENT_NAMED_FOR = /^(?:[_-][A-Za-z0-9]+)*\.(?:pdf|docx?|rtf|txt|xlsx?|csv|png|jpe?g)\b/i;
const DOCUMENT_REACH = 48;

/**
 * Whether a surname written in lowercase at source[start, end) names the person as a part of a file
 * name, path or handle (`okafor-referral.docx`, `referrals/okafor.pdf`): joined to a neighbour by a
 * path character, and no English word (`long_term`, `young-adult` stay); or, in any case and any word,
 * opening a document's file name (`KIRBY.pdf`, `long_notes.txt`).
 */
export function isSurnameInPath(source: string, start: number, end: number): boolean {
  const word = source.slice(start, end);
  const file = DOCUMENT_NAMED_FOR.exec(source.slice(end, end + DOCUMENT_REACH));
  // A word's hyphen makes a compound first (`long-term.txt`).
  if (file && word.length >= MIN_PATH_SURNAME && !/[\p{L}\d]/u.test(source.charAt(start - 1)) && !(file[0].startsWith("-") && isDictionaryWord(word.toLowerCase()))) return true;
  if (word.length < MIN_PATH_SURNAME || !/^[a-z]+$/.test(word) || isDictionaryWord(word)) return false;
  const joinedBefore = PATH_JOINER.test(source.charAt(start - 1)) && PATH_CHARACTER.test(source.charAt(start - 2));
  return joinedBefore || (PATH_JOINER.test(source.charAt(end)) && PATH_CHARACTER.test(source.charAt(end + 1)));
}

/** Shortest lowercase surname taken anywhere: a shorter one (`diaz`, `ruiz`) is too often a handle's or another language's word. */
const MIN_LOWERCASE_SURNAME = 5;

/**
 * Whether a surname written in lowercase at source[start, end) is the person's wherever it stands: a word no dictionary lists
 * (round 5 of the probe: `search_records(query="oyelaran transition surgery")`, `atty=fairbanks` in a log line).
 */
export function isLowercaseRareSurname(source: string, start: number, end: number): boolean {
  const word = source.slice(start, end);
  return word.length >= MIN_LOWERCASE_SURNAME && /^[a-z]+$/.test(word) && !isDictionaryWord(word) && !/[\p{L}\d]/u.test(source.charAt(start - 1) + source.charAt(end));
}

const NAME_WORD = /[\p{L}\p{M}]+(?:['’][\p{L}\p{M}]+)*/gu;

/** Lowercase particles of a surname (`de la Cruz`, `van der Berg`): a name's only words it leaves in lowercase. */
export const NAME_PARTICLES: ReadonlySet<string> = new Set(["de", "la", "le", "del", "della", "van", "von", "der", "den", "du", "da", "di", "dos", "das", "st", "bin", "ibn", "al", "el"]);

/**
 * Whether a person name written over several ordinary words at source[start, end) reads as one name,
 * `surnameFirst` when its first word is the surname: not surname first with a word in lowercase
 * after a space (`the young will inherit`, `many banks chase`, `Mr. Young will attend`, `the price -
 * mark it`). `Hill, grace`, a handle `hill.grace`, `Hill: Grace`, a table's `Grace\nHill` and any
 * name with a word no dictionary lists (`gonzalez maria`) are names. A sentence break between the
 * words is not looked at: `the price. Mark the PO` is taken (a name split so is still the name).
 */
export function readsAsOneName(source: string, start: number, end: number, surnameFirst: boolean): boolean {
  if (!surnameFirst) return true;
  // As read: `O&#39;Brien`, `Jos\u00e9` are one word each.
  const span = unescapedText(source.slice(start, end));
  const words = [...span.matchAll(NAME_WORD)];
  if (words.some(([word]) => !isDictionaryWord(word.toLowerCase()))) return true;
  for (let k = 1; k < words.length; k++) {
    const gap = span.slice(words[k - 1].index + words[k - 1][0].length, words[k].index);
    if (/\s/.test(gap) && !gap.includes(",") && !isCapitalized(words[k][0]) && !NAME_PARTICLES.has(words[k][0])) return false;
  }
  return true;
}

/** Whether the word after source[.., end) is capitalized: a name part before it is another person's (`Emily Long`). */
export function precedesCapitalized(source: string, end: number): boolean {
  const after = wordAfter(source, end);
  // A name's suffix is no word of a phrase (`Trejo III`, `Hester MD`).
  return after !== "" && isCapitalized(after) && !NAME_SUFFIXES.has(after.toLowerCase());
}

/** Capitalized words a name follows that are no part of a phrase with it (`Dear Day,`). */
const SALUTATIONS: ReadonlySet<string> = new Set([
  "dear", "hi", "hello", "hey", "attn", "cc", "to", "from",
  // Session 58 probe: other languages' (`Estimada Valentina:`, `Hola Valentina,`, `Liebe Frau`, `Cara Giulia`).
  "estimada", "estimado", "querida", "querido", "hola", "prezada", "prezado", "olá", "ola", "oi", "caro", "cara", "gentile", "ciao",
  "chère", "cher", "bonjour", "salut", "liebe", "lieber", "hallo",
]);
/** The word before a position, across a list's comma, a slash or a hyphen (`Alone, House`, `Strong/Good`, `First-Day`). */
const LISTED_BEFORE = /(\p{L}+)[ \t]*[,/-]?[ \t]*$/u;

/** Whether a name part is an ordinary word first (`Day`, `Strong`, `House`), not a name the lexicon knows (`Paul`). */
export function isOrdinaryNameWord(word: string): boolean {
  const lower = word.toLowerCase();
  return opensAsWord(lower) && !isNameWord(lower);
}

/**
 * Whether a name part that is an ordinary word (`isOrdinaryNameWord`) stands for a person at
 * source[start, end) on its own: as the subject of a verb (`Day testified`), with a possessive
 * (`DAY'S FILE`), after a naming label or a case's `v.`, a `family` in the plural after `the`; never inside a phrase or list of words:
 * after another capitalized word (`Labor Day`, `Front Page`, `Alone, House`, `First-Day`), before a
 * slash (`Strong/Good`) or beside a number (`Page 5`, `30 Days`).
 */
export function isWordNameReference(source: string, start: number, end: number, family = false): boolean {
  const before = LISTED_BEFORE.exec(source.slice(Math.max(0, start - LABEL_LOOKBEHIND), start))?.[1] ?? "";
  if (isCapitalized(before) && !isTitle(before.toLowerCase()) && !SALUTATIONS.has(before.toLowerCase())) return false;
  if (/^(?:[ \t]*\d|\/)/.test(source.slice(end, end + 3)) || /\d[ \t]*$/.test(source.slice(Math.max(0, start - 3), start))) return false;
  const after = wordAfter(source, end);
  if (isSingularSubjectVerb(after) || isPossessive(source, end)) return true;
  // A family by its name in the plural (`the Fullers`).
  return (family && before === "the") || followsNamingLabel(source, start, after);
}

/** Alone after a naming label or a case's `v.` (`Patient name: Hill`, `Holmes v. Hill`); not `Name: John Doe`, someone else called John. */
function followsNamingLabel(source: string, start: number, after: string): boolean {
  const before = source.slice(Math.max(0, start - LABEL_LOOKBEHIND), start);
  return (NAMING_LABEL.test(before) || VERSUS.test(before)) && !isCapitalized(after);
}

/** A line's first word, in markup or not, right before a colon and what was said (`**Will:** I reviewed`, `Will: yes`). */
const SPEAKER_COLON = /^[*_]*:[*_]*[ \t]+\S/;
const LINE_OPENING = /(?:^|\n)[ \t>*_-]*$/;

/** Whether a first name at source[start, end) labels what a speaker said: a transcript's `Will:` is the person, never the modal verb. */
export function isSpeakerLabel(source: string, start: number, end: number): boolean {
  return isCapitalized(source.slice(start, end)) && SPEAKER_COLON.test(source.slice(end, end + 8)) && LINE_OPENING.test(source.slice(Math.max(0, start - 12), start));
}

/** A word glued by a hyphen to a lowercase one (`Cross-check`, `Long-term`): the head of a compound, not a name (`Smith-Jones` goes on capitalized). */
export function isCompoundHead(source: string, end: number): boolean {
  return source.charCodeAt(end) === 45 && /\p{Ll}/u.test(source.charAt(end + 1));
}

/**
 * Whether a surname in the plural at [start, end) names the family (`the Wilsons' house`): as a
 * surname alone, but never where a sentence opens with an ordinary word's plural (`Hills' slopes`).
 */
export function isFamilyReference(source: string, start: number, end: number, namedInFull: () => boolean = () => false): boolean {
  if (startsSentence(source, start) && isDictionaryWord(source.slice(start, end).toLowerCase())) return false;
  return isStandaloneNameReference(source, start, end, namedInFull);
}
