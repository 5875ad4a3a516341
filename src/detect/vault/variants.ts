import type { ValueType } from "../../event.js";
import type { FieldType } from "../../policy/infer.js";
import { addressVariants } from "./addresses.js";
import { caseTypeVariants, isCaseTypeField } from "./case-types.js";
import { departmentNameVariants, departmentWorkVariants, isDepartmentField, isPositionField } from "./department-work.js";
import { allergyVariants, isAllergyField, isMedicationField, medicationVariants } from "./drug-classes.js";
import { gradeLetterVariants, ratingBandVariants, scoreBandVariants } from "./rating-bands.js";
import { holdsDiagnosis, isClinicalField, isPersonNoteField, phraseVariants } from "./context.js";
import { birthDateVariants, isBirthField } from "./birth-dates.js";
import { dateVariants, parseDate } from "./dates.js";
import { emailVariants } from "./emails.js";
import { canaryPartVariants, identifierVariants, isCanary } from "./identifiers.js";
import { fieldLabel, labeledVariants, nearLabelVariant } from "./labels.js";
import { jobTitleVariants } from "./job-titles.js";
import { noteIndicatorVariants } from "./note-indicators.js";
import { isMaskedValue, maskedCardHeadVariants, maskedHeadVariants, maskedIdHeadVariants, maskedPhoneHeadVariants, maskedTailVariants } from "./masked.js";
import type { VaultMember } from "./members.js";
import { nameVariants, parseName } from "./names.js";
import { numberVariants, parseNumber, spelledScoreVariants, statedAmountVariants } from "./numbers.js";
import { organizationVariants } from "./organizations.js";
import { checkOutcomeVariants, isCheckField } from "./check-outcomes.js";
import { codeNameVariants } from "./code-names.js";
import { disciplineVariants, isDisciplineField } from "./disciplinary.js";
import { isMeasurement, isQuantity, measurementVariants, quantityVariants, scoreVariants } from "./measurements.js";
import { internationalPhoneVariants, nationalGroups, parsePhone, phoneVariants } from "./phones.js";
import { normalizeValue } from "./normalize.js";
import { readOutScoreVariants, spokenDigits } from "./spoken-digits.js";
import { complaintVariants, isComplaintField } from "./symptoms.js";
import { whole, type Variant } from "./variant.js";
import { fieldNameWords, transliterated, withUmlauts } from "./words.js";

/** Variant forms of a value of one kind under `field` (the verbatim form is added by variantsOf). */
function kindVariants(field: string, kind: string, value: string, normalized: string): Variant[] {
  // A canary's last four after a mask, as a masked account's (session 53 probe: `Account ending MW1P` of CANARY_ACCT_8HF3MW1P).
  if (kind === "canary" || isCanary(value)) return [...canaryPartVariants(value), ...maskedTailVariants(value)];
  switch (kind) {
    case "name": {
      const name = parseName(normalized, value);
      const variants = name ? nameVariants(name) : [];
      // German umlauts and `ß` as typed without them: `Mueller Gross` of `Müller Groß`, and `Muller Gross` (the accents dropped, `ß` as `ss`);
      // and the other way (session 58 probe: `Jürgen Müller`, `Strauß` of a registered `Juergen Mueller`, `Strauss`).
      for (const typed of new Set([transliterated(value), value.replace(/ß/g, "ss"), withUmlauts(value)])) {
        const other = typed === value ? null : parseName(normalizeValue(typed), typed);
        if (other) variants.push(...nameVariants(other));
      }
      return variants;
    }
    case "date": {
      const date = parseDate(value);
      if (!date) return identifierVariants(kind, normalized);
      return isBirthField(field) ? [...dateVariants(date), ...birthDateVariants(date)] : dateVariants(date);
    }
    case "phone": {
      const phone = parsePhone(value);
      if (phone) return [...phoneVariants(phone), ...maskedTailVariants(phone.national), ...maskedPhoneHeadVariants(phone.national), ...spokenDigits(nationalGroups(phone.national))];
      // A local number without its area code (`555-0163`, as AgentLeak vaults hold phones) is cited by its last four as a parsed one is.
      return [...identifierVariants(kind, normalized), ...internationalPhoneVariants(value), ...maskedTailVariants(value), ...spokenDigits(value)];
    }
    case "ssn":
      return [...identifierVariants(kind, normalized), ...maskedTailVariants(value), ...maskedHeadVariants(value), ...spokenDigits(value)];
    case "card":
      return [...identifierVariants(kind, normalized), ...maskedTailVariants(value), ...maskedCardHeadVariants(value), ...spokenDigits(value)];
    case "id":
      // The value as written: one masked already (`****3304`) has its mask there, not in the normalized form.
      return [...identifierVariants(kind, normalized), ...maskedTailVariants(value), ...maskedIdHeadVariants(normalized), ...spokenDigits(value)];
    case "email":
      return emailVariants(value);
    case "address":
      return addressVariants(value);
    default:
      return shapeVariants(kind, value, normalized, field);
  }
}

