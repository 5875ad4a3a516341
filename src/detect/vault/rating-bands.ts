import { WINDOW_CONFIDENCE } from "./context.js";
import { normalizeValue } from "./normalize.js";
import { inWords } from "./numbers.js";
import type { Variant } from "./variant.js";
import { fieldNameWords } from "./words.js";

/** Field-name words of a grade (`internal_rating`, `risk_grade`, `credit_tier`). */
const RATING_WORDS: ReadonlySet<string> = new Set(["rating", "grade", "tier"]);
/** A letter grade (`A`, `B+`, `C-`). */
const LETTER_GRADE = /^[a-f][+-]?$/i;
/** Levels a writer glosses a letter grade with (`(high risk)`, `moderate-risk internal rating`). */
const LEVELS = ["low", "lower", "very low", "minimal", "moderate", "medium", "elevated", "high", "higher", "very high", "significant"];
/** How writers gloss a letter grade near its label (`(Concerning)`, `a good internal rating`, `a mid-level risk profile`, `average to below-average risk`). */
const GRADE_GLOSSES = [
  "concerning", "excellent", "good", "strong", "solid", "fair", "average", "below average", "above average", "moderate", "moderately",
  "medium", "mid level", "poor", "weak", "low", "lower", "high", "higher", "elevated", "severe", "favorable", "unfavorable",
  "acceptable", "problematic", "healthy", "stable", "prime", "subprime", "best", "worst", "highest", "lowest", "top",
];
/** The words that name a grade near a level (`Internal Rating: [REDACTED] (high risk)`, `rated as higher risk`). */
const GRADE_LABELS = ["rating", "rated", "grade", "graded", "tier"];
/** Labels that make a level the grade's band on their own (`Risk Level: Moderate`). */
const BAND_LABELS = ["risk level", "risk rating", "risk category", "risk tier"];

/** Levels of a performance scale that name one on their own near a rating (`Rating: Meets`, `Above: 20%`; `met` only before `expectations`). */
export const PERFORMANCE_LEVELS = [
  "exceeds", "far exceeds", "meets", "fully meets", "partially meets", "does not meet", "above", "below", "outstanding", "exceptional",
  "exemplary", "role model", "satisfactory", "unsatisfactory", "needs improvement", "needs development",
];
/** What stands before `expectations` (`meets expectations`, `fell below expectations`): the scale's verbs and comparisons (its first eight levels) in their tenses. */
const EXPECTATION_VERBS = [...PERFORMANCE_LEVELS.slice(0, 8), "exceeded", "exceeding", "met", "meeting", "fell below", "falls below"];
/** How writers gloss a performance rating (`a high performer`, `underperforming`, `on a performance improvement plan`). */
const PERFORMER_GLOSSES = [
  ...["high", "top", "strong", "solid", "consistent", "average", "low", "poor", "star"].flatMap((level) => [`${level} performer`, `${level} performing`, `${level} performance`]),
  "underperformer", "underperforming", "underperformance", "performance improvement plan",
  // Round 3 red team: `one of our top-rated engineers`, `Yasmin is on a performance plan`.
  "performance plan", "top rated", "highly rated", "top talent",
  // Round 13 red team: `the highest rating on the team`, `is on a PIP`.
  "highest rating", "top rating", "lowest rating", "on a pip",
];
/**
 * The scale's levels by their initials, after a rating's word (round 14 red team: `was rated NI in the last cycle`, `Rating: EE`; `perf NI`) or before it (`NI rating`):
 * exceeds, needs improvement, does not meet, far exceeds, partially meets; not `ME` of meets (`rating me` is anyone's phrase).
 */
const LEVEL_INITIALS = ["ee", "ni", "dnm", "fe", "pm"];
const INITIALS_LABELS = ["rating", "ratings", "rated", "rated as", "rating of", "rating is",
  // Session 56 probe: HR shorthand (`flagged: perf NI, on PIP`).
  "perf", "perf rating", "rtg"];
