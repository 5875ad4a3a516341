/**
 * A short identifier's number without its letters (round 22 red team: `matter 612 (docket #612)` of CASE-612, `case no. 718 204` of
 * DISP-718204, `(E89217)` of EMP-89217). Three or four digits alone are anyone's, and a number split by a space is no form of the
 * value: after a word that refers to a record (`matter`, `docket`, `no.`, `#`) or before one (`the 388 matter`), glued to the prefix's first letter, or between `_` or
 * `-` in a file's name (`conflicts_612.xlsx`, `ltr-0582.docx`), the digits of a
 * registered identifier of one letter prefix and one group of digits are that identifier's (role `unpadded-digits`: shown as the
 * surrogate's digits).
 */
import type { Detection, Detector } from "../base.js";
import { digitRunsOf } from "./digit-runs.js";
import { derivedFromEntries } from "./entries-memo.js";
import type { VaultEntry } from "./vault.js";

const REFERENCE_CONFIDENCE = 0.7;
/** An identifier of a letter prefix and one group of digits (`CASE-612`, `DISP-718204`): group 1 the prefix, 2 the digits. */
export const PREFIXED_NUMBER = /^([A-Za-z]{2,6})[- ]?(\d{3,9})$/;
/**
 * Digits after a word that refers to a record, with `no.` or `#` between or alone, then maybe a table's `|` or `is` (`| Matter no. |
 * 904 |`, `our matter is 058`: session 56 probe) (group 1), or glued to one capital (group 2 the
 * letter, 3 the digits); digits split once by a space count (`718 204`); or between `the` and a singular record word (group 4: `the
 * 388 matter`, round 23 red team; `388 cases` is a count).
 */
const REFERENCE = new RegExp(
  String.raw`(?:\b(?:matter|docket|file|case|ref|reference|claim|dispute|ticket|record|employee|emp|id)\.?[ \t]*(?:(?:no\.?|number|#)[ \t:]*)?|\b(?:no\.|number)[ \t:]*|#[ \t]?)(?:\|[ \t]*|(?:is|was)[ \t]+)?(\d{3,9}(?:[ \t]\d{2,6})?)(?![\d.,]\d|\d)|(?<![\p{L}\d-])(\p{Lu})(\d{3,9})(?![\p{L}\d])|\b(?:the|this|that)[ \t]+(\d{3,9})(?=[ \t]+(?:matter|case|file|docket|dispute|claim|ticket)\b(?!s))`,
  "giu",
);
const REFERENCE_HINT = /\d{3}/;
/** The number padded with zeros or not, between `_` or `-` in a file's name (`conflicts_612.xlsx`, `ltr-0582.docx`: round 22 re-judge; group 1). */
const FILE_NUMBER = /(?<=[_-])0*(\d{3,9})(?=(?:[_-][\w-]*)?\.(?:pdf|docx?|xlsx?|csv|txt|eml|msg|zip|json|png|jpe?g)\b)/gi;

/** The first three digits, which every match holds whole. */
function headOf(digits: string): string {
  return digits.slice(0, 3);
}

function withoutLeadingZeros(digits: string): string {
  return digits.replace(/^0+(?=\d)/, "");
}

/** Whether a digit run of three or more begins as a registered number does, as written or without its zeros (`0582` of `ltr-0582.docx` names 582). */
function hasRegisteredHead(text: string, heads: ReadonlySet<string>): boolean {
  return digitRunsOf(text).some((run) => run.length >= 3 && (heads.has(headOf(run)) || heads.has(headOf(withoutLeadingZeros(run)))));
}

/** Each prefixed identifier's initial and digits, beside its entry. */
function prefixedNumbersOf(all: readonly VaultEntry[]): Array<{ entry: VaultEntry; initial: string; digits: string }> {
  return all.flatMap((entry) => {
    const prefixed = entry.kind === "id" ? PREFIXED_NUMBER.exec(entry.value.trim()) : null;
    return prefixed === null ? [] : [{ entry, initial: prefixed[1][0].toUpperCase(), digits: prefixed[2] }];
  });
}

/** Detects registered short identifiers' digits after a reference word or a prefix's letter (read at each call: values added at run time count). */
export function referenceNumberDetector(entries: () => readonly VaultEntry[]): Detector {
  const registered = derivedFromEntries(entries, prefixedNumbersOf);
  // Every match's digits start with a whole run of the text (`718` of `718 204`), zeros before them left out in a file's name.
  const heads = derivedFromEntries(entries, () => new Set(registered().flatMap(({ digits }) => [headOf(digits), headOf(withoutLeadingZeros(digits))])));
  return {
    name: "reference-numbers",
    detect(text: string): Detection[] {
      const numbers = registered();
      if (numbers.length === 0 || !REFERENCE_HINT.test(text) || !hasRegisteredHead(text, heads())) return [];
      const found: Detection[] = [];
      for (const match of text.matchAll(REFERENCE)) {
        const written = match[1] ?? match[3] ?? match[4];
        const digits = written.replace(/[ \t]/g, "");
        const told = numbers.find((number) => number.digits === digits && (match[2] === undefined || match[2].toUpperCase() === number.initial));
        if (told === undefined) continue;
        const start = match.index + match[0].length - written.length;
        const { entry } = told;
        found.push({ start, end: start + written.length, field: entry.field, kind: entry.kind, valueType: entry.valueType, tier: 1, confidence: REFERENCE_CONFIDENCE, source: "vault", value: entry.value, role: "unpadded-digits" });
      }
      for (const match of text.includes(".") ? text.matchAll(FILE_NUMBER) : []) {
        const told = numbers.find((number) => withoutLeadingZeros(number.digits) === match[1]);
        if (told === undefined) continue;
        const { entry } = told;
        found.push({ start: match.index, end: match.index + match[0].length, field: entry.field, kind: entry.kind, valueType: entry.valueType, tier: 1, confidence: REFERENCE_CONFIDENCE, source: "vault", value: entry.value, role: "unpadded-digits" });
      }
      return found;
    },
  };
}
