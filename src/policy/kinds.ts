/**
 * The kinds RECONS has rules for, the names people give them, and a declared kind read against both
 * (round 14 walkthrough: `kind: "Name"` or `"person"` was taken for a custom kind, matched by shape alone, and
 * `Mr. Sanchez`, `D. Sanchez`, `Dear Dwayne` reached an unauthorized node).
 */

/** Kinds with their own forms or recognizers. Any other kind is a custom one, matched by what its values look like. */
export const KNOWN_KINDS: readonly string[] = ["name", "date", "ssn", "card", "id", "email", "phone", "address", "amount", "number", "text", "canary", "iban", "aba", "account", "ip", "mac", "icd10", "secret"];

/** Other names of known kinds, read as them. */
const KIND_ALIASES: Readonly<Record<string, string>> = {
  person: "name", full_name: "name", fullname: "name", person_name: "name",
  dob: "date", birth_date: "date", birthdate: "date", birthday: "date", date_of_birth: "date",
  salary: "amount", money: "amount", currency: "amount", balance: "amount", price: "amount", income: "amount", wage: "amount",
  telephone: "phone", mobile: "phone", cell: "phone", phone_number: "phone",
  "e-mail": "email", mail: "email", email_address: "email",
  social: "ssn", social_security_number: "ssn",
  credit_card: "card", card_number: "card", cc: "card",
  identifier: "id",
  routing: "aba", routing_number: "aba",
  ip_address: "ip",
};

/** A declared kind as RECONS reads it: a known kind whatever its case or alias, else the custom kind as written. */
export function canonicalKind(declared: string): string {
  const key = declared.trim().toLowerCase().replace(/[\s-]+/g, "_");
  if (KNOWN_KINDS.includes(key)) return key;
  return KIND_ALIASES[key] ?? KIND_ALIASES[key.replace(/_/g, "-")] ?? declared;
}

/** The known kind a custom one is one slip away from (`nmae`, `phones`, `adress`), if any: no custom kind is named so. */
export function misspeltKind(kind: string): string | undefined {
  if (kind.length < 4 || KNOWN_KINDS.includes(kind)) return undefined;
  return KNOWN_KINDS.find((known) => known.length >= 4 && oneEditApart(kind.toLowerCase(), known));
}

/** Whether `a` becomes `b` by one insertion, deletion, substitution or swap of neighbours. */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false;
  let start = 0;
  while (start < a.length && a[start] === b[start]) start++;
  const [restA, restB] = [a.slice(start), b.slice(start)];
  if (restA.length === restB.length) return restA.slice(1) === restB.slice(1) || (restA[0] === restB[1] && restA[1] === restB[0] && restA.slice(2) === restB.slice(2));
  return restA.length > restB.length ? restA.slice(1) === restB : restA === restB.slice(1);
}
