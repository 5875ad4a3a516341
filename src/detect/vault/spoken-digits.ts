/**
 * Identifiers read out digit by digit, as call and voice transcripts write them (`four one five,
 * five five five, ...`): found as a form of the value, shown as the surrogate read out alike.
 */
import type { Variant } from "./variant.js";

const DIGIT_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
const DIGIT_WORD = new RegExp(`\\b(?:${DIGIT_WORDS.join("|")})\\b`, "gi");
const SPOKEN_CONFIDENCE = 0.9;
/** Fewer digits than this read out one by one are a count, not an identifier. */
const MIN_SPOKEN_DIGITS = 7;

/** The identifier `value` read out digit by digit, when it is digits and layout only and long enough. */
export function spokenDigits(value: string): Variant[] {
  if (!/^[\d\s().+-]+$/.test(value.trim())) return [];
  const digits = value.replace(/\D/g, "");
  if (digits.length < MIN_SPOKEN_DIGITS) return [];
  return [{ form: [...digits].map((digit) => DIGIT_WORDS[Number(digit)]).join(" "), confidence: SPOKEN_CONFIDENCE, role: "spoken-digits" }];
}

/**
 * `span`, digits read out as words, with the digits of `value` read out in their place, in order and
 * in each word's case (`Nine three nine, seven nine, ...`); null when the counts differ.
 */
export function spokenLike(span: string, value: string): string | null {
  const digits = value.replace(/\D/g, "");
  let next = 0;
  const text = span.replace(DIGIT_WORD, (word) => {
    const spoken = DIGIT_WORDS[Number(digits[next++])] ?? word;
    if (word === word.toUpperCase()) return spoken.toUpperCase();
    return word[0] === word[0].toUpperCase() ? spoken[0].toUpperCase() + spoken.slice(1) : spoken;
  });
  return next === digits.length ? text : null;
}
