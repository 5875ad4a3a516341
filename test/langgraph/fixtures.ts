import { expect } from "vitest";
import { createRecons, type ReconsGuard } from "../../src/guard.js";
import { mapStrings } from "../../src/content.js";
import { toPlain } from "../../src/langgraph/messages.js";

/** A patient record: one value per protection family (format, value, contextual). */
export const VAULT = {
  ssn: "123-45-6789",
  patient_name: "Maria Gonzalez",
  email: "maria.gonzalez@example.com",
  diagnosis: "type 2 diabetes",
} as const;
export type Field = keyof typeof VAULT;

export const RECORD_TEXT =
  "Patient Maria Gonzalez, SSN 123-45-6789, email maria.gonzalez@example.com, diagnosed with type 2 diabetes.";

const FIELD_SHAPES: Record<Field, { valueType: "format" | "value" | "contextual"; kind: string }> = {
  ssn: { valueType: "format", kind: "ssn" },
  patient_name: { valueType: "value", kind: "name" },
  email: { valueType: "format", kind: "email" },
  diagnosis: { valueType: "contextual", kind: "text" },
};

export type Authorizations = Partial<Record<Field, string[]>>;

export function guardOptions(authorized: Authorizations, vault: Record<string, string> = VAULT) {
  const fields = Object.fromEntries(
    Object.keys(vault).map((field) => [field, { ...FIELD_SHAPES[field as Field], authorized: authorized[field as Field] ?? [] }]),
  );
  return { secret: "langgraph-test-secret", vault, policy: { fields } };
}

export function makeGuard(authorized: Authorizations, vault: Record<string, string> = VAULT): ReconsGuard {
  return createRecons(guardOptions(authorized, vault));
}

/** Every string inside a value (messages flattened to their content fields). */
export function stringsIn(value: unknown): string[] {
  const strings: string[] = [];
  mapStrings(toPlain(value), (text) => {
    strings.push(text);
    return text;
  });
  return strings;
}

/** What every node received, in call order, under its recipient name. */
export class Recorder {
  readonly received: Array<{ node: string; input: unknown }> = [];

  record(node: string, input: unknown): void {
    this.received.push({ node, input });
  }

  nodes(): Set<string> {
    return new Set(this.received.map((entry) => entry.node));
  }

  textOf(node: string): string {
    return this.received
      .filter((entry) => entry.node === node)
      .flatMap((entry) => stringsIn(entry.input))
      .join("\n");
  }
}

/** Vault fields a fresh guard (same vault, new keys) detects in `text`. */
export function detectedFields(authorized: Authorizations, text: string, vault: Record<string, string> = VAULT): Set<string> {
  const fresh = createRecons({ ...guardOptions(authorized, vault), secret: "fresh-detector" });
  return new Set(fresh.detect(text).flatMap((detection) => (detection.field === null ? [] : [detection.field])));
}

/**
 * The invariant: no node received a field it is not authorized for (in any form the core
 * detects), and every node in `mustSee` received the exact real value of those fields.
 */
export function expectProtected(
  recorder: Recorder,
  authorized: Authorizations,
  mustSee: Record<string, Field[]> = {},
  vault: Record<string, string> = VAULT,
): void {
  for (const node of recorder.nodes()) {
    const text = recorder.textOf(node);
    const allowed = new Set(Object.entries(authorized).flatMap(([field, names]) => (names?.includes(node) ? [field] : [])));
    const leaked = [...detectedFields(authorized, text, vault)].filter((field) => !allowed.has(field));
    expect(leaked, `${node} received ${leaked.join(", ")}`).toEqual([]);
  }
  for (const [node, fields] of Object.entries(mustSee)) {
    const text = recorder.textOf(node);
    for (const field of fields) expect(text, `${node} should see the real ${field}`).toContain(vault[field]);
  }
}
