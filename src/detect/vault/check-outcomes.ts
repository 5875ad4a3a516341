import { WINDOW_CONFIDENCE } from "./context.js";
import type { Variant } from "./variant.js";
import { fieldNameWords } from "./words.js";

/** Field-name words of a check's outcome (`background_check`, `drug_screening`, `security_clearance`). */
const CHECK_FIELD_WORDS: ReadonlySet<string> = new Set(["check", "checks", "screening", "screen", "clearance", "verification"]);

/** Whether a field holds the outcome of a check, by the words of its name. */
export function isCheckField(field: string): boolean {
  return fieldNameWords(field).some((word) => CHECK_FIELD_WORDS.has(word));
}

/**
 * Words that name what was checked: an outcome's other words count only with one near (`came back clean` alone is anything's;
 * round 2 of the probe: `the server health check came back clean`, `clear your cache before the screening call`).
 */
const CHECK_LABELS: readonly string[] = ["background", "backgrounds", "bg"];

/**
 * How HR text words a check's outcome without its value's word (session 53 probe: `Passed` written `background check came back
 * clean`, `was clear`, `cleared background screening`). Normalized forms; hand-written (no maintained table on npm).
 */
const OUTCOME_WORDS: ReadonlyArray<readonly [values: readonly string[], forms: readonly string[]]> = [
  [["passed", "pass", "clear", "cleared", "clean"], ["passed", "clear", "cleared", "clean", "came back clean", "no issues", "no findings", "no red flags", "nothing adverse"]],
  [["failed", "fail", "flagged"], ["failed", "flagged", "did not pass", "red flag", "red flags", "adverse findings", "came back dirty"]],
];

/** The other words of the outcome a normalized check value names, counted near what was checked. */
export function checkOutcomeVariants(normalized: string): Variant[] {
  const forms = OUTCOME_WORDS.filter(([values]) => values.includes(normalized)).flatMap(([, words]) => words);
  return forms.filter((form) => form !== normalized).map((form) => ({ form, confidence: WINDOW_CONFIDENCE, role: "band", labels: CHECK_LABELS }));
}
