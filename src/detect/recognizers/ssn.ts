import type { Detection } from "../base.js";
import { contextWords, hasContext } from "./context.js";
import { recognizerHit } from "./detection.js";
import { allMatches } from "./matches.js";
import { ProfiledRecognizer, type TextProfile } from "./text-profile.js";

const SSN_CONTEXT = contextWords(["ssn", "ssns", "social security", "social sec", "soc sec", "ss#", "ss #", "ssn#", "tin", "taxpayer id"]);

/** 3-2-4 with the same separator twice (dash, space or dot), or 9 bare digits; never inside a longer id. */
const SSN_SHAPE = /(?<![\w-]|\w[-.])(\d{3})(?:([- .])(\d{2})\2(\d{4})|(\d{2})(\d{4}))(?![\w]|[-.]\w)/g;

/** SSA rules: area not 000, 666 or 900-999; group not 00; serial not 0000. */
export function ssnRulesValid(area: string, group: string, serial: string): boolean {
  const a = Number(area);
  return a !== 0 && a !== 666 && a < 900 && group !== "00" && serial !== "0000";
}

/**
 * US Social Security numbers. Dashed/spaced 3-2-4 that obey the SSA rules are hits; bare 9 digits
 * and dot-separated ones only next to a context word; a rule-breaking number right after an SSN
 * label (987-65-4321, the classic fake) is flagged at low confidence so the caller protects it.
 */
export class SsnRecognizer extends ProfiledRecognizer {
  readonly name = "ssn";
  readonly kind = "ssn";
  readonly valueType = "format" as const;

  detectIn({ text, hasLongDigitRun }: TextProfile): Detection[] {
    if (!hasLongDigitRun) return [];
    const hits: Detection[] = [];
    for (const m of allMatches(SSN_SHAPE, text)) {
      const start = m.index;
      const end = start + m[0].length;
      const separator = m[2];
      const group = m[3] ?? m[5];
      const serial = m[4] ?? m[6];
      const labelled = hasContext(text, start, end, SSN_CONTEXT);
      const valid = ssnRulesValid(m[1], group, serial);
      const grouped = separator === "-" || separator === " ";
      if (valid && labelled) hits.push(recognizerHit(this, start, end, grouped ? 0.95 : 0.8));
      // Spaced triples without a label are as often table columns as SSNs.
      else if (valid && grouped) hits.push(recognizerHit(this, start, end, separator === "-" ? 0.85 : 0.6));
      else if (labelled && grouped) hits.push(recognizerHit(this, start, end, 0.4));
    }
    return hits;
  }
}
