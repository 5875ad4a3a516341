/** How a variant is used once found: alone, or combined with other hits of the same entry. */
export type VariantRole =
  /** A complete rendering of the value: a detection by itself. */
  | "whole"
  /** A person's first name: alone only under the partial-name rules, or paired with the surname. */
  | "first-name"
  /** A short form of a first name that is foremost a word (`Bill`, `Pat`): a first name only where the text gives it as one (`("Bill")`, `goes by Bill`) and after. */
  | "word-nickname"
  /** A middle name alone (`Edward` of Thomas Edward Pryce-Jones): a name only where the text gives it as one (`calls him Edward`) and after; shown as the pseudonym's middle name. */
  | "middle-name"
  /** A person's surname: alone only under the partial-name rules. */
  | "surname"
  /** A person's surname in the plural, naming the family (`the Wilsons`): alone under the partial-name rules, never paired. */
  | "surname-plural"
  /** A content word (stem) of a contextual phrase: counts only with the others inside a window. */
  | "context-word"
  /** A short value after its field's label (`rating: d`): the span is the value only. */
  | "after-label"
  /** A short number (a score of 30) with its field's label near it (`credit score of ..., which is 773`, `790 credit score`). */
  | "near-label"
  /** The last digits of a long identifier: counts only after a mask or `ending in` / `last 4`. */
  | "masked-tail"
  /** The last three digits of a long identifier after `ending in` (last-three.ts): shown as the surrogate's, sealed in shared state. */
  | "last-three"
  /** The last two digits of an identifier behind a mask as long as its other digits (short-masks.ts): shown as the surrogate's, sealed in shared state. */
  | "short-tail"
  /** The first digits of a short identifier before a mask as long as its other digits (short-masks.ts): shown as the surrogate's, sealed in shared state. */
  | "short-head"
  /** A personal title and a surname's initial (`Ms. D.`): shown as the pseudonym's initial. */
  | "title-initial"
  /** An SSN's first five digits before a mask of the rest (`939-79-XXXX`): shown as the surrogate's first five. */
  | "masked-head"
  /** An identifier read out digit by digit (`nine three nine, seven nine, ...`): shown as the surrogate read out alike. */
  | "spoken-digits"
  /** A value in a notation no surrogate is rendered in: said in words (`nine three nine, seventy-nine, sixty-four ten`, `ninety-seven five`, see spoken-numbers.ts), told by a holiday (`two days before Christmas 1980`, holiday-dates.ts), in scientific notation (`1.4523e+05`, scientific-numbers.ts): redacted. */
  | "other-notation"
  /** A part of a value split across an object's members (`"area": "662", "group": "19"`, see split-values.ts): redacted. */
  | "split-part"
  /** A date written near a registered one, computed from it (`follow-up: February 15, 2026`, `March 2026`): shown shifted as the registered date's surrogate is. */
  | "derived-date"
  /** An amount computed from a registered one (`$7,050/month` of an income of 84,600, `2x income`): shown moved by its noise, scaled alike. */
  | "derived-amount"
  /** A phone's extension written apart from its number (`Extension "x2600" is unusual`): shown as the surrogate phone's extension. */
  | "phone-extension"
  /** A NANP phone's seven-digit local number (`555-0132` of `(415) 555-0132`): shown as the surrogate phone's local number. */
  | "local-number"
  /** An identifier's digits in a grouping of the writer's own (`447 1093` of `MRN-4471093`), with its letter prefix when written before them: the whole value, transformed and restored character for character. */
  | "regrouped-digits"
  /** An identifier's long last group of digits alone (`582290` of `CASE-1467-582290`): shown as the surrogate's last digits. */
  | "digit-group"
  /** A date's digits compact inside a reference (`PIT-2026-0109`, `GP-010926`, `260109`): shown as the surrogate date so written. */
  | "compact-date"
  /** An identifier's digits read as a number, leading zeros dropped (`987123` of `ACC-00987123`): shown as the surrogate's digits so read. */
  | "unpadded-digits"
  /** A list member that is an ordinary word: counts only next to another member of its list. */
  | "list-word"
  /** The initials of a contextual phrase (`CKD` of `Chronic Kidney Disease`): counts only written in capitals. */
  | "acronym"
  /** A level that tells a grade's band (`high risk` near `rating`, `Risk Level: Moderate`): with its `labels` near if it has them. */
  | "band"
  /** A word that tells a contextual value without being it (a diagnosis's drug, a case type's procedure): a detection by itself, never an object key's structure. */
  | "indicator"
  /** A date's month and day (`January 3`): counts with its month capitalized and no other year after it. */
  | "yearless-date"
  /** A date's month and year (`June 2023`): counts unless a day before it makes it another date. */
  | "month-year"
  /** A birth date's month and day in digits (`8/24`, `24/08`): counts written with a slash, on its own, near a birth label (`DOB`, `born`). */
  | "birthday-digits"
  /** A birth year's last two digits after a birth phrase (`born in '58`): shown as the surrogate year's. */
  | "short-year"
  /** A birth date's day of the month or its month alone after a birthday phrase (`her birthday is on the 22nd`, `born in January`): shown as the surrogate date's. */
  | "birthday-part"
  /** An amount grouped with one dot (`118.300` of 118,300): counts only with a currency beside it, else it reads as a decimal. */
  | "beside-currency"
  /** A smaller amount's round full figure (`$4,900` of 4,875): counts only after a word that says it is approximate (`about`, `~`). */
  | "hedged-figure"
  /** An email spelled out to fool scrapers (`maria dot gonzalez at example dot com`): shown as the surrogate email spelled the same way. */
  | "spelled-email"
  /** An email's distinctive local part (`maria.gonzalez`, `jkowalski77`): counts written as a handle, a token of its own. */
  | "local-part"
  /** A person name glued into a handle, first name and surname (`ryanwilson`, `@RyanWilson`): counts written as a token of its own. */
  | "glued-name"
  /** A person name glued into a handle, initial and surname (`rwilson`): counts written as a token of its own. */
  | "glued-initial"
  /** A person name glued into a handle, surname and first name (`wilsonryan`): counts written as a token of its own. */
  | "glued-surname-first"
  /** A person's first name or surname spelled letter by letter (`W-I-L-S-O-N`): shown as the pseudonym's same part spelled alike. */
  | "spelled-letters"
  /** A person name glued into a handle, surname and initial (`wilsonr`): counts written as a token of its own. */
  | "glued-surname-initial"
  /** A canary token's random suffix alone (`754B6934`): transformed and restored as that part of the token. */
  | "canary-suffix"
  /** A canary token's labels written without its suffix (`CANARY_SSN_XXXX`, round 27 audit): shown as the surrogate token's labels. */
  | "canary-label"
  /**
   * A canary token cut inside its suffix (`CANARY_RISK_NOTE_0A54 is flagged`), or its labels but `CANARY` with the suffix's first
   * characters (`PRIV_NOTE_5E08...`: session 56 probe): shown as the same part of the surrogate token.
   */
  | "canary-head"
  /** The start of a value cut off where its text ends (`James Gr...`, see cut-tails.ts): shown as the same start of the surrogate. */
  | "cut-tail"
  /** A person's age that a registered date of birth gives (`age 86`, `36 years old`, see ages.ts): the number, shown as the surrogate date's age. */
  | "age"
  /** Time elapsed since a registered date (`6 years, 4 months` of a hire date, see elapsed.ts): shown as the surrogate date's. */
  | "elapsed";

