import { OperatorError, type Operator, type OperatorInput, type OperatorOutput } from "../base.js";
import { DateCipher } from "./date-fpe.js";
import { nationalDigits, parsePhone } from "../../detect/vault/phones.js";

/**
 * Format-preserving encryption of a whole string, shared by the FF1 and FF3-1 operators.
 *
 * Digits stay digits, ASCII letters stay letters with their case, every other character stays
 * where it was. Letters are enciphered too (`CANARY_SSN_066D83C4`, `AB12cd34EF`), so prefixes of
 * canary tokens do not survive; only an identifier's label before digits alone (`INS-` of
 * `INS-41208932`, `CASE-` of `CASE-2024-5567`) stays, as every identifier of its type shares it and
 * a validator of the type still accepts the surrogate, when those digits are a domain NIST allows.
 * The string's letters and digits are ranked as one mixed-radix integer (rank-encipher-unrank),
 * enciphered with the numeral cipher by cycle-walking, and unranked into the same slots. A uniform
 * string (all digits, all letters) uses its own radix, so no walking; a mixed one uses the radix
 * in 10..36 whose radix^length exceeds the domain least, so walks stay short.
 */

/** NIST SP 800-38G Rev.1: radix^minlen >= 1,000,000. */
export const MIN_DOMAIN = 1_000_000n;
/** Leading zero digits added to a short domain; their count also makes padded outputs recognizable. */
export const PAD_DIGITS = 6;
/** Longest letter/digit content enciphered; longer values are not formats and are redacted. */
export const MAX_NUMERALS = 256;
export const REPRESENTATION_LENGTH = "representation-length";

/** A numeral cipher (FF1 or FF3-1) over numeral strings of one radix, keyed, with a textual tweak. */
export interface NumeralCipher {
  encrypt(numerals: number[], radix: number, tweak: string): number[];
  decrypt(numerals: number[], radix: number, tweak: string): number[];
}

/** Bounded memo by string key (cipher instances per tweak, results per value); cleared when full. */
export function memoize<T>(create: (key: string) => T, limit = 4096): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) {
      if (cache.size >= limit) cache.clear();
      value = create(key);
      cache.set(key, value);
    }
    return value;
  };
}

type Slot = { literal: string } | { radix: 10 } | { radix: 26; upper: boolean };
/** The numeral slots, shared: a template is built per enciphered value, an object per character added up. */
const DIGIT: Slot = { radix: 10 };
const UPPER: Slot = { radix: 26, upper: true };
const LOWER: Slot = { radix: 26, upper: false };

/** A string split into kept literals and enciphered numeral slots. */
export interface FormatTemplate {
  slots: Slot[];
  /** Radix of each numeral slot, in order. */
  radices: number[];
  /** Numeral values in order (digit value, or letter index a=0). */
  numerals: number[];
}

const CODE_0 = 48;
const CODE_UPPER_A = 65;
const CODE_LOWER_A = 97;

/** An identifier's label (`INS-`, `CASE-`) before groups of digits alone: kept when it names the type, the digits enciphered. */
const TYPE_LABEL = /^([A-Za-z]{2,8})[-_#/.: ]+(?=\d)(?=[^A-Za-z]*$)/;
/** Labels that name an identifier's type; other letters before digits (`BQ-4471093`) may be random, part of the secret, and are enciphered. */
const TYPE_LABELS: ReadonlySet<string> = new Set(
  ("id acc acct app appl case cl clm claim cust cus dkt doc disp dsp emp empl file inv ins loan mbr mem mrn ord order pat pol pt ref req tkt tx txn vis visit").split(" "),
);
/** Digits a label is kept before: 10^6, NIST's smallest domain, so the digits alone are enciphered. */
const MIN_LABELLED_DIGITS = 6;

/** The numeral slots of `text`; the shape alone (a label, classes of characters) decides them, so a ciphertext splits as its plaintext did. */
export function splitFormat(text: string): FormatTemplate {
  const slots: Slot[] = [];
  const radices: number[] = [];
  const numerals: number[] = [];
  const label = TYPE_LABEL.exec(text);
  const named = label !== null && TYPE_LABELS.has(label[1].toLowerCase());
  const kept = named && (text.match(/\d/g)?.length ?? 0) >= MIN_LABELLED_DIGITS ? label[0].length : 0;
  let index = 0;
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (index++ < kept) {
      slots.push({ literal: char });
    } else if (code >= CODE_0 && code < CODE_0 + 10) {
      slots.push(DIGIT);
      radices.push(10);
      numerals.push(code - CODE_0);
    } else if (code >= CODE_UPPER_A && code < CODE_UPPER_A + 26) {
      slots.push(UPPER);
      radices.push(26);
      numerals.push(code - CODE_UPPER_A);
    } else if (code >= CODE_LOWER_A && code < CODE_LOWER_A + 26) {
      slots.push(LOWER);
      radices.push(26);
      numerals.push(code - CODE_LOWER_A);
    } else {
      slots.push({ literal: char });
    }
  }
  return { slots, radices, numerals };
}

