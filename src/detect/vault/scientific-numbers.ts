/**
 * A registered amount or number printed in scientific notation, as numpy, pandas and spreadsheets print a feature vector or a
 * cell (session 59 probe: `balance 1.4523e+05` of 145,230): the figure, exact or at the precision its mantissa shows (three
 * significant digits or more: `2e+05` is anyone's). Redacted (role `other-notation`): no surrogate is printed alike.
 */
import type { Detection, Detector } from "../base.js";
import { derivedFromEntries } from "./entries-memo.js";
import { parseNumber } from "./numbers.js";
import type { VaultEntry } from "./vault.js";

const SCIENTIFIC_CONFIDENCE = 0.85;
/** A mantissa with a decimal point and an exponent (`1.4523e+05`, `2.12E5`): group 1 the mantissa's digits after the point. */
const SCIENTIFIC = /(?<![\p{L}\p{N}.])-?\d\.(\d+)[eE][+-]?\d{1,3}(?![\p{L}\p{N}.])/gu;
/** Fewest significant digits a mantissa shows to name a value. */
const MIN_SIGNIFICANT = 3;

/** Detects the amounts and numbers among `entries()` printed in scientific notation (read at each call: values added at run time count). */
export function scientificNumberDetector(entries: () => readonly VaultEntry[]): Detector {
  const registered = derivedFromEntries(entries, (all) =>
    all.flatMap((entry) => {
      const number = entry.kind === "amount" || entry.kind === "number" ? parseNumber(entry.value) : null;
      return number ? [{ entry, value: Number(`${number.integer}.${number.fraction || "0"}`) }] : [];
    }),
  );
  return {
    name: "scientific-numbers",
    detect(text: string): Detection[] {
      if (!/\d[eE][+-]?\d/.test(text)) return [];
      const numbers = registered();
      const found: Detection[] = [];
      for (const match of numbers.length === 0 ? [] : text.matchAll(SCIENTIFIC)) {
        if (1 + match[1].length < MIN_SIGNIFICANT) continue;
        const printed = Math.abs(Number(match[0]));
        // Half a unit of the mantissa's last digit, in the printed number's scale.
        const tolerance = 0.5 * 10 ** (Number(match[0].split(/[eE]/)[1]) - match[1].length);
        const owner = numbers.find(({ value }) => value !== 0 && Math.abs(value - printed) <= tolerance);
        if (!owner) continue;
        const { entry } = owner;
        found.push({ start: match.index, end: match.index + match[0].length, field: entry.field, kind: entry.kind, valueType: entry.valueType, tier: 1, confidence: SCIENTIFIC_CONFIDENCE, source: "vault", value: entry.value, role: "other-notation" });
      }
      return found;
    },
  };
}
