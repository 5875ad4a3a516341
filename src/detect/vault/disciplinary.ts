import { WINDOW_CONFIDENCE } from "./context.js";
import type { Variant } from "./variant.js";
import { fieldNameWords, namesPhrase } from "./words.js";

/** Field-name words of a person's disciplinary record (`disciplinary_actions`, `discipline_history`, `warnings`). */
const DISCIPLINE_FIELD_WORDS: ReadonlySet<string> = new Set(["disciplinary", "discipline", "warnings", "reprimands"]);

/** Whether a field holds a disciplinary record, by the words of its name. */
export function isDisciplineField(field: string): boolean {
  return fieldNameWords(field).some((word) => DISCIPLINE_FIELD_WORDS.has(word));
}

/**
 * How HR text words a warning without the record's words (session 53 probe: `Written warning (2022)` written `a written
 * reprimand on file from 2022`, `got written up back in 2022`, `a formal warning letter from 2022`). Normalized forms;
 * hand-written (no maintained table on npm).
 */
const WARNING_WORDS: ReadonlyArray<readonly [kind: string, forms: readonly string[]]> = [
  ["written warning", ["written reprimand", "written up in", "was written up", "got written up", "been written up", "formal reprimand", "reprimanded in writing", "formal written warning", "warning letter", "formal warning"]],
  ["verbal warning", ["verbal reprimand", "oral warning", "oral reprimand", "verbally warned", "verbally reprimanded", "verbal counseling"]],
  ["final warning", ["final written warning", "last chance agreement"]],
  ["suspension", ["suspended without pay"]],
];

/**
 * Words that tie a warning's words to the record: its year or discipline's own words, near it (round 2 of the probe: a
 * handbook's `can lead to a written reprimand`, with neither, is anyone's).
 */
const DISCIPLINE_LABELS: readonly string[] = ["disciplinary", "discipline"];

/** The other words of the warning a normalized disciplinary value names, counted near its year or discipline's words. */
export function disciplineVariants(normalized: string): Variant[] {
  const years = normalized.match(/\b(?:19|20)\d\d\b/g) ?? [];
  const forms = WARNING_WORDS.filter(([kind]) => namesPhrase(normalized, kind)).flatMap(([, words]) => words);
  return forms.map((form) => ({ form, confidence: WINDOW_CONFIDENCE, role: "band", labels: [...years, ...DISCIPLINE_LABELS] }));
}