export function mergeFormat(template: FormatTemplate, numerals: readonly number[]): string {
  let next = 0;
  let text = "";
  for (const slot of template.slots) {
    if ("literal" in slot) {
      text += slot.literal;
      continue;
    }
    const value = numerals[next++];
    const base = slot.radix === 10 ? CODE_0 : slot.upper ? CODE_UPPER_A : CODE_LOWER_A;
    text += String.fromCharCode(base + value);
  }
  return text;
}

/** Exact integers as plain numbers: values are ranked in chunks below it (BigInt steps per numeral were a fifth of FPE time). */
const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function domainSize(radices: readonly number[]): bigint {
  return rank(radices.map((radix) => radix - 1), radices) + 1n;
}

/** Mixed-radix value of `numerals` (numeral i in radix radices[i]). */
function rank(numerals: readonly number[], radices: readonly number[]): bigint {
  let value = 0n;
  let chunk = 0;
  let scale = 1;
  for (let i = 0; i < radices.length; i++) {
    if (scale * radices[i] > Number.MAX_SAFE_INTEGER) {
      value = value * BigInt(scale) + BigInt(chunk);
      chunk = 0;
      scale = 1;
    }
    chunk = chunk * radices[i] + numerals[i];
    scale *= radices[i];
  }
  return value * BigInt(scale) + BigInt(chunk);
}

function unrank(value: bigint, radices: readonly number[]): number[] {
  const numerals = new Array<number>(radices.length);
  let i = radices.length - 1;
  for (; i >= 0 && value > SAFE; i--) {
    const radix = BigInt(radices[i]);
    numerals[i] = Number(value % radix);
    value /= radix;
  }
  let rest = Number(value);
  for (; i >= 0; i--) {
    numerals[i] = rest % radices[i];
    rest = Math.floor(rest / radices[i]);
  }
  return numerals;
}

/** Radix and length of the numeral strings that encipher a domain of `radices`. */
interface CipherDomain {
  size: bigint;
  radix: number;
  length: number;
}

const MIXED_RADICES = Array.from({ length: 27 }, (_, i) => 10 + i);

function cipherDomainOf(radices: readonly number[]): CipherDomain {
  const size = domainSize(radices);
  if (radices.every((r) => r === radices[0])) return { size, radix: radices[0], length: radices.length };
  let best: CipherDomain & { span: bigint } = { size, radix: 0, length: 0, span: -1n };
  for (const radix of MIXED_RADICES) {
    let length = 0;
    let span = 1n;
    for (; span < size; span *= BigInt(radix)) length++;
    if (best.span < 0n || span < best.span) best = { size, radix, length, span };
  }
  return { size, radix: best.radix, length: best.length };
}

/** Domains are few (one per letter/digit layout): computed once per layout. */
const cipherDomain = memoize((classes: string) => cipherDomainOf([...classes].map((c) => (c === "d" ? 10 : 26))));

function classesOf(radices: readonly number[]): string {
  return radices.map((r) => (r === 10 ? "d" : "a")).join("");
}

/** Enciphers integers of [0, size) with a numeral cipher of radix^length >= size, by cycle-walking. */
function walk(
  cipher: NumeralCipher,
  direction: "encrypt" | "decrypt",
  value: bigint,
  radices: readonly number[],
  tweak: string,
): bigint {
  const { size, radix, length } = cipherDomain(classesOf(radices));
  const uniform = new Array<number>(length).fill(radix);
  let current = value;
  do {
    current = rank(cipher[direction](unrank(current, uniform), radix, tweak), uniform);
  } while (current >= size);
  return current;
}