/** A figure with cents (`634.74`, or `745.5` as Python prints 745.50). */
const CENTS = /^\d+\.\d{1,2}$/;

/** Kinds without their own rules (amount, number, text, custom kinds): by what the value looks like (a company's name is text too). */
function shapeVariants(kind: string, value: string, normalized: string, field: string): Variant[] {
  const number = parseNumber(value);
  // A figure with cents in a record of text is money (round 15 red team: a transaction's `634.74` written `$635`).
  if (number) return numberVariants(kind === "text" && CENTS.test(value) ? "amount" : kind, number);
  const date = parseDate(value);
  if (date) return dateVariants(date);
  if (!/\d/.test(normalized)) return [...organizationVariants(value, normalized, field), ...codeNameVariants(value)];
  if (isMeasurement(value)) return measurementVariants(value);
  if (isQuantity(value)) return quantityVariants(value, fieldNameWords(field));
  return [...identifierVariants(kind, normalized), ...scoreVariants(value)];
}

/**
 * All normalized forms to look for: the verbatim value (confidence 1), the kind's rewritten forms,
 * and a contextual phrase's content words. Duplicates keep their highest confidence.
 */
function variantsOf(field: string, kind: string, valueType: ValueType, value: string, normalized: string): Variant[] {
  // A value masked already (`****8842`) is a masked tail: found after a mask or a last-four phrase and shown as the surrogate's last
  // digits, not its padded whole (`ending 8842` had come out `ending 4017537601`: round 10 red team).
  const masked = isMaskedValue(value);
  const forms = kindVariants(field, kind, value, normalized);
  const all = masked ? [{ form: normalized, confidence: 1, role: "masked-tail" as const }, ...forms.filter((variant) => variant.role !== "whole" && variant.role !== "regrouped-digits")] : [whole(normalized, 1), ...forms];
  if (valueType === "contextual" && !isCanary(value)) {
    // A note held under another field that names a condition (`ssn`, `assessment`) is read as a diagnosis, its window as a note's.
    const diagnosis = holdsDiagnosis(field, normalized);
    all.push(...phraseVariants(normalized, diagnosis ? value : null, isPersonNoteField(field), diagnosis && !isClinicalField(field)), ...statedAmountVariants(value), ...noteIndicatorVariants(normalized));
  }
  if (isCaseTypeField(field) && !isCanary(value)) all.push(...caseTypeVariants(normalized));
  if (isDepartmentField(field)) all.push(...departmentWorkVariants(normalized), ...departmentNameVariants(value));
  if (isPositionField(field) && !isCanary(value)) all.push(...jobTitleVariants(normalized));
  if (isCheckField(field) && !isCanary(value)) all.push(...checkOutcomeVariants(normalized));
  if (isDisciplineField(field) && !isCanary(value)) all.push(...disciplineVariants(normalized));
  if (isAllergyField(field) && !isCanary(value)) all.push(...allergyVariants(normalized));
  if (isMedicationField(field) && !isCanary(value)) all.push(...medicationVariants(normalized));
  if (isComplaintField(field) && !isCanary(value)) all.push(...complaintVariants(normalized));
  all.push(...ratingBandVariants(field, value));
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

/**
 * Forms by everything they are made from: guards of one user's vault (a session each), the two members
 * of a counterfactual pair, all register the same values. Bounded; the forms are never modified.
 */
const formsMemo = new Map<string, readonly Variant[]>();
const FORMS_MEMO_LIMIT = 20_000;

/** The forms of one vault member under `field`, by how it can be told from ordinary text. */
export function memberVariants(field: string, member: VaultMember, type: FieldType): readonly Variant[] {
  const key = `${field}\u0000${member.value}\u0000${member.use}\u0000${type.kind}\u0000${type.valueType}`;
  let forms = formsMemo.get(key);
  if (forms === undefined) {
    if (formsMemo.size >= FORMS_MEMO_LIMIT) formsMemo.clear();
    forms = formsOf(field, member, type);
    formsMemo.set(key, forms);
  }
  return forms;
}

function formsOf(field: string, member: VaultMember, type: FieldType): Variant[] {
  const { normalized } = member;
  if (normalized === "") return [];
  if (member.use === "in-list") return [{ form: normalized, confidence: LIST_WORD_CONFIDENCE, role: "list-word" }];
  if (member.use === "after-label") {
    return [...labeledVariants(field, normalized), ...gradeLetterVariants(field, member.value, normalized, fieldLabel(field)), ...ratingBandVariants(field, member.value)];
  }
  const near = member.use === "near-label" ? nearLabelVariant(field, normalized) : null;
  return near ? [near, ...spelledScoreVariants(normalized), ...readOutScoreVariants(near, normalized), ...scoreBandVariants(field, normalized)] : variantsOf(field, type.kind, type.valueType, member.value, normalized);
}