/** What puts one person among a plural gloss (`one of our top performers`). */
const ONE_OF = ["one of our", "one of the", "among our", "among the"];
/** The words that name a performance rating near a level (`Performance Rating: Meets`, `rated Exceeds`). */
const PERFORMANCE_LABELS = ["rating", "ratings", "rated", "rate", "performance", "review", "evaluation", "appraisal", "scale"];

/** Words that name a letter grade before it (`tier C`, `grade B`, `rated A`, `top tier (A)`). */
const LETTER_LABELS_BEFORE = ["rating", "rated", "grade", "graded", "tier", "band"];
/** Words between such a word and the letter (`the tier is A`, `rated as B`). */
const LETTER_CONNECTORS = ["", "is ", "of ", "as "];
/** The same with an article, which goes with the letter (`rated an F`: `an` left beside a placeholder said A, E or F). */
const ARTICLES = ["a ", "an "];
/** Words that name a letter grade after it (`C-tier`, `A-rated`, `B rating`, `a C internal rating`). */
const LETTER_LABELS_AFTER = [
  "rating", "rated", "grade", "tier", "band", "internal rating", "internal grade", "internal tier",
  "risk rating", "risk grade", "risk tier", "credit rating", "credit grade", "credit tier",
];

/** Whether a value is a letter grade (`B`, `C+`). */
export function isLetterGrade(value: string): boolean {
  return LETTER_GRADE.test(value.trim());
}

/** Whether a field holds a grade, by the words of its name. */
export function isRatingField(field: string): boolean {
  return fieldNameWords(field).some((word) => RATING_WORDS.has(word));
}

/**
 * Words that tell a grade's band without the grade. A letter grade: a risk level or a judgement next to
 * the grade's label (`Internal Rating: [REDACTED] (high risk)`, `a moderate-risk internal rating`,
 * `rated as higher risk`, `[REDACTED] (Concerning)`, `a good internal rating`) or after a band's own
 * label (`Risk Level: Moderate`). Sent to a reader the grade is kept from, they disclose where it
 * stands; elsewhere (`high-risk transactions`) they stay. Every level near a grade's label, whichever
 * the grade is: a template's scale loses all its options (`Risk Rating: [Low/Medium/High]`), where
 * one redacted alone marked it as the grade's.
 */
export function ratingBandVariants(field: string, value: string): Variant[] {
  if (!isRatingField(field)) return [];
  if (isLetterGrade(value)) {
    return [
      ...LEVELS.flatMap((level): Variant[] => [
        { form: `${level} risk`, confidence: WINDOW_CONFIDENCE, role: "band", labels: GRADE_LABELS },
        ...BAND_LABELS.map((label): Variant => ({ form: `${label} ${level}`, confidence: WINDOW_CONFIDENCE, role: "band", tail: level.length })),
      ]),
      ...GRADE_GLOSSES.map((gloss): Variant => ({ form: gloss, confidence: WINDOW_CONFIDENCE, role: "band", labels: GRADE_LABELS })),
    ];
  }
  return isPerformanceLevel(normalizeValue(value)) ? performanceBandVariants() : [];
}

/**
 * A letter grade beside any word that names one, before or after it (`tier C`, `C-tier`, `an A-rated
 * account`, `B rating`): the span is the letter, matched in its own case (see `after-label`). The
 * field's own head word before it (`rating of B`) is `labeledVariants`'.
 */