function tweakFor(scope: string, radices: readonly number[], padded: boolean): string {
  return `${scope}\u0000${classesOf(radices)}\u0000${padded ? "pad" : ""}`;
}

/** Tweak scope: the field name (same value, two fields -> two ciphertexts), else the kind. */
function scopeOf(input: Omit<OperatorInput, "value">): string {
  return input.field === null ? `kind:${input.kind}` : `field:${input.field}`;
}

function padTemplate(template: FormatTemplate): FormatTemplate {
  const pad = new Array<number>(PAD_DIGITS).fill(10);
  return {
    slots: [...pad.map(() => DIGIT), ...template.slots],
    radices: [...pad, ...template.radices],
    numerals: [...pad.map(() => 0), ...template.numerals],
  };
}

/** If `template` could be a padded output, the short template it would have come from. */
function unpadTemplate(template: FormatTemplate): FormatTemplate | null {
  const lead = template.slots.slice(0, PAD_DIGITS);
  if (lead.length < PAD_DIGITS || lead.some((slot) => !("radix" in slot) || slot.radix !== 10)) return null;
  const rest: FormatTemplate = {
    slots: template.slots.slice(PAD_DIGITS),
    radices: template.radices.slice(PAD_DIGITS),
    numerals: template.numerals.slice(PAD_DIGITS),
  };
  return domainSize(rest.radices) < MIN_DOMAIN ? rest : null;
}

/** Decrypts `template` as a padded output; null when its pad digits do not decrypt to zeros. */
function decryptPadded(cipher: NumeralCipher, template: FormatTemplate, scope: string): string | null {
  const rest = unpadTemplate(template);
  if (rest === null) return null;
  const tweak = tweakFor(scope, template.radices, true);
  const plain = unrank(walk(cipher, "decrypt", rank(template.numerals, template.radices), template.radices, tweak), template.radices);
  if (plain.slice(0, PAD_DIGITS).some((numeral) => numeral !== 0)) return null;
  return mergeFormat(rest, plain.slice(PAD_DIGITS));
}

function encipher(cipher: NumeralCipher, template: FormatTemplate, tweak: string): string {
  const value = walk(cipher, "encrypt", rank(template.numerals, template.radices), template.radices, tweak);
  return mergeFormat(template, unrank(value, template.radices));
}

/** Letters and digits outside ASCII would be kept as literals: refuse rather than leak them. */
const NON_ASCII_ALNUM = /(?![\x00-\x7f])[\p{L}\p{N}]/u;

function encrypt(cipher: NumeralCipher, scope: string, value: string): OperatorOutput {
  if (NON_ASCII_ALNUM.test(value)) {
    throw new OperatorError("letters or digits outside ASCII cannot be format-preserved", "fpe-unsupported-characters");
  }
  const template = splitFormat(value);
  if (template.numerals.length === 0) throw new OperatorError("no letters or digits to encrypt", "fpe-empty-domain");
  if (template.numerals.length > MAX_NUMERALS) throw new OperatorError("value too long to encrypt", "fpe-too-long");
  if (domainSize(template.radices) < MIN_DOMAIN) {
    const padded = padTemplate(template);
    return { text: encipher(cipher, padded, tweakFor(scope, padded.radices, true)), exception: REPRESENTATION_LENGTH };
  }
  const text = encipher(cipher, template, tweakFor(scope, template.radices, false));
  if (decryptPadded(cipher, splitFormat(text), scope) !== null) {
    throw new OperatorError("ciphertext would read as a padded short value", "fpe-ambiguous");
  }
  return { text };
}

/**
 * Builds the FPE operator over a numeral cipher. A domain below 10^6 gets PAD_DIGITS leading zero
 * digits before encryption (output longer, exception `representation-length`); `reverse` tells
 * padded outputs by their pad decrypting to zeros, and `apply` refuses the ~10^-6 of normal values
 * whose output would read as padded, so every output reverses exactly.
 */
