import type { ValueType } from "../../event.js";
import type { FieldType } from "../../policy/infer.js";
import { isClinicalField, phraseVariants } from "./context.js";
import { dateVariants, isBirthField, parseDate } from "./dates.js";
import { identifierVariants, isCanary } from "./identifiers.js";
import { labeledVariants } from "./labels.js";
import { maskedTailVariants } from "./masked.js";
import type { VaultMember } from "./members.js";
import { nameVariants, parseName } from "./names.js";
import { numberVariants, parseNumber } from "./numbers.js";
import { parsePhone, phoneVariants } from "./phones.js";
import { whole, type Variant } from "./variant.js";

/** Variant forms of a value of one kind under `field` (the verbatim form is added by variantsOf). */
function kindVariants(field: string, kind: string, value: string, normalized: string): Variant[] {
  if (isCanary(normalized)) return identifierVariants("canary", normalized);
  switch (kind) {
    case "name": {
      const name = parseName(normalized);
      return name ? nameVariants(name) : [];
    }
    case "date": {
      const date = parseDate(value);
      return date ? dateVariants(date, isBirthField(field)) : identifierVariants(kind, normalized);
    }
    case "phone": {
      const phone = parsePhone(value);
      return phone ? [...phoneVariants(phone), ...maskedTailVariants(phone.national)] : identifierVariants(kind, normalized);
    }
    case "ssn":
    case "card":
    case "id":
      return [...identifierVariants(kind, normalized), ...maskedTailVariants(normalized)];
    default:
      return shapeVariants(kind, value, normalized);
  }
}

/** Kinds without their own rules (amount, number, text, custom kinds): by what the value looks like. */
function shapeVariants(kind: string, value: string, normalized: string): Variant[] {
  const number = parseNumber(value);
  if (number) return numberVariants(kind, number);
  const date = parseDate(value);
  if (date) return dateVariants(date, false);
  return /\d/.test(normalized) ? identifierVariants(kind, normalized) : [];
}

/**
 * All normalized forms to look for: the verbatim value (confidence 1), the kind's rewritten forms,
 * and a contextual phrase's content words. Duplicates keep their highest confidence.
 */
function variantsOf(field: string, kind: string, valueType: ValueType, value: string, normalized: string): Variant[] {
  const all = [whole(normalized, 1), ...kindVariants(field, kind, value, normalized)];
  if (valueType === "contextual" && !isCanary(normalized)) all.push(...phraseVariants(normalized, isClinicalField(field) ? value : null));
  // A value has tens of forms at most: a linear search beats building a key string and map per form.
  const best: Variant[] = [];
  for (const variant of all) {
    if (variant.form === "") continue;
    const seen = best.findIndex((kept) => kept.form === variant.form && kept.role === variant.role);
    if (seen === -1) best.push(variant);
    else if (best[seen].confidence < variant.confidence) best[seen] = variant;
  }
  return best;
}

/** A list member that is an ordinary word: confident once it sits next to another member of its list. */
const LIST_WORD_CONFIDENCE = 0.8;

/** The forms of one vault member under `field`, by how it can be told from ordinary text. */
export function memberVariants(field: string, member: VaultMember, type: FieldType): Variant[] {
  const { normalized } = member;
  if (normalized === "") return [];
  if (member.use === "in-list") return [{ form: normalized, confidence: LIST_WORD_CONFIDENCE, role: "list-word" }];
  if (member.use === "after-label") return labeledVariants(field, normalized);
  return variantsOf(field, type.kind, type.valueType, member.value, normalized);
}
