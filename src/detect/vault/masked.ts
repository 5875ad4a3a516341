import { YEAR_LIKE } from "./dates.js";
import { readOutTail, tailInPairs } from "./spoken-digits.js";
import type { Variant } from "./variant.js";
import { isDictionaryWord } from "./words.js";

/** Last digits shown after a mask (`***-**-1579`, `ending in 1579`): specific to the value in that context. */
export const MASKED_TAIL_CONFIDENCE = 0.85;
export const TAIL_DIGITS = 4;
/** Kinds of identifier whose values writers show by their last (or first) digits, and once named by their digits alone. */
export const TAILED_KINDS: ReadonlySet<string> = new Set(["ssn", "card", "id", "phone"]);
/** An identifier's last three digits (`907` of A-213-448-907, `577` of `EMP-20394577`). */
export const GROUP_TAIL_DIGITS = 3;
/** Writers show up to this many last digits (`ending in 1203588` of a 19-digit card). */
const MAX_TAIL_DIGITS = 8;
/** Digits a mask must still hide beyond a longer tail: one (`ending in 37826` of an 8-digit id showed five). */
const MIN_HIDDEN_DIGITS = 1;
/** Identifiers shorter than this do not hide their first digits behind a mask (an 8-digit member id does). */
const MIN_MASKED_DIGITS = 8;
/**
 * Identifiers shorter than this show no last four (a 4-digit PIN is all tail). From five digits on one is a tail
 * (round 7 red team: `ID ends in 6081` of `EMP-66081` told four of its five digits).
 */
export const MIN_TAILED_DIGITS = 5;
/** How far before the digits a mask or an `ending in` / `last 4` phrase is looked for. */
const LOOKBEHIND = 48;
/** How far after the digits a `(last 4)` / `is the last four` phrase is looked for. */
const LOOKAHEAD = 40;
/** Card brands a last four follows (`Amex (7215)`, `Visa-7215`, `mc-5527`: session 57 probe), and the words `card` (round 23 red team: `card 7763`) and `account` (round 8 of the probe: `the Redmond account (4028)`). */
const CARD_BRANDS = ["visa", "amex", "mastercard", "mc", "discover", "jcb", "diners", "card", "account", "acct"];
/** Keys a last four is written under (`ssn4`, `"pan4":`, `<pan_tail>`): one word each, as the precheck reads a word. */
const TAIL_KEYS = ["ssn4", "l4", "pan4", "pantail", "pan_tail", "cardtail", "card_tail", "ssntail", "ssn_tail", "acct4", "accttail", "acct_tail"];
/**
 * An identifier's word glued or joined to `tail`, `suffix` or `last4` (`SSN tail (4415)`, `"acct_suffix": "4704"`, `"cardLast4":`:
 * session 56 probe), or `suffix` alone as a key; not a word that ends so (`detail`, `cocktail`).
 */
const TAIL_WORD = String.raw`(?<![\p{L}\d_])(?:(?:ssn|acct|account|card|pan|cc)[ _-]?(?:tail|suffix|last[ _-]?(?:4|four))|suffix)(?![\p{L}\d])\W{0,4}`;
/** The same, as the precheck reads the word before the digits. */
const TAIL_WORD_ALONE = /^(?:(?:ssn|acct|account|card|pan|cc)_?)?(?:tail|suffix)$|^(?:ssn|acct|account|card|pan|cc)_?last_?(?:4|four)$/;
/** `ending (in)`, `ends in`, `ending with` right before digits. */
const ENDS_IN = String.raw`\bend(?:s|ing)(?: in| with)?\W{0,4}`;
/** `last 4 (digits of SSN):`, `final four:` right before digits, for last-digit counts `counts` (`4|four`). */
function lastDigitsPhrase(counts: string): string {
  return String.raw`(?<![\p{L}\d])(?:last|final)[ _-]?(?:${counts})(?![\p{L}\d])[^\d\n]{0,40}`;
}
/**
 * A mask run (`***-**-`, `XXXX`, `••••`), a lone `x` glued to the digits (`Card x3304`, `x-3304`;
 * not `0x3304`, `1920x1080`) or a lone `*` (`(*6549 → *1579)`), an ellipsis (`...4821`), `ending (in)` or `ends in`, `last 4
 * (digits of SSN):` / `final four:` / a `card_last4` or `pan4` key (`<pan_tail>`) right before the digits, or a card brand
 * (`Amex (7215)`, `Visa-7215`, `card 7763`). Two asterisks right after a word
 * (`**Date of Birth:** 1957`) close a markdown bold label: not a mask.
 */
