import type { SeededRandom } from "./seeded-random.js";

/**
 * Kinds of vault values, as far as forwarding behaviour goes. The same table drives
 * the calibration on real traces (detectForm) and the scripted model (renderForm),
 * so the forms the model writes are exactly the forms that were counted.
 */
export const VALUE_KINDS = [
  "name",
  "ssn",
  "id",
  "account",
  "phone",
  "email",
  "address",
  "date",
  "amount",
  "score",
  "canary",
  "contextual",
] as const;
export type ValueKind = (typeof VALUE_KINDS)[number];

/** Surface forms a value can take in agent text; "verbatim" is the value as stored. */
export const VALUE_FORMS = [
  "verbatim",
  "title_surname",
  "surname",
  "first_name",
  "long_date",
  "abbr_date",
  "us_date",
  "day_month_year",
  "month_year",
  "currency_grouped",
  "grouped",
  "currency_rounded",
  "abbreviated",
  "digits",
  "masked_last4",
  "reformatted",
  "items",
] as const;
export type ValueForm = (typeof VALUE_FORMS)[number];

/** Forms checked per kind, in priority order (first match wins when several appear). */
export const FORMS_BY_KIND: Readonly<Record<ValueKind, readonly ValueForm[]>> = {
  name: ["verbatim", "title_surname", "surname", "first_name"],
  ssn: ["verbatim", "digits", "masked_last4"],
  id: ["verbatim", "digits", "masked_last4"],
  account: ["verbatim", "masked_last4"],
  phone: ["verbatim", "reformatted"],
  email: ["verbatim"],
  address: ["verbatim"],
  date: ["verbatim", "long_date", "abbr_date", "us_date", "day_month_year", "month_year"],
  amount: ["verbatim", "currency_grouped", "grouped", "currency_rounded", "abbreviated"],
  score: ["verbatim"],
  canary: ["verbatim"],
  contextual: ["verbatim", "items"],
};

const MONTHS = [
  "January", "February", "March", "April", "May", "June",
  "July", "August", "September", "October", "November", "December",
];
/** Honorifics and post-nominals that are not part of the person's own name. */
export const NAME_TITLE = /^(?:(?:Dr|Mr|Ms|Mrs|Miss|Prof|Attorney|Judge)\.?\s+)+/;
export const NAME_SUFFIX = /(?:,?\s+(?:MD|PhD|DDS|Jr\.?|Sr\.?|II|III|Esq\.?))+$/;
export const NAME_PATTERN = /^(?:(?:Dr|Mr|Ms|Mrs|Miss|Prof|Attorney|Judge)\.?\s+)*[A-Z][A-Za-z'-]+(?:\s+[A-Z][A-Za-z'.-]+)*$/;
const NUMERIC_PATTERN = /^-?\d+(?:\.\d+)?$/;
const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Values shorter than this are too ambiguous to count or forward (e.g. rating "D"). */
export const MIN_VALUE_LENGTH = 3;

/** Classifies a vault value by its field name first, then by its shape. */
export function classifyValue(field: string, value: string): ValueKind {
  const f = field.toLowerCase();
  const v = value.trim();
  if (/^CANARY_/i.test(v)) return "canary";
  if (/^\d{3}-\d{2}-\d{4}$/.test(v) || (/ssn|social_security/.test(f) && /^[\d\s-]{9,11}$/.test(v))) return "ssn";
  if (/email/.test(f) || /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i.test(v)) return "email";
  if (/phone|mobile|fax/.test(f)) return "phone";
  if (ISO_DATE_PATTERN.test(v) || /(^|_)(date|dob)$|birth/.test(f)) return "date";
  if (/address/.test(f)) return "address";
  if (/credit_card|card_number|account_number|routing|iban|last4/.test(f)) return "account";
  if (/(^|_)(id|number|no)$/.test(f) || /^[A-Z]{2,}[-_][A-Z0-9-]*\d[A-Z0-9-]*$/.test(v)) return "id";
  if (/score/.test(f) && NUMERIC_PATTERN.test(v)) return "score";
  if (NUMERIC_PATTERN.test(v)) return "amount";
  if (/name|party|provider|attorney|counsel/.test(f) && NAME_PATTERN.test(v)) return "name";
  return "contextual";
}

