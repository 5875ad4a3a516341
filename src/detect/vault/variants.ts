import type { ValueType } from "../../event.js";
import { contentWords } from "./context.js";
import { dateVariants, parseDate } from "./dates.js";
import { identifierVariants, isCanary } from "./identifiers.js";
import { nameVariants, parseName } from "./names.js";
import { normalizeValue } from "./normalize.js";
import { numberVariants, parseNumber } from "./numbers.js";
import { parsePhone, phoneVariants } from "./phones.js";
import { whole, type Variant } from "./variant.js";

/** Variant forms of a value of one kind (the verbatim form is added by variantsOf). */
function kindVariants(kind: string, value: string, normalized: string): Variant[] {
  if (isCanary(normalized)) return identifierVariants("canary", normalized);
  switch (kind) {
    case "name": {
      const name = parseName(normalized);
      return name ? nameVariants(name) : [];
    }
    case "date": {
      const date = parseDate(value);
      return date ? dateVariants(date) : identifierVariants(kind, normalized);
    }
    case "phone": {
      const phone = parsePhone(value);
      return phone ? phoneVariants(phone) : identifierVariants(kind, normalized);
    }
    case "ssn":
    case "card":
    case "id":
      return identifierVariants(kind, normalized);
    default:
      return shapeVariants(kind, value, normalized);
  }
}

/** Kinds without their own rules (amount, number, text, custom kinds): by what the value looks like. */
function shapeVariants(kind: string, value: string, normalized: string): Variant[] {
  const number = parseNumber(value);
  if (number) return numberVariants(kind, number);
  const date = parseDate(value);
  if (date) return dateVariants(date);
  return /\d/.test(normalized) ? identifierVariants(kind, normalized) : [];
}

/** Content words of a contextual phrase of two or more of them (one word is just the verbatim form). */
function contextVariants(normalized: string): Variant[] {
  const words = contentWords(normalized);
  return words.length < 2 ? [] : words.map((form) => ({ form, confidence: 0, role: "context-word" as const }));
}

/**
 * All normalized forms to look for: the verbatim value (confidence 1), the kind's rewritten forms,
 * and a contextual phrase's content words. Duplicates keep their highest confidence.
 */
export function variantsOf(kind: string, valueType: ValueType, value: string): Variant[] {
  const normalized = normalizeValue(value);
  if (normalized === "") return [];
  const all = [whole(normalized, 1), ...kindVariants(kind, value, normalized)];
  if (valueType === "contextual" && !isCanary(normalized)) all.push(...contextVariants(normalized));
  const best = new Map<string, Variant>();
  for (const variant of all) {
    const key = `${variant.role}\u0000${variant.form}`;
    const seen = best.get(key);
    if (variant.form !== "" && (!seen || seen.confidence < variant.confidence)) best.set(key, variant);
  }
  return [...best.values()];
}
