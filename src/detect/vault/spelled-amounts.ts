/**
 * Amounts written in words with a magnitude (`nine and a half million`, `about three-quarters of a million dollars`,
 * `roughly eighty-five thousand`, `about thirteen hundred dollars`, `twenty-seven point four million`): round 12 red
 * team, only whole spellings of the exact value were found. Read here to a number, for derived-amounts.ts to compare.
 */

import { COUNT_WORDS, DIGIT_WORDS, TEN_VALUES as TENS } from "./numbers.js";

/** One to nineteen, and `a` or `an` for one (`a quarter of a million`). */
const UNITS: Readonly<Record<string, number>> = { a: 1, an: 1, ...Object.fromEntries(COUNT_WORDS.slice(1, 20).map((word, index) => [word, index + 1])) };
/** `grand` is speech for a thousand (round 23 red team: `about forty grand in savings`). */
const MAGNITUDES: Readonly<Record<string, number>> = { hundred: 100, thousand: 1e3, grand: 1e3, million: 1e6, billion: 1e9 };

const UNIT = Object.keys(UNITS).join("|");
const TEN = Object.keys(TENS).join("|");
/** A number below a hundred in words (`eighty-five`, `twelve`, `a`). */
const BELOW_HUNDRED = `(?:(?:${TEN})(?:[- ](?:${UNIT}))?|${UNIT})`;
/** A share of a magnitude in words (`three-quarters of a`, `half a`, `a quarter`). */
const SHARE = "three[- ]quarters? of an?|half an?|a half of an?|a quarter(?: of an?)?";
const DIGITS = `(?:${DIGIT_WORDS.join("|")})(?:[ \\t]+(?:${DIGIT_WORDS.join("|")}))*`;
/** A number below a thousand in words (`seventy-five`, `three hundred and ten`). */
const BELOW_THOUSAND = `(?:${BELOW_HUNDRED}[ \\t]+hundred(?:[ \\t]+(?:and[ \\t]+)?${BELOW_HUNDRED})?|${BELOW_HUNDRED})`;
/**
 * A spelled amount: a share of a magnitude (group 1), or a number below a thousand (group 2) with a decimal (group 3: `point
 * four`) or a half (group 4: `and a half`); then the magnitude (group 5); after millions, their thousands (group 6: round 19 red
 * team, `four million four hundred thousand dollars`), and the units before a currency word (group 7); a currency word or not.
 */
const SPELLED_AMOUNT = new RegExp(
  `\\b(?:(${SHARE})[ \\t-]+|(${BELOW_THOUSAND})(?:[ \\t]+point[ \\t]+(${DIGITS})|[ \\t]+(and a half|and a quarter|and three[- ]quarters))?[ \\t-]+)(hundred|thousand|grand|million|billion)\\b` +
    `(?:,?[ \\t]+(?:and[ \\t]+)?(?<=(?:million|billion),?[ \\t]+(?:and[ \\t]+)?)(${BELOW_THOUSAND})[ \\t]+thousand\\b)?` +
    `(?:,?[ \\t]+(?:and[ \\t]+)?(?<=(?:thousand|million|billion),?[ \\t]+(?:and[ \\t]+)?)(${BELOW_THOUSAND})(?=[ \\t]+dollars?\\b))?(?:[ \\t]+dollars?)?`,
  "gi",
);
/** What every spelled amount has. */
export const SPELLED_AMOUNT_HINT = /\b(?:hundred|thousand|grand|million|billion)\b/i;

/** A number below a thousand in words (`eighty-five`, `two hundred and ten`). */
function belowThousand(words: string): number {
  let current = 0;
  for (const word of words.toLowerCase().split(/[- \t]+/)) {
    if (word === "and") continue;
    if (word === "hundred") current = Math.max(current, 1) * 100;
    else current += UNITS[word] ?? TENS[word] ?? 0;
  }
  return current;
}

const SHARES: Readonly<Record<string, number>> = { "and a half": 0.5, "and a quarter": 0.25, "and three quarters": 0.75 };

/** A spelled amount in a text: where it stands, its value, and half the unit it is rounded to where it shows one (`two million nine hundred thousand`: 50,000). */
export interface SpelledAmount {
  start: number;
  end: number;
  value: number;
  rounding?: number;
}

/**
 * Every amount in `text` written in words with a magnitude (SPELLED_AMOUNT). One with millions and thousands (or units) is read
 * whole, at its rounding, and as its head alone too (round 19 re-judge: `five million, two hundred thousand of which goes to
 * fees` is five million and another figure as often).
 */
export function spelledAmounts(text: string): SpelledAmount[] {
  if (!SPELLED_AMOUNT_HINT.test(text)) return [];
  return Array.from(text.matchAll(SPELLED_AMOUNT)).flatMap((match): SpelledAmount[] => {
    const share = match[1]?.toLowerCase();
    const fraction = match[3] === undefined ? 0 : Number(`0.${match[3].toLowerCase().split(/[ \t]+/).map((word) => DIGIT_WORDS.indexOf(word)).join("")}`);
    const number = share !== undefined ? (share.startsWith("three") ? 0.75 : share.startsWith("a quarter") ? 0.25 : 0.5) : belowThousand(match[2]) + fraction + (match[4] === undefined ? 0 : SHARES[match[4].toLowerCase().replace("-", " ")]);
    const head = number * MAGNITUDES[match[5].toLowerCase()];
    if (match[6] === undefined && match[7] === undefined) return [{ start: match.index, end: match.index + match[0].length, value: head }];
    const value = head + (match[6] === undefined ? 0 : belowThousand(match[6]) * 1_000) + (match[7] === undefined ? 0 : belowThousand(match[7]));
    const headEnd = match.index + match[0].toLowerCase().indexOf(match[5].toLowerCase()) + match[5].length;
    return [
      { start: match.index, end: match.index + match[0].length, value, rounding: 10 ** /0*$/.exec(String(Math.round(value)))![0].length / 2 },
      { start: match.index, end: headEnd, value: head },
    ];
  });
}
