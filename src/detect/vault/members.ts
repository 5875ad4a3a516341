import type { VaultValue } from "../../policy/options.js";
import { normalizeValue } from "./normalize.js";
import { isFunctionWord, isStopword, isTitle } from "./words.js";

/**
 * How a protected scalar can be told from ordinary text: by itself, only next to another member
 * of its list (`['must', 'more']`), or only right after its field's label (`Internal Rating: D`).
 */
export type MemberUse = "alone" | "in-list" | "after-label" | "near-label";

/** One protected scalar inside a vault value, with the dict key it sat under (if any). */
export interface VaultMember {
  value: string;
  /** `value` normalized (normalize.ts): computed once, every form of the member starts from it. */
  normalized: string;
  key: string | null;
  use: MemberUse;
}

type Literal = string | number | boolean | null | Literal[] | { [key: string]: Literal };

/** Minimal alphanumeric length of a scalar matched alone: one character cannot be told from ordinary text. */
const MIN_SCALAR_LENGTH = 2;
/** Minimal length of a list/dict member matched alone: shorter members (`Mr`, `no`) are ordinary words. */
const MIN_MEMBER_LENGTH = 3;

/**
 * Every protected scalar of a vault value: the value itself, the members of a list or dict, and
 * the members of a string holding a Python/JSON literal (`"['Ann Lee', 'Bob Ray']"`), recursively.
 * Skipped: booleans, empty scalars and one-character members. A one-character scalar (a grade)
 * is used after its label only; list/dict members under 3 alphanumerics, English stopwords and
 * honorifics only next to another member of their list: alone they are ordinary words.
 */
export function vaultMembers(value: VaultValue): VaultMember[] {
  const found: VaultMember[] = [];
  collect(value as Literal, null, false, found);
  return found;
}

function collect(value: Literal, key: string | null, isMember: boolean, found: VaultMember[]): void {
  if (value === null || typeof value === "boolean") return;
  if (Array.isArray(value)) {
    for (const item of value) collect(item, key, true, found);
    return;
  }
  if (typeof value === "object") {
    for (const [k, item] of Object.entries(value)) collect(item, k, true, found);
    return;
  }
  const text = String(value).trim();
  const literal = /^[[{(]/.test(text) ? parseLiteral(text) : undefined;
  if (literal !== undefined && typeof literal === "object" && literal !== null) {
    collect(literal, key, true, found);
    return;
  }
  const normalized = normalizeValue(text);
  const use = memberUse(normalized, isMember);
  if (use) found.push({ value: text, normalized, key, use });
}

/** A number of at most three digits (a score of 30, 580): written everywhere as days, hours, counts, so it counts near its label. */
const SHORT_NUMBER = /^\d{1,3}$/;

function memberUse(normalized: string, isMember: boolean): MemberUse | null {
  const alphanumerics = normalized.replace(/[ .,]/g, "").length;
  if (alphanumerics === 0) return null;
  if (!isMember) return alphanumerics < MIN_SCALAR_LENGTH ? "after-label" : SHORT_NUMBER.test(normalized) ? "near-label" : "alone";
  if (alphanumerics < MIN_SCALAR_LENGTH) return null;
  // A function word in prose (`please do not hesitate`) is never the member: found alone, its placeholder's slot told the word anyway.
  return alphanumerics >= MIN_MEMBER_LENGTH && !isStopword(normalized) && !isFunctionWord(normalized) && !isTitle(normalized) ? "alone" : "in-list";
}

/** Parse a Python repr or JSON literal (lists, tuples, dicts, quoted strings, numbers, True/False/None). */
export function parseLiteral(text: string): Literal | undefined {
  let pos = 0;
  const skipSpace = (): void => {
    while (pos < text.length && /\s/.test(text.charAt(pos))) pos++;
  };
  const fail = (): never => {
    throw new SyntaxError(`not a literal at ${pos}`);
  };
  const parseString = (): string => {
    const quote = text.charAt(pos++);
    let result = "";
    while (pos < text.length && text.charAt(pos) !== quote) {
      if (text.charAt(pos) === "\\") pos++;
      result += text.charAt(pos++);
    }
    if (pos >= text.length) fail();
    pos++;
    return result;
  };
  const parseSequence = (close: string): Literal[] => {
    const items: Literal[] = [];
    pos++;
    skipSpace();
    while (text.charAt(pos) !== close) {
      items.push(parseValue());
      skipSpace();
      if (text.charAt(pos) === ",") pos++;
      else if (text.charAt(pos) !== close) fail();
      skipSpace();
    }
    pos++;
    return items;
  };
  const parseDict = (): Record<string, Literal> => {
    const dict: Record<string, Literal> = {};
    pos++;
    skipSpace();
    while (text.charAt(pos) !== "}") {
      const key = parseValue();
      skipSpace();
      if (text.charAt(pos++) !== ":") fail();
      dict[String(key)] = parseValue();
      skipSpace();
      if (text.charAt(pos) === ",") pos++;
      else if (text.charAt(pos) !== "}") fail();
      skipSpace();
    }
    pos++;
    return dict;
  };
  const parseValue = (): Literal => {
    skipSpace();
    const c = text.charAt(pos);
    if (c === "[") return parseSequence("]");
    if (c === "(") return parseSequence(")");
    if (c === "{") return parseDict();
    if (c === "'" || c === '"') return parseString();
    const word = /^(?:-?\d+(?:\.\d+)?(?:e[+-]?\d+)?|True|False|None|true|false|null)/.exec(text.slice(pos));
    if (!word) return fail();
    pos += word[0].length;
    if (/^(True|true)$/.test(word[0])) return true;
    if (/^(False|false)$/.test(word[0])) return false;
    if (/^(None|null)$/.test(word[0])) return null;
    return word[0];
  };
  try {
    const value = parseValue();
    skipSpace();
    return pos === text.length ? value : undefined;
  } catch {
    return undefined;
  }
}
