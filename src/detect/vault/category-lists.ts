/**
 * A value of a closed set among its siblings (round 24 audit of the dev replay): a matter's category in a list of categories (`Case
 * type (e.g., family, civil, criminal)`, `[Civil/Criminal/Family]`), a performance level in a list of levels (`"Meets" or "Exceeds"`,
 * `Exceeds/Meets/Needs Improvement`) or in a table's column of levels, a diagnosis's condition among example conditions (round 27:
 * `(e.g., diabetes, hypertension, asthma)`): hidden alone, the one redacted member told which the real one
 * is. A Detector over the guard's vault: every member of a list (`,` `/` `or` `and` between, or one per bulleted line: round 25
 * audit, `- Above Average` `- Average` `- Below Average`) or of a column that holds a registered
 * value of the set, as that value's.
 */
import type { Detection, Detector } from "../base.js";
import { CASE_CATEGORIES, isCaseTypeField } from "./case-types.js";
import { isClinicalField, WINDOW_CONFIDENCE } from "./context.js";
import { derivedFromEntries } from "./entries-memo.js";
import { normalizeValue } from "./normalize.js";
import { isPerformanceLevel, isRatingField, PERFORMANCE_LEVELS } from "./rating-bands.js";
import { cellsOf } from "./table-cells.js";
import type { VaultEntry } from "./vault.js";

/** Quotes or emphasis around a member. */
const MARKS = `[*_"'“”‘’]{0,2}`;
/** Between two members of a list. */
const SEPARATOR = String.raw`[ \t]*(?:,[ \t]*(?:(?:or|and)[ \t]+)?|\/|[ \t](?:or|and)[ \t]+)[ \t]*`;

/** A closed set of values: which fields hold one, its members as written (normalized), and its lists' and members' patterns. */
interface ClosedSet {
  holds(entry: VaultEntry): boolean;
  /** The members (normalized) that name a registered value of the set: the value itself, or a condition its diagnosis is. */
  namesOf(value: string): string[];
  list: RegExp;
  /** Two lines or more in a row that are each a bulleted member, a count or note after a colon or dash allowed (`- Below: 1`). */
  bullets: RegExp;
  member: RegExp;
  /** A table's cell that is one member (group 1), quotes or emphasis around it. */
  cell: RegExp;
  /** Whether a table's column of the set's members counts as a list. */
  columns: boolean;
  /** The members' last words (lower case): each member written holds its own, so a list holds two. */
  lastWords: readonly string[];
}

function closedSet(members: readonly string[], holds: (entry: VaultEntry) => boolean, columns: boolean, namesOf: (value: string) => string[] = (value) => [value]): ClosedSet {
  // Longest first, each word apart by a space or a hyphen (`landlord-tenant`, `needs improvement`).
  const member = `(?:${[...members].sort((a, b) => b.length - a.length).map((words) => words.split(" ").join("[ \\t-]")).join("|")})`;
  return {
    holds,
    namesOf,
    list: new RegExp(String.raw`(?<![\p{L}\d])${member}(?:${MARKS}${SEPARATOR}${MARKS}${member}(?![\p{L}\d]))+`, "giu"),
    bullets: new RegExp(String.raw`(?:^[ \t]*(?:[-*•+]|\d{1,2}[.)])[ \t]+${MARKS}${member}(?:[ \t]+expectations)?${MARKS}(?:[ \t]*[:(–—-][^\n]*)?[ \t]*(?:\n|$)){2,}`, "gimu"),
    member: new RegExp(String.raw`(?<![\p{L}\d])${member}(?![\p{L}\d])`, "giu"),
    cell: new RegExp(String.raw`^[\s*_"'“”‘’]*(${member})[\s*_"'“”‘’]*$`, "iu"),
    columns,
    lastWords: [...new Set(members.map((words) => words.split(" ").at(-1)!))],
  };
}

/** Whether `lower` holds two members' last words or more (without two, no list or bulleted block of the set is there). */
function holdsTwoMembers(lower: string, lastWords: readonly string[]): boolean {
  let count = 0;
  for (const word of lastWords) {
    for (let at = lower.indexOf(word); at !== -1; at = lower.indexOf(word, at + word.length)) if (++count === 2) return true;
  }
  return false;
}

/** Levels a scale's list names beside the registered one (`Above Average / Average / Below Average` of `Below`): members, not bands on their own. */
const AVERAGE_LEVELS = ["above average", "average", "below average"];

/** Conditions writers list as examples (`chronic conditions (e.g., diabetes, hypertension)`, round 27 audit): hidden alone, the diagnosis's told it. */
const CONDITIONS = [
  "diabetes", "type 2 diabetes", "type 1 diabetes", "hypertension", "high blood pressure", "asthma", "copd", "heart disease", "heart failure",
  "coronary artery disease", "chronic kidney disease", "kidney disease", "depression", "major depression", "anxiety", "generalized anxiety",
  "arthritis", "obesity", "cancer", "stroke", "dementia", "epilepsy", "hyperlipidemia", "high cholesterol", "sleep apnea", "bipolar disorder", "ptsd", "adhd",
];
/** Letters a condition's word shares with the diagnosis's word it names (`depress` of `depression` and `depressive`). */
const CONDITION_STEM = 6;