export const MASK_BEFORE = new RegExp(
  String.raw`(?:(?<!\p{L})(?!(?<=[^\s*\d])\*\*\s*$)[*xX•#●·■◦∗▪]{2,}(?:[\s.-]*[*xX•#●·■◦∗▪]+)*[\s.-]*|(?<![\p{L}\p{N}_])x-?|(?<![\p{L}\p{N}_*])\*|(?:\.{3}|…)[\s-]*|${ENDS_IN}|${lastDigitsPhrase("4|four|5|five|6|six")}|(?<![\p{L}\d_])(?:${TAIL_KEYS.join("|")})(?![\p{L}\d])\W{0,4}|${TAIL_WORD}|\b(?:${CARD_BRANDS.join("|")})[\s(#:-]{0,3})$`,
  "iu",
);
/**
 * The digits named as a last four right after them: `6943 (Last 4 digits only)`, `6410 is the last
 * four of her SSN`, `6410, the final 4`. Unanchored phrases (`6410 ... last`) are not enough.
 */
export const LAST_DIGITS_AFTER = /^[`'"”’)\]*_]*\s*(?:[(\[,:–—-]|\b(?:is|are|being|as)\b)?\s*(?:(?:the|its|his|her|their|your)\s+)?(?:last|final)\s+(?:4|four)\b/iu;

/** A value that shows only its last digits itself (`****3304`, `XXXX-3304`): all its digits are the tail. */
const MASKED_VALUE = /^[*xX•#●·■◦∗▪]{2,}[\s.-]*\d{4,}$/u;

/** Whether a value is itself a masked tail (`****3304`). */
export function isMaskedValue(value: string): boolean {
  return MASKED_VALUE.test(value.trim());
}

/**
 * The last `length` digits (four by default) an identifier (SSN, card, account, phone, employee id) of 5+ digits,
 * or one masked already (`****3304`), shows after a mask, else null.
 */
export function maskedTail(identifier: string, length = TAIL_DIGITS, minGroupTailed = MIN_MASKED_DIGITS): string | null {
  const digits = identifier.replace(/\D/g, "");
  // A last three are shown alone too (`A***-***-907`, `ending -907` of A-213-448-907: round 12 red team; `ID ending in 577`: round 13).
  if (length === GROUP_TAIL_DIGITS) return digits.length >= minGroupTailed && /\d$/.test(identifier.trim()) ? digits.slice(-length) : null;
  const longest = isMaskedValue(identifier) ? digits.length : digits.length < MIN_TAILED_DIGITS ? 0 : digits.length - (length > TAIL_DIGITS ? MIN_HIDDEN_DIGITS : 1);
  return length >= TAIL_DIGITS && length <= longest ? digits.slice(-length) : null;
}

/** The last `length` letters and digits of an identifier that ends in letters and digits (`MK73` of `1EG4-TE5-MK73`), else null. */
export function maskedMixedTail(identifier: string, length = TAIL_DIGITS): string | null {
  const characters = identifier.replace(/[^\p{L}\p{N}]/gu, "");
  const tail = characters.slice(-length);
  return characters.length >= MIN_MASKED_DIGITS && tail.length === length && /\p{L}/u.test(tail) && /\d/.test(tail) ? tail : null;
}

/** The masked tails of an identifier (its last 4, and up to 8 digits while enough stay hidden) as forms to find after a mask. */
export function maskedTailVariants(identifier: string): Variant[] {
  // Its last four with their letters too (round 13 red team: `MBI ending MK73`).
  const mixed = maskedMixedTail(identifier);
  const variants: Variant[] = mixed === null ? [] : [{ form: mixed.toLowerCase(), confidence: MASKED_TAIL_CONFIDENCE, role: "masked-tail" }];
  // A last three only where they are a group of their own (`A-213-448-907`): as forms, every three-digit number of a text would
  // hit some of a large vault's (round 3: the vault-growth bench went 1.20 -> 2.15); last-three.ts reads the others after a phrase.
  if (/(?:^|\D)\d{3}$/.test(identifier.trim())) {
    const tail = maskedTail(identifier, GROUP_TAIL_DIGITS);
    if (tail !== null) variants.push({ form: tail, confidence: MASKED_TAIL_CONFIDENCE, role: "masked-tail" });
  }
  for (let length = TAIL_DIGITS; length <= MAX_TAIL_DIGITS; length++) {
    const tail = maskedTail(identifier, length);
    if (tail !== null) variants.push({ form: tail, confidence: MASKED_TAIL_CONFIDENCE, role: "masked-tail" });
  }
  // The last four read out, in figures apart or in words (round 22 red team: `ending five-five-four-nine`, `card ending 1-1-9-0`).
  const lastFour = maskedTail(identifier);
  if (lastFour !== null) {
    variants.push(...readOutTail(lastFour).map((form): Variant => ({ form, confidence: MASKED_TAIL_CONFIDENCE, role: "masked-tail" })));
    variants.push(...tailInPairs(lastFour).map((form): Variant => ({ form, confidence: MASKED_TAIL_CONFIDENCE, role: "masked-tail", namedOnly: true })));
  }
  return variants;
}

/** Whether the digits at source[start] follow a mask or a last-digits phrase. */
export function followsMask(source: string, start: number): boolean {
  const from = Math.max(0, start - LOOKBEHIND);
  return mayFollowMask(source, from, start) && MASK_BEFORE.test(source.slice(from, start));
}

/** A file's name (`stmt_5590.pdf`, `acct5590.pdf`, `5590_stmt.pdf`): writers name statements by an account's last digits. */
const FILE_NAME = /^[\w.-]*\.(?:pdf|csv|xlsx?|docx?|png|jpe?g|txt|zip|json|eml|msg)$/i;
/** Longest file name read around the digits (bounded: linear time). */
const MAX_FILE_NAME = 80;

/** Whether the digits at source[start, end) stand apart inside a file's name (round 10 red team: `stmt_5590.pdf` kept an account's last four). */
export function inFileName(source: string, start: number, end: number): boolean {
  // A year (`W2_2024.pdf`) is the file's, not an account's tail.
  if (YEAR_LIKE.test(source.slice(start, end)) || /\d/.test(source.charAt(start - 1)) || /\d/.test(source.charAt(end))) return false;
  return insideFileName(source, start, end);
}

/** Whether source[start, end) is part of a file's name (`stmt_5590.pdf`, `gthibodeaux_personnel.pdf`). */
export function insideFileName(source: string, start: number, end: number): boolean {
  let from = start;
  while (from > 0 && start - from < MAX_FILE_NAME && /[\w.-]/.test(source.charAt(from - 1))) from--;
  let to = end;
  while (to < source.length && to - end < MAX_FILE_NAME && /[\w.-]/.test(source.charAt(to))) to++;
  return FILE_NAME.test(source.slice(from, to).replace(/\.+$/, ""));
}

/** Whether the digits ending at source[end] are named a last four right after (`LAST_DIGITS_AFTER`). */
export function namedLastDigits(source: string, end: number): boolean {
  return LAST_DIGITS_AFTER.test(source.slice(end, end + LOOKAHEAD));
}

/** `ending (in)` / `ends in` or a `last 4` phrase right before digits: no mask run, brand or key. */
const TAIL_PHRASE_BEFORE = new RegExp(`(?:${ENDS_IN}|${lastDigitsPhrase("4|four")})$`, "iu");

/**
 * Whether digits at source [start, end) are named a last four by a phrase before or after them: a tail read in pairs (`ending 64-10`,
 * `last four of his SSN (76-24)`) counts only so, as `between **30-59 mL/min` is a range in bold, not a mask before a tail.
 */
export function namedAsTail(source: string, start: number, end: number): boolean {
  return TAIL_PHRASE_BEFORE.test(source.slice(Math.max(0, start - LOOKBEHIND), start)) || namedLastDigits(source, end);
}

/** Characters of a mask run, and the ellipsis. */
const MASK_CODES = new Set([..."*•#●·■◦∗▪…"].map((char) => char.charCodeAt(0)));
/** The words `ends in`, `ending with` and the like end in, the tail keys and the card brands. */
const MASK_WORDS = new Set(["ends", "ending", "in", "with", ...TAIL_KEYS, ...CARD_BRANDS]);
const X_CODES = new Set([0x58, 0x78]);
const DOT = 0x2e;
/** `account_suffix` is the longest mask word. */
const MAX_MASK_WORD = 14;

/**
 * A necessary condition of MASK_BEFORE, checked first: the end-anchored pattern is tried from every
 * offset of the lookbehind, and a 10,000-value vault's four-digit tails hit most numbers of a text.
 * Past the non-word characters before the digits there is a mask character or `...`, or a word
 * ending in `x` (`XXX-XX-`, `x3304`), or one of MASK_WORDS, or `last` or `final` is written in the lookbehind.
 */
function mayFollowMask(source: string, from: number, start: number): boolean {
  let at = start;
  let dots = 0;
  for (; at > from; at--) {
    const code = source.charCodeAt(at - 1);
    if (isWordCode(code)) break;
    if (MASK_CODES.has(code)) return true;
    dots = code === DOT ? dots + 1 : 0;
    if (dots === 3) return true;
  }
  if (at > from && X_CODES.has(source.charCodeAt(at - 1))) return true;
  const word = at > from ? wordBefore(source, from, at) : "";
  if (MASK_WORDS.has(word) || TAIL_WORD_ALONE.test(word)) return true;
  return writesLast(source, from, start);
}

/** The word ending at source[end], lower case with `ſ` read as `s` (as the `iu` flags do), if it is short enough to be a mask word. */
function wordBefore(source: string, from: number, end: number): string {
  let start = end;
  while (start > from && end - start <= MAX_MASK_WORD && isWordCode(source.charCodeAt(start - 1))) start--;
  return end - start > MAX_MASK_WORD ? "" : source.slice(start, end).toLowerCase().replaceAll("ſ", "s");
}

/** Whether `last` or `final` is written in source[from, start), in any case (`ſ` for last's `s`, as MASK_BEFORE's `iu` flags read it). */
function writesLast(source: string, from: number, start: number): boolean {
  for (let at = from; at + 4 <= start; at++) {
    const first = source.charCodeAt(at) | 0x20;
    if (first === 0x66 && at + 5 <= start && source.slice(at + 1, at + 5).toLowerCase() === "inal") return true;
    if (first !== 0x6c || (source.charCodeAt(at + 1) | 0x20) !== 0x61 || (source.charCodeAt(at + 3) | 0x20) !== 0x74) continue;
    const s = source.charCodeAt(at + 2);
    if ((s | 0x20) === 0x73 || s === 0x17f) return true;
  }
  return false;
}

/** What `\w` matches under MASK_BEFORE's `iu` flags: ASCII letters, digits, `_`, and `ſ`, `K` (they fold to `s`, `k`). */
function isWordCode(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 0x17f || code === 0x212a;
}

/**
 * An SSN's area and group shown with its serial masked (`939-79-XXXX`, `939-79-****`), a card's
 * first four or six digits (its issuer) before a mask (`4119 32** **** 9275`, `566276*******24`):
 * that much of the number, specific to it.
 */
const MASKED_HEAD_CONFIDENCE = 0.85;
const HEAD_DIGITS = 5;
/** A card's issuer (four or six digits) and a few more, as masks show them (`41193***5234`: round 12 red team). */
const CARD_HEADS = [4, 5, 6, 7, 8];
const MIN_CARD_DIGITS = 12;
/** A mask of the digits that follow (`-XXXX`, `XXX`, `-****`, `-xxxx`, `-••••`, an ellipsis: `ERQO...9899`, round 15 red team), right after the shown ones. */
const MASK_AFTER = /^(?:[\s.-]?(?:[*•#●∗]{2,}|[xX]{3,}(?![\p{L}\p{N}])|\.{3}|…)|[xX]{2}(?=[\s.-]?[xX*•#●∗]{2}))/u;
/**
 * The words that name an identifier's first digits right before them (`BIN 601148`, `starting 6011`, `first six digits: 601148`:
 * round 20 red team; `"card_bin": "601158"`, `The card's first six digits are 528743`: round 21), where no mask follows.
 */
const HEAD_NAMED_BEFORE = /(?:(?:\b|_)(?:BIN|IIN)|\bprefix(?:[ \t]+(?:is|of))?|\bstart(?:s|ing)?(?:[ \t]+with)?|\bbegin(?:s|ning)?(?:[ \t]+with)?|\bfirst[ \t]+(?:(?:4|5|6|four|five|six)(?:[ \t]+digits)?|digits)(?:[ \t]+of[^\d\n]{0,20}?)?(?:[ \t]+(?:are|is|were|read))?)["'\]]?[ \t:#(=-]{0,4}["']?$/i;
/** What a text holds wherever MASK_AFTER or HEAD_NAMED_BEFORE matches in it: two mask characters in a row, an ellipsis, or the naming words. */
const MASKED_HEAD_HINT = /[*•#●∗]{2}|[xX]{2}|\.{3}|…|bin|iin|prefix|start|begin|first/i;

/** Whether `source` may hold a masked or named head (most texts hold no mask): a large vault's heads hit every number a text starts a token with. */
export function mayMaskHeads(source: string): boolean {
  return MASKED_HEAD_HINT.test(source);
}
/** Characters before the digits read for HEAD_NAMED_BEFORE. */
const HEAD_PHRASE_REACH = 40;
/** An identifier's end named right after its start (`6011 and ending 5526`). */
const ENDING_AFTER = /^[^.\n]{0,12}?\b(?:end(?:s|ing)?|last)\b/i;

/** The first five digits of a nine-digit SSN as forms to find before a mask (`939 79` and `93979`), and its area alone (`537-**-****`: its state), else none. */
export function maskedHeadVariants(ssn: string): Variant[] {
  const digits = ssn.replace(/\D/g, "");
  if (digits.length !== 9) return [];
  const head = digits.slice(0, HEAD_DIGITS);
  return [`${head.slice(0, 3)} ${head.slice(3)}`, head, head.slice(0, 3)].map((form) => ({ form, confidence: MASKED_HEAD_CONFIDENCE, role: "masked-head" }));
}

/** A phone's area code and exchange before a mask of its line (`(415) 662-XXXX`), from its ten national digits. */
export function maskedPhoneHeadVariants(national: string): Variant[] {
  if (national.length !== 10) return [];
  return [`${national.slice(0, 3)} ${national.slice(3, 6)}`, national.slice(0, 6)].map((form) => ({ form, confidence: MASKED_HEAD_CONFIDENCE, role: "masked-head" }));
}

/** Digits a first group must have to stand for its identifier before a mask (`6052-xxxxxx`); fewer are any number's start. */
const MIN_HEAD_GROUP_DIGITS = 4;
/**
 * An identifier's prefix and first digits before a mask of the rest (`INS-7240****`, `INS-724XXXXX`):
 * from two digits on, while two stay hidden, of one with MIN_MASKED_DIGITS or more; a prefix of letters alone that is no word.
 */
export function maskedIdHeadVariants(normalized: string): Variant[] {
  const digitAt: number[] = [];
  for (let at = 0; at < normalized.length; at++) if (normalized.charCodeAt(at) >= 48 && normalized.charCodeAt(at) <= 57) digitAt.push(at);
  if (digitAt.length < MIN_MASKED_DIGITS) return [];
  const forms: Variant[] = [];
  // Its letters alone too, four or more that are no word (`KBZW****5808` of KBZW78672530815808: round 12 red team; not a type's
  // prefix such as `CASE` before markdown's `**`, or `INS-XXXXXX`).
  const letters = normalized.slice(0, digitAt[0]).trimEnd();
  if (/^\p{L}{4,}$/u.test(letters) && !isDictionaryWord(letters)) forms.push({ form: letters, confidence: MASKED_HEAD_CONFIDENCE, role: "masked-head" });
  // From two digits after a prefix (`FA44***62` of FA4417893062: round 13 red team).
  for (let count = 2; count <= digitAt.length - 2; count++) {
    const form = normalized.slice(0, digitAt[count - 1] + 1);
    // Digits alone are a number's start (`7240`): an identifier's head needs its prefix (a card's head is maskedCardHeadVariants').
    if (/\p{L}/u.test(form)) forms.push({ form, confidence: MASKED_HEAD_CONFIDENCE, role: "masked-head" });
  }
  // Its first group of digits alone, long and followed by another (`Court file 6052-xxxxxx` of CASE-6052-318840: round 22 red team).
  const groups = normalized.match(/\d+/g) ?? [];
  if (groups.length >= 2 && groups[0]!.length >= MIN_HEAD_GROUP_DIGITS) forms.push({ form: groups[0]!, confidence: MASKED_HEAD_CONFIDENCE, role: "masked-head" });
  return forms;
}

/** A card's first four to eight digits as forms to find before a mask (`4119`, `411932`, `4119 32`), else none. */
export function maskedCardHeadVariants(card: string): Variant[] {
  const digits = card.replace(/\D/g, "");
  if (digits.length < MIN_CARD_DIGITS) return [];
  const forms = CARD_HEADS.map((count) => digits.slice(0, count));
  forms.push(`${digits.slice(0, 4)} ${digits.slice(4, 6)}`, `${digits.slice(0, 4)} ${digits.slice(4, 8)}`);
  return forms.map((form) => ({ form, confidence: MASKED_HEAD_CONFIDENCE, role: "masked-head" }));
}

/** Whether the digits ending at source[end] are followed by a mask of the rest (`939-79-XXXX`). */
export function precedesMask(source: string, end: number): boolean {
  return MASK_AFTER.test(source.slice(end, end + 8));
}

/** Whether the digits at source[start, end) are named an identifier's first ones (`HEAD_NAMED_BEFORE`), no digit right after. */
export function namedHead(source: string, start: number, end: number): boolean {
  const before = HEAD_NAMED_BEFORE.exec(source.slice(Math.max(0, start - HEAD_PHRASE_REACH), start));
  // A hyphen left open after the head (`begins 121-83-.`: round 22 red team) is no more digits.
  if (before === null || /^-?\d/.test(source.slice(end, end + 2))) return false;
  // `starting 6011` states an issuer's range as often (`Discover cards start with 6011`: round 20 re-judge): one card's with its end named.
  // So does `prefix 702` a dialling code's (round 22 re-judge): an SSN's area alone after it is anyone's.
  return !/^(?:start|begin|prefix)/i.test(before[0].trim()) || end - start >= 6 || ENDING_AFTER.test(source.slice(end, end + 24));
}

/** `identifier` up to its `count`-th digit, its letter prefix with it (`YNK-7782` of `YNK-77826375`): a masked head's part of the surrogate; null without more digits after. */
export function identifierHead(identifier: string, count: number): string | null {
  // No digits shown: its letters before the first digit (`KBZW` of `KBZW****`).
  if (count === 0) return /^(\p{L}+)[^\p{L}]*\d/u.exec(identifier)?.[1] ?? null;
  let seen = 0;
  for (let at = 0; at < identifier.length; at++) {
    if (!/\d/.test(identifier[at]) || ++seen < count) continue;
    return /\d/.test(identifier.slice(at + 1)) ? identifier.slice(0, at + 1) : null;
  }
  return null;
}
