import { copyCase } from "../../transform/operators/pseudonym.js";
import { normalizeValue } from "./normalize.js";
import { YEAR_LIKE } from "./dates.js";
import { groupThousands } from "./numbers.js";
import { joinings, whole, type Variant } from "./variant.js";
import { layIdentifier } from "./digit-skeletons.js";

const SEPARATOR_VARIANT_CONFIDENCE = 0.95;
/** The digits of a prefixed id alone (`67737826` for `INS-67737826`): specific when long enough. */
const DIGIT_CORE_CONFIDENCE = 0.85;
const MIN_DIGIT_CORE = 5;
/** The random suffix of a canary token alone (`754B6934`). */
const CANARY_SUFFIX_CONFIDENCE = 0.9;
/** Above this many chunks only the space-joined and fully joined forms are generated. */
const MAX_JOINED_CHUNKS = 5;

const MIN_CANARY_SUFFIX = 6;
/** A canary token as planted (`CANARY_CONF_NOTE_PLA0PKXC`, the canary recognizer's shape): labels, then a random suffix of letters and digits. */
const PLANTED_CANARY = /^canary(?:_[a-z]{1,24}){1,4}_[a-z0-9]{6,32}$/i;
/** A canary token written otherwise (`Canary SSN 754B6934`): only a hex suffix tells it from a phrase that starts with `canary`. */
const SPACED_CANARY = /^canary(?: [a-z0-9]+)*? [0-9a-f]{6,}$/;

/** Chunks of a normalized id: split at spaces and at letter/digit transitions (`ins41208932` -> ins, 41208932). */
export function idChunks(normalized: string): string[] {
  return normalized.split(/[ .,]/).flatMap((token) => token.match(/\d+|\D+/g) ?? []);
}

/** A canary token (`CANARY_CONF_NOTE_PLA0PKXC`, `canary ssn 754b6934`), not a phrase that starts with `canary` (`Canary Islands holiday`). */
export function isCanary(value: string): boolean {
  return PLANTED_CANARY.test(value.trim()) || SPACED_CANARY.test(normalizeValue(value));
}

function joinedForms(chunks: readonly string[], confidence: number): Variant[] {
  const forms = chunks.length <= MAX_JOINED_CHUNKS ? joinings(chunks) : [chunks.join(" "), chunks.join("")];
  if (chunks.length > 1 && chunks.every((c) => /^\d+$/.test(c))) forms.push(chunks.join("."));
  return forms.map((form) => whole(form, confidence));
}

function grouped(digits: string, sizes: readonly number[]): string[] {
  const groups: string[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= digits.length) break;
    groups.push(digits.slice(at, at + size));
    at += size;
  }
  if (at < digits.length) groups.push(digits.slice(at));
  return groups;
}

/** Regroupings of a bare digit string the way its kind is usually written (SSN 3-2-4, card 4-4-4-4 / Amex 4-6-5). */
function regroupings(kind: string, digits: string): string[][] {
  if (kind === "ssn" && digits.length === 9) return [grouped(digits, [3, 2, 4])];
  if (kind === "card" && digits.length >= 13 && digits.length <= 19) {
    const byFour = grouped(digits, [4, 4, 4, 4]);
    return digits.length === 15 ? [byFour, grouped(digits, [4, 6, 5])] : [byFour];
  }
  return [];
}

/** Characters of a one-token identifier of letters and digits that is also looked for printed in groups of four (an IBAN has 15 or more). */
const MIN_PRINTED_IN_FOURS = 12;

/** Digits the last group of an identifier needs to be found alone: a shorter one is too common a number. */
const MIN_LAST_GROUP = 6;
/** Words that cite a record by number (`Case #48172`, `matter 48172`, `the 48172 file`): a shorter last group counts beside one. */
const CITING_WORDS = ["case", "cases", "matter", "file", "docket", "ref", "reference", "no", "number", "record", "claim", "dispute", "ticket"];

/** Whether chunks still identify their value: five digits, or four with letters beside them (`halv 4512`). */
function isIdentifying(chunks: readonly string[]): boolean {
  const digits = chunks.join("").replace(/\D/g, "").length;
  return digits >= MIN_DIGIT_CORE || (digits >= MIN_DIGIT_CORE - 1 && chunks.some((chunk) => /^[a-z]{2,}$/.test(chunk)));
}

/**
 * Identifier renderings: separators dropped or changed (`939-79-6410`, `939 79 6410`, `939796410`,
 * `939.79.6410`; `INS-41208932`, `INS41208932`, `ins 41208932`), kind-specific regrouping of bare
 * digits, the digit core of a prefixed id when long, its long last group alone.
 */
