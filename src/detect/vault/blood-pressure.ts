/**
 * A blood pressure reading at hypertension's levels (`BP 162/98`, `168/102 mmHg`) tells a registered hypertension
 * diagnosis (round 14 red team: `BP 162/98 today, uncontrolled` passed beside the redacted `BP`). A Detector over the
 * guard's vault: each reading of systolic >= 130 or diastolic >= 80 with a pressure word or unit beside it is the
 * diagnosis's indicator (role `indicator`), for every clinical field whose value names hypertension.
 */
import type { Detection, Detector } from "../base.js";
import { isClinicalField } from "./context.js";
import { derivedFromEntries } from "./entries-memo.js";
import { normalizeValue } from "./normalize.js";
import type { VaultEntry } from "./vault.js";

/** A reading, systolic over diastolic (groups 1 and 2), as notes write it. */
const READING = /(?<![\d/.])(\d{2,3})[ \t]?\/[ \t]?(\d{2,3})(?![\d/]|\.\d)/g;
/** What says a reading is a blood pressure: before it (`BP`, `blood pressure`, `pressure of`, `above goal`, `home cuff`: round 22) or after it (`mmHg`). */
const PRESSURE_BEFORE = /\b(?:bp|b\/p|blood pressure|pressures?|readings?|vitals?|cuff|sbp\/dbp|(?:above|over|at|below|under)[ \t]+(?:bp[ \t]+)?(?:goal|target))\b[^\n\d]{0,16}$/i;
const PRESSURE_AFTER = /^[ \t]*(?:mm[ \t]?hg|mmhg)\b/i;
const REACH = 24;
/** Stage 1 hypertension's lower bounds (ACC/AHA 2017): a reading below both is normal or elevated. */
const HYPERTENSIVE_SYSTOLIC = 130;
const HYPERTENSIVE_DIASTOLIC = 80;
const READING_CONFIDENCE = 0.8;
const HYPERTENSION = /\b(?:hypertension|hypertensive|htn|high blood pressure)\b/;

/** The clinical values that name hypertension. */
function hypertensionDiagnosesOf(all: readonly VaultEntry[]): VaultEntry[] {
  return all.filter((entry) => isClinicalField(entry.field) && HYPERTENSION.test(normalizeValue(entry.value)));
}

/** Detects hypertensive blood pressure readings for the hypertension diagnoses among `entries()` (read at each call). */
export function bloodPressureDetector(entries: () => readonly VaultEntry[]): Detector {
  const diagnoses = derivedFromEntries(entries, hypertensionDiagnosesOf);
  return {
    name: "blood-pressure",
    detect(text: string): Detection[] {
      const [entry] = diagnoses();
      if (entry === undefined || !text.includes("/")) return [];
      const found: Detection[] = [];
      for (const match of text.matchAll(READING)) {
        const [systolic, diastolic] = [Number(match[1]), Number(match[2])];
        if (systolic <= diastolic || systolic > 300 || (systolic < HYPERTENSIVE_SYSTOLIC && diastolic < HYPERTENSIVE_DIASTOLIC)) continue;
        const [start, end] = [match.index, match.index + match[0].length];
        if (!PRESSURE_BEFORE.test(text.slice(Math.max(0, start - REACH), start)) && !PRESSURE_AFTER.test(text.slice(end, end + REACH))) continue;
        found.push({ start, end, field: entry.field, kind: entry.kind, valueType: entry.valueType, tier: 1, confidence: READING_CONFIDENCE, source: "vault", value: entry.value, role: "indicator" });
      }
      return found;
    },
  };
}
