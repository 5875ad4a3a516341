/**
 * Identifiers read out digit by digit, as call and voice transcripts write them (`four one five,
 * five five five, ...`): found as a form of the value, shown as the surrogate read out alike.
 */
import { normalizeValue } from "./normalize.js";
import { DIGIT_WORDS, inWords } from "./numbers.js";
import type { Variant } from "./variant.js";

/** A digit as written: the figure or the word (`oh` for a zero, as phone numbers are read out). */
const DIGIT_TOKEN = new RegExp(`\\d|\\b(?:${DIGIT_WORDS.join("|")}|oh)\\b`, "gi");
const SPOKEN_CONFIDENCE = 0.9;
/** Fewer digits than this read out one by one are a count (`one two three`), not an identifier. */
const MIN_SPOKEN_DIGITS = 5;
/** A letter prefix an identifier's digits are read out without (`EMP, nine-three-nine-one-seven` of `EMP-93917`: session 57 probe). */
const LETTER_PREFIX = /^[A-Za-z]{1,6}[\s_-]*(?=\d)/;

/** Most groups an identifier is read out by in every mix of words and figures (2^n - 1 forms). */
const MAX_MIXED_GROUPS = 4;

/**
 * The identifier `value` read out digit by digit, when it is digits and layout only (after a letter
 * prefix, left unsaid) and long enough, and with some of its digit groups read out and the others in
 * figures (`four one five 555 0132`, `939 79 six four one zero`), or every digit a figure apart
 * (`0-7-8-1-4`): as variants, so the automaton finds them at no cost per text.
 */
export function spokenDigits(value: string): Variant[] {
  const digitsPart = value.trim().replace(LETTER_PREFIX, "");
  if (!/^[\d\s().+-]+$/.test(digitsPart)) return [];
  const groups = digitsPart.match(/\d+/g) ?? [];
  const all = groups.join("");
  if (all.length < MIN_SPOKEN_DIGITS) return [];
  const spoken = (group: string) => [...group].map((digit) => DIGIT_WORDS[Number(digit)]).join(" ");
  const mixes = groups.length <= MAX_MIXED_GROUPS ? (1 << groups.length) - 1 : 1;
  // Mix m reads out group k when bit k is clear: mix 0 is every digit read out; all figures is no variant of this role.
  const forms = Array.from({ length: mixes }, (_, mix) => groups.map((group, k) => (mix & (1 << k) ? group : spoken(group))).join(" "));
  // Zeros read out as `oh` (`oh-one-nine-nine`: round 10 red team).
  const withOh = forms.filter((form) => /\bzero\b/.test(form)).map((form) => form.replace(/\bzero\b/g, "oh"));
  return [...forms, ...withOh, [...all].join(" ")].map((form) => ({ form, confidence: SPOKEN_CONFIDENCE, role: "spoken-digits" as const }));
}

/**
 * `span`, digits read out as words or written as figures (`four one five 555 0132`), with the digits
 * of `value` in their place, in order, each as its digit was written and words in their case
 * (`Nine three nine, seven nine, ...`); a span with fewer digits than `value` reads its last ones (a
 * phone's national number, its country code left out). Null when the span holds more digits.
 */
export function spokenLike(span: string, value: string): string | null {
  const all = value.replace(/\D/g, "");
  const count = span.match(DIGIT_TOKEN)?.length ?? 0;
  if (count > all.length) return null;
  const digits = all.slice(all.length - count);
  let next = 0;
  return span.replace(DIGIT_TOKEN, (token) => {
    const digit = digits[next++]!;
    if (token.length === 1) return digit;
    const spoken = DIGIT_WORDS[Number(digit)]!;
    if (token === token.toUpperCase()) return spoken.toUpperCase();
    return token[0] === token[0].toUpperCase() ? spoken[0].toUpperCase() + spoken.slice(1) : spoken;
  });
}

