import type { Variant } from "./variant.js";

/** Last digits shown after a mask (`***-**-1579`, `ending in 1579`): specific to the value in that context. */
const MASKED_TAIL_CONFIDENCE = 0.85;
const TAIL_DIGITS = 4;
/** Writers show up to this many last digits (`ending in 1203588` of a 19-digit card). */
const MAX_TAIL_DIGITS = 8;
/** Digits a mask must still hide beyond a longer tail. */
const MIN_HIDDEN_DIGITS = 4;
/** Identifiers shorter than this do not hide their digits behind a mask (an 8-digit member id does). */
const MIN_MASKED_DIGITS = 8;
/** How far before the digits a mask or an `ending in` / `last 4` phrase is looked for. */
const LOOKBEHIND = 48;
/**
 * A mask run (`***-**-`, `XXXX`, `••••`), a lone `x` glued to the digits (`Card x3304`, `x-3304`;
 * not `0x3304`, `1920x1080`), an ellipsis (`...4821`), `ending (in)` or `ends in`, or `last 4
 * (digits of SSN):` right before the digits. Two asterisks right after a word
 * (`**Date of Birth:** 1957`) close a markdown bold label: not a mask.
 */
const MASK_BEFORE = /(?:(?<!\p{L})(?!(?<=[^\s*\d])\*\*\s*$)[*xX•#●·■◦∗▪]{2,}(?:[\s.-]*[*xX•#●·■◦∗▪]+)*[\s.-]*|(?<![\p{L}\p{N}_])x-?|(?:\.{3}|…)[\s-]*|\bend(?:s|ing)(?: in| with)?\W{0,4}|\blast (?:4|four)\b[^\d\n]{0,40})$/iu;
/** A value that shows only its last digits itself (`****3304`, `XXXX-3304`): all its digits are the tail. */
const MASKED_VALUE = /^[*xX•#●·■◦∗▪]{2,}[\s.-]*\d{4,}$/u;

/**
 * The last `length` digits (four by default) an identifier (SSN, card, account, phone) of 8+ digits,
 * or one masked already (`****3304`), shows after a mask, else null.
 */
export function maskedTail(identifier: string, length = TAIL_DIGITS): string | null {
  const digits = identifier.replace(/\D/g, "");
  const longest = MASKED_VALUE.test(identifier.trim()) ? digits.length : digits.length < MIN_MASKED_DIGITS ? 0 : digits.length - (length > TAIL_DIGITS ? MIN_HIDDEN_DIGITS : 1);
  return length >= TAIL_DIGITS && length <= longest ? digits.slice(-length) : null;
}

/** The masked tails of an identifier (its last 4, and up to 8 digits while enough stay hidden) as forms to find after a mask. */
export function maskedTailVariants(identifier: string): Variant[] {
  const variants: Variant[] = [];
  for (let length = TAIL_DIGITS; length <= MAX_TAIL_DIGITS; length++) {
    const tail = maskedTail(identifier, length);
    if (tail !== null) variants.push({ form: tail, confidence: MASKED_TAIL_CONFIDENCE, role: "masked-tail" });
  }
  return variants;
}

/** Whether the digits at source[start] follow a mask or a last-digits phrase. */
export function followsMask(source: string, start: number): boolean {
  return MASK_BEFORE.test(source.slice(Math.max(0, start - LOOKBEHIND), start));
}