export function identifierVariants(kind: string, normalized: string): Variant[] {
  const chunks = idChunks(normalized);
  const variants = joinedForms(chunks, SEPARATOR_VARIANT_CONFIDENCE);
  const digits = chunks.join("");
  if (/^\d+$/.test(digits)) {
    for (const groups of regroupings(kind, digits)) variants.push(...joinedForms(groups, SEPARATOR_VARIANT_CONFIDENCE));
  }
  // Bare digits a writer reads as a quantity come grouped in thousands (`AGI of $138,500` of an `agi` registered as 138500).
  if (/^[1-9]\d{3,}$/.test(normalized)) variants.push({ form: groupThousands(normalized), confidence: SEPARATOR_VARIANT_CONFIDENCE, role: "regrouped-digits" });
  const firstDigit = chunks.findIndex((c) => /^\d/.test(c));
  const core = chunks.slice(firstDigit);
  if (firstDigit > 0 && core.every((c) => /^\d+$/.test(c)) && core.join("").length >= MIN_DIGIT_CORE) {
    // The digits without their prefix (`Employee ID: 61844` for EMP-61844) show the whole surrogate's digits, so they restore.
    variants.push(...joinedForms(core, DIGIT_CORE_CONFIDENCE).map((variant) => ({ ...variant, role: "regrouped-digits" as const })));
  }
  // Groups written without their leading zeros (`HALV-4512` of HALV-0004512, `24-cv-3381` of 1:24-cv-03381, `Case No. 2025-4417`
  // of PI-2025-004417: round 9 red team), from the first group or after a short leading number or a letter prefix.
  const unpadded = chunks.map((chunk) => (/^0+\d/.test(chunk) ? chunk.replace(/^0+/, "") : chunk));
  const afterLeadingNumber = /^\d{1,2}$/.test(chunks[0]) && chunks.length >= 3;
  const shortened = [...(afterLeadingNumber ? [chunks.slice(1)] : [])];
  if (unpadded.some((chunk, at) => chunk !== chunks[at])) {
    // With its letter prefix apart only where the digits alone are too few (`HALV-4512`): `"mrn":"482913"` of MRN-00482913 is
    // the digits, not the key before them; glued to the digits, the prefix is the value's (`estate_TR48812.pdf` of TR-0048812).
    const digitsAlone = unpadded.slice(firstDigit).join("").length >= MIN_DIGIT_CORE;
    shortened.push(...(firstDigit > 0 && digitsAlone ? [] : [unpadded]), ...(afterLeadingNumber ? [unpadded.slice(1)] : []), ...(firstDigit > 0 ? [unpadded.slice(firstDigit)] : []));
    if (firstDigit > 0 && digitsAlone) variants.push(whole(unpadded.join(""), DIGIT_CORE_CONFIDENCE));
  }
  // A year's group in its last two digits (`docket 23-4417` of FC-2023-004417, `SEC-25-192` of SEC-2025-0192: round 10 red team).
  const year = chunks.findIndex((chunk, at) => YEAR_LIKE.test(chunk) && /^\d+$/.test(chunks[at + 1] ?? ""));
  if (year >= 0) {
    for (const form of [chunks, unpadded]) {
      const short = form.map((chunk, at) => (at === year ? chunk.slice(2) : chunk));
      shortened.push(short, ...(firstDigit > 0 && firstDigit === year ? [short.slice(firstDigit)] : []));
    }
  }
  // Digits alone in one group are `unpadded-digits` (below), which restore as written.
  for (const form of shortened) if (form.length > 1 && isIdentifying(form)) variants.push(...joinedForms(form, DIGIT_CORE_CONFIDENCE));
  // The last token when it mixes a letter into the digits after a prefix (`W88301427` of AET-W88301427: round 10 red team).
  const tokens = normalized.split(" ");
  const lastToken = tokens.at(-1) ?? "";
  if (tokens.length > 1 && /^[a-z]{1,2}\d+$/.test(lastToken) && isIdentifying([lastToken])) variants.push(whole(lastToken, DIGIT_CORE_CONFIDENCE));
  // A long token of letters and digits printed in groups of four, as IBANs and account numbers are (`GB47 BARC 2004 0483 7261 50`: round 11 red team).
  if (tokens.length === 1 && lastToken.length >= MIN_PRINTED_IN_FOURS && /[a-z]/.test(lastToken) && /\d/.test(lastToken)) {
    variants.push({ form: grouped(lastToken, Array.from({ length: Math.ceil(lastToken.length / 4) }, () => 4)).join(" "), confidence: SEPARATOR_VARIANT_CONFIDENCE, role: "regrouped-digits" });
  }
  // The long last group alone (`Docket No. 582290` of CASE-1467-582290; a dev message wrote `CASE-2-097681`): most of the digits.
  const last = core.at(-1) ?? "";
  if (core.length >= 2 && /^\d+$/.test(last) && last.length >= MIN_LAST_GROUP) variants.push({ form: last, confidence: DIGIT_CORE_CONFIDENCE, role: "digit-group" });
  // One digit shorter, beside a word that cites a record (session 53 probe: `Case #48172 (2023)` of CASE-2023-48172).
  else if (core.length >= 2 && /^\d+$/.test(last) && last.length === MIN_LAST_GROUP - 1) variants.push({ form: last, confidence: DIGIT_CORE_CONFIDENCE, role: "digit-group", labels: CITING_WORDS });
  // Read as a number, the digits lose their leading zeros (`{"account_id": 987123}` of ACC-00987123): the rest still identifies it.
  const significant = core.every((c) => /^\d+$/.test(c)) ? core.join("").replace(/^0+/, "") : "";
  if (significant.length >= MIN_DIGIT_CORE && significant.length < core.join("").length) {
    variants.push({ form: significant, confidence: DIGIT_CORE_CONFIDENCE, role: "unpadded-digits" });
  }
  return variants;
}

