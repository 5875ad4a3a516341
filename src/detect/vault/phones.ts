import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { normalizeValue } from "./normalize.js";
import { whole, type Variant } from "./variant.js";

const LAYOUT_CONFIDENCE = 0.95;
/** The local number alone is the phone less its area code: seven of its ten digits, in a layout phones have. */
const LOCAL_NUMBER_CONFIDENCE = 0.8;
const EXTENSION = /\s*(?:x|ext\.?|extension)\s*(\d+)\s*$/i;
const EXTENSION_LAYOUTS = ["x", " x", " x ", " ext ", " ext", " extension "];
/** An extension with its marker, alone: specific for three digits or more (`x2600`, `ext. 044`). */
const EXTENSION_CONFIDENCE = 0.7;
const MIN_EXTENSION_ALONE = 3;
/** Its markers, a voice menu's `dial 2207` too (`#2207`: phone-extensions.ts). */
const EXTENSION_MARKERS = ["x", "x ", "ext ", "extension ", "dial ", "press "];

/** The extension of a phone as written (`044` of `+1-982-414-6584x044`), or null. */
export function phoneExtension(value: string): string | null {
  return EXTENSION.exec(value)?.[1] ?? null;
}

/** A phone as national digits (NANP: 10) and extension, or null when it is not a NANP number. */
export function parsePhone(value: string): { national: string; extension: string } | null {
  const extension = phoneExtension(value) ?? "";
  let digits = value.replace(EXTENSION, "").replace(/\D/g, "");
  if (digits.length === 13 && digits.startsWith("001")) digits = digits.slice(2);
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  return digits.length === 10 ? { national: digits, extension } : null;
}

/**
 * NANP phone renderings: `(982) 414-6584`, `982.414.6584`, `9824146584`, `+1 982 414 6584`, each
 * with and without the extension (`x044`, `ext. 044`); parentheses, dashes and `+` normalize away.
 */
export function phoneVariants(phone: { national: string; extension: string }): Variant[] {
  const [area, exchange, line] = nationalGroups(phone.national).split(" ");
  const bodies = [" ", ".", ""].flatMap((s) => {
    const body = [area, exchange, line].join(s);
    return [body, `1${s}${body}`];
  });
  // The area code apart, the local number whole (session 59 probe: HL7's `503^5550148`, `(503)5550148`).
  bodies.push(`${area} ${exchange}${line}`, `1 ${area} ${exchange}${line}`);
  const extensions = phone.extension ? ["", ...EXTENSION_LAYOUTS.map((layout) => layout + phone.extension)] : [""];
  // `555-0132` and `555 0132` normalize alike, `555.0132` keeps its dot; seven bare digits could be any number.
  const local = [" ", "."].map((s): Variant => ({ form: `${exchange}${s}${line}`, confidence: LOCAL_NUMBER_CONFIDENCE, role: "local-number" }));
  // An agent's note may repeat the extension on its own (`the extension x2600`): the real number's own digits.
  // Alone, its leading zeros may be dropped (`ext. 872` of `x0872`).
  const written = [...new Set([phone.extension, phone.extension.replace(/^0+(?=\d)/, "")])];
  const alone = written.filter((extension) => extension.length >= MIN_EXTENSION_ALONE).flatMap((extension) => EXTENSION_MARKERS.map((marker): Variant => ({ form: marker + extension, confidence: EXTENSION_CONFIDENCE, role: "phone-extension" })));
  return [...bodies.flatMap((body) => extensions.map((ext) => whole(body + ext, LAYOUT_CONFIDENCE))), ...local, ...alone];
}

/** A NANP national number as it is grouped: area code, exchange, line (`415 555 0132`). */
export function nationalGroups(national: string): string {
  return `${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
}

/** A NANP phone's local number (exchange and line: the last seven of its ten digits), else null. */
export function localNumber(value: string): string | null {
  return parsePhone(value)?.national.slice(3) ?? null;
}

/** A number outside North America written with its country code (`+44 20 7946 0958`), by libphonenumber; else null. */
function internationalPhone(value: string) {
  const phone = value.trim().startsWith("+") ? parsePhoneNumberFromString(value) : undefined;
  // Possible, not valid: a surrogate (enciphered national digits) must read as its value did, whatever its area code.
  return phone?.isPossible() && phone.countryCallingCode !== "1" ? phone : null;
}

/** The digits that identify a phone number within its country: NANP's ten, or libphonenumber's national number. */
export function nationalDigits(value: string): string | undefined {
  return parsePhone(value)?.national ?? internationalPhone(value)?.nationalNumber;
}

/**
 * Renderings of an international number as its country writes it (`020 7946 0958` of
 * `+44 20 7946 0958`, with the trunk prefix), its national number bare, and E.164 without the `+`.
 */
export function internationalPhoneVariants(value: string): Variant[] {
  const phone = internationalPhone(value);
  if (phone === null) return [];
  const code = phone.countryCallingCode;
  // The number grouped as the value writes it (libphonenumber regroups by area code: a surrogate `+49 87 41220297` reads `+49 8741 220297`).
  const written = value.trim().slice(1 + code.length).trim();
  const trunk = phone.formatNational().startsWith("0") ? "0" : "";
  const forms = [phone.formatNational(), phone.nationalNumber, phone.formatInternational(), `${code}${phone.nationalNumber}`];
  // Dialled from abroad with `00` (`0049 30 12345678`), with the trunk zero in parentheses (`+49 (0)30 12345678`), nationally (`030 12345678`, `03012345678`).
  for (const rest of [written, phone.nationalNumber]) forms.push(`00${code} ${rest}`, `${code} (0)${rest}`, `${trunk}${rest}`);
  return [...new Set(forms.map(normalizeValue))].map((form) => whole(form, LAYOUT_CONFIDENCE));
}
