/**
 * A measurement registered with its analyte and unit (`Potassium 6.4 mmol/L`, `HbA1c: 8.7 %`): writers
 * drop the unit (`potassium 6.4`) or write the number beside the analyte's word (`{"potassium": 6.4}`).
 */
import { normalizeValue } from "./normalize.js";
import { whole, type Variant } from "./variant.js";

const MEASUREMENT_CONFIDENCE = 0.85;
/**
 * Analyte words (one to four), a number and a unit of concentration or a percent (`Potassium 6.4 mmol/L`, `HbA1c: 8.7 %`,
 * `Glucose 120 mg/dL`): not a dose (`Metformin 500 mg`, a medication's name) nor a phrase (`type 2 diabetes`).
 */
const MEASUREMENT = /^(\p{L}[\p{L}\d+'’-]*(?:\s+\p{L}[\p{L}\d+'’-]*){0,3})\s*[:=]?\s+(\d+(?:\.\d+)?)\s*(%|[\p{L}µ]+\/[\p{L}\d.]+)$/u;

/** Whether a value is a measurement (`Potassium 6.4 mmol/L`): a number between words, not an identifier to encipher letter by letter. */
export function isMeasurement(value: string): boolean {
  return MEASUREMENT.test(value.trim());
}

/** The analyte with the number and no unit (`potassium 6.4`), and the number alone with an analyte word near it (round 10 red team). */
export function measurementVariants(value: string): Variant[] {
  const match = MEASUREMENT.exec(value.trim());
  if (!match) return [];
  const analyte = normalizeValue(match[1]);
  const number = normalizeValue(match[2]);
  return [whole(`${analyte} ${number}`, MEASUREMENT_CONFIDENCE), { form: number, confidence: MEASUREMENT_CONFIDENCE, role: "near-label", labels: analyte.split(" ") }];
}
