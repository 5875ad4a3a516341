/**
 * A value split across the fields of one object, each part too short to name it (session 59 probe: a bureau's `"ssn": {"area":
 * "662", "group": "19", "serial": "4083"}`, a form's `"dob_year": 1948, "dob_month": 8, "dob_day": 24`): the parts, read in
 * order, are an identifier's digits, or a year, a month and a day that make a registered date. Each part is redacted (role
 * `split-part`): a surrogate has no parts to split alike.
 */
import type { Detection, Detector } from "../base.js";
import { parseDate } from "./dates.js";
import { derivedFromEntries } from "./entries-memo.js";
import { TAILED_KINDS } from "./masked.js";
import type { VaultEntry } from "./vault.js";

const SPLIT_CONFIDENCE = 0.85;
/** A key and its value of digits, quoted or not: group 1 the key, group 2 the digits. */
const DIGIT_MEMBER = /"([\p{L}\p{N}_.-]{1,40})"[ \t]*:[ \t]*"?(\d{1,10})"?(?=[ \t]*[,}\n])/gu;
/** What stands between two members of one object. */
const BETWEEN_MEMBERS = /^"?[ \t]*,[ \t\r\n]*$/;
/** Fewest digits an identifier split across members has (an SSN's nine, a phone's ten). */
const MIN_SPLIT_DIGITS = 7;
const MAX_PARTS = 4;
const YEAR_KEY = /(?:^|[_.-])(?:year|yr|yyyy)$/i;
const MONTH_KEY = /(?:^|[_.-])(?:month|mo|mm)$/i;
const DAY_KEY = /(?:^|[_.-])(?:day|dd)$/i;

interface Member {
  key: string;
  digits: string;
  start: number;
  end: number;
}

/** Detects the identifiers and dates among `entries()` split across an object's members (read at each call: values added at run time count). */
export function splitValueDetector(entries: () => readonly VaultEntry[]): Detector {
  const registered = derivedFromEntries(entries, (all) => {
    const identifiers = new Map<string, VaultEntry>();
    const dates = new Map<string, VaultEntry>();
    for (const entry of all) {
      const digits = entry.value.replace(/\D/g, "");
      if (TAILED_KINDS.has(entry.kind) && digits.length >= MIN_SPLIT_DIGITS && !identifiers.has(digits)) identifiers.set(digits, entry);
      const date = entry.kind === "date" ? parseDate(entry.value) : null;
      if (date) dates.set(`${date.year}-${date.month}-${date.day}`, entry);
    }
    return { identifiers, dates };
  });
  return {
    name: "split-values",
    detect(text: string): Detection[] {
      if (!text.includes('":')) return [];
      const { identifiers, dates } = registered();
      if (identifiers.size + dates.size === 0) return [];
      const found: Detection[] = [];
      const push = (parts: readonly Member[], entry: VaultEntry) => {
        for (const { start, end } of parts) found.push({ start, end, field: entry.field, kind: entry.kind, valueType: entry.valueType, tier: 1, confidence: SPLIT_CONFIDENCE, source: "vault", value: entry.value, role: "split-part" });
      };
      for (const run of memberRuns(text)) {
        for (let first = 0; first < run.length; first++) {
          let digits = "";
          for (let last = first; last < run.length && last < first + MAX_PARTS; last++) {
            digits += run[last].digits;
            const entry = last > first ? identifiers.get(digits) : undefined;
            if (entry) push(run.slice(first, last + 1), entry);
          }
        }
        const date = dateOf(run);
        const entry = date && dates.get(`${Number(date.year.digits)}-${Number(date.month.digits)}-${Number(date.day.digits)}`);
        if (date && entry) push([date.year, date.month, date.day], entry);
      }
      return found;
    },
  };
}

/** The runs of members of digits next to one another in one object. */
function memberRuns(text: string): Member[][] {
  const runs: Member[][] = [];
  let run: Member[] = [];
  for (const match of text.matchAll(DIGIT_MEMBER)) {
    const start = match.index + match[0].lastIndexOf(match[2]);
    const member = { key: match[1], digits: match[2], start, end: start + match[2].length };
    const previous = run.at(-1);
    if (previous !== undefined && !BETWEEN_MEMBERS.test(text.slice(previous.end, match.index))) {
      if (run.length > 1) runs.push(run);
      run = [];
    }
    run.push(member);
  }
  if (run.length > 1) runs.push(run);
  return runs;
}

/** A run's members keyed as a year, a month and a day. */
function dateOf(run: readonly Member[]): { year: Member; month: Member; day: Member } | null {
  const year = run.find(({ key }) => YEAR_KEY.test(key));
  const month = run.find(({ key }) => MONTH_KEY.test(key));
  const day = run.find(({ key }) => DAY_KEY.test(key));
  return year && month && day ? { year, month, day } : null;
}
