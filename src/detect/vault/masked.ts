import type { Variant } from "./variant.js";

/** Last digits shown after a mask (`***-**-1579`, `ending in 1579`): specific to the value in that context. */
const MASKED_TAIL_CONFIDENCE = 0.85;
const TAIL_DIGITS = 4;
/** Identifiers shorter than this do not hide their digits behind a mask. */
const MIN_MASKED_DIGITS = 9;
/** How far before the digits a mask or an `ending in` / `last 4` phrase is looked for. */
const LOOKBEHIND = 48;
/**
 * A mask run (`***-**-`, `XXXX`, `••••`), an ellipsis (`...4821`), `ending (in)` or `ends in`, or
 * `last 4 (digits of SSN):` right before the digits. Two asterisks right after a word
 * (`**Date of Birth:** 1957`) close a markdown bold label: not a mask.
 */
const MASK_BEFORE = /(?:(?<![\p{L}\d])(?!(?<=[^\s*])\*\*\s*$)[*xX•#]{2,}(?:[\s.-]*[*xX•#]+)*[\s.-]*|(?:\.{3}|…)[\s-]*|\bend(?:s|ing)(?: in| with)?\W{0,4}|\blast (?:4|four)\b[^\d\n]{0,40})$/iu;

/** The last four digits an identifier (SSN, card, account, phone) of 9+ digits shows after a mask, else null. */
export function maskedTail(identifier: string): string | null {
  const digits = identifier.replace(/\D/g, "");
  return digits.length >= MIN_MASKED_DIGITS ? digits.slice(-TAIL_DIGITS) : null;
}

/** The masked tail of an identifier as a form to find after a mask. */
export function maskedTailVariants(identifier: string): Variant[] {
  const tail = maskedTail(identifier);
  return tail === null ? [] : [{ form: tail, confidence: MASKED_TAIL_CONFIDENCE, role: "masked-tail" }];
}

/** Whether the digits at source[start] follow a mask or a last-digits phrase. */
export function followsMask(source: string, start: number): boolean {
  return MASK_BEFORE.test(source.slice(Math.max(0, start - LOOKBEHIND), start));
}