/** The conditions of CONDITIONS a diagnosis is (`diabetes`, `type 2 diabetes` of `type 2 diabetes mellitus`): each word of theirs in it, by stem. */
function conditionsOf(diagnosis: string): string[] {
  const words = diagnosis.split(" ");
  const inDiagnosis = (word: string) => words.some((own) => own === word || (word.length >= CONDITION_STEM && own.startsWith(word.slice(0, CONDITION_STEM))));
  return CONDITIONS.filter((condition) => condition.split(" ").every(inDiagnosis));
}

const CLOSED_SETS: readonly ClosedSet[] = [
  closedSet(CASE_CATEGORIES, (entry) => isCaseTypeField(entry.field) && CASE_CATEGORIES.includes(normalizeValue(entry.value)), false),
  closedSet([...PERFORMANCE_LEVELS, ...AVERAGE_LEVELS], (entry) => isRatingField(entry.field) && isPerformanceLevel(normalizeValue(entry.value)), true),
  closedSet(CONDITIONS, (entry) => isClinicalField(entry.field), false, conditionsOf),
];

/** Each registered value of a closed set, beside its set and the members that name it. */
function closedSetValuesOf(all: readonly VaultEntry[]): Array<{ set: ClosedSet; entry: VaultEntry; names: string[] }> {
  // A set's value names some member (a diagnosis no listed condition is names none).
  return CLOSED_SETS.flatMap((set) => all.filter((entry) => set.holds(entry)).map((entry) => ({ set, entry, names: set.namesOf(normalizeValue(entry.value)) }))).filter(({ names }) => names.length > 0);
}

/** Detects every member of a list or column of a closed set's values that holds a registered one (read at each call: values added at run time count). */
export function categoryListDetector(entries: () => readonly VaultEntry[]): Detector {
  const registered = derivedFromEntries(entries, closedSetValuesOf);
  return {
    name: "category-lists",
    detect(text: string): Detection[] {
      const values = registered();
      if (values.length === 0) return [];
      const lower = text.toLowerCase();
      const found: Detection[] = [];
      const push = (entry: VaultEntry, start: number, end: number) =>
        found.push({ start, end, field: entry.field, kind: entry.kind, valueType: entry.valueType, tier: 1, confidence: WINDOW_CONFIDENCE, source: "vault", value: entry.value, role: "indicator" });
      // Only a text that names a registered value holds a list or column of it: most are not scanned.
      for (const { set, entry, names } of values.filter(({ names }) => names.some((name) => lower.includes(name)))) {
        const listed = holdsTwoMembers(lower, set.lastWords);
        const lists = listed ? Array.from(text.matchAll(set.list), (list) => Array.from(list[0].matchAll(set.member), (member) => ({ start: list.index + member.index, written: member[0] }))) : [];
        // A bulleted line holds one member, its first (`- Below: 1`: the note after it is no member).
        for (const block of listed ? text.matchAll(set.bullets) : []) {
          let offset = block.index;
          const members: Array<{ start: number; written: string }> = [];
          for (const line of block[0].split("\n")) {
            const [member] = line.matchAll(set.member);
            if (member !== undefined) members.push({ start: offset + member.index, written: member[0] });
            offset += line.length + 1;
          }
          lists.push(members);
        }
        for (const members of lists) {
          if (!members.some(({ written }) => isValueWritten(written, names))) continue;
          for (const { start, written } of members) push(entry, start, start + written.length);
        }
        if (!set.columns) continue;
        // A table's column of levels (`| Meets |` rows beside `| Exceeds |`): every level under a header that holds the value.
        const levels = cellsOf(text).flatMap(({ header, start, end }) => {
          const level = set.cell.exec(text.slice(start, end));
          const from = level === null ? -1 : start + level[0].indexOf(level[1]!);
          return level === null ? [] : [{ header, start: from, end: from + level[1]!.length, value: normalizeValue(level[1]!) }];
        });
        const headers = new Set(levels.filter((level) => names.includes(level.value)).map((level) => level.header));
        for (const level of levels) if (headers.has(level.header)) push(entry, level.start, level.end);
      }
      return found;
    },
  };
}

/** Whether a list's member names the registered value (`Below Average` of `below`, `Meets Expectations` of `meets`, `Diabetes` of a type 2 diabetes). */
function isValueWritten(written: string, names: readonly string[]): boolean {
  const member = normalizeValue(written);
  return names.some((name) => member === name || member.startsWith(`${name} `));
}