// ---- matching (used by the calibration) ----

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Case-insensitive match that does not start or end inside a word or a number. */
function containsToken(text: string, token: string): boolean {
  if (token.length === 0) return false;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(token)}(?![\\p{L}\\p{N}]|[.,]\\d)`, "iu");
  return pattern.test(text);
}

function digitsOf(value: string): string {
  return value.replace(/\D/g, "");
}

function maskedLast4Pattern(last4: string): RegExp {
  return new RegExp(`(?:[*xX•]{2,}[\\s-]*(?:[*xX•]{2,}[\\s-]*)*|ending(?: in)?:?\\s*)${last4}(?!\\d)`);
}

/** Parts of a list/dict value ("['a', 'b']", "{'base': 1}", "a, b") worth matching one by one. */
export function valueItems(value: string): string[] {
  const v = value.trim();
  if (!/^[[{]/.test(v) && !v.includes(", ")) return [];
  const quoted = [...v.matchAll(/'([^']*)'|"([^"]*)"/g)].map((m) => m[1] ?? m[2]);
  const numbers = /^[[{]/.test(v) ? [...v.matchAll(/:\s*(-?\d+(?:\.\d+)?)/g)].map((m) => m[1]) : [];
  const parts = /^[[{]/.test(v) ? [...quoted, ...numbers] : v.split(/,\s*/);
  // "A, B" is a list only when every part is short and capitalised; a sentence with a comma is not
  if (!/^[[{]/.test(v) && parts.some((p) => p.split(/\s+/).length > 3 || !/^[\p{Lu}\d]/u.test(p))) return [];
  const keys = new Set([...v.matchAll(/'([^']*)'\s*:/g)].map((m) => m[1]));
  return parts.filter((p) => p.length >= MIN_VALUE_LENGTH + 1 && !keys.has(p));
}

function parseIsoDate(value: string): { y: number; m: number; d: number } | null {
  const match = ISO_DATE_PATTERN.exec(value.trim());
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return m >= 1 && m <= 12 && d >= 1 && d <= 31 ? { y, m, d } : null;
}

function groupThousands(integerDigits: string): string {
  return integerDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

function amountRenderings(value: string): Partial<Record<ValueForm, string>> {
  if (!NUMERIC_PATTERN.test(value.trim())) return {};
  const [intPart, fraction] = value.trim().replace(/^-/, "").split(".");
  const grouped = groupThousands(intPart) + (fraction ? `.${fraction}` : "");
  const amount = Number(value);
  const rounded = groupThousands(String(Math.round(Math.abs(amount))));
  const abbreviated =
    Math.abs(amount) >= 1e6
      ? `$${(Math.abs(amount) / 1e6).toFixed(1)} million`
      : Math.abs(amount) >= 1e4
        ? `$${Math.round(Math.abs(amount) / 1e3)}K`
        : undefined;
  return {
    currency_grouped: `$${grouped}`,
    grouped,
    currency_rounded: fraction ? `$${rounded}` : undefined,
    abbreviated,
  };
}

function dateRenderings(value: string): Partial<Record<ValueForm, string>> {
  const date = parseIsoDate(value);
  if (!date) return {};
  const month = MONTHS[date.m - 1];
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    long_date: `${month} ${date.d}, ${date.y}`,
    abbr_date: `${month.slice(0, 3)} ${date.d}, ${date.y}`,
    us_date: `${pad(date.m)}/${pad(date.d)}/${date.y}`,
    day_month_year: `${date.d} ${month} ${date.y}`,
    month_year: `${month} ${date.y}`,
  };
}

function nameParts(value: string): { first: string; surname: string } | null {
  const words = value.replace(NAME_TITLE, "").replace(NAME_SUFFIX, "").trim().split(/\s+/);
  if (words.length < 2) return null;
  return { first: words[0], surname: words[words.length - 1] };
}

function phoneCore(value: string): string | null {
  const digits = digitsOf(value.replace(/x\d+$/i, ""));
  return digits.length >= 10 ? digits.slice(-10) : null;
}

/** Which form of `value` (of `kind`) appears in `text`, or null. First form in priority order wins. */
export function detectForm(kind: ValueKind, value: string, text: string): ValueForm | null {
  const v = value.trim();
  if (v.length < MIN_VALUE_LENGTH) return null;
  for (const form of FORMS_BY_KIND[kind]) {
    if (formAppears(kind, form, v, text)) return form;
  }
  return null;
}

function formAppears(kind: ValueKind, form: ValueForm, value: string, text: string): boolean {
  switch (form) {
    case "verbatim":
      return containsToken(text, value);
    case "title_surname": {
      const parts = nameParts(value);
      return parts !== null && new RegExp(`\\b(?:Mr|Ms|Mrs|Miss|Dr)\\.?\\s+${escapeRegExp(parts.surname)}\\b`).test(text);
    }
    case "surname": {
      const parts = nameParts(value);
      return parts !== null && new RegExp(`\\b${escapeRegExp(parts.surname)}\\b`).test(text);
    }
    case "first_name": {
      const parts = nameParts(value);
      return parts !== null && new RegExp(`\\b${escapeRegExp(parts.first)}\\b`).test(text);
    }
    case "digits": {
      const digits = digitsOf(value);
      return digits.length >= 5 && digits !== value && new RegExp(`(?<!\\d)${digits}(?!\\d)`).test(text);
    }
    case "masked_last4": {
      const digits = digitsOf(value);
      return digits.length > 4 && maskedLast4Pattern(digits.slice(-4)).test(text);
    }
    case "reformatted": {
      const core = phoneCore(value);
      if (!core) return false;
      const runs = text.match(/[+(\d][\d\s().-]{8,}\d/g) ?? [];
      return runs.some((run) => digitsOf(run).includes(core));
    }
    case "items": {
      const items = valueItems(value);
      if (items.length === 0) return false;
      const found = items.filter((item) => containsToken(text, item)).length;
      return found >= Math.ceil(items.length / 2);
    }
    default: {
      const rendered = renderingsFor(kind, value)[form];
      return rendered !== undefined && containsToken(text, rendered);
    }
  }
}

function renderingsFor(kind: ValueKind, value: string): Partial<Record<ValueForm, string>> {
  if (kind === "date") return dateRenderings(value);
  if (kind === "amount") return amountRenderings(value);
  return {};
}

// ---- rendering (used by the scripted model) ----

/**
 * Writes `value` in `form`, or returns null when the value does not have that shape
 * (e.g. a pseudonym token asked for as "long_date"); callers then fall back to verbatim.
 */
export function renderForm(kind: ValueKind, value: string, form: ValueForm, rng: SeededRandom): string | null {
  const v = value.trim();
  switch (form) {
    case "verbatim":
      return v;
    case "title_surname": {
      const parts = nameParts(v);
      return parts && `${rng.pick(["Mr.", "Ms."])} ${parts.surname}`;
    }
    case "surname":
      return nameParts(v)?.surname ?? null;
    case "first_name":
      return nameParts(v)?.first ?? null;
    case "digits": {
      const digits = digitsOf(v);
      return digits.length >= 5 && digits !== v ? digits : null;
    }
    case "masked_last4": {
      const digits = digitsOf(v);
      if (digits.length <= 4) return null;
      return kind === "ssn" ? `***-**-${digits.slice(-4)}` : `ending in ${digits.slice(-4)}`;
    }
    case "reformatted": {
      const core = phoneCore(v);
      return core && `(${core.slice(0, 3)}) ${core.slice(3, 6)}-${core.slice(6)}`;
    }
    case "items": {
      const items = valueItems(v);
      return items.length > 0 ? items.join(", ") : null;
    }
    default:
      return renderingsFor(kind, v)[form] ?? null;
  }
}
