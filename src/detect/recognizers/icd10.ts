import type { Detection } from "../base.js";
import { contextWords, hasContext } from "./context.js";
import { recognizerHit } from "./detection.js";
import { allMatches } from "./matches.js";
import { ProfiledRecognizer, type TextProfile } from "./text-profile.js";

const ICD10_CONTEXT = contextWords(["icd", "icd-10", "icd10", "icd-10-cm", "diagnosis", "diagnoses", "diagnosed", "dx", "code", "codes", "coded", "condition"]);

/** Category letter (U is reserved), two digits, optional dot and 1-4 subcategory characters. */
const ICD10_SHAPE = /(?<![\w.-])[A-TV-Z]\d{2}(?:\.[0-9A-Z]{1,4})?(?![\w]|[.-]\w)/g;

/**
 * ICD-10 diagnosis codes. The shape alone also fits vitamins (B12), aircraft (F16) and room numbers,
 * so a context word is required; a dotted code (E11.9) without one is flagged at low confidence.
 */
export class Icd10Recognizer extends ProfiledRecognizer {
  readonly name = "icd10";
  readonly kind = "icd10";
  readonly valueType = "contextual" as const;

  detectIn({ text, hasDigit }: TextProfile): Detection[] {
    if (!hasDigit) return [];
    const hits: Detection[] = [];
    for (const m of allMatches(ICD10_SHAPE, text)) {
      const start = m.index;
      const end = start + m[0].length;
      if (hasContext(text, start, end, ICD10_CONTEXT)) hits.push(recognizerHit(this, start, end, 0.85));
      else if (m[0].includes(".")) hits.push(recognizerHit(this, start, end, 0.2));
    }
    return hits;
  }
}