export function gradeLetterVariants(field: string, value: string, normalized: string, headLabel: string | null): Variant[] {
  if (!isRatingField(field) || !isLetterGrade(value)) return [];
  const letter = (form: string, at: "head" | "tail", length = normalized.length): Variant => ({ form, confidence: WINDOW_CONFIDENCE, role: "after-label", [at]: length });
  return [
    ...LETTER_LABELS_BEFORE.filter((label) => label !== headLabel).flatMap((label) => LETTER_CONNECTORS.map((connector) => letter(`${label} ${connector}${normalized}`, "tail"))),
    // Round 4 red team (probes): `Internal rating: an F`, `rated a C`, `rated as an 'A'` passed whole; the head label too, which `labeledVariants` reads without an article.
    ...LETTER_LABELS_BEFORE.flatMap((label) =>
      LETTER_CONNECTORS.flatMap((connector) => ARTICLES.map((article) => letter(`${label} ${connector}${article}${normalized}`, "tail", article.length + normalized.length))),
    ),
    ...LETTER_LABELS_AFTER.map((label) => letter(`${normalized} ${label}`, "head")),
  ];
}

/** The bands credit scores are told in (FICO's and the bureaus' words, `very good` before `good`; the lenders' prime scale). */
const SCORE_BANDS = ["poor", "very poor", "fair", "good", "very good", "excellent", "exceptional", "deep subprime", "subprime", "sub prime", "near prime", "prime", "super prime"];
/** Words that name a credit score near its band (`Credit Score: 780 (Excellent)`, `FICO 726 (Fair)`, round 18: `Tier 1 (Prime)`; session 58: `bureau pull puts her in the 725-749 band`). */
const SCORE_LABELS = ["score", "scores", "fico", "credit", "tier", "bureau"];

/** What follows a verb's object (`exceeds the prevailing wage`, `meets all requirements`): a rating word so used is the verb. */
const OBJECT_AFTER = /^[ \t]+(?:the|all|a|an|its|our|their|his|her|this|that|these|those|every|each|any|some|no|both|most|many|your|my|or)\b/;

