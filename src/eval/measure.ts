/**
 * The MEASURING detector: decides, per delivered event and protected field, whether the recipient
 * can recover the value. It is configured apart from any sanitizer and is at least as strong as
 * the strongest one: the vault-aware variant matcher and the built-in recognizers (what RECONS
 * itself uses) plus the replay meter, an independent generous matcher that shares no code with
 * the sanitizer (surnames alone, dates without a year, rounded amounts, masked last four).
 * A residual measured with the sanitizer's own detector would hide its detection misses.
 */
import { z } from "zod";
import { mapStrings } from "../content.js";
import type { Detection, Detector } from "../detect/base.js";
import { defaultRecognizers, recognizerDetector } from "../detect/recognizers/index.js";
import { Vault } from "../detect/vault/vault.js";
import { inferFieldType } from "../policy/infer.js";
import { createMeter, type Meter } from "../replay/meter.js";
import { VaultBoundCache } from "../vault-bound-cache.js";
import { parseConfig } from "../policy/options.js";

export const measureOptionsSchema = z.strictObject({
  /** Run the independent replay meter beside the vault matcher and the recognizers. */
  independentMeter: z.boolean().default(true),
  /** Values with fewer alphanumerics than this are not measured: they cannot be told from ordinary text. */
  minAlphanumerics: z.number().int().min(1).default(3),
});
export type MeasureOptions = z.input<typeof measureOptionsSchema>;

/** Field values that are ordinary words in any text (`true`, `no`): never measurable as a disclosure. */
const UNMEASURABLE = /^(?:true|false|yes|no|none|null|n\/a|unknown)$/i;

/** Texts whose hits (and, apart, whose fields) a measure remembers before starting over. */
const MEMO_LIMIT = 4096;

/** Where a field was found in the flattened text of an event. */
export interface FieldHit {
  field: string;
  start: number;
  end: number;
  /** `vault`, `recognizer`, or `meter` (the independent check). */
  source: string;
}

export interface Measure {
  /** Fields (vault keys) the measure can find. */
  readonly fields: readonly string[];
  /** Every hit of a protected field in the text (overlaps allowed, several sources per field). */
  hits(text: string): FieldHit[];
  /** The fields a recipient of `content` can recover. */
  recoverable(content: unknown): Set<string>;
}

/** All strings (and numbers) of a delivered content, one per line: what a reader sees. */
export function flattenContent(content: unknown): string {
  const parts: string[] = [];
  mapStrings(content, (text) => {
    parts.push(text);
    return text;
  });
  return parts.join("\n");
}

/** Runs, not single characters: `/\D/g` replaced each non-digit of a whole event's text as a match of its own (8x slower). */
function digitsOf(text: string): string {
  return text.replace(/\D+/g, "");
}

function alphanumerics(text: string): number {
  return text.replace(/[^\p{L}\p{N}]/gu, "").length;
}

export interface Attribution {
  /** The vault fields a recognizer hit (no field) spells: same digits or same text. */
  fieldsOf(hit: string): string[];
  /** Whether any hit inside `text` could be attributed; false only when none can. */
  possibleIn(text: string): boolean;
}

const ASCII = /^[\x00-\x7f]*$/;

/** Exported for its test: `possibleIn` may skip the recognizers only where no hit could be attributed. */
export function attribution(vault: Readonly<Record<string, string>>): Attribution {
  const byDigits = new Map<string, string[]>();
  const byText = new Map<string, string[]>();
  const push = (map: Map<string, string[]>, key: string, field: string) => map.set(key, [...(map.get(key) ?? []), field]);
  for (const [field, value] of Object.entries(vault)) {
    const digits = digitsOf(value);
    if (digits.length >= 4) push(byDigits, digits, field);
    push(byText, value.trim().toLowerCase(), field);
  }
  return {
    fieldsOf: (hit) => {
      const digits = digitsOf(hit);
      return [...new Set([...(digits.length >= 4 ? (byDigits.get(digits) ?? []) : []), ...(byText.get(hit.trim().toLowerCase()) ?? [])])];
    },
    // A hit's digits run on in the text's digits, and (ASCII text, lowercased letter by letter) its lowercase is in the text's.
    possibleIn: (text) => {
      if (!ASCII.test(text)) return true;
      const digits = digitsOf(text);
      for (const key of byDigits.keys()) if (digits.includes(key)) return true;
      const lower = text.toLowerCase();
      for (const key of byText.keys()) if (lower.includes(key)) return true;
      return false;
    },
  };
}

/** Build the measuring detector for one pair member's vault (vault key -> value). */
export function createMeasure(vault: Readonly<Record<string, string>>, input: MeasureOptions = {}): Measure {
  const options = parseConfig(measureOptionsSchema, input, "measure options");
  const measured = Object.fromEntries(
    Object.entries(vault).filter(([, value]) => alphanumerics(value) >= options.minAlphanumerics && !UNMEASURABLE.test(value.trim())),
  );
  const matcher = new Vault((field, value) => inferFieldType(field.replace(/#\d+$/, ""), value));
  for (const [field, value] of Object.entries(measured)) matcher.add(field, value);
  const recognizers: Detector = recognizerDetector(defaultRecognizers());
  const meter: Meter | null = options.independentMeter ? createMeter(measured) : null;
  const attribute = attribution(measured);

  const hits = (text: string): FieldHit[] => {
    if (text === "") return [];
    const found: FieldHit[] = matcher.detect(text).flatMap((d: Detection) => (d.field === null ? [] : [{ field: d.field, start: d.start, end: d.end, source: "vault" }]));
    for (const d of recognizers.detect(text)) {
      for (const field of attribute.fieldsOf(text.slice(d.start, d.end))) found.push({ field, start: d.start, end: d.end, source: "recognizer" });
    }
    if (meter) {
      for (const hit of meter.detect(text)) if (hit.field in measured) found.push({ ...hit, source: "meter" });
    }
    return found;
  };
  // The meter looks only for the fields the vault matcher and the recognizers did not find: the set is the same.
  const fieldsIn = (text: string): string[] => {
    if (text === "") return [];
    const found = new Set(matcher.detect(text).flatMap((d: Detection) => (d.field === null ? [] : [d.field])));
    // The recognizers only count through attribution: where no hit could be attributed, they are not run.
    if (attribute.possibleIn(text)) for (const d of recognizers.detect(text)) for (const field of attribute.fieldsOf(text.slice(d.start, d.end))) found.add(field);
    return meter ? [...found, ...meter.fieldsIn(text, found)] : [...found];
  };
  // Records of one pair member repeat the same tool results, messages and answers across levels and sanitizers.
  const hitMemo = new VaultBoundCache<FieldHit[]>(matcher, MEMO_LIMIT);
  const fieldMemo = new VaultBoundCache<string[]>(matcher, MEMO_LIMIT);
  return {
    fields: Object.keys(measured),
    hits: (text) => hitMemo.get(text, () => hits(text)),
    recoverable: (content) => {
      const text = flattenContent(content);
      return new Set(fieldMemo.get(text, () => fieldsIn(text)));
    },
  };
}