/** `digits` read out one by one: in figures apart (`1 1 9 0`, as `1-1-9-0` normalizes) and in words, a zero as `zero` or `oh`. */
export function readOutTail(digits: string): string[] {
  const words = [...digits].map((digit) => DIGIT_WORDS[Number(digit)]!);
  const forms = [[...digits].join(" "), words.join(" ")];
  if (digits.includes("0")) forms.push(words.map((word) => (word === "zero" ? "oh" : word)).join(" "));
  return forms;
}

/** A last four read in two pairs, in figures and in words (`64-10`, `fifty-one seventy-two`: session 57 probe), a pair's leading zero as `oh`. */
export function tailInPairs(digits: string): string[] {
  const pairs = [digits.slice(0, 2), digits.slice(2)];
  return [pairs.join(" "), pairs.map(pairInWords).join(" ")];
}

/** A number word of two digits (`ten`, `fourteen`, `seventy`): a span holding one reads its digits in pairs. */
const PAIR_WORD = /\b(?:ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)\b/i;

/** Whether a last four is read out in two pairs of words (`fifty-one seventy-two`, `oh five eighty`). */
export function isReadInPairs(span: string): boolean {
  return PAIR_WORD.test(span);
}

/**
 * The last four digits of `value` read in two pairs of words as `span` reads its own (`fifty-one seventy-two`): hyphens inside a
 * pair, the separator between pairs and an opening capital kept. Null when `value` has fewer than four digits.
 */
export function pairsLike(span: string, value: string): string | null {
  const digits = value.replace(/\D/g, "").slice(-4);
  if (digits.length < 4) return null;
  const joiner = /\p{L}-\p{L}/u.test(span) ? "-" : " ";
  const between = /,\s*/.exec(span)?.[0] ?? " ";
  const read = [digits.slice(0, 2), digits.slice(2)].map((pair) => pairInWords(pair).replaceAll(" ", joiner)).join(between);
  return /^\p{Lu}/u.test(span) ? read[0].toUpperCase() + read.slice(1) : read;
}

/** Two digits read as a number (`seventy two`, `ten`), a leading zero as `oh` (`oh five`), normalized. */
function pairInWords(pair: string): string {
  return pair[0] === "0" ? `oh ${DIGIT_WORDS[Number(pair[1])]}` : normalizeValue(inWords(pair, 0)!);
}

/** Whether a span reads digits out (`five-five-four-nine`, `1-1-9-0`), not figures written together. */
export function isReadOut(span: string): boolean {
  return /\d[ \t-]\d/.test(span) || DIGIT_WORD.test(span);
}
const DIGIT_WORD = new RegExp(`\\b(?:${DIGIT_WORDS.join("|")}|oh)\\b`, "i");

/** A three-digit score, no leading zero. */
const THREE_DIGIT_SCORE = /^[1-9]\d\d$/;

/**
 * A three-digit score read out (round 21 red team: `8-1-2`, `eight-one-two`, `five-fifty-seven`, `seven-oh-five`), with the
 * labels of `near` (its field's words beside it): alone, `eight twelve` is a time. Redacted as a band: no surrogate is read out.
 */
export function readOutScoreVariants(near: Variant, normalized: string): Variant[] {
  if (!THREE_DIGIT_SCORE.test(normalized)) return [];
  const [first, second, third] = [...normalized].map((digit) => DIGIT_WORDS[Number(digit)]!);
  const rest = normalized.slice(1);
  const forms = [[...normalized].join(" "), `${first} ${second} ${third}`];
  if (rest[0] !== "0") forms.push(`${first} ${normalizeValue(inWords(rest, 10)!)}`);
  else if (rest !== "00") forms.push(`${first} oh ${third}`, `${first} zero ${third}`);
  if (second === "zero") forms.push(`${first} oh ${third === "zero" ? "oh" : third}`);
  return [...new Set(forms)].map((form) => ({ form, confidence: near.confidence, role: "band" as const, labels: near.labels }));
}