const SCALE_OBJECT = /^[ \t]+(?:[\p{L}'’]+[ \t]+){0,2}expectations?\b/u;

/**
 * Whether a rating's word (`exceeds`, `meets`) is written at [from, to) of `source` as a verb with an object, in lowercase
 * (round 15 red team: `The candidate meets all requirements` had been redacted beside a rating of Exceeds).
 */
export function isRatingWordAsVerb(field: string, source: string, from: number, to: number): boolean {
  // Expectations are the scale's own object (`exceeds all expectations` tells the rating).
  return isRatingField(field) && /^\p{Ll}+$/u.test(source.slice(from, to)) && OBJECT_AFTER.test(source.slice(to, to + 12)) && !SCALE_OBJECT.test(source.slice(to, to + 32));
}

/**
 * `below` or `above` pointing into the text (`Below is a summary`, `the table above:`), not a level (round 24 re-audit); not
 * before a count, a share or a line's end after its colon (`- Below: 1`, `Below: [X]%`, `- Below:`: a distribution's level).
 */
const POINTING_AFTER = /^[ \t]*(?::(?![ \t*_]*(?:[\d[(%#~]|\r?\n|$))|[ \t](?:is|are|you will find|we)\b)/i;

/** What points to text below or above it (`the structure below`, `the link below:`, `provided above.`), not a level's (`rated below`, `falls below`). */
const POINTING_BEFORE = /\b(?:see|shown|listed|outlined|provided|described|detailed|summarized|given|attached|included|structure|table|template|format|list|steps|details|information|example|section|link|instructions|summary|overview|fields|questions|options)[ \t]+$/i;
/** A level's object after the word (`below expectations`, `above average`): the pointer's own words cannot make it one. */
const LEVEL_AFTER = /^[ \t]+(?:expectations|average|par|standard|target|the (?:bar|band|mark|threshold))\b/i;
const POINTING_REACH = 16;

/** Whether a rating's word at [from, to) of `source` (`Below`, `above`) points to other text rather than naming a level. */
export function isRatingWordPointing(field: string, source: string, from: number, to: number): boolean {
  if (!isRatingField(field) || !/^(?:below|above)$/i.test(source.slice(from, to))) return false;
  const after = source.slice(to, to + POINTING_REACH);
  return POINTING_AFTER.test(after) || (POINTING_BEFORE.test(source.slice(Math.max(0, from - POINTING_REACH), from)) && !LEVEL_AFTER.test(after));
}

/** The rest of a name a band's word opens (`Fair Credit Reporting Act`, `Fair Isaac`): a law's or a firm's, no level. */
const NAME_AFTER = /^[ \t]+(?:Isaac\b|(?:\p{Lu}[\p{L}'’]*[ \t]+){1,3}Act\b)/u;

/** Whether a band's word at [from, to) of `source`, capitalized, opens a name (`Fair Credit Billing Act`: round 25 audit). */
export function isBandWordInName(source: string, from: number, to: number): boolean {
  return /^\p{Lu}/u.test(source.slice(from, to)) && NAME_AFTER.test(source.slice(to, to + 48));
}

/** What makes a band's word part of a set phrase (`Good to go`, `good news`, `fair point`, `Excellent question`): no level. */
const SET_PHRASE_AFTER = /^[ \t]+(?:to[ \t]+go|news|luck|morning|afternoon|evening|night|question|catch|call|point|idea|job|faith)\b/i;

/** Whether a band's word at [from, to) of `source` opens a set phrase (session 59 probe: `Good to go to underwriting` beside a FICO score). */
export function isBandWordInSetPhrase(source: string, from: number, to: number): boolean {
  return /^(?:good|fair|excellent|poor)$/i.test(source.slice(from, to)) && SET_PHRASE_AFTER.test(source.slice(to, to + 16));
}

/** Words a field holding a band of another field is named with (`credit_tier`, `salary_band`, `risk_grade`). */
const BAND_FIELD_WORDS: ReadonlySet<string> = new Set(["tier", "band", "bracket", "bucket", "grade", "rating", "category", "class", "range", "level"]);

/** Whether `candidate` names a band of `field`: a band word, and another word the two share (`credit_tier` of `credit_score`). */
export function isBandFieldOf(candidate: string, field: string): boolean {
  const words = fieldNameWords(candidate);
  if (candidate === field || !words.some((word) => BAND_FIELD_WORDS.has(word))) return false;
  const own = fieldNameWords(field);
  return words.some((word) => !BAND_FIELD_WORDS.has(word) && own.includes(word));
}

/** Whether a field holds a credit score (`credit_score`, `fico`, `ficoScore`), by the words of its name. */
export function isCreditScoreField(field: string): boolean {
  const words = fieldNameWords(field);
  return words.includes("fico") || (words.includes("credit") && words.includes("score"));
}

/**
 * A credit score's band beside the score's words (`Credit Score: **726** (Fair)`): the score shown
 * noised, the band kept told where the real one stands (17 dev messages write one). Every band near
 * the label, whichever the score: a scale's options lose all of them, as a grade's do.
 */
export function scoreBandVariants(field: string, normalized: string): Variant[] {
  if (!isCreditScoreField(field)) return percentScoreVariants(field, normalized);
  return [
    ...[...SCORE_BANDS, ...scoreDecades(normalized)].map((band): Variant => ({ form: band, confidence: WINDOW_CONFIDENCE, role: "band", labels: SCORE_LABELS })),
    ...scoreTens(normalized),
  ];
}

/** Words that put a score just off a round figure (`just under 640` of 638), by the side the score is on. */
const BELOW_WORDS = ["under", "below"];
const ABOVE_WORDS = ["over", "above"];
const NEAR_WORDS = ["about", "around", "approximately", "roughly", "near"];
/** The same said to be close (`just above the 620 floor` of 629: round 13 red team; `a bit below 700`: round 20), which tells a score twice as far off. */
const JUST_WORDS = ["just", "barely", "slightly", "a bit", "a little", "a touch"];
/** How far off its round figure a score is still told by it (twice as far after JUST_WORDS). */
const NEAR_POINTS = 5;
/** How far off a fifty or a hundred a score is still told by it after JUST_WORDS. */
const FIFTY_JUST_POINTS = 15;
/** Widths of the ranges a score is told in (`falls in the 620–679 band` of 629: round 13 red team; `the 725–749 score band`: session 58); a wider one tells no more than its hundred. */
const RANGE_WIDTHS = [20, 25, 30, 40, 50, 60];
/** Bounds of such ranges are multiples of this (`725`). */
const RANGE_STEP = 5;

/**
 * A score told to its ten (round 11 red team: `FICO in the mid-650s` of 655, `just under 640` of 638): the
 * ten (`650s`, whatever third is said of it) and a round figure within NEAR_POINTS with a word that
 * places the score by it (the span is the figure).
 */
function scoreTens(normalized: string): Variant[] {
  if (!/^\d{3}$/.test(normalized)) return [];
  const score = Number(normalized);
  const tens = Math.floor(score / 10) * 10;
  const band = (form: string, tail?: number): Variant => ({ form, confidence: WINDOW_CONFIDENCE, role: "band", labels: SCORE_LABELS, tail });
  // A ten that is a hundred (`600s`) is the hundred's band, told only by its third.
  const variants = tens % 100 === 0 ? [] : [band(`${tens}s`)];
  // A fifty or a hundred is a threshold writers place a score by from farther (round 20 red team: `just under 700` of 688).
  const fifty = Math.round(score / 50) * 50;
  for (const round of [tens - 10, tens, tens + 10, ...(Math.abs(tens - fifty) > 10 ? [fifty] : [])]) {
    const off = score - round;
    if (off === 0 || Math.abs(off) > (round % 50 === 0 ? FIFTY_JUST_POINTS : 2 * NEAR_POINTS)) continue;
    const sideWords = off < 0 ? BELOW_WORDS : ABOVE_WORDS;
    const words = [...JUST_WORDS.flatMap((just) => sideWords.map((word) => `${just} ${word}`)), ...(Math.abs(off) <= NEAR_POINTS ? [...sideWords, ...NEAR_WORDS] : [])];
    for (const word of words) variants.push(band(`${word} ${round}`, String(round).length), band(`${word} the ${round}`, String(round).length));
  }
  return [...variants, ...scoreRanges(score).map((range) => band(range))];
}

/** The bands of the FICO and VantageScore 3.0 scales, which writers quote beside the band's word (`Good (670–739)`: round 15 red team). */
const SCALE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [300, 579], [580, 669], [670, 739], [740, 799], [800, 850],
  [300, 499], [500, 600], [601, 660], [661, 780], [781, 850],
];

/**
 * Ranges of round bounds (`620 679`, `620 to 680`: dashes normalize to a space) no wider than RANGE_WIDTHS that hold `score`, and
 * the scales' bands that hold it.
 */
function scoreRanges(score: number): string[] {
  // `between 630 and 650` too (round 17 red team).
  const forms = (low: number, high: number) => [`${low} ${high}`, `${low} to ${high}`, `between ${low} and ${high}`];
  const ranges = SCALE_RANGES.filter(([low, high]) => low <= score && score <= high).flatMap(([low, high]) => forms(low, high));
  for (let low = Math.floor(score / RANGE_STEP) * RANGE_STEP; low > score - Math.max(...RANGE_WIDTHS); low -= RANGE_STEP) {
    for (const high of RANGE_WIDTHS.flatMap((width) => [low + width - 1, low + width])) {
      if (high >= score) ranges.push(...forms(low, high));
    }
  }
  return ranges;
}

/** How far into the next third of its hundred a score is still told by its own (`mid-600s` of 667: round 13 red team). */
const THIRD_OVERLAP = 5;

/** The thirds of its hundred a score is told by (`low 600s` of 603, `high 700s` of 781): 33-point bands, overlapping at their edges. */
function scoreDecades(normalized: string): string[] {
  if (!/^\d{3}$/.test(normalized)) return [];
  const score = Number(normalized);
  return thirdsOf(`${Math.floor(score / 100) * 100}s`, score % 100);
}

/** The thirds a position `within` a hundred falls in (with THIRD_OVERLAP), each said of `span` (`high 700s`, `mid 70s`). */
function thirdsOf(span: string, within: number): string[] {
  const thirds = [
    [within < 34 + THIRD_OVERLAP, ["low", "lower"]],
    [within >= 34 - THIRD_OVERLAP && within < 67 + THIRD_OVERLAP, ["mid", "middle"]],
    [within >= 67 - THIRD_OVERLAP, ["high", "upper"]],
  ] as const;
  return thirds.flatMap(([holds, words]) => (holds ? words.map((word) => `${word} ${span}`) : []));
}

/** Words near a score out of a hundred (`fraud score`, `risk: 78`). */
const PERCENT_SCORE_LABELS = ["score", "scores", "fraud", "risk", "scored"];

/**
 * A score out of a hundred (`fraud_score`, `risk_score`: two digits) told near its words as a third of its ten (`in the high
 * 70s`), in words (`seventy-eight`) or as a fraction of one (`0.78`): session 53 probe.
 */
function percentScoreVariants(field: string, normalized: string): Variant[] {
  if (!/^[1-9]\d$/.test(normalized) || !fieldNameWords(field).includes("score")) return [];
  const score = Number(normalized);
  const forms = [...thirdsOf(`${Math.floor(score / 10) * 10}s`, (score % 10) * 10), normalizeValue(inWords(normalized, 10) ?? ""), normalizeValue(`0.${normalized}`)];
  return forms.filter((form) => form !== "").map((form): Variant => ({ form, confidence: WINDOW_CONFIDENCE, role: "band", labels: PERCENT_SCORE_LABELS }));
}

/** Whether a normalized value is a level of a performance scale (`Exceeds`, `Partially Meets Expectations`, `Role Model`). */
export function isPerformanceLevel(normalized: string): boolean {
  const level = normalized.replace(/ expectations$/, "");
  return PERFORMANCE_LEVELS.includes(level);
}

/**
 * Every level of the scale a performance rating is one of, and the glosses of one: near the rating's
 * label, or before `expectations`. Every level, not the rating's own alone: a template's scale with
 * one option redacted (`"[REDACTED]", "Meets", "Needs Improvement"`) marked the rating's, and a gloss
 * (`a high performer`, `underperforming`) told its band.
 */
function performanceBandVariants(): Variant[] {
  const band = (form: string, labels?: readonly string[]): Variant => ({ form, confidence: WINDOW_CONFIDENCE, role: "band", labels });
  return [
    ...PERFORMANCE_LEVELS.map((level) => band(level, PERFORMANCE_LABELS)),
    ...LEVEL_INITIALS.flatMap((initials) => INITIALS_LABELS.map((label) => ({ ...band(`${label} ${initials}`), tail: initials.length }))),
    // Before the rating's word too (round 23 red team: `an NI rating this cycle`).
    ...LEVEL_INITIALS.map((initials) => ({ ...band(`${initials} rating`), head: initials.length })),
    // A level on a five-point scale near a rating's word (round 14 re-judge: `Rated 4 out of 5`); not `4/5`, which reads as `4-5`, a range.
    ...[1, 2, 3, 4, 5].flatMap((level) => [band(`${level} out of 5`, PERFORMANCE_LABELS), band(`${level} of 5`, PERFORMANCE_LABELS)]),
    ...EXPECTATION_VERBS.map((verb) => band(`${verb} expectations`)),
    // A gloss of one person names the scale itself: found without a label near (round 13 red team: `one of our top performers`
    // passed); its plural only as one of them (`Top performers (38%) drive 60%` is the team's).
    ...PERFORMER_GLOSSES.flatMap((gloss) => [band(gloss), ...(gloss.endsWith("performer") ? ONE_OF.map((words) => ({ ...band(`${words} ${gloss}s`), tail: gloss.length + 1 })) : [])]),
  ];
}
