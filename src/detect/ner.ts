import nlp from "compromise";
import { z } from "zod";
import type { Detection, Detector } from "./base.js";
import { parseConfig } from "../policy/options.js";

export const NER_KINDS = ["person", "organization", "location"] as const;
export type NerKind = (typeof NER_KINDS)[number];

export const nerOptionsSchema = z.strictObject({
  /** Entity kinds to report. */
  kinds: z.array(z.enum(NER_KINDS)).min(1).default([...NER_KINDS]),
  /**
   * Confidence per kind and span length. compromise gives no probabilities, so these are the
   * precisions measured on the AgentLeak dev traces (person: 0.91 multi-word, 0.89 one word).
   */
  confidence: z
    .strictObject({
      personMultiWord: z.number().min(0).max(1).default(0.9),
      personOneWord: z.number().min(0).max(1).default(0.85),
      organization: z.number().min(0).max(1).default(0.6),
      location: z.number().min(0).max(1).default(0.6),
    })
    .prefault({}),
  /** Detections below this confidence are dropped. */
  minConfidence: z.number().min(0).max(1).default(0),
});

export type NerOptions = z.input<typeof nerOptionsSchema>;

/** compromise match groups by kind. */
const MATCHERS: Record<NerKind, (doc: ReturnType<typeof nlp>) => { json(options: { offset: true }): unknown }> = {
  person: (doc) => doc.people(),
  organization: (doc) => doc.organizations(),
  location: (doc) => doc.places(),
};

interface CompromiseMatch {
  text: string;
  offset: { start: number; length: number };
}

// Honorifics stay outside the span: "Ms. [person]" keeps the sentence readable.
const LEADING_NOISE = /^[^\p{L}\p{N}]*(?:(?:Mr|Mrs|Ms|Mx|Dr|Miss|Prof)\.?\s+)?/u;
const TRAILING_NOISE = /(?:['’]s?)?[^\p{L}\p{N}]*$/u;
// compromise joins a name with markup or a parenthesised remark: "Shaun White (Hiring", "Party (Diana Brown):**".
const BETWEEN_MARKUP = /[^[\](){}*|<>:;"“”\n\t]+/gu;
const CAPITALISED_WORDS = /^\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*)*$/u;
const TITLE_ONLY = /^(?:Mr|Mrs|Ms|Mx|Dr|Miss|Prof|Esq|Sir|Madam)\.?$/;

/**
 * Tier-2 person / organization / location detection with compromise (rule and lexicon based, no
 * model download). Field is null: the vault (tier 1) owns field attribution.
 */
export function createNerDetector(input: NerOptions = {}): Detector {
  const options = parseConfig(nerOptionsSchema, input, "NER options");
  return {
    name: "ner:compromise",
    detect(text: string): Detection[] {
      if (text.trim() === "") return [];
      const doc = nlp(text);
      return options.kinds.flatMap((kind) => {
        const spans = (MATCHERS[kind](doc).json({ offset: true }) as CompromiseMatch[]).flatMap((match) => nameSegments(text, match));
        return joinAdjacent(text, spans).flatMap((span) => {
          const words = text.slice(span.start, span.end).split(/\s+/).length;
          const confidence = confidenceOf(kind, words, options.confidence);
          if (confidence < options.minConfidence) return [];
          return [{ ...span, field: null, kind, valueType: "value" as const, tier: 2, confidence, source: "ner:compromise" }];
        });
      });
    },
  };
}

/**
 * compromise's offset starts after leading punctuation but its length counts it, so find the
 * match text itself next to the offset; split it at markup, trim punctuation, honorifics and
 * possessives, and keep capitalised segments (several words each when the match had to be split).
 */
function nameSegments(text: string, match: CompromiseMatch): { start: number; end: number }[] {
  const found = text.indexOf(match.text, Math.max(0, match.offset.start - match.text.length));
  const start = found >= 0 ? found : match.offset.start;
  const raw = text.slice(start, start + (found >= 0 ? match.text.length : match.offset.length));
  const pieces = [...raw.matchAll(BETWEEN_MARKUP)];
  const segments = pieces.flatMap((piece) => {
    const lead = piece[0].match(LEADING_NOISE)![0].length;
    const core = piece[0].slice(lead);
    const surface = core.slice(0, core.length - core.match(TRAILING_NOISE)![0].length);
    if (!CAPITALISED_WORDS.test(surface) || TITLE_ONLY.test(surface)) return [];
    const from = start + piece.index! + lead;
    return [{ start: from, end: from + surface.length, words: surface.split(/\s+/).length }];
  });
  const split = pieces.length > 1;
  return segments.filter((segment) => !split || segment.words > 1).map(({ start: from, end }) => ({ start: from, end }));
}

/** compromise splits a possessive name ("Ryan", "Wilson's"): join spans one space apart. */
function joinAdjacent(text: string, spans: { start: number; end: number }[]): { start: number; end: number }[] {
  const joined: { start: number; end: number }[] = [];
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    const last = joined.at(-1);
    if (last && span.start >= last.end && /^ ?$/.test(text.slice(last.end, span.start))) last.end = Math.max(last.end, span.end);
    else joined.push({ ...span });
  }
  return joined;
}

function confidenceOf(kind: NerKind, words: number, table: z.output<typeof nerOptionsSchema>["confidence"]): number {
  if (kind === "person") return words > 1 ? table.personMultiWord : table.personOneWord;
  return table[kind];
}
