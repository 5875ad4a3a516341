import { isListedName } from "../../transform/operators/pseudonym.js";
import { insideFileName } from "./masked.js";
import { normalizeValue } from "./normalize.js";
import type { Variant } from "./variant.js";
import { isDictionaryWord, isNameWord } from "./words.js";

const EMAIL_CONFIDENCE = 0.95;
/** A handle is less certain than the address: another person can pick the same one. */
const LOCAL_PART_CONFIDENCE = 0.9;
/** Letters alone from this length can be a handle (`mgonzalez`); shorter ones are words or nicknames. */
const MIN_LETTERS_HANDLE = 8;
/** Any handle needs this many letters and digits to be anyone's (`jk77`, `m.li`; not `a1`, `j.s`). */
const MIN_HANDLE = 4;
/** Words that say a handle too short to tell its owner apart is one (`username: cmartin`, `Login: @cmartin`, `{"user": "cmartin"}`). */
const HANDLE_LABELS: readonly string[] = ["username", "user", "login", "handle", "userid", "user id", "screen name", "alias", "account"];
/**
 * A local part a writer could use as a handle: letters and digits, single `.`, `_` or `-` between
 * them; invisible format characters (`Amanda\u200bGaines`) too, as normalizing drops them.
 */
const HANDLE_SHAPE = /^[a-z0-9\p{Cf}]+(?:[._-][a-z0-9\p{Cf}]+)*$/iu;
const SEPARATOR = /[._-]/;
const HAS_DIGIT = /\d/;
const HAS_LETTER = /[a-z]/i;

/** Whether a lowercase word is a common given name or surname: alone, it identifies nobody. */
function isCommonName(word: string): boolean {
  return isListedName(word) || isNameWord(word);
}

/** A word anyone writes (`sales`, `team`): a handle made of such words only (`sales.team`) names a role, not a person. */
function isOrdinaryWord(word: string): boolean {
  return /^[a-z]+$/.test(word) && isDictionaryWord(word) && !isCommonName(word);
}

/** The part of an email before its last `@`, or null. */
export function localPart(email: string): string | null {
  const at = email.lastIndexOf("@");
  return at > 0 ? email.slice(0, at) : null;
}

/**
 * Whether a local part tells its owner apart when written alone: words joined by a separator
 * (`maria.gonzalez`), letters with digits (`jkowalski77`), or eight letters or more that are no
 * dictionary word or common name (`mgonzalez`, not `christopher` or `marketing`); `maria` is not.
 */
export function isDistinctiveLocalPart(local: string): boolean {
  if (!couldBeHandle(local)) return false;
  if (SEPARATOR.test(local) || HAS_DIGIT.test(local)) return true;
  const first = local.toLowerCase().split(SEPARATOR)[0];
  return local.length >= MIN_LETTERS_HANDLE && !isDictionaryWord(first) && !isCommonName(first);
}

/**
 * Whether a local part names its owner at least where a handle's label stands near: handle-shaped,
 * four letters and digits or more, not ordinary words only (`cmartin`, `bgreen`; not `sales`, `info`).
 */
function couldBeHandle(local: string): boolean {
  if (!HANDLE_SHAPE.test(local) || !HAS_LETTER.test(local)) return false;
  const words = local.toLowerCase().split(SEPARATOR);
  return words.join("").length >= MIN_HANDLE && !words.every(isOrdinaryWord);
}

/**
 * An email's forms: written to fool scrapers (`dwayne.sanchez [at] example [dot] com`, `(at)`,
 * `at example.com`), and its local part alone as a handle when distinctive (`jkowalski77`, `@maria.gonzalez`)
 * or, shorter, with a handle's label near (`username: cmartin`).
 */
export function emailVariants(value: string): Variant[] {
  const local = localPart(value);
  if (local === null) return [];
  const domain = value.slice(local.length + 1);
  const spelled = (part: string) => part.split(".").map(normalizeValue).join(" dot ");
  const forms: Variant[] = [
    `${normalizeValue(local)} at ${normalizeValue(domain)}`,
    `${normalizeValue(local)} at ${spelled(domain)}`,
    `${spelled(local)} at ${spelled(domain)}`,
  ].map((form) => ({ form, confidence: EMAIL_CONFIDENCE, role: "spelled-email" }));
  if (isDistinctiveLocalPart(local)) forms.push({ form: normalizeValue(local), confidence: LOCAL_PART_CONFIDENCE, role: "local-part" });
  else if (couldBeHandle(local)) forms.push({ form: normalizeValue(local), confidence: LOCAL_PART_CONFIDENCE, role: "local-part", labels: HANDLE_LABELS });
  return forms;
}

