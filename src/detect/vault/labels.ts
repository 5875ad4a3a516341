import type { Variant } from "./variant.js";
import { fieldNameWords } from "./words.js";

/** A one-character value after its label (`Internal Rating: D`): the label makes it specific. */
const LABELED_CONFIDENCE = 0.85;
/** Words between a label and its value (`rating of C`, `rating is B`). */
const CONNECTORS = ["", "of ", "is ", "was "];
/** Field-name words that say nothing about what the value is called in text. */
const NON_LABEL_WORDS: ReadonlySet<string> = new Set(["real", "value", "actual", "true", "raw"]);

/** The head word of a field name (`internal_rating` -> `rating`, `riskTier` -> `tier`), or null. */
export function fieldLabel(field: string): string | null {
  const words = field
    .replace(/([a-z])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length > 1 && !NON_LABEL_WORDS.has(w));
  return words.at(-1) ?? null;
}

/**
 * Forms of a value too short to match alone: the field's head word, an optional connector, then
 * the value (`rating d`, `rating of d`); markup and quotes between them normalize to one space.
 */
export function labeledVariants(field: string, normalized: string): Variant[] {
  const label = fieldLabel(field);
  if (label === null) return [];
  return CONNECTORS.map((connector) => ({ form: `${label} ${connector}${normalized}`, confidence: LABELED_CONFIDENCE, role: "after-label" as const, tail: normalized.length }));
}

/**
 * What writers call a field's value besides its head word, by the field's words (`FICO: 712` for a credit score; round 8 red
 * team: `Credit: 612`, `| Credit | 612/850 |`, `Experian: 612`, `She scored 612`, `Fraud risk: 88` passed, no `score` near).
 */
const OTHER_LABELS: ReadonlyArray<{ field: RegExp; labels: readonly string[] }> = [
  { field: /credit|fico|vantage/i, labels: ["fico", "credit", "bureau", "experian", "equifax", "transunion", "scored", "850"] },
  { field: /fraud/i, labels: ["fraud", "risk", "scored", "flagged"] },
];

/** A short number as itself, counted only with its field's label near it; null for a field with no label. */
export function nearLabelVariant(field: string, normalized: string): Variant | null {
  const label = fieldLabel(field);
  if (label === null) return null;
  const others = OTHER_LABELS.filter((other) => other.field.test(field)).flatMap((other) => other.labels);
  // Its plural too (round 12 red team: `monthly deposits of $615` of `monthly_deposit`); a camelCase key glues the words that
  // normalizing cannot split (`{"creditScore": 744}`, `ficoScore`, `fraudScore`: session 53 probe).
  const glued = [fieldNameWords(field).join(""), ...others.map((other) => `${other}${label}`)];
  return { form: normalized, confidence: LABELED_CONFIDENCE, role: "near-label", labels: [...new Set([label, `${label}s`, ...others, ...glued])] };
}

/** Characters read on each side of a span, within its clause, for a field's name (`fieldNamedBeside`). */
const BESIDE_REACH = 24;

/** Whether a word of `field`'s name is written beside [start, end) of `text`, in its clause (`a poor internal rating`). */
export function fieldNamedBeside(text: string, start: number, end: number, field: string): boolean {
  const before = text.slice(Math.max(0, start - BESIDE_REACH), start).split(/[.;\n]/).pop()!;
  const after = text.slice(end, end + BESIDE_REACH).split(/[.;\n]/)[0];
  const words = `${before} ${after}`.toLowerCase().split(/[^\p{L}]+/u);
  return fieldNameWords(field).some((word) => word.length > 2 && words.includes(word));
}