/** A hit needs a token boundary at its start (see `edgesNeeded`). */
export const NEEDS_TOKEN_START = 1;
/** A hit needs a token boundary at its end (see `edgesNeeded`). */
export const NEEDS_TOKEN_END = 2;

/**
 * The edges of a hit of a form of `role` that `Vault.collect` takes only on a token boundary: a hit
 * inside a token (an SSN's head `202` in `2026`) is dropped before its targets are read, which a
 * large vault's short forms would otherwise all be.
 */
export function edgesNeeded(role: VariantRole): number {
  switch (role) {
    case "context-word":
    case "masked-head":
    case "glued-name":
    case "glued-initial":
    case "glued-surname-first":
    case "glued-surname-initial":
      return NEEDS_TOKEN_START;
    // Every other role is taken on both boundaries, but an amount may start right after a currency code (`USD84600`).
    default:
      return NEEDS_TOKEN_END;
  }
}

/** One normalized rendering of a vault value that the automaton looks for. */
export interface Variant {
  /** Normalized form (see normalize.ts): lowercase tokens separated by single spaces. */
  form: string;
  confidence: number;
  role: VariantRole;
  /** Normalized length of the value at the end of a form whose start only gives context (`rating d`, `born in 1957`): the span is that end. */
  tail?: number;
  /** Normalized length of the value at the start of a form whose end only gives context (`1957 birth`): the span is that start. */
  head?: number;
  /** context-word: the word stands for the phrase by itself (a diagnosis's own term: `kidney` of `Chronic Kidney Disease`). */
  alone?: boolean;
  /** A word of a note that names a condition (held under `ssn`, `assessment`): its window needs all but one of four words or more, its own terms alone or not. */
  noteWindow?: boolean;
  /** near-label (and a short local-part): the words (normalized) that name the field, one of which must be near the value. */
  labels?: readonly string[];
  /** masked-tail: counts only named a last four by a phrase (`ending 64-10`), not after a mask run. */
  namedOnly?: boolean;
  /** short-year: counts only with an apostrophe right before its digits as written (`b. '83`, not `b 83`). */
  afterApostrophe?: boolean;
  /** whole: its last word is found only capitalized as written (`1142 Orchard`, not `466 winters of history`). */
  capitalized?: boolean;
  /** whole: some words of a person's name of three or more (`Day Lewis`, `Mary Ann`), someone else's beside another name word (`Kailey Ruiz Zafón`). */
  nameWords?: boolean;
  /** whole: a name that ends in an initial no capitalized word follows (`Marc W.`, not the middle initial of `Marc W. Ellison`). */
  endsName?: boolean;
}

export function whole(form: string, confidence: number): Variant {
  return { form, confidence, role: "whole" };
}

/** Every way to join consecutive tokens with a space or nothing (`ins 41208932`, `ins41208932`). */
export function joinings(tokens: readonly string[], separators: readonly string[] = [" ", ""]): string[] {
  let forms = [tokens[0] ?? ""];
  for (const token of tokens.slice(1)) {
    forms = forms.flatMap((prefix) => separators.map((separator) => prefix + separator + token));
  }
  return forms;
}