/** A domain's last label after a segment (`.com`): the segment is a host's name, not a key's. */
const TOP_LEVEL_DOMAIN = /^\.(?:com|org|net|edu|gov|io|co|us|uk|de|fr|info|biz|me)\b/i;

/**
 * Whether `source[start, end)` is an inner segment of a dotted or joined key, between separators on both sides
 * (`access.kfitzgerald.export`: session 58 probe), not a host's name (`mail.ryanwilson.com`).
 */
export function isKeySegment(source: string, start: number, end: number): boolean {
  const [before, after] = [source.charAt(start - 1), source.charAt(end)];
  return SEPARATOR.test(before) && SEPARATOR.test(after) && continuesToken(source.charAt(start - 2)) && continuesToken(source.charAt(end + 1)) && !TOP_LEVEL_DOMAIN.test(source.slice(end, end + 6));
}

function isAlphanumeric(char: string): boolean {
  return /^[\p{L}\p{N}]$/u.test(char);
}

/** A character that continues an email or handle token: a letter, digit, `_`, `%` or `+`. */
function continuesToken(char: string): boolean {
  return char !== "" && (isAlphanumeric(char) || char === "_" || char === "%" || char === "+");
}

/**
 * Whether `source[start, end)` is a handle written as a token of its own: only letters, digits and
 * `.`, `_`, `-` between them (so `Maria Gonzalez`, a name, is not one), not inside a longer
 * handle or a domain (`x.maria.gonzalez`, `maria.gonzalez.com`, `foo@maria.gonzalez`); a leading
 * `@` (a mention), a sentence's closing `.` and an address's `@domain` (`maria.gonzalez@example`,
 * an address cut short or at another domain) may stand around it.
 */
export function isWrittenHandle(source: string, start: number, end: number): boolean {
  const span = source.slice(start, end);
  if (!HANDLE_SHAPE.test(span)) return false;
  const before = source.charAt(start - 1);
  const after = source.charAt(end);
  const joinedBefore = before === "@" || SEPARATOR.test(before) ? continuesToken(source.charAt(start - 2)) : continuesToken(before);
  const joinedAfter = continuesToken(after) || (SEPARATOR.test(after) && continuesToken(source.charAt(end + 1)));
  if (!joinedBefore && !joinedAfter) return true;
  // In a file's name, separators part its words (`gthibodeaux_personnel.pdf`, `RKowalczyk_W2_2024.pdf`: round 10 red team).
  return !isAlphanumeric(before) && !isAlphanumeric(after) && insideFileName(source, start, end);
}

/**
 * `span`, a handle written as the writer did, with the letters and digits of `handle` in place of
 * its own, the case of each kept (`Maria_Gonzalez` with `nzpzx.zovudzsp` → `Nzpzx_Zovudzsp`); null
 * when their counts differ.
 */
export function layHandle(span: string, handle: string): string | null {
  const characters = [...handle].filter(isAlphanumeric);
  if (characters.length !== [...span].filter(isAlphanumeric).length) return null;
  let at = 0;
  let text = "";
  for (const char of span) {
    if (!isAlphanumeric(char)) text += char;
    else {
      const next = characters[at++];
      text += char !== char.toLowerCase() ? next.toUpperCase() : next.toLowerCase();
    }
  }
  return text;
}

/** Letter and digit runs of a text (`maria`, `gonzalez`, `example`, `com` of an email). */
function runsOf(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * `span`, an email `from` spelled out as the writer did (`maria dot gonzalez at example dot com`,
 * `maria.gonzalez [at] example [dot] com`), with the email `to` spelled the same way: each run of
 * `from` in turn replaced by the run of `to` at its place, in the span's case; the words between
 * (`dot`, `at`) as written. Null where the span does not hold `from`'s runs in order or the two
 * emails' runs do not pair up.
 */
export function spelledLike(span: string, from: string, to: string): string | null {
  const [expected, shown] = [runsOf(from), runsOf(to)];
  if (expected.length !== shown.length) return null;
  let next = 0;
  const text = span.replace(/[\p{L}\p{N}]+/gu, (run) => {
    if (next >= expected.length || run.toLowerCase() !== expected[next].toLowerCase()) return run;
    const replacement = shown[next++];
    return run === run.toUpperCase() && run !== run.toLowerCase() ? replacement.toUpperCase() : replacement;
  });
  return next === expected.length ? text : null;
}