export function createFormatPreservingOperator(name: string, cipher: NumeralCipher): Operator {
  const dates = new DateCipher(cipher);
  const encrypted = memoize((key: string): OperatorOutput => {
    const [scope, value] = JSON.parse(key) as [string, string];
    return encrypt(cipher, scope, value);
  });
  // National digits and extension enciphered as one numeral string (an extension alone is too small a domain), split back.
  const phoneSurrogate = (input: Omit<OperatorInput, "value">, phone: PhoneDigits): PhoneDigits => {
    const digits = encrypted(JSON.stringify([scopeOf(input), phone.national + phone.extension])).text;
    return { national: digits.slice(0, phone.national.length), extension: digits.slice(phone.national.length) };
  };
  // Surrogates come back at every hop to be restored: decrypt each once too (errors are not cached).
  const decrypted = memoize((key: string): string => {
    const [scope, transformed] = JSON.parse(key) as [string, string];
    return decryptSurrogate(cipher, scope, transformed);
  });
  return {
    action: "fpe",
    name,
    apply(input: OperatorInput): OperatorOutput {
      // A date stays a valid date written the same way; what does not read as one gets the generic cipher.
      const date = input.kind === "date" ? dates.surrogate(input.value, scopeOf(input), input.registered) : null;
      if (date !== null) return { text: date };
      const phone = input.kind === "phone" ? phoneDigits(input.registered ?? input.value) : undefined;
      const dialled = phone === undefined ? null : withPhoneDigits(input.value, phone, phoneSurrogate(input, phone));
      if (dialled !== null) return { text: dialled };
      // Deterministic, so repeated values (the same SSN in every message) are enciphered once.
      return { ...encrypted(JSON.stringify([scopeOf(input), input.value])) };
    },
    reverse(transformed: string, input: Omit<OperatorInput, "value">): string {
      const date = input.kind === "date" ? dates.original(transformed, scopeOf(input), input.registered) : null;
      if (date !== null) return date;
      const phone = input.kind === "phone" && input.registered !== undefined ? phoneDigits(input.registered) : undefined;
      const real = phone === undefined ? null : withPhoneDigits(transformed, phoneSurrogate(input, phone), phone);
      if (real !== null) return real;
      return decrypted(JSON.stringify([scopeOf(input), transformed]));
    },
  };
}

/** The digits that identify a phone: national digits and extension (NANP's `x466`; none for others). */
interface PhoneDigits {
  national: string;
  extension: string;
}

function phoneDigits(value: string): PhoneDigits | undefined {
  const nanp = parsePhone(value);
  if (nanp !== null) return nanp;
  const national = nationalDigits(value);
  return national === undefined ? undefined : { national, extension: "" };
}

/**
 * A phone number's digits enciphered wherever they are written: `(415) 555-0132`, `+1 415 555 0132`,
 * `+14155550132`, `020 7946 0958`, `(894)764-7436x713` all get the same national surrogate digits and
 * keep their country code, trunk prefix and extension marker, so every form stays dialable and
 * restores from the one surrogate; the extension right after them is enciphered too (it was kept,
 * the last digits of the real number). The digits `from` of `span` become `to`; null when `span`
 * does not hold `from`'s national digits.
 */
function withPhoneDigits(span: string, from: PhoneDigits, to: PhoneDigits): string | null {
  const digits = span.replace(/\D/g, "");
  const first = digits.indexOf(from.national);
  if (first === -1 || to.national.length !== from.national.length || !/^\d+$/.test(to.national + to.extension)) return null;
  const extensionStart = first + from.national.length;
  const withExtension = from.extension !== "" && digits.slice(extensionStart, extensionStart + from.extension.length) === from.extension;
  const replacement = withExtension ? to.national + to.extension : to.national;
  let index = 0;
  let text = "";
  for (const char of span) {
    const isDigit = char >= "0" && char <= "9";
    text += isDigit && index >= first && index < first + replacement.length ? replacement[index - first] : char;
    if (isDigit) index++;
  }
  return text;
}

/** FPE decryption of one surrogate in its scope; throws when it is not an FPE output. */
function decryptSurrogate(cipher: NumeralCipher, scope: string, transformed: string): string {
  const template = splitFormat(transformed);
  if (template.numerals.length === 0 || template.numerals.length > MAX_NUMERALS + PAD_DIGITS) {
    throw new OperatorError("not an FPE output", "fpe-not-reversible");
  }
  const unpadded = decryptPadded(cipher, template, scope);
  if (unpadded !== null) return unpadded;
  if (domainSize(template.radices) < MIN_DOMAIN) throw new OperatorError("not an FPE output", "fpe-not-reversible");
  const tweak = tweakFor(scope, template.radices, false);
  const value = walk(cipher, "decrypt", rank(template.numerals, template.radices), template.radices, tweak);
  return mergeFormat(template, unrank(value, template.radices));
}
