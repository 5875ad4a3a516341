/**
 * A measurement registered with its analyte and unit (`Potassium 6.4 mmol/L`, `HbA1c: 8.7 %`): writers
 * drop the unit (`potassium 6.4`) or write the number beside the analyte's word (`{"potassium": 6.4}`); and a score over
 * its total (`21/30`), spelled `21 out of 30`.
 */
import { normalizeValue } from "./normalize.js";
import { whole, type Variant } from "./variant.js";

const MEASUREMENT_CONFIDENCE = 0.85;
/**
 * Analyte words (one to four), a number and a unit of concentration or a percent (`Potassium 6.4 mmol/L`, `HbA1c: 8.7 %`,
 * `Glucose 120 mg/dL`): not a dose (`Metformin 500 mg`, a medication's name) nor a phrase (`type 2 diabetes`).
 */
const MEASUREMENT = /^(\p{L}[\p{L}\d+'’-]*(?:\s+\p{L}[\p{L}\d+'’-]*){0,3})\s*[:=]?\s+(\d+(?:\.\d+)?)\s*(%|[\p{L}µ]+\/[\p{L}\d.]+)$/u;

/** A score over its total (`21/30`, `7 / 10`): the total is the scale, the first number the value. */
export const SCORE_OUT_OF = /^(\d{1,3})\s*\/\s*(\d{1,3})$/;

/** A score as writers spell it (`21 out of 30`, `21 of 30`: round 10 red team). */
export function scoreVariants(value: string): Variant[] {
  const score = SCORE_OUT_OF.exec(value.trim());
  return score ? [whole(`${score[1]} out of ${score[2]}`, MEASUREMENT_CONFIDENCE), whole(`${score[1]} of ${score[2]}`, MEASUREMENT_CONFIDENCE)] : [];
}

/** Whether a value is a measurement (`Potassium 6.4 mmol/L`): a number between words, not an identifier to encipher letter by letter. */
export function isMeasurement(value: string): boolean {
  return MEASUREMENT.test(value.trim());
}

/**
 * A quantity with its unit and no analyte (`78.5 kg` under `dry_weight`, `4,820 pg/mL` under `nt_probnp`): round 12 red
 * team, enciphered as an identifier it became letter noise (`76478890.0 ap`). Group 1 the number.
 */
const QUANTITY = /^(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*(?:%|kg|kgs|g|mg|mcg|lb|lbs|oz|cm|mm|m|km|in|ft|ml|l|mmhg|bpm|[\p{L}µ]{1,4}\/[\p{L}\d.]{1,5})$/iu;

/** Whether a value is a quantity with its unit (`78.5 kg`): a number, not an identifier. */
export function isQuantity(value: string): boolean {
  return QUANTITY.test(value.trim());
}

/** A quantity's number alone, with a word of its field's name near it (`dry weight 78.5`, `NT-proBNP 4,820`). */
export function quantityVariants(value: string, fieldWords: readonly string[]): Variant[] {
  const match = QUANTITY.exec(value.trim());
  const labels = fieldWords.filter((word) => word.length >= 2);
  return match && labels.length > 0 ? [{ form: normalizeValue(match[1]), confidence: MEASUREMENT_CONFIDENCE, role: "near-label", labels }] : [];
}

/** The analyte with the number and no unit (`potassium 6.4`), and the number alone with an analyte word near it (round 10 red team). */
export function measurementVariants(value: string): Variant[] {
  const match = MEASUREMENT.exec(value.trim());
  if (!match) return [];
  const analyte = normalizeValue(match[1]);
  const number = normalizeValue(match[2]);
  return [whole(`${analyte} ${number}`, MEASUREMENT_CONFIDENCE), { form: number, confidence: MEASUREMENT_CONFIDENCE, role: "near-label", labels: analyte.split(" ") }];
}