/**
 * The suffix of a canary token or of its surrogate (`RMZOEQ_CBY_719F0126`: FPE keeps the suffix in
 * its place), its last run of letters and digits, normalized as a text's (`ANKAO5T3` reads `ankao5 3`);
 * and its labels before the suffix (`CANARY_SSN` of `CANARY_SSN_754B6934`, written with a mask for the
 * suffix: round 27 audit, `CANARY_SSN_XXXX` passed), two labels at least, so no word alone.
 */
export function canaryPartVariants(token: string): Variant[] {
  const { labels, suffix } = canaryParts(token);
  // Two labels but `CANARY` (`PRIV_NOTE`) read as the token only with the suffix's first characters after them.
  const ownLabels = labels.replace(/^canary[_ ]+/i, "");
  return [
    ...(suffix.length >= MIN_CANARY_SUFFIX ? [{ form: normalizeValue(suffix), confidence: CANARY_SUFFIX_CONFIDENCE, role: "canary-suffix" as const }] : []),
    ...(/[_ ]/.test(labels) ? [{ form: normalizeValue(labels), confidence: CANARY_SUFFIX_CONFIDENCE, role: "canary-label" as const }] : []),
    ...(ownLabels !== labels && /[_ ]/.test(ownLabels) ? [{ form: normalizeValue(ownLabels), confidence: CANARY_SUFFIX_CONFIDENCE, role: "canary-head" as const }] : []),
  ];
}

/** Characters of a canary's suffix a cut token must show (one is any token's sixteenth). */
const MIN_CUT_SUFFIX = 2;

/** Whether `written` is the first characters of `token`'s suffix, not all of it: the token cut there. */
export function isCutSuffix(written: string, token: string): boolean {
  const { suffix } = canaryParts(token);
  return written.length >= MIN_CUT_SUFFIX && written.length < suffix.length && suffix.toLowerCase().startsWith(written.toLowerCase());
}

/**
 * The part of token `to` that `span` is of token `from` (its start, or its labels but `CANARY` on), character for character in
 * `span`'s layout and case; null where `span`'s letters and digits are no part of `from`'s.
 */
export function canaryHeadLike(span: string, from: string, to: string): string | null {
  const shown = span.replace(/[^A-Za-z0-9]/g, "").toLowerCase();
  const at = from.replace(/[^A-Za-z0-9]/g, "").toLowerCase().indexOf(shown);
  const part = to.replace(/[^A-Za-z0-9]/g, "").slice(at, at + shown.length);
  if (at < 0 || part.length < shown.length) return null;
  let next = 0;
  return span.replace(/[A-Za-z0-9]/g, (character) => {
    const replacement = part.charAt(next++);
    return character === character.toLowerCase() ? replacement.toLowerCase() : replacement.toUpperCase();
  });
}

/** A canary token's labels laid out as `written` (`CANARY_SSN`): the labels of `token`, letter for letter. */
export function labelsLike(written: string, token: string): string | null {
  return layIdentifier(written, canaryParts(token).labels);
}

/** A canary token's labels (`CANARY_SSN`) and its suffix (`754B6934`): the last run of letters and digits, and what is before its separator. */
function canaryParts(token: string): { labels: string; suffix: string } {
  const trimmed = token.trim();
  const suffix = /[a-z0-9]*$/i.exec(trimmed)![0];
  return { labels: trimmed.slice(0, trimmed.length - suffix.length).replace(/[_ ]+$/, ""), suffix };
}

/**
 * The tail of `token` as long as the suffix `written`, in its case: a canary's suffix from its whole token,
 * real or surrogate (FPE keeps the token's layout); null when the token is no longer than the suffix.
 */
export function suffixLike(written: string, token: string): string | null {
  return token.length > written.length ? copyCase(written, token.slice(-written.length)) : null;
}
