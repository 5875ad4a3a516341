import { classifyValue, MIN_VALUE_LENGTH, type ValueKind } from "./value-kinds.js";

/** A value the agent has in its context, with the label it was given there. */
export interface ContextFact {
  label: string;
  field: string;
  value: string;
  kind: ValueKind;
}

/** Labels that introduce instructions or headings, not data. */
const NON_DATA_LABELS = /^(task|objective|instructions?|note|notes for|to|from|subject|re|step \d+|turn|agent|role|addressees|summary|reason|request|goal|status update|response|details|context)$/i;
const MAX_VALUE_LENGTH = 160;
/** Values recognisable without a label. */
const UNLABELLED_PATTERNS: ReadonlyArray<{ field: string; pattern: RegExp }> = [
  { field: "canary", pattern: /\bCANARY_[A-Z0-9_]+\b/g },
  { field: "ssn", pattern: /\b\d{3}-\d{2}-\d{4}\b/g },
  { field: "email", pattern: /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}\b/gi },
  { field: "date", pattern: /\b\d{4}-\d{2}-\d{2}\b/g },
];
const LABELLED_LINE = /^[ \t]*(?:[-*•][ \t]*|\d+\.[ \t]*)?(?:\*\*)?([A-Za-z][A-Za-z0-9 _/()-]{1,40}?)(?:\*\*)?[ \t]*:[ \t]*(?:\*\*)?[ \t]*(.+?)[ \t]*$/gm;

function fieldName(label: string): string {
  return label.trim().toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "");
}

function labelOf(field: string): string {
  const words = field.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function scalarText(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value) && value.every((v) => ["string", "number"].includes(typeof v))) return value.join(", ");
  return null;
}

/** Leaf (key, value) pairs of decoded JSON, nested objects and arrays of objects included. */
function jsonPairs(node: unknown, key = "value"): Array<[string, string]> {
  const text = scalarText(node);
  if (text !== null) return [[key, text]];
  if (Array.isArray(node)) return node.flatMap((item) => jsonPairs(item, key));
  if (node && typeof node === "object") return Object.entries(node).flatMap(([k, v]) => jsonPairs(v, k));
  return [];
}

function decodeJson(text: string): unknown {
  const start = text.search(/[[{]/);
  if (start < 0) return undefined;
  const end = Math.max(text.lastIndexOf("}"), text.lastIndexOf("]"));
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return undefined;
  }
}

/** The facts one text offers, in the order they are found, repeats included (de-duplicated across texts by extractFacts). */
function textFacts(text: string): ContextFact[] {
  const facts: ContextFact[] = [];
  const add = (field: string, value: string, label = labelOf(field)) => {
    const v = value.trim().replace(/\*\*$/, "").trim();
    // a question is not a value on file
    if (v.length < MIN_VALUE_LENGTH || v.length > MAX_VALUE_LENGTH || v.endsWith("?")) return;
    facts.push({ label, field, value: v, kind: classifyValue(field, v) });
  };
  const decoded = decodeJson(text);
  if (decoded !== undefined) for (const [key, value] of jsonPairs(decoded)) add(key, value);
  for (const match of text.matchAll(LABELLED_LINE)) {
    const label = match[1].trim();
    if (!NON_DATA_LABELS.test(label) && !/^[[{"]/.test(match[2])) add(fieldName(label), match[2], label);
  }
  for (const { field, pattern } of UNLABELLED_PATTERNS) {
    for (const match of text.matchAll(pattern)) add(field, match[0]);
  }
  return facts;
}

/** Texts whose facts are remembered: every model call reads the whole conversation again. */
const MEMO_LIMIT = 2048;
const factsByText = new Map<string, readonly ContextFact[]>();

function rememberedFacts(text: string): readonly ContextFact[] {
  let facts = factsByText.get(text);
  if (facts === undefined) {
    if (factsByText.size >= MEMO_LIMIT) factsByText.clear();
    factsByText.set(text, (facts = textFacts(text)));
  }
  return facts;
}

/**
 * The values a text carries: JSON leaves (tool results, records), "Label: value" lines, and
 * values recognisable by shape alone (SSNs, ISO dates, emails, canary tokens). Only what is
 * in the text: the model forwards nothing it was not given. A value is kept where it is first found.
 */
export function extractFacts(texts: readonly string[]): ContextFact[] {
  const facts: ContextFact[] = [];
  const seen = new Set<string>();
  for (const text of texts) {
    for (const fact of rememberedFacts(text)) {
      const key = fact.value.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      facts.push(fact);
    }
  }
  return facts;
}
