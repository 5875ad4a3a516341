/** Project and deal code names (`Project Kestrel`): writers drop the leading word (`Kestrel DD tracker`, `kestrel_dd_tracker.xlsx`, `#kestrel-dd`). */
import { normalizeValue } from "./normalize.js";
import type { Variant } from "./variant.js";

/** Below the value itself: the name alone may be an ordinary word (`kestrel`), but under a code name's field it is the project. */
const CODE_NAME_CONFIDENCE = 0.85;
/** A code name as registered: a word that says so, then one or two capitalized words (`Project Kestrel`, `Operation Blue Heron`). */
const CODE_NAME = /^(?:project|operation|program|programme|initiative|codename|code name)\s+(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?)$/iu;

/** Whether a value is a code name (`Project Kestrel`): text whose words are no phrase of prose. */
export function isCodeName(value: string): boolean {
  return CODE_NAME.test(value.trim());
}

/** The code name without its leading word (`kestrel` of `Project Kestrel`; round 10 red team: only the whole phrase was found). */
export function codeNameVariants(value: string): Variant[] {
  const name = CODE_NAME.exec(value.trim())?.[1];
  return name === undefined ? [] : [{ form: normalizeValue(name), confidence: CODE_NAME_CONFIDENCE, role: "whole" }];
}
