import { WINDOW_CONFIDENCE } from "./context.js";
import type { Variant } from "./variant.js";
import { fieldNameWords } from "./words.js";

/** Field-name words of a grade (`internal_rating`, `risk_grade`, `credit_tier`). */
const RATING_WORDS: ReadonlySet<string> = new Set(["rating", "grade", "tier"]);
/** A letter grade (`A`, `B+`, `C-`). */
const LETTER_GRADE = /^[a-f][+-]?$/i;
/** Levels a writer glosses a letter grade with (`(high risk)`, `moderate-risk internal rating`). */
const LEVELS = ["low", "lower", "very low", "minimal", "moderate", "medium", "elevated", "high", "higher", "very high", "significant"];
/** The words that name a grade near a level (`Internal Rating: [REDACTED] (high risk)`, `rated as higher risk`). */
const GRADE_LABELS = ["rating", "rated", "grade", "graded", "tier"];
/** Labels that make a level the grade's band on their own (`Risk Level: Moderate`). */
const BAND_LABELS = ["risk level", "risk rating", "risk category", "risk tier"];

/** Whether a field holds a grade, by the words of its name. */
export function isRatingField(field: string): boolean {
  return fieldNameWords(field).some((word) => RATING_WORDS.has(word));
}

/**
 * Words that tell a letter grade's band without the letter: a risk level next to the grade's label
 * (`Internal Rating: [REDACTED] (high risk)`, `a moderate-risk internal rating`, `rated as higher
 * risk`) or after a band's own label (`Risk Level: Moderate`). Sent to a reader the grade is kept
 * from, they disclose where it stands; elsewhere (`high-risk transactions`) and as one option of a
 * template's scale (`Risk Rating: [Low/Medium/High]`: redacting one marked it) they stay.
 */
export function ratingBandVariants(field: string, value: string): Variant[] {
  if (!isRatingField(field) || !LETTER_GRADE.test(value.trim())) return [];
  return LEVELS.flatMap((level): Variant[] => [
    { form: `${level} risk`, confidence: WINDOW_CONFIDENCE, role: "band", labels: GRADE_LABELS },
    ...BAND_LABELS.map((label): Variant => ({ form: `${label} ${level}`, confidence: WINDOW_CONFIDENCE, role: "band" })),
  ]);
}
