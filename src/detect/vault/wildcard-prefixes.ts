/**
 * A registered value's start or part before a wildcard, as tools are queried (session 59 probe: `ILIKE 'okonkwo%'` of the
 * surname `Okonkwo-Ferris`, `{"wildcard": {"email": "cthorvald*"}}` of `cthorvaldsen@...`): the query names the value as
 * surely as the value would. Shown as the same start of the surrogate (role `cut-tail`).
 */
import type { Detection, Detector } from "../base.js";
import { derivedFromEntries } from "./entries-memo.js";
import type { VaultEntry } from "./vault.js";
import { isDictionaryWord } from "./words.js";

const WILDCARD_CONFIDENCE = 0.8;
/** Letters and digits a part before a wildcard needs to name a value: fewer match too much. */
const MIN_PREFIX = 5;
/** A word or identifier that ends right before a wildcard, group 1 a `%` before it (a search inside the value: `%okonkwo%`). */
const BEFORE_WILDCARD = /(?<![\p{L}\p{N}*])(%?)([\p{L}\p{N}][\p{L}\p{N}.'’_-]{3,})$/u;
/** How far back a word before a wildcard is read. */
const WORD_REACH = 64;
const KINDS: ReadonlySet<string> = new Set(["name", "email", "id", "ssn", "phone", "card"]);

/** A value's searchable tokens, lowercase letters and digits: its words, its whole, an email's local part, a name glued as handles glue it. */
function tokensOf(entry: VaultEntry): string[] {
  const words = entry.value.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const tokens = [...words, words.join("")];
  if (entry.kind === "email") tokens.push(entry.value.toLowerCase().split("@")[0].replace(/[^\p{L}\p{N}]+/gu, ""));
  if (entry.kind === "name" && words.length >= 2) {
    const [first, last] = [words[0], words.slice(1).join("")];
    tokens.push(`${first.charAt(0)}${last}`, `${first}${last}`, `${last}${first}`);
  }
  // An ordinary word (`account` of an account id's label) names nothing searched for.
  return tokens.filter((token) => token.length >= MIN_PREFIX && !isDictionaryWord(token));
}

/** Whether the `*` at `at` closes markdown emphasis: an odd number of single `*` before it on its line (`*in your secure account.*`). */
function closesEmphasis(text: string, at: number): boolean {
  const line = text.slice(text.lastIndexOf("\n", at - 1) + 1, at);
  return (line.replace(/\*\*/g, "").match(/\*/g)?.length ?? 0) % 2 === 1;
}

/** Where each `%`, and each `*` that is no markdown's `**`, stands right after a letter or digit. */
function* wildcardsIn(text: string): Generator<number> {
  for (const mark of ["%", "*"]) {
    for (let at = text.indexOf(mark); at !== -1; at = text.indexOf(mark, at + 1)) {
      if (at === 0 || !/[\p{L}\p{N}]/u.test(text.charAt(at - 1))) continue;
      if (mark === "*" && text.charAt(at + 1) === "*") continue;
      yield at;
    }
  }
}

/** Detects the starts (and parts, after a leading wildcard) of the values among `entries()` queried with a wildcard. */
export function wildcardPrefixDetector(entries: () => readonly VaultEntry[]): Detector {
  const registered = derivedFromEntries(entries, (all) => all.filter((entry) => KINDS.has(entry.kind)).map((entry) => ({ entry, tokens: tokensOf(entry) })));
  return {
    name: "wildcard-prefixes",
    detect(text: string): Detection[] {
      const found: Detection[] = [];
      // Each wildcard looked at where it stands: LLM text holds markdown's `**` by the hundred, a query's wildcard rarely.
      for (const end of wildcardsIn(text)) {
        const match = BEFORE_WILDCARD.exec(text.slice(Math.max(0, end - WORD_REACH), end));
        if (match === null) continue;
        const part = match[2].toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
        if (part.length < MIN_PREFIX || isDictionaryWord(part) || (text.charAt(end) === "*" && closesEmphasis(text, end))) continue;
        const inside = match[1] !== "";
        const owner = registered().find(({ tokens }) => tokens.some((token) => (inside ? token.includes(part) : token.startsWith(part))));
        if (!owner) continue;
        const { entry } = owner;
        found.push({ start: end - match[2].length, end, field: entry.field, kind: entry.kind, valueType: entry.valueType, tier: 1, confidence: WILDCARD_CONFIDENCE, source: "vault", value: entry.value, role: "cut-tail" });
      }
      return found;
    },
  };
}
