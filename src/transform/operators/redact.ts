import type { Operator, OperatorInput, OperatorOutput } from "../base.js";

/** Typed placeholder (`[REDACTED:ssn]`): the recipient learns a value's kind, never the value. */
export function redactionPlaceholder(kind: string): string {
  return `[REDACTED:${kind}]`;
}

/**
 * What separates cells, fields and elements inside one redacted span: a line break with the next YAML key, a tab, a
 * table's pipe, a CSV comma (no space after it: a comma in prose, `Adams, Gutierrez and Turner`, is the value's, and
 * so is a thousands mark, `$2,982`: kept, `$[REDACTED],[REDACTED]` told the amount had four digits or more), the
 * `","key":"` between JSON values, the tags between XML elements. Keys and tag names are identifiers only: a quoted
 * key that is a value part is no structure, and goes with the value.
 */
const STRUCTURE = /[ \t]*(?:\r?\n[ \t]*(?:[A-Za-z_][\w-]{0,40}:[ \t]*)?|\t|\|[ \t]*|(?<!\d),(?![ \t])|(?<=\d),(?![ \t]|\d{3}(?!\d))|"[ \t]*,[ \t]*"[A-Za-z_][\w-]{0,40}"[ \t]*:[ \t]*"?|(?:<\/?[A-Za-z][\w:-]*[ \t]*\/?>)+)[ \t]*/g;

/**
 * A redacted span's placeholder for each of its pieces, the structure between them kept: an address matched across a
 * CSV row's cells or a JSON string's fields (`1600 ...","city":"Mountain View`) was one placeholder that took the
 * columns and keys with it. The recipient learns how many pieces there were, nothing of them.
 */
export function redactionKeepingStructure(span: string, placeholder: string): string {
  let text = "";
  let cursor = 0;
  for (const match of span.matchAll(STRUCTURE)) {
    const piece = span.slice(cursor, match.index);
    text += (piece.trim() === "" ? piece : placeholder) + match[0];
    cursor = match.index + match[0].length;
  }
  if (cursor === 0) return placeholder;
  const rest = span.slice(cursor);
  return text + (rest.trim() === "" ? rest : placeholder);
}

export function createRedactOperator(): Operator {
  return {
    action: "redact",
    name: "redact",
    apply: (input: OperatorInput): OperatorOutput => ({ text: redactionPlaceholder(input.kind) }),
  };
}
