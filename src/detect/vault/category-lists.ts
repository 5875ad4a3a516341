/**
 * A matter's category among a list of categories (round 24 audit of the dev replay: `Case type (e.g., family, civil, criminal)`,
 * `[Civil/Criminal/Family]`): hidden alone, the one redacted member told which the real one is. A Detector over the guard's vault:
 * in a list of two or more categories (`,` `/` `or` `and` between) that holds a registered case type, every member, as the value's.
 */
import type { Detection, Detector } from "../base.js";
import { CASE_CATEGORIES, isCaseTypeField } from "./case-types.js";
import { WINDOW_CONFIDENCE } from "./context.js";
import { derivedFromEntries } from "./entries-memo.js";
import { normalizeValue } from "./normalize.js";
import type { VaultEntry } from "./vault.js";

/** One category as written: its words apart by a space or a hyphen (`landlord-tenant`). */
const CATEGORY = `(?:${[...CASE_CATEGORIES].sort((a, b) => b.length - a.length).map((category) => category.split(" ").join("[ \\t-]")).join("|")})`;
/** Between two members of a list. */
const SEPARATOR = String.raw`[ \t]*(?:,[ \t]*(?:(?:or|and)[ \t]+)?|\/|[ \t](?:or|and)[ \t]+)[ \t]*[*_]{0,2}`;
/** Two or more categories in a row, each a whole word (markdown emphasis between them counts). */
const CATEGORY_LIST = new RegExp(String.raw`(?<![\p{L}\d])${CATEGORY}(?:[*_]{0,2}${SEPARATOR}${CATEGORY}(?![\p{L}\d]))+`, "giu");
const MEMBER = new RegExp(String.raw`(?<![\p{L}\d])${CATEGORY}(?![\p{L}\d])`, "giu");

/** Detects every member of a list of matter categories that holds a registered case type (read at each call: values added at run time count). */
export function categoryListDetector(entries: () => readonly VaultEntry[]): Detector {
  const caseTypes = derivedFromEntries(entries, (all) => all.filter((entry) => isCaseTypeField(entry.field) && CASE_CATEGORIES.includes(normalizeValue(entry.value))));
  return {
    name: "category-lists",
    detect(text: string): Detection[] {
      const registered = caseTypes();
      if (registered.length === 0) return [];
      const found: Detection[] = [];
      for (const list of text.matchAll(CATEGORY_LIST)) {
        const members = Array.from(list[0].matchAll(MEMBER), (member) => ({ start: list.index + member.index, written: member[0] }));
        const entry = registered.find((candidate) => members.some(({ written }) => normalizeValue(written) === normalizeValue(candidate.value)));
        if (entry === undefined) continue;
        for (const { start, written } of members) {
          found.push({ start, end: start + written.length, field: entry.field, kind: entry.kind, valueType: entry.valueType, tier: 1, confidence: WINDOW_CONFIDENCE, source: "vault", value: entry.value, role: "indicator" });
        }
      }
      return found;
    },
  };
}
